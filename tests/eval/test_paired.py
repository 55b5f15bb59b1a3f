"""Paired deltas and the bootstrap interval."""

import pytest

from hopgraph.eval.paired import bootstrap_ci, compare, paired_deltas


def test_bootstrap_is_deterministic_with_a_seed():
    deltas = [0.0, 1.0, 0.5, -0.5, 1.0, 0.0, 0.25]
    assert bootstrap_ci(deltas, resamples=2000, seed=7) == bootstrap_ci(deltas, resamples=2000, seed=7)
    assert bootstrap_ci(deltas, resamples=2000, seed=7) != bootstrap_ci(deltas, resamples=2000, seed=8)


def test_bootstrap_interval_brackets_the_mean_and_collapses_on_constants():
    deltas = [0.0, 1.0] * 50
    lo, hi = bootstrap_ci(deltas, resamples=3000, seed=1)
    assert lo < 0.5 < hi
    assert 0.35 < lo and hi < 0.65  # sd of the mean is 0.05
    assert bootstrap_ci([0.2] * 10, resamples=100) == pytest.approx((0.2, 0.2))


def test_batching_does_not_change_the_interval():
    deltas = [0.1, -0.3, 0.7, 0.0, 0.4]
    assert bootstrap_ci(deltas, 2500, 3, batch=1000) == bootstrap_ci(deltas, 2500, 3, batch=1000)
    assert len(bootstrap_ci(deltas, 2500, 3, batch=7)) == 2


def test_paired_deltas_use_common_questions_only():
    system = {"q1": {"m": 1.0}, "q2": {"m": 0.5}, "q3": {"m": 0.0}}
    base = {"q1": {"m": 0.0}, "q2": {"m": 0.5}, "q4": {"m": 1.0}}
    assert paired_deltas(system, base, "m") == [1.0, 0.0]


def test_compare_shape():
    system = {"q1": {"recall@5": 1.0, "complete@5": 1.0, "mrr@10": 1.0},
              "q2": {"recall@5": 0.5, "complete@5": 0.0, "mrr@10": 0.5}}
    base = {"q1": {"recall@5": 0.5, "complete@5": 0.0, "mrr@10": 0.5},
            "q2": {"recall@5": 0.5, "complete@5": 0.0, "mrr@10": 0.25}}
    out = compare(system, base, resamples=500)
    assert out["recall@5"]["delta"] == pytest.approx(0.25)
    assert out["complete@5"]["delta"] == pytest.approx(0.5)
    assert out["mrr@10"]["delta"] == pytest.approx(0.375)
    lo, hi = out["recall@5"]["ci95"]
    assert 0.0 <= lo <= 0.25 <= hi <= 0.5
    assert compare({}, base)["recall@5"] == {"delta": None, "ci95": [None, None], "n": 0}
