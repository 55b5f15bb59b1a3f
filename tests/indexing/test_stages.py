"""Progress and timing of the build's stages (indexing/stages.py): how items are batched."""

from __future__ import annotations

from hopgraph.indexing.stages import batched


def test_batched() -> None:
    assert [list(b) for b in batched([1, 2, 3, 4, 5], 2)] == [[1, 2], [3, 4], [5]]
    assert list(batched([], 3)) == []
