"""What the previous store says about the entities near a change (read-only, each row read once per update).

`delta_graph.closure_gaps` asks it, round after round, which entities owned the mentions of the neighbourhood's
chunks, which entities those chunks involve, each entity's documents and stored row, and a hub's stored votes
and mention texts; the previous store does not change during an update, so each answer is kept.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from hopgraph.indexing.sql_batches import batches, marks
from hopgraph.indexing.votes import entity_docs

MentionKey = tuple[str, int, int]  # chunk_id, start, end

@dataclass
class OldGraph:
    """What the previous store (read-only connection `conn`) says about the entities near a change."""

    conn: sqlite3.Connection
    _docs: dict[int, set[str]] = field(default_factory=dict)
    _chunk_set: tuple[list[str], set[str]] | None = None
    _hub_rows: dict[int, tuple[list, list]] = field(default_factory=dict)
    _owned: dict[str, list] = field(default_factory=dict)  # chunk -> its mentions' (key, entity), read once
    _involved: dict[str, set[int]] = field(default_factory=dict)  # chunk -> its entities, read once
    _json: dict[str, dict] = field(default_factory=dict)  # a stored vote text, parsed once

    def owners(self, chunk_ids: Iterable[str]) -> dict[MentionKey, int]:
        """The entity of each mention of these chunks (each chunk read once over all rounds)."""
        chunk_ids = list(chunk_ids)
        known = self._owned
        todo = sorted({c for c in chunk_ids if c not in known})
        for part in batches(todo):
            for c in part:
                known[c] = []
            q = f'SELECT chunk_id, start, "end", entity_id FROM mentions WHERE chunk_id IN ({marks(part)})'
            for r in self.conn.execute(q, part):
                known[r[0]].append(((r[0], r[1], r[2]), r[3]))
        out: dict[MentionKey, int] = {}
        for c in chunk_ids:
            out.update(known[c])
        return out

    def owners_all(self, chunk_ids: set[str]) -> dict[MentionKey, int]:
        """`owners` for a large share of the chunks: one scan of the mentions table."""
        return {(r[0], r[1], r[2]): r[3] for r in self.conn.execute('SELECT chunk_id, start, "end", entity_id FROM mentions')
                if r[0] in chunk_ids}

    def involved_all(self) -> set[int]:
        """`involved` for every chunk of the store."""
        out = {r[0] for r in self.conn.execute("SELECT DISTINCT entity_id FROM mentions")}
        out.update(r[0] for r in self.conn.execute("SELECT DISTINCT source_id FROM relations"))
        out.update(r[0] for r in self.conn.execute("SELECT DISTINCT target_id FROM relations"))
        return out

    def involved(self, chunk_ids: Iterable[str]) -> set[int]:
        """Entities with a mention or a relation end in these chunks (each chunk read once over all rounds)."""
        chunk_ids = list(chunk_ids)
        known = self._involved
        todo = sorted({c for c in chunk_ids if c not in known})
        for part in batches(todo):
            m = marks(part)
            for c in part:
                known[c] = set()
            for c, e in self.conn.execute(f"SELECT chunk_id, entity_id FROM mentions WHERE chunk_id IN ({m})", part):
                known[c].add(e)
            for c, a, b in self.conn.execute(f"SELECT chunk_id, source_id, target_id FROM relations "
                                             f"WHERE chunk_id IN ({m})", part):
                known[c].update((a, b))
        return set().union(*(known[c] for c in chunk_ids))

    def named(self, norms: Iterable[str]) -> set[int]:
        """Entities one of whose mentions is written as one of these normalised names (their alias rows)."""
        out: set[int] = set()
        for part in batches(sorted(set(norms))):
            out.update(r[0] for r in self.conn.execute(f"SELECT entity_id FROM aliases WHERE alias IN ({marks(part)})",
                                                       part))
        return out

    def sole_entities(self, norms: Iterable[str]) -> dict[str, int]:
        """norm -> its entity, for the names held by exactly one stored entity."""
        found: dict[str, list[int]] = {}
        for part in batches(sorted(set(norms) - {""})):
            q = f"SELECT norm, entity_id FROM entities WHERE norm IN ({marks(part)})"
            for norm, e in self.conn.execute(q, part):
                found.setdefault(norm, []).append(e)
        return {n: ids[0] for n, ids in found.items() if len(ids) == 1}

    def docs(self, ids: Iterable[int]) -> dict[int, set[str]]:
        """Documents each entity is in: mentioned, or an end of a triple or co-occurrence (`votes.entity_docs`)."""
        todo = sorted(set(ids) - self._docs.keys())
        found = entity_docs(self.conn, todo)
        for e in todo:
            self._docs[e] = found.get(e, set())
        return {e: self._docs[e] for e in ids}

    def rows(self, ids: Iterable[int]) -> dict[int, tuple[str, str]]:
        """entity_id -> (norm, type)."""
        out = {}
        for part in batches(sorted(set(ids))):
            q = f"SELECT entity_id, norm, type FROM entities WHERE entity_id IN ({marks(part)})"
            out.update((r[0], (r[1], r[2])) for r in self.conn.execute(q, part))
        return out

    def chunk_set(self, chunk_ids: list[str]) -> set[str]:
        """`chunk_ids` as a set, made once per list."""
        if self._chunk_set is None or self._chunk_set[0] is not chunk_ids:
            self._chunk_set = (chunk_ids, set(chunk_ids))
        return self._chunk_set[1]

    def outside(self, entity_id: int, inside_docs: set[str], inside_chunks: set[str]) -> tuple[Counter, Counter, Counter]:
        """`hub_type.stored_outside`, its rows read once per entity over all rounds."""
        votes, texts = self._rows_of(entity_id)
        labels = self._summed(lab for d, lab, _ev in votes if d not in inside_docs)
        evidence = self._summed(ev for d, _lab, ev in votes if d not in inside_docs)
        return labels, evidence, Counter(t for t, c in texts if c not in inside_chunks)

    def titled_in(self, entity_id: int, docs: set[str]) -> bool:
        """Did the entity have a TITLE mention in one of `docs`?"""
        return any(d in docs and self._parsed(lab).get("TITLE") for d, lab, _ev in self._rows_of(entity_id)[0])

    def _rows_of(self, entity_id: int) -> tuple[list, list]:
        """The entity's vote rows (document, labels, evidence: JSON as stored) and mention texts with their chunks."""
        rows = self._hub_rows.get(entity_id)
        if rows is None:
            votes = self.conn.execute("SELECT doc_id, labels, evidence FROM entity_votes WHERE entity_id = ?",
                                      (entity_id,)).fetchall()
            texts = self.conn.execute("SELECT text, chunk_id FROM mentions WHERE entity_id = ?", (entity_id,)).fetchall()
            rows = self._hub_rows[entity_id] = (votes, texts)
        return rows

    def _summed(self, packed: Iterable[str]) -> Counter:
        """The vote counters `packed` (JSON) summed, as one `Counter.update` after another gives them: a hub's
        rows repeat a few texts ('{"DATE":1}') thousands of times, so each distinct text is parsed and added once,
        times its count, in order of first appearance (so the keys keep their order too)."""
        out: Counter = Counter()
        for text, times in Counter(p for p in packed if p).items():
            for key, n in self._parsed(text).items():
                out[key] = out.get(key, 0) + (n * times if isinstance(n, int) else sum([n] * times))
        return out

    def _parsed(self, text: str) -> dict:
        parsed = self._json.get(text)
        if parsed is None:
            parsed = self._json[text] = json.loads(text) if text else {}
        return parsed

    def max_id(self) -> int:
        return self.conn.execute("SELECT COALESCE(MAX(entity_id), -1) FROM entities").fetchone()[0]
