"""A store's SQLite connection, which a rebuild may swap out from under it (hopgraph/swap.py).

Once a rebuild has put a new store at the path, reads go on from the replaced store's still-open file (a read
transaction is pinned the first time the swap is noticed, so SQLite never looks at the new store's journal at the
old path); writes made after build (traces, the LLM cache) go to the new store at the same path, and reads of those
tables look there too. `hopgraph.store.Store` is this connection with the store's reads.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hopgraph.store_layout import DB_NAME
from hopgraph.swap import WRITERS_WAIT_S


def connect(path: Path, readonly: bool = False) -> sqlite3.Connection:
    """A connection to a store's database. A writing one waits as long as a rebuild's swap may hold the
    store's write lock (swap.hold_writers), not SQLite's default 5 s: a busy machine's swap can take longer."""
    if readonly:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    else:
        conn = sqlite3.connect(str(path), timeout=WRITERS_WAIT_S, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    return conn


#: Pause between attempts to take the write lock.
_RETRY_S = 0.05


def begin_immediate(conn: sqlite3.Connection, wait_s: float = WRITERS_WAIT_S) -> None:
    """BEGIN IMMEDIATE, tried again for up to `wait_s` while SQLite says the database is locked. SQLite waits out
    a busy lock itself (the connection's timeout) but answers "locked" at once when waiting might deadlock, as
    while a rebuild takes the store's locks for its swap; a moment later the lock is free."""
    deadline = time.monotonic() + wait_s
    while True:
        try:
            conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() >= deadline:
                raise
            time.sleep(_RETRY_S)


class StoreConnection:
    """A store folder's database connection, safe across threads and across a swap of the folder."""

    def __init__(self, root: Path, conn: sqlite3.Connection):
        self.root = root
        self.conn = conn
        self._lock = threading.Lock()

    _identity: tuple[int, int] | None = None
    _pinned = False

    def _pin_if_replaced(self) -> bool:
        """(Under self._lock.) True once a rebuild has swapped this store out. The first time, pin a read
        transaction: SQLite then never looks for a rollback journal at the old path again, which now holds
        the new store's journal. Reads go on from the old store's still-open file."""
        if self._pinned:
            return True
        if self._identity is None or not self.replaced():
            return False
        try:
            self.conn.execute("BEGIN")
            self.conn.execute("SELECT COUNT(*) FROM meta").fetchone()
        except sqlite3.DatabaseError:
            pass
        self._pinned = True
        return True

    def replaced(self) -> bool:
        """Whether another store (a newer build) now stands at this store's path, or none does."""
        try:
            return file_identity(self.root / DB_NAME) != self._identity
        except OSError:
            return True

    def close(self) -> None:
        self.conn.close()

    def _rows(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            self._pin_if_replaced()
            return self.conn.execute(sql, tuple(params)).fetchall()

    def _tuples(self, sql: str) -> list[tuple[Any, ...]]:
        """Rows as plain tuples, without `sqlite3.Row` objects."""
        with self._lock:
            self._pin_if_replaced()
            cur = self.conn.cursor()
            cur.row_factory = None
            return cur.execute(sql).fetchall()

    # ------------------------------------------------------------ tables written after build (traces, cache)
    def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        """Run one write. Once a rebuild has replaced this store, the row goes to the new store at the same
        path (a write to the replaced file would be lost with it). The write holds SQLite's RESERVED lock
        while it checks, and a rebuild takes that lock for its swap (swap.hold_writers), so a write never
        straddles a swap."""
        with self._lock:
            if not self._pin_if_replaced():
                if self.conn.in_transaction:
                    self.conn.commit()
                begin_immediate(self.conn)  # waits while a rebuild is swapping this store out
                if not self.replaced():
                    try:
                        self.conn.execute(sql, params)
                        self.conn.commit()
                    except BaseException:
                        self.conn.rollback()
                        raise
                    return
                self.conn.rollback()
                self._pin_if_replaced()
            if not (self.root / DB_NAME).is_file():
                return  # the store was deleted: there is nowhere to keep the row
            conn = connect(self.root / DB_NAME)
            try:
                conn.execute(sql, params)
                conn.commit()
            finally:
                conn.close()

    def _rows_written(self, sql: str, params: list[Any]) -> list[sqlite3.Row]:
        """Rows of a table written after build: from this store, else (once it was replaced) from the store
        now at its path, where writes made after the swap went."""
        rows = self._rows(sql, params)
        if rows or not self._pinned or not (self.root / DB_NAME).is_file():
            return rows
        conn = connect(self.root / DB_NAME, readonly=True)
        try:
            return conn.execute(sql, params).fetchall()
        except sqlite3.DatabaseError:
            return []
        finally:
            conn.close()


def file_identity(db: Path) -> tuple[int, int]:
    """(device, inode) of a database file: another file at the path means another store."""
    st = os.stat(db)
    return st.st_dev, st.st_ino
