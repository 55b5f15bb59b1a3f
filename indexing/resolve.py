"""Entity resolution: mentions and triples of all chunks -> one `ResolvedGraph`.

Merge rules, applied per mention to pick a key, then unioned:
  * same normalised form (`normalize`) -> same entity, across documents;
  * short name -> full name *within one document*: a one-word mention equal to the last word of
    exactly one multi-word name in the same document joins that name (a bare "Curie" in a
    document naming "Marie Curie"), as does a first name or an initial with the surname ("Ada",
    "A. Brook" -> "Ada Brook"), and the first word of an organisation's name ("Tarrow" -> "Tarrow
    Maritime Analytics"); never across types (`types.vote_type` over the corpus): a city never joins
    "University of <city>";
  * short name -> full name *across documents*: the same, in a document naming no such full name,
    when exactly one full name of a compatible type in the corpus fits and the short form is
    itself no multi-word name's other part;
  * title match: a mention equal to a document title joins the title's entity (same norm);
    inside the title's own document the title without its disambiguator also does
    ("Three Live Ghosts" in the document titled "Three Live Ghosts (1936 film)");
  * acronym <-> full name: an all-caps mention ("IBM") joins a multi-word name whose
    initials it spells ("International Business Machines") when both occur in one document,
    or when exactly one such name exists in the whole corpus;
  * short person name -> the unique longer name it abbreviates, across documents
    ("Gordon Flemyng" / "Gordon William Flemyng", see `hopgraph.indexing.variants`).
Not entities: a capitalised one-word name whose lower-case form is an ordinary word of the corpus
("Present", "Booking", "Verdict"), or that is only ever written at the start of a line or sentence (a
heading such as "Outreach"), unless it is mostly tagged a place, nationality or language or is in capitals.
Titles count only for documents whose extraction holds a TITLE mention (documents about one entity).
Entity types: `hopgraph.indexing.types.vote_type` over all mentions, the name and the typed relations.
Entity ids are consecutive from 0 in order of first mention (chunk order, then mention order).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from hopgraph.indexing.normalize import DATE_RE, normalize, strip_disambiguator
from hopgraph.indexing.types import has_head_word, relation_evidence, vote_type
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
        if not a or not b:  # a dropped (junk) name joins nothing
            return
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def initials(norm: str) -> str:
    """Initials of the significant words of a normalised name: "bank of america" -> "ba"."""
    return "".join(w[0] for w in norm.split() if w not in _STOP)


_PERSONISH = frozenset(("PERSON", "PROPN", "TITLE", "CONCEPT"))
_PLACES = frozenset(("GPE", "LOC", "FAC", "NORP"))


class _NameStats:
    """Corpus facts the short-name rules need: each name's type (`vote_type`), how many distinct multi-word
    names a word starts, and the surnames of people."""

    def __init__(self, types: dict[str, str] | None = None):
        self.types = types or {}
        self.starts: Counter = Counter()
        self.surnames: set[str] = set()
        for key, etype in self.types.items():
            words = key.split()
            if len(words) > 1:
                self.starts[words[0]] += 1
                if etype == "PERSON":
                    self.surnames.add(words[-1])

    def compatible(self, short: str, full: str, first: bool, local: bool = False) -> bool:
        """May `short` stand for `full`? A surname, first name or initial + surname for a person (in the same
        document whatever NER called it, unless a place other than a GPE); for an organisation only its first word, when that word starts no
        other name, is no surname and is no place. Never a place's first word ("Tarrow" of "Tarrow valley")."""
        if not self.types:  # no corpus types known: the old surname rule (last word of a name)
            return not first
        st, ft = self.types.get(short, "PROPN"), self.types.get(full, "PROPN")
        if ft == "PERSON" and has_head_word(full):  # "Tarrow Conservatory of Music" tagged PERSON is no person
            ft = "ORG"
        if ft == "PERSON":
            return st in _PERSONISH or (local and st not in _PLACES - {"GPE"})
        if ft in _PERSONISH:  # an untyped name (a title, a proper-noun run): the old rule
            return (local and not (first and has_head_word(full))) or not first
        if local and first and st in _PERSONISH and " of " in f" {full} " and not has_head_word(full):
            return True  # "Maurice" for "Maurice of Tarrow", whatever NER called the longer name
        return first and ft == "ORG" and st not in _PLACES and self.starts[short] == 1 \
            and short not in self.surnames

    def is_place(self, key: str, labels: Counter) -> bool:
        """A one-word name that starts several other names and is sometimes tagged a place is a place
        ("Tarrow" of "Tarrow Hospital", "Tarrow Gazette", "in Tarrow")."""
        return " " not in key and self.starts[key] >= 2 and (labels["GPE"] + labels["LOC"]) > 0


def _short_forms(words: list[str]) -> list[tuple[str, bool]]:
    """(short key, is a first word) forms a full name may be called by: last word, first word, initial + surname."""
    out = [(words[-1], False), (words[0], True)]
    if len(words[0]) > 1:
        out.append((f"{words[0][0]} {words[-1]}", False))
    return out


def _pick(short: str, cands: set[str]) -> str | None:
    """The one candidate; among several, the one whose surname the short name is, when unique."""
    if len(cands) == 1:
        return next(iter(cands))
    by_surname = [c for c in cands if c.split()[-1] == short]
    return by_surname[0] if len(by_surname) == 1 else None


def _doc_keys(mentions: list[tuple[str, str, str]], title: str, stats: _NameStats | None = None
              ) -> dict[str, str]:
    """Within-document key overrides: short name -> full name, lead full name / title base -> title."""
    stats = stats or _NameStats()
    overrides: dict[str, str] = {}
    title_norm = normalize(title) if title else ""
    full: dict[str, set[str]] = defaultdict(set)
    for _text, label, norm in mentions:
        words = norm.split()
        if len(words) > 1 and label in _NAME_LABELS | _PLACES:
            for short, first in _short_forms(words):
                if stats.compatible(short, norm, first, local=True):
                    full[short].add(norm)
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
        if norm not in full or (" " in norm and not _is_initialled(norm)) or norm in overrides:
            continue  # the title's own base form stays the title's
        cands = full[norm]
        target = title_norm if title_norm in cands else _pick(norm, cands)
        if target:
            overrides[norm] = overrides.get(target, target)
    for norm in overrides:  # follow chains: "brook" -> "a brook" -> "ada brook"
        for _ in range(3):
            nxt = overrides.get(overrides[norm])
            if nxt is None or nxt == norm:
                break
            overrides[norm] = nxt
    return overrides


def _is_initialled(norm: str) -> bool:
    """"a brook": an initial and a surname."""
    words = norm.split()
    return len(words) == 2 and len(words[0]) == 1 and len(words[1]) > 2


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


_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-z][a-z'’-]+")
_KEEP_ONE_WORD = frozenset(("GPE", "NORP", "LANGUAGE", "DATE", "TITLE"))


_LINE_OR_SENTENCE_END = re.compile(r"(?:^|\n|[.!?:;]['\"”’)]*)\s*$")


def _junk_keys(chunks: list[Chunk], labels: dict[str, Counter], texts: dict[str, Counter],
               mid_sentence: set[str]) -> set[str]:
    """One-word names that are ordinary words: their lower-case form is a word of the corpus ("Present",
    "Booking"), or they are only ever written at the start of a line or sentence ("Outreach" as a heading)."""
    lower: set[str] = set()
    for c in chunks:
        lower.update(_LOWER_WORD.findall(c.text))
    out = set()
    for key, counts in labels.items():
        if " " in key or not key.isalpha():
            continue
        if 2 * sum(counts[lab] for lab in _KEEP_ONE_WORD) >= sum(counts.values()):
            continue
        surfaces = texts[key]
        if any(t.isupper() for t in surfaces):  # an acronym or a speaker label
            continue
        if (key in lower and all(t[:1].isupper() for t in surfaces)) or key not in mid_sentence:
            out.add(key)
    return out


def _at_sentence_start(text: str, start: int) -> bool:
    """True when a mention at `start` opens a line or a sentence of the chunk text."""
    return start >= 0 and _LINE_OR_SENTENCE_END.search(text[max(0, start - 12):start]) is not None


def _key_types(labels: dict[str, Counter], texts: dict[str, Counter]) -> dict[str, str]:
    """Type of every normalised name over the whole corpus (`vote_type` of its mentions and its form)."""
    return {k: vote_type(c, None, texts[k].most_common(1)[0][0] if texts[k] else k) for k, c in labels.items()}


def resolve(chunks: list[Chunk], extractions: list[ChunkExtraction]) -> ResolvedGraph:
    """Merge mentions into entities and turn triples / co-occurrences into relations."""
    by_chunk = {e.chunk_id: e for e in extractions}
    chunk_doc = {c.chunk_id: c.doc_id for c in chunks}
    titled = {chunk_doc[e.chunk_id] for e in extractions if e.chunk_id in chunk_doc
              and any(m.label == "TITLE" for m in e.mentions)}
    doc_title = {c.doc_id: c.title for c in chunks if c.title and c.doc_id in titled}
    doc_mentions: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    norm_labels: dict[str, Counter] = defaultdict(Counter)
    norm_texts: dict[str, Counter] = defaultdict(Counter)
    mid_sentence: set[str] = set()
    for c in chunks:
        ext = by_chunk.get(c.chunk_id)
        for m in ext.mentions if ext else ():
            norm = normalize(m.text)
            doc_mentions[c.doc_id].append((m.text, m.label, norm))
            norm_labels[norm][m.label] += 1
            norm_texts[norm][m.text] += 1
            if m.start < 0 or (norm not in mid_sentence and not _at_sentence_start(c.text, m.start)):
                mid_sentence.add(norm)  # a title or variant counts as named mid-text
    stats = _NameStats(_key_types(norm_labels, norm_texts))
    junk = _junk_keys(chunks, norm_labels, norm_texts, mid_sentence)
    overrides = {d: _doc_keys(ms, doc_title.get(d, ""), stats) for d, ms in doc_mentions.items()}
    honorific = _honorific_keys({n for ms in doc_mentions.values() for _t, _l, n in ms})
    across = _corpus_short_keys(doc_mentions, stats)

    def key_of(text: str, doc_id: str) -> str:
        norm = normalize(text)
        norm = overrides.get(doc_id, _NO_OVERRIDES).get(norm, norm)
        norm = across.get(norm, norm) if norm not in overrides.get(doc_id, _NO_OVERRIDES).values() else norm
        norm = honorific.get(norm, norm)
        return "" if norm in junk else norm

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
    places = {k for k, c in norm_labels.items() if stats.is_place(k, c)}
    return _build(chunks, by_chunk, chunk_doc, uf, order, key_of, places)


def _corpus_short_keys(doc_mentions, stats: _NameStats) -> dict[str, str]:
    """Short name -> the one full name of a compatible type in the corpus it can stand for (one word, or an
    initial and a surname), applied where a document's own names did not decide."""
    full: dict[str, set[str]] = defaultdict(set)
    for ms in doc_mentions.values():
        for _text, label, norm in ms:
            words = norm.split()
            if len(words) > 1 and label in _NAME_LABELS | _PLACES:
                for short, first in _short_forms(words):
                    if short != norm and stats.compatible(short, norm, first):
                        full[short].add(norm)
    out = {}
    for short, cands in full.items():
        if short in stats.types and (" " not in short or _is_initialled(short)):
            target = _pick(short, cands)
            if target is not None:
                out[short] = target
    return out


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


def _build(chunks, by_chunk, chunk_doc, uf, order, key_of, places: set[str] = frozenset()) -> ResolvedGraph:
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
    evidence: dict[int, Counter] = defaultdict(Counter)
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
                st, ot = relation_evidence(t.predicate)
                if st:
                    evidence[s][st] += 1
                if ot:
                    evidence[o][ot] += 1
                graph.relations.append(Relation(source_id=s, predicate=t.predicate, target_id=o,
                                                chunk_id=c.chunk_id, sentence=t.sentence))
        graph.relations.extend(_cooccur_relations(ext, c.chunk_id, lambda x: entity_of(x, c.chunk_id, None)))
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
        graph.entities.append(_entity(i, surfaces[i], labels[i], len(docs[i]), titles.get(i), evidence.get(i)))
        graph.norm_of[i] = normalize(graph.entities[-1].name)
        graph.alias_rows.extend((n, i) for n in dict.fromkeys(normalize(a) for a in surfaces[i]) if n)
    return graph


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
    return [Relation(source_id=a, predicate="co-occurs with", target_id=b, chunk_id=chunk_id,
                     sentence=sentence[(a, b)], weight=float(n), kind="cooccur")
            for (a, b), n in counts.items()]
