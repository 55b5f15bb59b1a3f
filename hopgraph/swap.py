"""Putting a freshly built store in place.

Saved traces and the LLM reply cache are copied from the store being replaced into the new one, then
the two folders trade places in one step (Linux `renameat2(RENAME_EXCHANGE)`), so the store path never
stands empty and a reader either sees the old store or the new one. Where the exchange is not
available the swap falls back to two renames (old aside, new in place); `guard.writer_lock` puts an old
store back if a writer dies between the two.

Readers that opened the old store keep their open files (POSIX keeps an unlinked file alive while it
is open), so `serve` and a running `ask` go on answering from it; `Store.replaced()` tells them a newer
store is in place.
"""

from __future__ import annotations

import ctypes
import errno
import os
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CARRIED_TABLES = ("traces", "llm_cache")  # written after a build; they outlive re-indexing
WRITERS_WAIT_S = 30.0  # how long a swap waits for a trace or cache write, and such a write for a swap
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


@contextmanager
def hold_writers(db: Path, wait: float = WRITERS_WAIT_S) -> Iterator[None]:
    """Hold SQLite's RESERVED lock on the store being replaced: a trace or cache write in progress finishes
    first, later ones wait and then see the store replaced (`Store._write`). Readers are not blocked."""
    conn = None
    if db.is_file():
        try:
            conn = sqlite3.connect(str(db), timeout=wait)
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError:  # a damaged old store, or a writer stuck for `wait` s: swap anyway
            if conn is not None:
                conn.close()
            conn = None
    try:
        yield
    finally:
        if conn is not None:
            conn.rollback()  # nothing was written: no journal, the lock on the old file just goes
            conn.close()


def carry_over(old_db: Path, new_db: Path) -> dict[str, int]:
    """Copy the rows of CARRIED_TABLES from `old_db` into `new_db` (columns both have; rows the new store
    already holds win). Returns rows copied per table; {} when the old database cannot be read."""
    if not old_db.is_file():
        return {}
    conn = sqlite3.connect(str(new_db))
    copied: dict[str, int] = {}
    try:
        conn.execute("ATTACH DATABASE ? AS old", (f"{old_db.resolve().as_uri()}?mode=ro",))
        for table in CARRIED_TABLES:
            old_cols = [r[1] for r in conn.execute(f"PRAGMA old.table_info({table})")]
            cols = [r[1] for r in conn.execute(f"PRAGMA main.table_info({table})") if r[1] in old_cols]
            if not cols:
                continue
            names = ", ".join(f'"{c}"' for c in cols)
            cur = conn.execute(f"INSERT OR IGNORE INTO main.{table} ({names}) SELECT {names} FROM old.{table}")
            copied[table] = cur.rowcount
        conn.commit()
    except sqlite3.DatabaseError:  # a damaged old store: nothing can be saved from it
        conn.rollback()
        copied = {}
    finally:
        conn.close()
    return copied


def exchange(a: Path, b: Path) -> bool:
    """Atomically swap the folders `a` and `b`; False when the platform or file system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
        return False
    raise OSError(code, os.strerror(code), str(a), None, str(b))


def put_in_place(built: Path, final: Path) -> Path | None:
    """Move the folder `built` to `final`. Returns the folder now holding the previous store (for the
    caller to delete), or None when there was none."""
    if not final.exists():
        built.rename(final)
        return None
    if exchange(built, final):
        return built
    aside = final.parent / f".{final.name}.old-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    final.rename(aside)
    built.rename(final)
    return aside
