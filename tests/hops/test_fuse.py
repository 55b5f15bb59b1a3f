"""Fusion (hops/fuse.py): RRF and z-score fusion, exact arithmetic, tie order, weights."""

from __future__ import annotations

import pytest

from hopgraph.hops.fuse import fuse_dense_bm25, fusion_for, rrf, zscore_fuse


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


def test_zscore_fusion_sums_standardised_scores() -> None:
    # ranking one: 3, 1 -> z +1, -1; ranking two: 10, 10, 4 -> z +0.71, +0.71, -1.41
    fused = dict(zscore_fuse([[("a", 3.0), ("b", 1.0)], [("b", 10.0), ("c", 10.0), ("d", 4.0)]]))
    assert fused["a"] == pytest.approx(1 + -2 ** 0.5)  # absent from ranking two: its lowest z-score
    assert fused["b"] == pytest.approx(-1 + 0.5 ** 0.5)
    assert fused["c"] == pytest.approx(-1 + 0.5 ** 0.5)
    assert fused["d"] == pytest.approx(-1 - 2 ** 0.5)


def test_zscore_fusion_follows_a_hit_that_stands_out() -> None:
    even = [("a", 5.0), ("b", 4.0), ("c", 3.0), ("d", 2.0), ("e", 1.0)]  # evenly spread: no hit stands out
    outlier = [("c", 10.0), ("a", 1.0), ("b", 1.0), ("d", 1.0), ("e", 1.0)]  # one hit far above the rest
    assert zscore_fuse([even, outlier])[0][0] == "c"
    assert rrf([[i for i, _ in even], [i for i, _ in outlier]], k=60)[0][0] == "a"  # ranks only: a is 1st and 2nd


def test_zscore_fusion_ties_equal_scores_and_empty_rankings() -> None:
    assert zscore_fuse([[("a", 2.0), ("b", 2.0)], []]) == [("a", 0.0), ("b", 0.0)]
    assert zscore_fuse([[], []]) == []
    assert [i for i, _ in zscore_fuse([[("a", 1.0), ("b", 3.0)]], weights=[-1.0])] == ["a", "b"]


def test_fuse_dense_bm25_dispatches_on_the_method() -> None:
    dense, lexical = [("a", 0.9), ("b", 0.1)], [("b", 5.0), ("c", 1.0)]
    assert fuse_dense_bm25(dense, lexical, "rrf", 60) == rrf([["a", "b"], ["b", "c"]], k=60)
    assert fuse_dense_bm25(dense, lexical, "zscore", 60) == zscore_fuse([dense, lexical])


def test_auto_fusion_is_zscore_for_long_queries_and_rrf_for_short_ones() -> None:
    assert fusion_for("auto", 6, 6) == "zscore" and fusion_for("auto", 5, 6) == "rrf"
    assert fusion_for("rrf", 12, 6) == "rrf" and fusion_for("zscore", 1, 6) == "zscore"
