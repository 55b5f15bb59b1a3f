"""A traversal's chunk scores kept as arrays (graph/chunk_scores.py): the same scores as the dict traversal made
before, the same best n as `search._top` over that dict, and the graph searcher's kept traversals."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.chunk_scores import ChunkScores, codes_of, ranks_of
from hopgraph.graph.search import GraphSearcher, _top
from test_build import _from_models, _store

NAMES = ["c-alder", "c-birch", "c-cedar", "c-dogwood", "c-elm", "c-fir", "c-gum", "c-hazel"]


def made(best: list[float], few: dict[int, float], single: dict[str, float]) -> ChunkScores:
    return ChunkScores(NAMES, np.array(best, dtype=np.float64), dict(few), dict(single))


def expected(best: list[float], few: dict[int, float], single: dict[str, float]) -> dict[str, float]:
    """Every offer one by one into a dict, keeping the largest above 0 (as traversal always scored)."""
    out: dict[str, float] = {}
    offers = [(NAMES[c], v) for c, v in enumerate(best)] + [(NAMES[c], v) for c, v in few.items()] + list(single.items())
    for cid, v in offers:
        if v > out.get(cid, 0.0):
            out[cid] = v
    return out


def test_the_largest_offer_of_each_way_wins_and_unreached_chunks_are_absent() -> None:
    best, few, single = [0.5, 0, 0, 0.2, 0, 0, 0, 0], {1: 0.3, 3: 0.1}, {"c-alder": 0.7, "c-zinc": 0.4}
    scores = made(best, few, single)
    assert scores.as_dict() == expected(best, few, single) == {"c-alder": 0.7, "c-birch": 0.3, "c-dogwood": 0.2,
                                                                "c-zinc": 0.4}
    assert len(scores) == 4
    assert scores.get("c-alder") == 0.7 and scores.get("c-zinc") == 0.4 and scores.get("c-dogwood") == 0.2
    assert scores.get("c-cedar") is None and scores.get("c-nowhere") is None


def test_top_is_the_first_n_of_sorting_by_score_then_id_as_search_top() -> None:
    rng = random.Random(3)
    for _ in range(300):
        levels = [0.0, 0.2, 0.5, 0.9, rng.random()]  # few distinct values: many ties
        best = [rng.choice(levels) for _ in NAMES]
        few = {rng.randrange(len(NAMES)): rng.choice(levels) for _ in range(rng.randrange(4))}
        single = {rng.choice(NAMES + ["c-yew", "c-zinc"]): rng.choice(levels) for _ in range(rng.randrange(4))}
        scores, want = made(best, few, single), expected(best, few, single)
        assert scores.as_dict() == want
        for n in range(len(want) + 2):
            assert scores.top(n) == _top(want, n), (best, few, single, n)
        asked = rng.sample(NAMES + ["c-yew", "c-zinc", "c-nowhere"], 6)
        got = scores.scores_of(asked)
        assert got == {c: want[c] for c in asked if c in want} and list(got) == [c for c in asked if c in want]


def test_without_arrays_the_single_offers_are_the_scores() -> None:
    scores = ChunkScores(None, np.zeros(0), {}, {"c-b": 0.4, "c-a": 0.4, "c-c": 0.1})
    assert scores.as_dict() == {"c-b": 0.4, "c-a": 0.4, "c-c": 0.1}
    assert scores.top(1) == {"c-a"} and scores.top(2) == {"c-a", "c-b"} and scores.get("c-c") == 0.1


def test_codes_are_made_once_per_names_list() -> None:
    names = ["x", "y", "x"]
    assert codes_of(names) == {"x": 0, "y": 1} and codes_of(names) is codes_of(names)
    other = list(names)
    assert codes_of(other) is not codes_of(names)
    kept = codes_of(names)
    assert codes_of(other) is codes_of(other) and codes_of(names) is kept  # two graphs in turn: both kept


@pytest.mark.parametrize("array_offer", [32, 0])  # short lists through a dict, or every list through numpy
def test_traversal_over_the_saved_arrays_picks_as_over_dicts_of_sets(tmp_path: Path, array_offer: int,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from hopgraph.graph import build, traverse
    from hopgraph.graph.traverse import traverse_chunks, traverse_scores

    monkeypatch.setattr(traverse, "ARRAY_OFFER", array_offer)
    monkeypatch.setattr(build, "LAZY_MEMBERS", 0)  # the side tables of a large graph
    store = _store(tmp_path / "s")
    kg, ref = KnowledgeGraph.from_store(store), _from_models(store)
    for seeds in ({0: 1.0}, {2: 0.8}, {1: 0.6, 3: 0.9}):
        for terms in (frozenset(), frozenset({"founded"}), frozenset({"based"})):
            got, want = traverse_scores(kg, seeds, terms, 2), traverse_chunks(ref, seeds, terms, 2)
            assert got[0].as_dict() == want[0] and got[1] == want[1] and want[0]
            for n in range(len(want[0]) + 2):
                assert got[0].top(n) == _top(want[0], n)
            assert all(got[0].get(c) == v for c, v in want[0].items())


def test_the_searcher_keeps_each_traversal(monkeypatch: pytest.MonkeyPatch) -> None:
    from hopgraph.graph import search

    calls = []

    def counted(kg, seeds, terms, hops):
        calls.append((dict(seeds), terms, hops))
        return ChunkScores(None, np.zeros(0), {}, {"c-a": 1.0}), dict(seeds)

    monkeypatch.setattr(search, "traverse_scores", counted)
    searcher = GraphSearcher.__new__(GraphSearcher)
    searcher.kg = None  # type: ignore[assignment]
    first = searcher.traversal({7: 1.0}, frozenset({"born"}), 2)
    assert searcher.traversal({7: 1.0}, frozenset({"born"}), 2) is first and len(calls) == 1
    searcher.traversal({7: 1.0}, frozenset({"born", "birthplace"}), 2)
    searcher.traversal({7: 0.9}, frozenset({"born"}), 2)
    searcher.traversal({7: 1.0}, frozenset({"born"}), 1)
    assert len(calls) == 4


def test_ranks_follow_the_ids_order() -> None:
    names = ["c-m", "c-b", "c-z", "c-a"]
    assert ranks_of(names).tolist() == [2, 1, 3, 0] and ranks_of(names) is ranks_of(names)


def test_many_ties_at_the_nth_score_keep_the_smallest_ids() -> None:
    rng = random.Random(5)
    names = [f"c-{rng.randrange(10**6):06d}-{i}" for i in range(400)]
    for _ in range(20):
        best = np.array([rng.choice([0.0, 0.3, 0.3, 0.3, 0.8]) for _ in names])
        single = {rng.choice(names): 0.3, "c-extra": rng.choice([0.3, 0.9])}
        scores = ChunkScores(names, best.copy(), {}, dict(single))
        want = {c: v for c, v in zip(names, best) if v > 0}
        for cid, v in single.items():
            want[cid] = max(want.get(cid, 0.0), v)
        for n in (1, 5, 60, 150):
            assert scores.top(n) == _top(want, n)
