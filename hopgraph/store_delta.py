"""Writing an update as changes to a copy of the store, swapped in like a fresh build.

`DeltaWriter` is a `StoreWriter` whose temporary folder starts with a copy of the current database (SQLite's
online backup: consistent even while `serve` writes traces; seconds even for gigabytes) instead of an empty
one. The update changes rows of that copy and writes new index files next to it; `commit()` swaps the folder
into place (`hopgraph.swap`), so an interrupted update leaves the previous store as it was, and traces or
cached replies written to the previous store meanwhile are carried over.
"""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager
from pathlib import Path

import sqlite_utils

from hopgraph.store import DB_NAME, StoreWriter, building


class DeltaWriter(StoreWriter):
    """A StoreWriter over a copy of the database at `final_root`."""

    def __init__(self, final_root: Path):
        super().__init__(final_root)
        self.db.conn.close()
        target = self.root / DB_NAME
        target.unlink()
        src = sqlite3.connect(f"file:{self.final_root / DB_NAME}?mode=ro", uri=True)
        dst = sqlite3.connect(str(target))
        try:
            src.backup(dst)
        finally:
            src.close()
            dst.close()
        self.db = sqlite_utils.Database(target)
        # A copy in a temporary folder: a crash loses the folder anyway, so no journal to sync.
        self.db.conn.execute("PRAGMA synchronous = OFF")
        self.db.conn.execute("PRAGMA journal_mode = MEMORY")

    @property
    def conn(self) -> sqlite3.Connection:
        return self.db.conn


def delta_building(final_root: Path) -> AbstractContextManager[DeltaWriter]:
    """Context manager: a DeltaWriter that is committed on success and removed on any failure."""
    return building(final_root, DeltaWriter)  # type: ignore[return-value]
