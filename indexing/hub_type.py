"""A hub's type after an update, from its votes across the whole corpus instead of the neighbourhood's part.

An update re-resolves the changed documents' neighbourhood S (`delta_resolve`). An entity named in S and in
more than `delta_graph.HUB_DOCS` other documents (a hub: a country, a year) is not re-resolved with all its
documents: its row is recounted (`delta_write._recount`), which keeps its stored type. That is exact only when
the whole corpus still votes that type. `resolved_graph.build_graph` types an entity by `types.vote_type` over

  * the NER labels of all its mentions and the type evidence of all its triples: the stored votes per
    document (`votes`, table `entity_votes`) outside S, plus S's;
  * its name (the name `_recount` will write);
  * two corpus-wide bonuses: PERSON when it is also called by the last word of a two-word name of its own,
    read from all its mention texts (stored outside S, S's inside); GPE, once per one-word key of the entity
    that is a place (`NameStats.is_place`), as strong as its ORG and PERSON labels.

Which of its keys the whole corpus puts in the entity is not stored, but they are among its mention texts'
normalised forms and those without honorifics (`resolve.key_of`), so the place bonus is counted 0 to P times
for the P places among those; `corpus_type` gives the type only when every count gives the same one.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterable

from hopgraph.indexing.name_keys import strip_honorifics
from hopgraph.indexing.normalize import normalize
from hopgraph.indexing.types import vote_type

VoteRow = tuple[int, str, str, str]  # entity_id, doc_id, labels, evidence (`votes.VoteBook.rows`)


def corpus_type(labels: Counter, evidence: Counter, surfaces: Counter, names: Iterable[str], places: int,
                least: int = 0) -> str | None:
    """The type `resolved_graph.build_graph` gives an entity with these corpus-wide `labels`, `evidence` (before the
    bonuses) and mention `surfaces`, under any of `names` and any place-key count from `least` to `places`
    (both `places` when its keys are known: `delta_merges.CorpusGroups`); None when those do not all give one type."""
    evidence = Counter(evidence)
    full = [a.split() for a in surfaces if len(a.split()) == 2 and a[:1].isupper()]
    if any(len(a.split()) == 1 and any(w[-1].lower() == a.lower() for w in full) for a in surfaces):
        evidence["PERSON"] += 1 + labels["ORG"] // 2
    step = max(1, labels["ORG"] + labels["PERSON"])
    found = set()
    for name in names:
        for p in range(least, places + 1):
            found.add(vote_type(labels, evidence + Counter({"GPE": p * step}) if p else evidence, name))
            if len(found) > 1:
                return None
    return found.pop() if found else None


def place_keys(surfaces: Iterable[str], is_place: Callable[[str], bool]) -> int:
    """How many one-word keys the entity may have that are places: its mention texts' normalised forms and
    those forms without honorifics."""
    keys = {k for s in surfaces for n in [normalize(s)] for k in (n, strip_honorifics(n)) if k and " " not in k}
    return sum(1 for k in keys if is_place(k))


def stored_outside(conn: sqlite3.Connection, entity_id: int, inside_docs: set[str], inside_chunks: set[str]
                   ) -> tuple[Counter, Counter, Counter]:
    """A stored entity's labels, evidence and mention texts outside a neighbourhood (its documents
    `inside_docs`, its previous chunks `inside_chunks`)."""
    labels, evidence = Counter(), Counter()
    for doc_id, lab, ev in conn.execute("SELECT doc_id, labels, evidence FROM entity_votes WHERE entity_id = ?",
                                        (entity_id,)):
        if doc_id not in inside_docs:
            labels.update(json.loads(lab) if lab else {})
            evidence.update(json.loads(ev) if ev else {})
    surfaces = Counter(t for t, c in conn.execute("SELECT text, chunk_id FROM mentions WHERE entity_id = ?",
                                                  (entity_id,)) if c not in inside_chunks)
    return labels, evidence, surfaces


def graph_votes(rows: Iterable[VoteRow], entity_ids: set[int]) -> dict[int, tuple[Counter, Counter]]:
    """Labels and evidence of `entity_ids` in a resolved neighbourhood's vote rows, summed over documents."""
    out: dict[int, tuple[Counter, Counter]] = {i: (Counter(), Counter()) for i in entity_ids}
    for i, _doc, lab, ev in rows:
        if i in out:
            out[i][0].update(json.loads(lab) if lab else {})
            out[i][1].update(json.loads(ev) if ev else {})
    return out
