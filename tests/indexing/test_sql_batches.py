"""Key lists in batches for SQLite's IN (…) (indexing/sql_batches.py)."""

from __future__ import annotations

import sqlite3

from hopgraph.indexing.sql_batches import batches, marks


def test_batches_keep_order_and_size_and_marks_match_them() -> None:
    parts = list(batches(range(1203)))
    assert [len(p) for p in parts] == [500, 500, 203] and [x for p in parts for x in p] == list(range(1203))
    assert list(batches([])) == [] and marks([7, 8, 9]) == "?,?,?"
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (k INTEGER)")
    conn.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(2000)])
    got = [r[0] for part in batches(range(0, 2000, 3)) for r in conn.execute(f"SELECT k FROM t WHERE k IN ({marks(part)})", part)]
    assert sorted(got) == list(range(0, 2000, 3))
