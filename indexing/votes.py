"""Each entity's type votes per document, kept in the store so an update can tell whether a change moved them.

An entity's type (`types.vote_type`) is voted by the labels of all its mentions and the relational evidence of
all its triples, across the corpus. An update re-resolves only the changed documents' neighbourhood S
(`delta_resolve`), where an entity named also outside S sees only S's part of its votes. Every build records,
per entity and document, the NER labels of its mentions there and the evidence its triples there give (before
the corpus-wide bonuses of `resolved_graph.build_graph`), one row per document the entity is in (empty votes
included, so the rows also give its documents). If the entity's part inside S is the same in the update as in the
store, so are its corpus-wide votes, its type and its document count (`same_part`), whatever S's partial votes say.

Table `entity_votes(entity_id, doc_id, labels, evidence)`: labels and evidence as JSON objects ('' when empty).
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterable
from functools import partial

from hopgraph.indexing.sql_batches import batches, marks

SCHEMA = """
CREATE TABLE IF NOT EXISTS entity_votes (entity_id INTEGER, doc_id TEXT, labels TEXT, evidence TEXT);
CREATE INDEX IF NOT EXISTS idx_entity_votes_entity ON entity_votes(entity_id);
CREATE INDEX IF NOT EXISTS idx_entity_votes_doc ON entity_votes(doc_id);
"""

VoteRow = tuple[int, str, str, str]  # entity_id, doc_id, labels, evidence
#: An empty Counter made without `Counter.__init__` (whose update call costs 1.4 us against 0.2; a Counter keeps
#: no state beside its dict): the factory of the defaultdicts resolution fills by the million.
new_counter = partial(Counter.__new__, Counter)


class VoteBook:
    """Collects votes while `resolve` counts them: per (entity, document)."""

    def __init__(self) -> None:
        self.labels: dict[tuple[int, str], Counter] = defaultdict(new_counter)
        self.evidence: dict[tuple[int, str], Counter] = defaultdict(new_counter)
        self.docs: dict[int, dict[str, None]] = defaultdict(dict)  # documents in first-seen order

    def seen(self, entity: int, doc: str) -> None:
        self.docs[entity][doc] = None

    def label(self, entity: int, doc: str, label: str) -> None:
        self.labels[(entity, doc)][label] += 1

    def add_evidence(self, entity: int, doc: str, etype: str, n: int) -> None:
        self.evidence[(entity, doc)][etype] += n

    def rows(self) -> list[VoteRow]:
        return [(i, d, _pack(self.labels.get((i, d))), _pack(self.evidence.get((i, d))))
                for i, docs in self.docs.items() for d in docs]


def _pack(c: Counter | None) -> str:
    if not c:
        return ""
    items = tuple(sorted(c.items()))
    packed = _PACKED.get(items)
    if packed is None:
        packed = _PACKED[items] = json.dumps(dict(items), separators=(",", ":"))
    return packed


#: Packed votes by their sorted items: a corpus has a few thousand distinct ones ({"PERSON":1}) over a million rows.
_PACKED: dict[tuple, str] = {}


def create_table(conn: sqlite3.Connection) -> None:
    conn.executescript(SCHEMA)


def has_table(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type='table' AND name='entity_votes'").fetchone()[0] == 1


def write_all(conn: sqlite3.Connection, rows: Iterable[VoteRow]) -> None:
    """The table for a whole corpus (a fresh build, or an update that re-resolved everything)."""
    create_table(conn)
    conn.execute("DELETE FROM entity_votes")
    conn.executemany("INSERT INTO entity_votes (entity_id, doc_id, labels, evidence) VALUES (?, ?, ?, ?)", rows)


def replace_docs(conn: sqlite3.Connection, doc_ids: Iterable[str], rows: Iterable[VoteRow], ids: dict[int, int]) -> None:
    """Drop the rows of `doc_ids` (a neighbourhood and the documents that left) and insert `rows`, their
    entities mapped to store ids by `ids`."""
    for part in batches(sorted(set(doc_ids))):
        conn.execute(f"DELETE FROM entity_votes WHERE doc_id IN ({marks(part)})", part)
    conn.executemany("INSERT INTO entity_votes (entity_id, doc_id, labels, evidence) VALUES (?, ?, ?, ?)",
                     ((ids[i], d, lab, ev) for i, d, lab, ev in rows))


Part = frozenset  # an entity's rows in some documents: (doc_id, labels, evidence)


def graph_parts(rows: Iterable[VoteRow], entity_ids: set[int]) -> dict[int, Part]:
    """The rows of `entity_ids` in a resolved neighbourhood's `votes`."""
    return _parts(r for r in rows if r[0] in entity_ids)


def stored_parts(conn: sqlite3.Connection, entity_ids: Iterable[int], docs: Iterable[str]) -> dict[int, Part]:
    """The stored rows of `entity_ids` in `docs`."""
    wanted = set(entity_ids)
    rows: list[VoteRow] = []
    for part in batches(sorted(set(docs))):
        q = f"SELECT entity_id, doc_id, labels, evidence FROM entity_votes WHERE doc_id IN ({marks(part)})"
        rows.extend(r for r in conn.execute(q, part) if r[0] in wanted)
    return _parts(rows)


def _parts(rows: Iterable[VoteRow]) -> dict[int, Part]:
    out: dict[int, set] = defaultdict(set)
    for i, d, lab, ev in rows:
        out[i].add((d, lab, ev))
    return {i: frozenset(s) for i, s in out.items()}


def same_part(graph_part: Part | None, stored_part: Part | None) -> bool:
    """Are an entity's votes inside a neighbourhood the stored entity's there, document by document (labels,
    evidence, the documents themselves)? Then so are its corpus-wide votes, type and document count."""
    return graph_part is not None and stored_part is not None and graph_part == stored_part


def entity_docs(conn: sqlite3.Connection, entity_ids: Iterable[int]) -> dict[int, set[str]]:
    """The documents each entity is in (mentioned, or an end of a triple or co-occurrence), as `resolve` counts
    them for its document count."""
    out: dict[int, set[str]] = defaultdict(set)
    for part in batches(sorted(set(entity_ids))):
        q = f"SELECT entity_id, doc_id FROM entity_votes WHERE entity_id IN ({marks(part)})"
        for e, d in conn.execute(q, part):
            out[e].add(d)
    return out
