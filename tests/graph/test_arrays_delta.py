"""Relation columns patched from a previous store's arrays (graph/arrays_delta.py) are those a fresh read gives."""

from __future__ import annotations

import sqlite3
from unittest import mock

import numpy as np
import pytest

from hopgraph.graph import arrays_delta
from hopgraph.graph.arrays import STRING_COLUMNS, GraphArrays, relation_columns
from hopgraph.graph.arrays_delta import first_seen
from hopgraph.graph.relation_table import RelationTable, codes_of
from hopgraph.store_layout import SCHEMA
from hopgraph.store_rows import RELATION_COLUMNS


def test_codes_renumbered_by_first_appearance_are_those_of_a_fresh_read() -> None:
    names = ["spouse", "born_in", "employer", "sibling"]
    sequence = ["employer", "spouse", "employer", "sibling", "spouse"]  # "born_in" is not used any more
    codes = np.array([names.index(n) for n in sequence], dtype=np.int64)
    got, got_names = first_seen(codes, names)
    want, index = codes_of(sequence)
    assert got_names == list(index) == ["employer", "spouse", "sibling"]
    assert got.dtype == want.dtype == np.int32
    assert got.tolist() == want.tolist() == [0, 1, 0, 2, 1]


def test_no_codes_give_no_names() -> None:
    got, names = first_seen(np.zeros(0, dtype=np.int64), ["spouse"])
    assert len(got) == 0 and names == []


def relations_db(rows: list[tuple]) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA)
    conn.executemany("INSERT INTO relations (id, source_id, target_id, kind, weight, chunk_id, predicate, sentence) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.executemany("INSERT INTO chunks (chunk_id, row) VALUES (?, ?)", [("c1", 0), ("c2", 1), ("c3", 2)])
    return conn


def columns_of(conn: sqlite3.Connection) -> dict:
    rows = conn.execute(f"SELECT {RELATION_COLUMNS} FROM relations ORDER BY id").fetchall()
    return relation_columns(RelationTable(rows))


def previous_arrays(conn: sqlite3.Connection) -> GraphArrays:
    cols = columns_of(conn)
    return GraphArrays({k: v for k, v in cols.items() if k not in STRING_COLUMNS}, {k: cols[k] for k in STRING_COLUMNS})


def same_columns(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(
        list(a[k]) == list(b[k]) if k in STRING_COLUMNS else a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k])
        for k in a)


@pytest.mark.parametrize("emptied", [False, True])
def test_patched_columns_are_those_of_the_rows_after_an_update(emptied: bool) -> None:
    rows = [(1, 1, 2, "typed", 1.0, "c1", "spouse", "A wed B."), (2, 1, 3, "cooccur", 0.5, "c1", "co", None),
            (3, 2, 3, "typed", 1.0, "c2", "employer", "B works at C."), (4, 3, 4, "typed", 1.0, "c3", "located_in", "C in D."),
            (5, 1, 4, "cooccur", 0.5, "c3", "co", None)]
    conn = relations_db(rows)
    before = previous_arrays(conn)
    # c1 rewritten (new rows after every previous id); with `emptied`, c3 loses its rows and gets none
    conn.execute("DELETE FROM relations WHERE chunk_id = 'c1'" + (" OR chunk_id = 'c3'" if emptied else ""))
    conn.executemany("INSERT INTO relations (id, source_id, target_id, kind, weight, chunk_id, predicate, sentence) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [(6, 1, 5, "typed", 1.0, "c1", "founded", "A founded E."),
                                                         (7, 1, 2, "typed", 1.0, "c1", "spouse", "A wed B.")])
    by_id = []
    ids = lambda: by_id.append(1) or np.array([1, 2, 3, 4, 5], dtype=np.int64)  # noqa: E731
    with mock.patch.object(arrays_delta, "LEAST_KEPT", 0.0):
        got = arrays_delta.relation_columns(before, 5, conn, ids)
    assert got is not None and same_columns(got, columns_of(conn))
    assert bool(by_id) == emptied  # the ids are read only when the chunk codes cannot tell
