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


def test_outside_votes_are_summed_once_per_distinct_text_as_the_rows_one_by_one() -> None:
    """A hub's vote rows repeat a few texts: summed per distinct text, the counts and their keys' order are those
    `hub_type.stored_outside` gets adding the rows one after another."""
    import json
    import random

    from hopgraph.indexing.hub_type import stored_outside

    conn = _store()
    conn.execute("CREATE TABLE entity_votes (entity_id INTEGER, doc_id TEXT, labels TEXT, evidence TEXT)")
    texts = ['{"DATE":1}', '{"CARDINAL":2,"DATE":1}', "", '{"TITLE":1,"ORG":3}', '{"ORG":1}']
    rnd = random.Random(3)
    conn.executemany("INSERT INTO entity_votes VALUES (1, ?, ?, ?)",
                     [(f"d{k}", rnd.choice(texts), rnd.choice(texts[2:])) for k in range(300)])
    inside = {f"d{k}" for k in range(0, 300, 7)}
    want = stored_outside(conn, 1, inside, {"c1"})
    got = OldGraph(conn).outside(1, inside, {"c1"})
    assert [list(c.items()) for c in got] == [list(c.items()) for c in want]
    rows = conn.execute("SELECT doc_id, labels FROM entity_votes").fetchall()
    titled = {d for d, lab in rows if "TITLE" in json.loads(lab or "{}")}
    old = OldGraph(conn)
    assert old.titled_in(1, {next(iter(titled))}) and not old.titled_in(1, {"d300"})
