"""Writing a re-resolved graph into the store's tables (`indexing/delta_write.py`)."""

from __future__ import annotations

import sqlite3

from hopgraph.indexing.delta_write import _indexes_rebuilt


def test_indexes_are_dropped_while_rows_are_rewritten_and_made_again_with_their_own_sql() -> None:
    conn = sqlite3.connect(":memory:")
    conn.executescript("""CREATE TABLE mentions (entity_id INTEGER, chunk_id TEXT);
        CREATE INDEX idx_m_entity ON mentions(entity_id);
        CREATE INDEX idx_m_chunk ON mentions(chunk_id);
        CREATE TABLE other (x INTEGER); CREATE INDEX idx_other ON other(x);""")
    before = sorted(conn.execute("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index'"))
    with _indexes_rebuilt(conn, ("mentions",)):
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")] == ["idx_other"]
        conn.executemany("INSERT INTO mentions VALUES (?, ?)", [(i % 7, f"c{i % 5}") for i in range(100)])
    assert sorted(conn.execute("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index'")) == before
    plan = " ".join(r[-1] for r in conn.execute("EXPLAIN QUERY PLAN SELECT * FROM mentions WHERE chunk_id = 'c1'"))
    assert "idx_m_chunk" in plan
    assert conn.execute("SELECT COUNT(*) FROM mentions WHERE chunk_id = 'c1'").fetchone()[0] == 20
