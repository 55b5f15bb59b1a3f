"""Metrics against hand-computed cases."""

import math

import pytest

from hopgraph.eval.metrics import (aggregate, complete_at, dedupe_docs, hits_at, latency_summary, map_at, mrr_at,
                                   ndcg_at, percentile, question_metrics, recall_at, recall_curve)


def test_dedupe_keeps_first_occurrence_in_order():
    assert dedupe_docs(["a", "b", "a", "c", "b", "d"]) == ["a", "b", "c", "d"]


def test_recall_complete_hits_on_two_gold():
    ranked = ["x", "g1", "y", "z", "w", "g2"]
    gold = ["g1", "g2"]
    assert recall_at(ranked, gold, 2) == 0.5
    assert recall_at(ranked, gold, 5) == 0.5
    assert recall_at(ranked, gold, 10) == 1.0
    assert complete_at(ranked, gold, 5) == 0.0
    assert complete_at(ranked, gold, 6) == 1.0
    assert hits_at(ranked, gold, 1) == 0.0
    assert hits_at(ranked, gold, 4) == 1.0


def test_fewer_than_k_hits():
    ranked = ["g1", "x"]
    gold = ["g1", "g2"]
    assert recall_at(ranked, gold, 10) == 0.5
    assert complete_at(ranked, gold, 10) == 0.0
    assert mrr_at([], gold) == 0.0
    assert recall_at([], gold, 5) == 0.0


def test_mrr_map_ndcg_exact_values():
    ranked = ["x", "g1", "y", "g2"]
    gold = ["g1", "g2", "g3"]
    assert mrr_at(ranked, gold) == 0.5
    # AP@10 = (1/2 + 2/4) / 3
    assert map_at(ranked, gold) == pytest.approx((0.5 + 0.5) / 3)
    dcg = 1 / math.log2(3) + 1 / math.log2(5)
    idcg = 1 + 1 / math.log2(3) + 1 / math.log2(4)
    assert ndcg_at(ranked, gold) == pytest.approx(dcg / idcg)


def test_rank_metrics_ignore_gold_beyond_k():
    ranked = [f"x{i}" for i in range(10)] + ["g"]
    assert mrr_at(ranked, ["g"]) == 0.0
    assert map_at(ranked, ["g"]) == 0.0
    assert ndcg_at(ranked, ["g"]) == 0.0


def test_ndcg_ideal_is_capped_at_k():
    gold = [f"g{i}" for i in range(12)]
    assert ndcg_at(gold[:10], gold) == pytest.approx(1.0)


def test_question_metrics_names_and_no_gold_refused():
    m = question_metrics(["g"], ["g"])
    assert set(m) == {"recall@2", "recall@5", "recall@10", "complete@2", "complete@5", "complete@10",
                      "mrr@10", "map@10", "ndcg@10", "hits@4", "hits@10"}
    assert all(v == 1.0 for v in m.values())
    with pytest.raises(ValueError):
        question_metrics(["g"], [])


def test_recall_curve():
    assert recall_curve(["a", "g1", "g2"], ["g1", "g2"], 4) == [0.0, 0.5, 1.0, 1.0]


def test_aggregate_dedupes_skips_no_gold_and_counts():
    rows = [
        (["g1", "g1", "x", "g2"], ["g1", "g2"], 10.0),  # deduped: g1, x, g2 -> g2 at rank 3
        (["x", "y"], ["g"], 30.0),
        (["g"], [], 99.0),  # no gold: skipped, not in latency
    ]
    out = aggregate(rows)
    assert out["n"] == 2 and out["skipped_no_gold"] == 1
    assert out["recall@2"] == pytest.approx((0.5 + 0.0) / 2)
    assert out["recall@5"] == pytest.approx((1.0 + 0.0) / 2)
    assert out["complete@2"] == 0.0
    assert out["mrr@10"] == pytest.approx(0.5)
    assert out["latency_ms_p50"] == pytest.approx(20.0)
    assert out["latency_ms_mean"] == pytest.approx(20.0)


def test_percentile_and_latency_summary():
    assert percentile([1, 2, 3, 4], 50) == 2.5
    assert percentile([5], 95) == 5
    s = latency_summary([float(i) for i in range(1, 101)])
    assert s["latency_ms_p50"] == pytest.approx(50.5)
    assert s["latency_ms_p95"] == pytest.approx(95.05)
    assert latency_summary([]) == {}
