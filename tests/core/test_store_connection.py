"""A store's connection across a rebuild's swap (hopgraph/store_connection.py): reads stay on the opened store,
writes made after build reach the new one."""

from __future__ import annotations

import shutil
from pathlib import Path

from hopgraph.store import Store
from test_store import CHUNKS, write_store


def test_a_replaced_store_is_noticed_and_late_writes_reach_the_new_one(tmp_path: Path) -> None:
    reader = Store.open(write_store(tmp_path / "store"))
    assert not reader.replaced()
    write_store(tmp_path / "store", chunks=CHUNKS[:1])
    assert reader.replaced()
    assert reader.chunk_count() == 3  # the reader still sees the store it opened
    reader.save_trace("late", "asked during the rebuild", "{}")
    reader.cache_put("late-key", "m", "late reply")
    assert reader.get_trace("late") == "{}" and reader.cache_get("late-key") == "late reply"
    fresh = Store.open(tmp_path / "store")
    assert fresh.chunk_count() == 1
    assert fresh.get_trace("late") == "{}" and fresh.cache_get("late-key") == "late reply"
    shutil.rmtree(tmp_path / "store")
    assert reader.replaced()


def test_the_write_lock_is_tried_again_while_sqlite_says_locked_at_once() -> None:
    import sqlite3

    from hopgraph.store_connection import begin_immediate

    class LockedTwice:
        """A connection whose first two BEGIN IMMEDIATE fail at once, as SQLite does when waiting might deadlock."""

        def __init__(self, failures: int) -> None:
            self.failures, self.tries = failures, 0

        def execute(self, sql: str) -> None:
            self.tries += 1
            if self.tries <= self.failures:
                raise sqlite3.OperationalError("database is locked")

    conn = LockedTwice(2)
    begin_immediate(conn)  # type: ignore[arg-type]
    assert conn.tries == 3
    stuck = LockedTwice(10**6)
    try:
        begin_immediate(stuck, wait_s=0.2)  # type: ignore[arg-type]
    except sqlite3.OperationalError as e:
        assert "locked" in str(e) and stuck.tries > 1
    else:
        raise AssertionError("a lock never freed must end in the error")
