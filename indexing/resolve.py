"""Entity resolution: mentions and triples of all chunks -> one `ResolvedGraph`.

Merge rules, applied per mention to pick a key, then unioned:
  * same normalised form (`normalize`) -> same entity, across documents;
  * short name -> full name *within one document*: a one-word mention equal to the last word of
    exactly one multi-word name in the same document joins that name (a bare "Brennick" in a
    document naming "Ada Brennick"), as does a first name or an initial with the surname ("Ada",
    "A. Brook" -> "Ada Brook"), and the first word of an organisation's name ("Tarrow" -> "Tarrow
    Maritime Analytics"); never across types (`types.vote_type` over the corpus): a city never joins
    "University of <city>";
  * a company called by its name's first word that NER read as a person ("Quell" for "Quell Therapeutics"),
    by the one organisation of its document it starts or, beside two, by the one the corpus settles
    (`hopgraph.indexing.company_names`);
  * short name -> full name *across documents*: the same, in a document naming no such full name,
    when exactly one full name of a compatible type in the corpus fits and the short form is
    itself no multi-word name's other part;
  * title match: a mention equal to a document title joins the title's entity (same norm);
    inside the title's own document the title without its disambiguator also does
    ("Four Quiet Rooms" in the document titled "Four Quiet Rooms (1936 film)");
  * acronym <-> full name: an all-caps mention ("IBM") is read as a multi-word name whose
    initials it spells ("International Business Machines") in a document naming both (that
    document's mentions only: `merge.local_acronyms`); written alone, it joins the name most
    documents that spell it out give it (a strict majority), or, when none does, the one such
    name of the whole corpus;
  * short person name -> the unique longer name it abbreviates, across documents
    ("Corin Haskett" / "Corin Walter Haskett", see `hopgraph.indexing.variants`).
Not entities: a capitalised one-word name whose lower-case form is an ordinary word of the corpus
("Present", "Booking", "Verdict"), or that is only ever written at the start of a line or sentence (a
heading such as "Outreach"), unless it is mostly tagged a place, nationality or language or is in capitals.
Titles count only for documents whose extraction holds a TITLE mention (documents about one entity).
Entity types: `hopgraph.indexing.types.vote_type` over all mentions, the name, the typed relations and the classes
the text states ("class: <TYPE>" triples, `hopgraph.indexing.classes`; evidence only, never relations).
Entity ids are consecutive from 0 in order of first mention (chunk order, then mention order).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable

from hopgraph.gc_pause import collector_paused
from hopgraph.indexing.company_names import settle_across
from hopgraph.indexing.junk import junk_keys
from hopgraph.indexing.delta_merges import MergeContext, doc_inputs, global_unions
from hopgraph.indexing.merge import UnionFind, local_acronyms
from hopgraph.indexing.name_votes import NameVotes, across_keys, bare_keys, count, name_stats
from hopgraph.indexing.names import DocKeysMemo, NameStats, doc_keys
from hopgraph.indexing.normalize import DATE_RE, normalize
from hopgraph.indexing.relation_fit import fit_relations
from hopgraph.indexing.types import CLASS_PREFIX, relation_evidence, vote_type
from hopgraph.indexing.votes import VoteBook, new_counter
from hopgraph.models import Chunk, ChunkExtraction, Entity, Relation, ResolvedGraph

_NO_OVERRIDES: dict[str, str] = {}
#: A class the text states ("X, a diagnostics company") counts as this many typed relations.
CLASS_WEIGHT = 2


def _looks_proper(text: str) -> bool:
    """A triple endpoint that names something: capitalised or a date."""
    return bool(text) and (text[0].isupper() or bool(DATE_RE.search(text)))


def doc_cached(key_of: Callable[[str, str], str]) -> Callable[[str, str], str]:
    """`key_of(text, doc_id)` remembered per document: resolution reads a document's mentions, triples and
    co-occurrences together, naming the same texts many times, and goes over every document in several passes
    (entity order, acronyms, short names, the graph); `key_of` is pure once resolution's corpus-wide tables are
    made, so each (document, text) is keyed once."""
    per_doc: dict[str, dict[str, str]] = {}
    doc, known = None, {}

    def cached(text: str, doc_id: str) -> str:
        nonlocal doc, known
        if doc_id != doc:
            doc = doc_id
            known = per_doc.get(doc_id)
            if known is None:
                known = per_doc[doc_id] = {}
        key = known.get(text)
        if key is None:
            key = known[text] = key_of(text, doc_id)
        return key
    return cached


def _remembering(stats: NameStats) -> NameStats:
    """`stats` whose `compatible` answers are remembered: every document asks it for its own full names and short
    forms, the same pairs again and again, and the answer depends on the corpus's fixed statistics only."""
    copy = object.__new__(type(stats))
    copy.__dict__.update(stats.__dict__)
    known: dict[tuple[str, str, bool, bool], bool] = {}
    ask = stats.compatible

    def compatible(short: str, full: str, first: bool, local: bool = False) -> bool:
        key = (short, full, first, local)
        answer = known.get(key)
        if answer is None:
            answer = known[key] = ask(short, full, first, local)
        return answer
    copy.compatible = compatible
    return copy


class Norms(dict):
    """`normalize` of each text asked, remembered for one resolution: a 100k-passage corpus names ~400k distinct
    texts, more than `normalize`'s own cache holds, each asked several times (mentions, votes, keys, aliases)."""

    def __missing__(self, text: str) -> str:
        norm = self[text] = normalize(text)
        return norm


def resolve(chunks: list[Chunk], extractions: list[ChunkExtraction], corpus: NameVotes | None = None,
            fit: bool = True, record: dict | None = None, memo: DocKeysMemo | None = None) -> ResolvedGraph:
    """Merge mentions into entities and turn triples / co-occurrences into relations. `corpus`: the whole
    corpus's votes per name when `chunks` are only part of it (an update's neighbourhood), else counted here.
    `fit`: drop the typed relations whose ends' types do not fit (`fit_relations`); an update does that once
    it knows which entities keep their stored type. `record`: filled with each document's merge inputs
    (`delta_merges.doc_inputs`, what a build keeps for updates). `memo`: each document's within-document
    overrides remembered over resolutions with the same corpus statistics (an update's rounds)."""
    with collector_paused():
        return _resolve(chunks, extractions, corpus, fit, record, memo)


def _resolve(chunks: list[Chunk], extractions: list[ChunkExtraction], corpus: NameVotes | None, fit: bool,
             record: dict | None = None, memo: DocKeysMemo | None = None) -> ResolvedGraph:
    norms = Norms()
    by_chunk = {e.chunk_id: e for e in extractions}
    chunk_doc = {c.chunk_id: c.doc_id for c in chunks}
    titled = {chunk_doc[e.chunk_id] for e in extractions if e.chunk_id in chunk_doc
              and any(m.label == "TITLE" for m in e.mentions)}
    doc_title = {c.doc_id: c.title for c in chunks if c.title and c.doc_id in titled}
    doc_mentions: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for c in chunks:
        ext = by_chunk.get(c.chunk_id)
        for m in ext.mentions if ext else ():
            doc_mentions[c.doc_id].append((m.text, m.label, norms[m.text]))
    votes = corpus or count(chunks, by_chunk, norms=norms)
    if corpus is None:
        votes.types = votes.name_types()  # asked by `name_stats` and `bare_keys`: computed once
    stats = name_stats(votes)
    junk = junk_keys(chunks, votes.labels, votes.texts, votes.mid_sentence())
    remembering = _remembering(stats)
    if memo is None:
        overrides = {d: doc_keys(ms, doc_title.get(d, ""), remembering) for d, ms in doc_mentions.items()}
        companies = None
    else:
        overrides = {d: memo(d, ms, doc_title.get(d, ""), stats, remembering) for d, ms in doc_mentions.items()}
        companies = {d: memo.candidates(d, ms, stats) for d, ms in doc_mentions.items()}
    settle_across(doc_mentions, overrides, remembering, companies)  # "Brook" of "Brook Therapeutics" beside "Brook Diagnostics"
    honorific = bare_keys(votes)
    across = across_keys(votes, stats)

    targets = {d: set(o.values()) for d, o in overrides.items()}  # a document's full names keep their key

    def name_key(text: str, doc_id: str) -> str:
        norm = norms[text]
        norm = overrides.get(doc_id, _NO_OVERRIDES).get(norm, norm)
        norm = across.get(norm, norm) if norm not in targets.get(doc_id, ()) else norm
        norm = honorific.get(norm, norm)
        return "" if norm in junk else norm

    acronyms = local_acronyms(doc_mentions, doc_cached(name_key))  # "US" beside "Uncle Silas": that document's reading only

    def key_of(text: str, doc_id: str) -> str:
        local = acronyms.get(doc_id)
        if local:
            key = local.get(norms[text])
            if key:
                return key
        return name_key(text, doc_id)

    key_of = doc_cached(key_of)

    uf = UnionFind()
    order: dict[str, int] = {}
    for c in chunks:
        for text, _label, _norm in doc_mentions.get(c.doc_id, ()):
            key = key_of(text, c.doc_id)
            if key:
                order.setdefault(key, len(order))
                uf.find(key)
    in_order = [by_chunk[c.chunk_id] for c in chunks if c.chunk_id in by_chunk]  # an update's extractions too
    ctx = MergeContext(doc_mentions, key_of, acronyms, in_order, chunk_doc, _outside_documents(name_key), stats.types,
                       lambda key: sum(votes.labels[key].values()) if key in votes.labels else 0)
    if corpus is not None and corpus.merges is not None:  # an update: S's keys unioned as the corpus's are
        corpus.merges(uf, ctx)
    else:  # acronyms, short person names, "also known as" (no alias across classes): `delta_merges`
        inputs = doc_inputs(ctx)
        if record is not None:
            record.update(inputs)
        global_unions(inputs, ctx.types, ctx.mentions, uf)
    places = {k for k, c in votes.labels.items() if stats.is_place(k, c)}
    graph = _build(chunks, by_chunk, chunk_doc, uf, order, key_of, places, norms,
                   corpus.merges.named if corpus is not None and corpus.merges is not None else lambda _key: False)
    if fit:
        fit_relations(graph, {e.entity_id: e.type for e in graph.entities})
    return graph


def _outside_documents(name_key: Callable[[str, str], str]) -> Callable[[str], str]:
    """A text's key read by no document (no document's own full names or short forms), remembered."""
    known: dict[str, str] = {}

    def key(text: str) -> str:
        k = known.get(text)
        if k is None:
            k = known[text] = name_key(text, _NO_DOCUMENT)
        return k
    return key


_NO_DOCUMENT = "\x00no document"


def _build(chunks, by_chunk, chunk_doc, uf, order, key_of, places: set[str] = frozenset(), norms: Norms | None = None,
           elsewhere: Callable[[str], bool] = lambda _key: False) -> ResolvedGraph:
    """Assign ids, aggregate names/types/aliases, then emit mentions and relations."""
    norms = Norms() if norms is None else norms
    roots = sorted({uf.find(k) for k in order}, key=lambda r: order[r])
    groups: dict[str, list[str]] = defaultdict(list)
    for k in sorted(order, key=order.__getitem__):
        groups[uf.find(k)].append(k)
    first = {r: min(order[k] for k in groups[r]) for r in roots}
    roots.sort(key=first.__getitem__)
    eid = {r: i for i, r in enumerate(roots)}
    key_eid = {k: eid[uf.find(k)] for k in order}  # every key's entity, found once
    surfaces: dict[int, Counter] = defaultdict(new_counter)
    labels: dict[int, Counter] = defaultdict(new_counter)
    titles: dict[int, str] = {}
    evidence: dict[int, Counter] = defaultdict(new_counter)
    book = VoteBook()  # the same votes per document, for updates (`votes`); its documents give the document count
    book_labels, book_docs = book.labels, book.docs  # `book.label` and `book.seen`, called ~3.5M times at 100k
    graph = ResolvedGraph()

    def entity_of(text: str, chunk_id: str, label: str | None, create: bool = False) -> int | None:
        """Entity of a surface form; `label` set for mentions (counted), `create` for proper
        triple endpoints that match no mention (a new CONCEPT entity)."""
        doc = chunk_doc[chunk_id]
        key = key_of(text, doc)
        if not key:
            return None
        i = key_eid.get(key)
        if i is None:
            if key not in uf.parent:
                named_elsewhere = elsewhere(key)  # an update: a key the corpus names outside S is no new concept
                if not create and not named_elsewhere:
                    return None
                order[key] = len(order)
                uf.find(key)
                eid[key] = len(eid)
                roots.append(key)
                label = None if named_elsewhere else "CONCEPT"
            i = key_eid[key] = eid[uf.find(key)]
        if label is not None:
            surfaces[i][text] += 1
            labels[i][label] += 1
            book_labels[(i, doc)][label] += 1
            if label == "TITLE":
                titles.setdefault(i, text)
        book_docs[i][doc] = None
        return i

    for c in chunks:
        ext = by_chunk.get(c.chunk_id)
        if ext is None:
            continue
        for m in ext.mentions:
            i = entity_of(m.text, c.chunk_id, m.label)
            if i is not None:
                graph.mentions.append({"entity_id": i, "chunk_id": c.chunk_id, "start": m.start,
                                       "end": m.end, "text": m.text})
        for t in ext.triples:
            if t.predicate.startswith(CLASS_PREFIX):  # "X, a diagnostics company": evidence of X's type only
                s = entity_of(t.subject, c.chunk_id, None)
                if s is not None:
                    evidence[s][t.predicate[len(CLASS_PREFIX):]] += CLASS_WEIGHT
                    book.add_evidence(s, c.doc_id, t.predicate[len(CLASS_PREFIX):], CLASS_WEIGHT)
                continue
            s = entity_of(t.subject, c.chunk_id, None, _looks_proper(t.subject))
            o = entity_of(t.object, c.chunk_id, None, _looks_proper(t.object))
            if s is not None and o is not None and s != o:
                st, ot = relation_evidence(t.predicate)
                if st:
                    evidence[s][st] += 1
                    book.add_evidence(s, c.doc_id, st, 1)
                if ot:
                    evidence[o][ot] += 1
                    book.add_evidence(o, c.doc_id, ot, 1)
                graph.relations.append(_relation(s, t.predicate, o, c.chunk_id, t.sentence))
        graph.relations.extend(_cooccur_relations(ext, c.chunk_id, _once_per_text(entity_of, c.chunk_id)))
    for i, surf in surfaces.items():  # called by its last word alone ("Brook" for "Ada Brook"): a person
        full = [a.split() for a in surf if len(a.split()) == 2 and a[:1].isupper()]
        if any(len(a.split()) == 1 and any(w[-1].lower() == a.lower() for w in full) for a in surf):
            evidence[i]["PERSON"] += 1 + labels[i]["ORG"] // 2
    for key in places:  # a place that names institutions: as strong as its NER labels against it
        if key in uf.parent and uf.find(key) in eid:
            i = eid[uf.find(key)]
            evidence[i]["GPE"] += max(1, labels[i]["ORG"] + labels[i]["PERSON"])
    for key in roots:
        i = eid[key]
        graph.entities.append(_entity(i, surfaces[i], labels[i], len(book_docs.get(i, ())), titles.get(i),
                                      evidence.get(i)))
        graph.norm_of[i] = norms[graph.entities[-1].name]
        graph.alias_rows.extend((n, i) for n in dict.fromkeys(norms[a] for a in surfaces[i]) if n)
    graph.votes = book.rows()
    return graph


def _once_per_text(entity_of, chunk_id: str):
    """`entity_of(text, chunk_id, None)` asked once per text of a chunk: without a label it only records that
    the entity is in the chunk's document, which a second call does again to the same effect."""
    known: dict[str, int | None] = {}

    def of(text: str) -> int | None:
        if text in known:
            return known[text]
        i = known[text] = entity_of(text, chunk_id, None)
        return i
    return of


def _entity(i: int, surfaces: Counter, labels: Counter, doc_freq: int, title: str | None,
            evidence: Counter | None = None) -> Entity:
    """Name = a document title if any, else the most frequent surface (longest on ties) among those not in
    capitals and of several words, when there are such ("Ada Brook" over "BROOK" and "Brook"); type = `vote_type` over
    the mention labels, the name and the relational evidence (PROPN, then TITLE, then CONCEPT without votes)."""
    aliases = sorted(surfaces, key=lambda a: (-surfaces[a], -len(a)))
    name = title or max(aliases, key=lambda a: (not a.isupper(), " " in a.strip(), surfaces[a], len(a)), default="")
    return Entity(entity_id=i, name=name, type=vote_type(labels, evidence, name), aliases=aliases, doc_freq=doc_freq)


def _cooccur_relations(ext: ChunkExtraction, chunk_id: str, entity_of) -> list[Relation]:
    """One relation per distinct entity pair of a chunk; weight = sum of its co-occurrence
    weights (1 per shared sentence, `TOPIC_WEIGHT` per topic co-occurrence)."""
    counts: Counter = Counter()
    sentence: dict[tuple[int, int], str] = {}
    seen: set[tuple[int, int, str]] = set()
    for co in ext.cooccurrences:
        a, b = entity_of(co.a), entity_of(co.b)
        if a is None or b is None or a == b:
            continue
        pair = (min(a, b), max(a, b))
        if (pair[0], pair[1], co.sentence) in seen:
            continue
        seen.add((pair[0], pair[1], co.sentence))
        counts[pair] += co.weight
        sentence.setdefault(pair, co.sentence)
    return [_relation(a, "co-occurs with", b, chunk_id, sentence[(a, b)], float(n), "cooccur")
            for (a, b), n in counts.items()]


_RELATION_FIELDS = set(Relation.model_fields)  # shared by every relation built here (model_copy copies it)


def _relation(source: int, predicate: str, target: int, chunk_id: str, sentence: str, weight: float = 1.0,
              kind: str = "typed") -> Relation:
    """A `Relation` of values resolution has checked, built without validation and with one shared
    fields-set: about 420 bytes instead of 1,150 (a 100k-passage corpus has 1.25M relations)."""
    r = _new_relation(Relation)
    _set(r, "__dict__", {"source_id": source, "predicate": predicate, "target_id": target, "chunk_id": chunk_id,
                         "sentence": sentence, "weight": weight, "kind": kind})  # what model_construct sets
    _set(r, "__pydantic_fields_set__", _RELATION_FIELDS)
    _set(r, "__pydantic_extra__", None)
    _set(r, "__pydantic_private__", None)
    return r


_new_relation = Relation.__new__
_set = object.__setattr__
