"""benchmarks/scaling.py: the caches emptied before each timed question (the PPR walks too, unless kept)."""

from __future__ import annotations

import importlib.util
from functools import cached_property
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("scaling", REPO / "benchmarks" / "scaling.py")
scaling = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scaling)


class Memo(dict):
    pass


class Searcher:
    built = 0

    @cached_property
    def ppr_matrix(self) -> object:
        Searcher.built += 1
        return type("M", (), {"memo": Memo(walk=1)})()

    @cached_property
    def traversals(self) -> Memo:
        return Memo(traversal=1)


class Engine:
    @cached_property
    def graph_searcher(self) -> Searcher:
        return Searcher()


def test_forget_empties_the_query_cache_and_the_walks_unless_kept() -> None:
    cache = Memo(q=1)
    hg = Engine()
    scaling.forget(hg, cache)  # nothing built yet: nothing is built to be emptied
    assert cache == {} and "graph_searcher" not in hg.__dict__ and Searcher.built == 0
    memo = hg.graph_searcher.ppr_matrix.memo
    scaling.forget(hg, None, keep_walks=True)
    assert memo == {"walk": 1}
    scaling.forget(hg, None)
    assert memo == {} and Searcher.built == 1
    traversals = hg.graph_searcher.traversals  # the traversals the searcher keeps go too
    scaling.forget(hg, None, keep_walks=True)
    assert traversals == {"traversal": 1}
    scaling.forget(hg, None)
    assert traversals == {}


def test_percentile_is_nearest_rank() -> None:
    assert scaling.percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5) == 3.0
    assert scaling.percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.95) == 5.0
