"""The bounded LRU map: least recently used entries leave first; hits and misses are counted."""

from __future__ import annotations

import pytest

from hopgraph.cache.lru import LRU


def test_bound_and_recency() -> None:
    lru = LRU(2)
    lru.put("a", 1)
    lru.put("b", 2)
    assert lru.get("a") == 1  # a is now the most recent
    lru.put("c", 3)  # evicts b
    assert "b" not in lru and lru.get("a") == 1 and lru.get("c") == 3 and len(lru) == 2
    assert lru.get("b", "none") == "none"
    assert (lru.hits, lru.misses) == (3, 1)


def test_clear_and_bad_bound() -> None:
    lru = LRU(1)
    lru.put("a", 1)
    lru.clear()
    assert len(lru) == 0
    with pytest.raises(ValueError):
        LRU(0)
