"""What the previous store says near a change (indexing/old_graph.py): the same answers read once per chunk."""

from __future__ import annotations

import sqlite3

from hopgraph.indexing.old_graph import OldGraph


def _store() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.execute('CREATE TABLE mentions (entity_id INTEGER, chunk_id TEXT, start INTEGER, "end" INTEGER, text TEXT)')
    conn.execute("CREATE TABLE relations (id INTEGER PRIMARY KEY, source_id INTEGER, target_id INTEGER, chunk_id TEXT)")
    conn.executemany('INSERT INTO mentions (entity_id, chunk_id, start, "end", text) VALUES (?, ?, ?, ?, ?)',
                     [(1, "c1", 0, 3, "Ada"), (2, "c1", 5, 9, "Brook"), (3, "c2", 0, 4, "Tarn"), (1, "c3", 2, 5, "Ada")])
    conn.executemany("INSERT INTO relations (source_id, target_id, chunk_id) VALUES (?, ?, ?)",
                     [(1, 4, "c1"), (5, 3, "c2")])
    return conn


def test_owners_and_involved_entities_are_each_chunks_read_once_over_rounds() -> None:
    old = OldGraph(_store())
    assert old.owners(["c1"]) == {("c1", 0, 3): 1, ("c1", 5, 9): 2}
    assert old.involved(["c1", "c9"]) == {1, 2, 4}
    old.conn.execute("DELETE FROM mentions")  # a later round's answers for known chunks come from memory
    old.conn.execute("DELETE FROM relations WHERE chunk_id = 'c1'")
    assert old.owners(["c1", "c2"]) == {("c1", 0, 3): 1, ("c1", 5, 9): 2}  # c2 read now: its mention is gone
    assert old.involved(["c1", "c2"]) == {1, 2, 4, 5, 3}
    assert old.owners([]) == {} and old.involved([]) == set()
