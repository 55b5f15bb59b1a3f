"""Reciprocal rank fusion (hops/fuse.py): exact arithmetic, tie order, weights."""

from __future__ import annotations

import pytest

from hopgraph.hops.fuse import rrf


def test_exact_scores_for_two_rankings() -> None:
    fused = dict(rrf([["a", "b", "c"], ["c", "a"]], k=60))
    assert fused["a"] == pytest.approx(1 / 61 + 1 / 62)
    assert fused["b"] == pytest.approx(1 / 62)
    assert fused["c"] == pytest.approx(1 / 63 + 1 / 61)


def test_order_follows_scores() -> None:
    fused = rrf([["a", "b", "c"], ["c", "a"]], k=60)
    # a: 1/61+1/62 = 0.032522, c: 1/63+1/61 = 0.032266, b: 1/62
    assert [item for item, _ in fused] == ["a", "c", "b"]
    scores = [s for _, s in fused]
    assert scores == sorted(scores, reverse=True)


def test_small_k_changes_the_winner() -> None:
    rankings = [["x", "y", "z"], ["z", "y", "x"], ["y"]]
    fused = dict(rrf(rankings, k=1))
    assert fused["y"] == pytest.approx(1 / 3 + 1 / 3 + 1 / 2)
    assert fused["x"] == pytest.approx(1 / 2 + 1 / 4)
    assert rrf(rankings, k=1)[0][0] == "y"


def test_ties_keep_first_seen_order() -> None:
    # every item gets 1/(60+1): first seen in the earlier ranking wins
    fused = rrf([["b"], ["a"], ["c"]], k=60)
    assert [item for item, _ in fused] == ["b", "a", "c"]
    # symmetric placement: x and y tie exactly, x was seen first
    fused = rrf([["x", "y"], ["y", "x"]], k=60)
    assert [item for item, _ in fused] == ["x", "y"]
    assert fused[0][1] == pytest.approx(fused[1][1])


def test_weights_scale_each_ranking() -> None:
    fused = dict(rrf([["a", "b"], ["b", "a"]], k=60, weights=[2.0, 0.5]))
    assert fused["a"] == pytest.approx(2 / 61 + 0.5 / 62)
    assert fused["b"] == pytest.approx(2 / 62 + 0.5 / 61)
    assert rrf([["a", "b"], ["b", "a"]], k=60, weights=[0.5, 2.0])[0][0] == "b"


def test_zero_weight_ignores_a_ranking_but_keeps_its_items() -> None:
    fused = dict(rrf([["a"], ["z"]], k=60, weights=[1.0, 0.0]))
    assert fused == {"a": pytest.approx(1 / 61), "z": 0.0}


def test_empty_and_integer_ids() -> None:
    assert rrf([]) == []
    assert rrf([[], []]) == []
    assert rrf([[3, 1], [1]], k=60) == [(1, pytest.approx(1 / 62 + 1 / 61)), (3, pytest.approx(1 / 61))]
