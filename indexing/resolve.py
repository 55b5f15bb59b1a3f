"""Entity resolution: mentions and triples of all chunks -> one `ResolvedGraph`.

Merge rules, applied per mention to pick a key, then unioned:
  * same normalised form (`normalize`) -> same entity, across documents;
  * surname -> full name *within one document*: a one-word mention equal to the last word of
    exactly one multi-word name in the same document joins that name (a bare "Curie" in a
    document naming "Marie Curie"); elsewhere a bare surname stays its own entity, so two
    "Marsh" people in different documents are never merged through it;
  * title match: a mention equal to a document title joins the title's entity (same norm);
    inside the title's own document the title without its disambiguator also does
    ("Three Live Ghosts" in the document titled "Three Live Ghosts (1936 film)");
  * acronym <-> full name: an all-caps mention ("IBM") joins a multi-word name whose
    initials it spells ("International Business Machines") when both occur in one document,
    or when exactly one such name exists in the whole corpus;
  * short person name -> the unique longer name it abbreviates, across documents
    ("Gordon Flemyng" / "Gordon William Flemyng", see `hopgraph.indexing.variants`).
Entity ids are consecutive from 0 in order of first mention (chunk order, then mention order).
"""

from __future__ import annotations

from collections import Counter, defaultdict

from hopgraph.indexing.normalize import DATE_RE, normalize, strip_disambiguator
from hopgraph.indexing.variants import HONORIFICS as _HONORIFICS
from hopgraph.indexing.variants import NUMERALS as _NUMERALS
from hopgraph.indexing.variants import PERSON_LABELS, short_name_targets
from hopgraph.models import Chunk, ChunkExtraction, Entity, Relation, ResolvedGraph

_NER_LABELS = ("PROPN", "TITLE", "CONCEPT")
_NAME_LABELS = frozenset("PERSON PROPN TITLE ORG".split())
_STOP = frozenset("of and the for in on at de to a an".split())
_NO_OVERRIDES: dict[str, str] = {}
_ALIAS_PREDICATES = frozenset(("know as", "also know as", "bear as"))


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        self.parent.setdefault(x, x)
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def initials(norm: str) -> str:
    """Initials of the significant words of a normalised name: "bank of america" -> "ba"."""
    return "".join(w[0] for w in norm.split() if w not in _STOP)


def _doc_keys(mentions: list[tuple[str, str, str]], title: str) -> dict[str, str]:
    """Within-document key overrides: short name -> full name, lead full name / title base -> title."""
    overrides: dict[str, str] = {}
    title_norm = normalize(title) if title else ""
    full: dict[str, set[str]] = defaultdict(set)
    for _text, label, norm in mentions:
        words = norm.split()
        if len(words) > 1 and label in _NAME_LABELS:
            full[words[-1]].add(norm)
            full[words[0]].add(norm)
    if title:
        base = normalize(strip_disambiguator(title))
        tw = base.split()
        if base and base != title_norm:
            overrides[base] = title_norm
        for _text, label, norm in mentions:  # "Hugo Rafael Chávez Frías" in the doc titled "Hugo Chávez"
            words = norm.split()
            if len(tw) > 1 and len(words) > 1 and words[0] == tw[0] and tw[-1] in words and norm != title_norm:
                overrides[norm] = title_norm
    for _text, _label, norm in mentions:
        if " " in norm or norm not in full:
            continue
        cands = full[norm]
        target = next(iter(cands)) if len(cands) == 1 else (title_norm if title_norm in cands else None)
        if target:
            overrides[norm] = overrides.get(target, target)
    return overrides


def _honorific_keys(norms: set[str]) -> dict[str, str]:
    """"emperor theodosius ii" -> "theodosius ii" when the bare form is itself a mention somewhere
    and is specific (several words or a regnal number)."""
    out = {}
    for norm in norms:
        words = norm.split()
        k = 0
        while k < len(words) - 1 and words[k] in _HONORIFICS:
            k += 1
        if k == 0:
            continue
        rest = words[k:]
        bare = " ".join(rest)
        if bare in norms and (len(rest) > 1 or rest[-1] in _NUMERALS):
            out[norm] = bare
    return out


def _looks_proper(text: str) -> bool:
    """A triple endpoint that names something: capitalised or a date."""
    return bool(text) and (text[0].isupper() or bool(DATE_RE.search(text)))


def resolve(chunks: list[Chunk], extractions: list[ChunkExtraction]) -> ResolvedGraph:
    """Merge mentions into entities and turn triples / co-occurrences into relations."""
    by_chunk = {e.chunk_id: e for e in extractions}
    chunk_doc = {c.chunk_id: c.doc_id for c in chunks}
    doc_title = {c.doc_id: c.title for c in chunks if c.title}
    doc_mentions: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for c in chunks:
        ext = by_chunk.get(c.chunk_id)
        for m in ext.mentions if ext else ():
            doc_mentions[c.doc_id].append((m.text, m.label, normalize(m.text)))
    overrides = {d: _doc_keys(ms, doc_title.get(d, "")) for d, ms in doc_mentions.items()}
    honorific = _honorific_keys({n for ms in doc_mentions.values() for _t, _l, n in ms})

    def key_of(text: str, doc_id: str) -> str:
        norm = normalize(text)
        norm = overrides.get(doc_id, _NO_OVERRIDES).get(norm, norm)
        return honorific.get(norm, norm)

    uf = _UnionFind()
    order: dict[str, int] = {}
    for c in chunks:
        for text, _label, _norm in doc_mentions.get(c.doc_id, ()):
            key = key_of(text, c.doc_id)
            if key:
                order.setdefault(key, len(order))
                uf.find(key)
    _merge_acronyms(uf, doc_mentions, key_of)
    _merge_short_names(uf, doc_mentions, key_of)
    _merge_known_as(uf, extractions, chunk_doc, key_of)
    return _build(chunks, by_chunk, chunk_doc, uf, order, key_of)


def _merge_acronyms(uf: _UnionFind, doc_mentions, key_of) -> None:
    """Union all-caps mentions with the multi-word names whose initials they spell."""
    global_full: dict[str, set[str]] = defaultdict(set)
    for doc_id, ms in doc_mentions.items():
        for _text, label, norm in ms:
            if " " in norm and label != "PERSON":
                global_full[initials(norm)].add(key_of(norm, doc_id))
    for doc_id, ms in doc_mentions.items():
        local = {initials(n): key_of(n, doc_id) for _t, lab, n in ms if " " in n and lab != "PERSON"}
        for text, _label, norm in ms:
            if not (2 <= len(text) <= 6 and text.isalpha() and text.isupper()):
                continue
            target = local.get(norm)
            if target is None and len(global_full.get(norm, ())) == 1:
                target = next(iter(global_full[norm]))
            if target is not None:
                uf.union(key_of(text, doc_id), target)


def _merge_short_names(uf: _UnionFind, doc_mentions, key_of) -> None:
    """Union a short person name with the unique longer name it abbreviates (`short_name_targets`)."""
    labels: dict[str, Counter] = defaultdict(Counter)
    for doc_id, ms in doc_mentions.items():
        for text, label, _norm in ms:
            labels[key_of(text, doc_id)][label] += 1
    keys = {k for k, c in labels.items() if k and PERSON_LABELS.intersection(c)}
    persons = {k for k in keys if 2 * labels[k]["PERSON"] > sum(labels[k].values())}  # mostly PERSON
    for short, full in short_name_targets(keys, persons).items():
        uf.union(short, full)


def _merge_known_as(uf: _UnionFind, extractions, chunk_doc, key_of) -> None:
    """"X, also known as Y" between two named mentions: one entity with both names."""
    for ext in extractions:
        doc_id = chunk_doc.get(ext.chunk_id)
        for t in ext.triples:
            if t.predicate in _ALIAS_PREDICATES:
                a, b = key_of(t.subject, doc_id), key_of(t.object, doc_id)
                if a in uf.parent and b in uf.parent:
                    uf.union(a, b)


def _build(chunks, by_chunk, chunk_doc, uf, order, key_of) -> ResolvedGraph:
    """Assign ids, aggregate names/types/aliases, then emit mentions and relations."""
    roots = sorted({uf.find(k) for k in order}, key=lambda r: order[r])
    groups: dict[str, list[str]] = defaultdict(list)
    for k in sorted(order, key=order.__getitem__):
        groups[uf.find(k)].append(k)
    first = {r: min(order[k] for k in groups[r]) for r in roots}
    roots.sort(key=first.__getitem__)
    eid = {r: i for i, r in enumerate(roots)}
    surfaces: dict[int, Counter] = defaultdict(Counter)
    labels: dict[int, Counter] = defaultdict(Counter)
    docs: dict[int, set[str]] = defaultdict(set)
    titles: dict[int, str] = {}
    graph = ResolvedGraph()

    def entity_of(text: str, chunk_id: str, label: str | None, create: bool = False) -> int | None:
        """Entity of a surface form; `label` set for mentions (counted), `create` for proper
        triple endpoints that match no mention (a new CONCEPT entity)."""
        key = key_of(text, chunk_doc[chunk_id])
        if not key:
            return None
        if key not in uf.parent:
            if not create:
                return None
            order[key] = len(order)
            uf.find(key)
            eid[key] = len(eid)
            roots.append(key)
            label = "CONCEPT"
        i = eid[uf.find(key)]
        if label is not None:
            surfaces[i][text] += 1
            labels[i][label] += 1
            if label == "TITLE":
                titles.setdefault(i, text)
        docs[i].add(chunk_doc[chunk_id])
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
            s = entity_of(t.subject, c.chunk_id, None, _looks_proper(t.subject))
            o = entity_of(t.object, c.chunk_id, None, _looks_proper(t.object))
            if s is not None and o is not None and s != o:
                graph.relations.append(Relation(source_id=s, predicate=t.predicate, target_id=o,
                                                chunk_id=c.chunk_id, sentence=t.sentence))
        graph.relations.extend(_cooccur_relations(ext, c.chunk_id, lambda x: entity_of(x, c.chunk_id, None)))
    for key in roots:
        i = eid[key]
        graph.entities.append(_entity(i, surfaces[i], labels[i], len(docs[i]), titles.get(i)))
        graph.norm_of[i] = normalize(graph.entities[-1].name)
        graph.alias_rows.extend((n, i) for n in dict.fromkeys(normalize(a) for a in surfaces[i]) if n)
    return graph


def _entity(i: int, surfaces: Counter, labels: Counter, doc_freq: int, title: str | None) -> Entity:
    """Name = a document title if any, else the most frequent surface (longest on ties); type = most frequent NER label
    (PROPN, then TITLE, then CONCEPT when no NER label was seen)."""
    aliases = sorted(surfaces, key=lambda a: (-surfaces[a], -len(a)))
    name = title or max(aliases, key=lambda a: (surfaces[a], len(a)), default="")
    ner = [(n, lab) for lab, n in labels.items() if lab not in _NER_LABELS and n > 0]
    if ner:
        etype = max(ner)[1]
    else:
        etype = next((lab for lab in _NER_LABELS if labels.get(lab)), "CONCEPT")
    return Entity(entity_id=i, name=name, type=etype, aliases=aliases, doc_freq=doc_freq)


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
    return [Relation(source_id=a, predicate="co-occurs with", target_id=b, chunk_id=chunk_id,
                     sentence=sentence[(a, b)], weight=float(n), kind="cooccur")
            for (a, b), n in counts.items()]
