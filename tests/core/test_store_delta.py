"""Copying a store's database for an update (hopgraph/store_delta.py): one committed state, whatever writers do."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hopgraph.store_delta import copy_database


def _db(path: Path, wal: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), isolation_level=None)
    if wal:
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE traces (id INTEGER PRIMARY KEY, question TEXT)")
    conn.executemany("INSERT INTO traces (question) VALUES (?)", [("Who founded the Quell Foundry?",),
                                                                  ("Where was Ada Brennick born?",)])
    return conn


def _questions(path: Path) -> list[str]:
    conn = sqlite3.connect(str(path))
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return [q for (q,) in conn.execute("SELECT question FROM traces ORDER BY id")]
    finally:
        conn.close()


def test_the_copy_holds_the_committed_rows_not_a_write_in_progress(tmp_path: Path) -> None:
    source = tmp_path / "hopgraph.db"
    writer = _db(source)
    writer.execute("BEGIN IMMEDIATE")  # a trace being written while the update starts
    writer.execute("INSERT INTO traces (question) VALUES ('Which river runs through Tarrow?')")
    copy_database(source, tmp_path / "copy.db")
    writer.execute("COMMIT")
    assert _questions(tmp_path / "copy.db") == ["Who founded the Quell Foundry?", "Where was Ada Brennick born?"]
    assert len(_questions(source)) == 3


def test_a_database_in_wal_mode_is_copied_with_what_its_log_holds(tmp_path: Path) -> None:
    source = tmp_path / "hopgraph.db"
    writer = _db(source, wal=True)  # committed rows still in hopgraph.db-wal, not yet in the main file
    writer.execute("INSERT INTO traces (question) VALUES ('Which river runs through Tarrow?')")
    copy_database(source, tmp_path / "copy.db")
    assert len(_questions(tmp_path / "copy.db")) == 3
    writer.close()


def test_no_writer_can_commit_while_the_file_is_copied(tmp_path: Path, monkeypatch) -> None:
    import shutil

    import pytest
    from hopgraph import store_delta

    source = tmp_path / "hopgraph.db"
    _db(source).close()
    real_copy = shutil.copyfile

    def copy_while_a_trace_is_saved(a, b):
        other = sqlite3.connect(str(source), timeout=0, isolation_level=None)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("INSERT INTO traces (question) VALUES ('Which river runs through Tarrow?')")
        other.close()
        return real_copy(a, b)

    monkeypatch.setattr(store_delta.shutil, "copyfile", copy_while_a_trace_is_saved)
    copy_database(source, tmp_path / "copy.db")
    assert len(_questions(tmp_path / "copy.db")) == 2
