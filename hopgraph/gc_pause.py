"""Python's cyclic garbage collector paused for blocks that make millions of long-lived objects."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for a block that makes millions of long-lived objects and no reference
    cycles (graph arrays, entity resolution's counters and rows, extractions read from a store): each of its
    passes visits every object alive, so it would run many times over them while they are made (about a tenth
    of a whole-corpus resolution's time at 100k passages). Its first passes afterwards still visit them once or
    twice; `gc.freeze` would spare that but hides every object from the collector process-wide."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
