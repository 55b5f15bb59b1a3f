"""Reading or deleting rows by a long list of keys: SQLite's `IN (?, ?, …)` in batches (pure helpers).

SQLite caps the host parameters of one statement; an update's key lists (chunks, entities, documents) run to
tens of thousands, so statements take them `BATCH` at a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

BATCH = 500  # keys per statement


def batches(items: Iterable, size: int = BATCH) -> Iterator[list]:
    """`items` in lists of at most `size`, in order."""
    items = list(items)
    for i in range(0, len(items), size):
        yield items[i : i + size]


def marks(part: list) -> str:
    """The `?, ?, …` placeholders of an `IN (…)` for `part`."""
    return ",".join("?" * len(part))
