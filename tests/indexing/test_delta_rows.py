"""Which of a neighbourhood's graph rows changed (indexing/delta_rows.py): only those are rewritten."""

from __future__ import annotations

import sqlite3

from hopgraph.indexing.delta_rows import by_key, changed_chunks, same_entities
from hopgraph.store_layout import SCHEMA


def db() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA)
    conn.executemany('INSERT INTO mentions (entity_id, chunk_id, start, "end", text) VALUES (?, ?, ?, ?, ?)', [
        (1, "c1", 0, 5, "Orrin"), (2, "c1", 10, 18, "Yarrowby"), (1, "c2", 0, 5, "Orrin"), (3, "c3", 4, 9, "Kilns")])
    conn.executemany("INSERT INTO relations (source_id, predicate, target_id, chunk_id, sentence, weight, kind) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?)", [(1, "founded", 3, "c3", "Orrin founded Kilns.", 1.0, "typed"),
                                                       (1, "co", 2, "c1", "", 0.5, "cooccur")])
    conn.executemany("INSERT INTO entities (entity_id, name, norm, type, aliases, doc_freq) VALUES (?, ?, ?, ?, ?, ?)",
                     [(1, "Orrin", "orrin", "PERSON", "[]", 2), (2, "Yarrowby", "yarrowby", "GPE", "[]", 1)])
    conn.executemany("INSERT INTO aliases (alias, entity_id) VALUES (?, ?)", [("orrin", 1), ("yarrowby", 2)])
    return conn


def test_a_chunk_is_changed_when_its_rows_or_their_order_differ() -> None:
    conn = db()
    new = by_key([("c1", (1, "c1", 0, 5, "Orrin")), ("c1", (2, "c1", 10, 18, "Yarrowby")),  # same rows
                  ("c2", (4, "c2", 0, 5, "Orrin")),  # another entity id
                  ("c4", (3, "c4", 0, 5, "Kilns"))])  # a new chunk; c3 has no row any more
    assert changed_chunks(conn, "mentions", ["c1", "c2", "c3"], new) == {"c2", "c3", "c4"}
    swapped = by_key([("c1", (2, "c1", 10, 18, "Yarrowby")), ("c1", (1, "c1", 0, 5, "Orrin"))])
    assert changed_chunks(conn, "mentions", ["c1"], swapped) == {"c1"}  # table order is part of the rows


def test_relation_rows_are_compared_by_chunk_in_id_order() -> None:
    conn = db()
    same = by_key([("c3", (1, "founded", 3, "c3", "Orrin founded Kilns.", 1.0, "typed")),
                   ("c1", (1, "co", 2, "c1", "", 0.5, "cooccur"))])
    assert changed_chunks(conn, "relations", ["c1", "c3"], same) == set()
    heavier = by_key([("c1", (1, "co", 2, "c1", "", 1.0, "cooccur"))])
    assert changed_chunks(conn, "relations", ["c1"], heavier) == {"c1"}


def test_an_entity_stays_only_when_its_row_and_aliases_are_the_same() -> None:
    conn = db()
    rows = {1: (1, "Orrin", "orrin", "PERSON", "[]", 2), 2: (2, "Yarrowby", "yarrowby", "GPE", "[]", 2),
            5: (5, "Kilns", "kilns", "ORG", "[]", 1)}
    assert same_entities(conn, rows, {1: ["orrin"], 2: ["yarrowby"], 5: ["kilns"]}) == {1}  # 2: count; 5: new
    assert same_entities(conn, {1: rows[1]}, {1: ["orrin", "orrin quillby"]}) == set()  # another alias


def test_stored_aliases_read_by_id_or_by_one_scan_agree() -> None:
    from hopgraph.indexing.delta_rows import stored_aliases

    conn = db()
    conn.executemany("INSERT INTO aliases (alias, entity_id) VALUES (?, ?)", [(f"a{i}", i % 700) for i in range(2000)])
    few, many = stored_aliases(conn, {1, 2, 3}), stored_aliases(conn, set(range(600)))
    assert few[1] == ["orrin"] + [f"a{i}" for i in (1, 701, 1401)]  # table order
    assert {i: many[i] for i in (1, 2, 3)} == few and len(many) == 600
