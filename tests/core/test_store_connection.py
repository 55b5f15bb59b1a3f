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
