"""A `ResolvedGraph` from resolution's merged keys (`hopgraph.indexing.resolve`): entity ids, names, types and
aliases; mentions, typed relations and co-occurrence relations.

Entity ids are consecutive from 0 in order of first mention (chunk order, then mention order). A triple endpoint
that names something (capitalised or a date) and matches no mention becomes a new CONCEPT entity. Name and type
of an entity: `make_entity`; types are voted (`hopgraph.indexing.types.vote_type`) over the mention labels, the
name, the typed relations and the classes the text states ("class: <TYPE>" triples, evidence only).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING

from hopgraph.indexing.normalize import DATE_RE
from hopgraph.indexing.types import CLASS_PREFIX, relation_evidence, vote_type
from hopgraph.indexing.votes import VoteBook, new_counter
from hopgraph.models import ChunkExtraction, Entity, Relation, ResolvedGraph

if TYPE_CHECKING:
    from hopgraph.indexing.resolve import Norms

#: A class the text states ("X, a diagnostics company") counts as this many typed relations.
CLASS_WEIGHT = 2


def _looks_proper(text: str) -> bool:
    """A triple endpoint that names something: capitalised or a date."""
    return bool(text) and (text[0].isupper() or bool(DATE_RE.search(text)))


def build_graph(chunks, by_chunk, chunk_doc, uf, order, key_of, norms: Norms, places: set[str] = frozenset(),
                elsewhere: Callable[[str], bool] = lambda _key: False) -> ResolvedGraph:
    """Assign ids, aggregate names/types/aliases, then emit mentions and relations."""
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
        graph.entities.append(make_entity(i, surfaces[i], labels[i], len(book_docs.get(i, ())), titles.get(i),
                                           evidence.get(i)))
        graph.norm_of[i] = norms[graph.entities[-1].name] if surfaces[i] else key  # named outside S only: its key
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


def make_entity(i: int, surfaces: Counter, labels: Counter, doc_freq: int, title: str | None,
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