"""Where a store may be written, and one writer per store at a time.

`hopgraph index CORPUS --store DIR` writes only into a missing path, an empty folder or an existing
hopgraph store: a folder holding nothing but store files whose `hopgraph.db` has a `meta` table with a
schema version. A store of another schema version, or one whose database cannot be read at all, is
replaced only with `force`. A file, a folder of other files, the corpus itself, a folder inside the
corpus and a folder containing the corpus are always refused, with one line, before any work is done.

The writer lock is a file next to the store (`.DIR.lock`) held with `flock`: a second writer waits
`LOCK_WAIT_SECONDS` and then fails with one line. The kernel drops the lock when its holder dies (even
by kill -9), and the file is removed on release. The lock is re-entrant within one thread, so
`HopGraph.build` can hold it for the whole build while `StoreWriter.commit` takes it again for the swap.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from hopgraph.errors import StoreBusy, UserError
from hopgraph.store import BM25_DIR, DB_NAME, FAISS_NAME, SCHEMA_VERSION

LOCK_WAIT_SECONDS = 3.0
STORE_ENTRIES = frozenset({DB_NAME, FAISS_NAME, BM25_DIR, f"{DB_NAME}-journal", f"{DB_NAME}-wal", f"{DB_NAME}-shm"})


@dataclass(frozen=True)
class Destination:
    """What is at a store path. kind: missing, empty, store, other-schema, unreadable (a store whose
    database cannot be read), file, folder (no hopgraph.db), foreign (a hopgraph.db that is no store),
    mixed (a store plus other files)."""

    kind: str
    detail: str = ""

    @property
    def writable(self) -> bool:
        return self.kind in ("missing", "empty", "store")


def inspect_destination(root: Path) -> Destination:
    """Classify `root` without changing anything (a UserError when it cannot be read)."""
    try:
        return _inspect(root)
    except OSError as e:
        raise UserError(f"--store {root} cannot be read ({e.strerror or e})") from None


def _inspect(root: Path) -> Destination:
    if not root.exists() and not root.is_symlink():
        return Destination("missing")
    if not root.is_dir():
        return Destination("file")
    names = sorted(p.name for p in root.iterdir())
    if not names:
        return Destination("empty")
    if DB_NAME not in names:
        if set(names) <= STORE_ENTRIES:  # index files of a store whose database was deleted
            return Destination("unreadable", f"{DB_NAME} is missing")
        return Destination("folder", _some(names))
    others = [n for n in names if n not in STORE_ENTRIES]
    if others:
        return Destination("mixed", _some(others))
    return _inspect_db(root / DB_NAME)


def _inspect_db(db: Path) -> Destination:
    try:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:
                return Destination("unreadable", "hopgraph.db is empty")
            if "meta" not in tables:
                return Destination("foreign", "its hopgraph.db has no meta table")
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as e:
        return Destination("unreadable", f"hopgraph.db: {e}")
    if row is None:
        return Destination("foreign", "its hopgraph.db records no schema version")
    if str(row[0]) != str(SCHEMA_VERSION):
        return Destination("other-schema", str(row[0]))
    return Destination("store")


def _some(names: list[str], n: int = 3) -> str:
    shown = ", ".join(names[:n])
    return shown + (f" and {len(names) - n} more" if len(names) > n else "")


def check_destination(root: Path | str, corpus: Path | str | None = None, force: bool = False) -> Destination:
    """Raise a one-line UserError unless a store may be written at `root` (see the module doc)."""
    root = Path(root)
    if corpus is not None:
        _check_corpus(root, Path(corpus))
    dest = inspect_destination(root)
    if dest.writable or (force and dest.kind in ("other-schema", "unreadable")):
        return dest
    where = f"--store {root}"
    if dest.kind == "file":
        raise UserError(f"{where} is a file, not a store folder: choose a missing or empty folder (nothing was written)")
    if dest.kind == "folder":
        raise UserError(f"{where} is a folder that is not a hopgraph store (it holds {dest.detail}): "
                        "choose a missing or empty folder (nothing was written)")
    if dest.kind == "mixed":
        raise UserError(f"{where} holds files that are not part of a hopgraph store ({dest.detail}): "
                        "move them away or choose another folder (nothing was written)")
    if dest.kind == "foreign":
        raise UserError(f"{where} is not a hopgraph store ({dest.detail}): choose another folder (nothing was written)")
    if dest.kind == "other-schema":
        raise UserError(f"{where} holds a store of schema version {dest.detail} (this hopgraph writes "
                        f"{SCHEMA_VERSION}): add --force to replace it")
    raise UserError(f"{where} looks like a damaged hopgraph store ({dest.detail}): add --force to replace it")


def _check_corpus(root: Path, corpus: Path) -> None:
    store, source = root.resolve(), corpus.resolve()
    if store == source:
        raise UserError(f"--store {root} is the corpus itself: choose a folder outside the corpus (nothing was written)")
    if source.is_dir() and source in store.parents:
        raise UserError(f"--store {root} is inside the corpus {corpus}: choose a folder outside it (nothing was written)")
    if store in source.parents:
        raise UserError(f"--store {root} contains the corpus {corpus}: choose a folder outside it (nothing was written)")


# ---------------------------------------------------------------- the writer lock
def lock_path(root: Path) -> Path:
    root = root.resolve()
    return root.parent / f".{root.name}.lock"


_held: dict[tuple[Path, int], list[int]] = {}  # (lock path, thread id) -> [fd, depth]
_held_guard = threading.Lock()


@contextmanager
def writer_lock(root: Path | str, wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
    """Hold the writer lock of the store at `root` (re-entrant in one thread); StoreBusy after `wait` s."""
    path = lock_path(Path(root))
    key = (path, threading.get_ident())
    with _held_guard:
        entry = _held.get(key)
        if entry:
            entry[1] += 1
    if entry:
        try:
            yield
        finally:
            with _held_guard:
                entry[1] -= 1
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = _acquire(path, wait, Path(root))
    except PermissionError as e:
        raise UserError(f"cannot write the store {root}: {e.strerror} ({e.filename})") from None
    with _held_guard:
        _held[key] = [fd, 1]
    try:
        _clean_leftovers(Path(root).resolve())
        yield
    finally:
        with _held_guard:
            del _held[key]
        _release(path, fd)


def _acquire(path: Path, wait: float, root: Path) -> int:
    deadline = time.monotonic() + wait
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_pid(fd)
            os.close(fd)
            if time.monotonic() >= deadline:
                who = f" (pid {holder})" if holder else ""
                raise StoreBusy(f"another hopgraph index{who} is writing the store {root}: "
                                "wait for it to finish and try again") from None
            time.sleep(0.1)
            continue
        # The previous holder unlinks the file on release: make sure we locked the file still at `path`.
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except FileNotFoundError:
            same = False
        if not same:
            os.close(fd)
            continue
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        return fd


def _read_pid(fd: int) -> str:
    try:
        return os.pread(fd, 32, 0).decode().strip()
    except (OSError, UnicodeDecodeError):
        return ""


def _release(path: Path, fd: int) -> None:
    try:
        path.unlink(missing_ok=True)
    finally:
        os.close(fd)  # closing drops the flock


def _clean_leftovers(root: Path) -> None:
    """Remove what a dead writer left next to the store: half-built `.NAME.building-PID-*` folders, and
    `.NAME.old-PID-*` folders (put back in place when the store itself is missing). Folders of a live
    process (this one included) are left alone."""
    if not root.parent.is_dir():
        return
    building, old = f".{root.name}.building-", f".{root.name}.old-"
    stale = [p for p in root.parent.iterdir()
             if p.name.startswith((building, old)) and p.is_dir() and not _owner_alive(p.name.rsplit(".", 1)[-1])]
    olds = sorted((p for p in stale if p.name.startswith(old)), key=lambda p: p.stat().st_mtime)
    if olds and not root.exists():
        olds[-1].rename(root)
        stale.remove(olds[-1])
    for p in stale:
        shutil.rmtree(p, ignore_errors=True)


def _owner_alive(suffix: str) -> bool:
    """Whether the process named in a `building-PID-HEX` / `old-PID-HEX` suffix still runs."""
    parts = suffix.split("-")
    if len(parts) != 3 or not parts[1].isdigit():
        return False
    pid = int(parts[1])
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
