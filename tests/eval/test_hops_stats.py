"""Hop-loop summaries, aggregates and calibration."""

import pytest

from hopgraph.eval.hops_stats import calibration, hops_stats, trace_summary
from hopgraph.eval.records import QueryRecord
from hopgraph.models import AgenticRetrievalResult, RouteDecision


def test_trace_summary_from_a_result():
    result = AgenticRetrievalResult(
        question="q", termination_reason="max_hops_reached", total_hops=3, correction_count=1,
        route=RouteDecision(route="multi_hop", shape="bridge", first_query="q", reason="r"),
        stage_calls={"router": 1, "grader": 3},
    )
    assert trace_summary(result) == {"hops": 3, "corrections": 1, "termination": "max_hops_reached",
                                     "route": "multi_hop", "shape": "bridge", "confidence": 1.0,
                                     "stage_calls": {"router": 1, "grader": 3}}
    bare = AgenticRetrievalResult(question="q", termination_reason="router_failed")
    assert trace_summary(bare)["route"] == "none" and trace_summary(bare)["confidence"] is None


def test_calibration_confusion_precision_recall():
    c = calibration([(True, True), (True, True), (True, False), (False, True), (False, False)])
    assert (c["ended_complete_gold_complete"], c["ended_complete_gold_incomplete"],
            c["ended_other_gold_complete"], c["ended_other_gold_incomplete"]) == (2, 1, 1, 1)
    assert c["precision"] == pytest.approx(2 / 3)
    assert c["recall"] == pytest.approx(2 / 3)
    assert calibration([(False, False)])["precision"] is None


def record(qid, hops, corrections, termination, complete, route="multi_hop", calls=None):
    return QueryRecord(system="hops", query_id=qid, gold=["g"], metrics={"complete@10": complete},
                       trace={"hops": hops, "corrections": corrections, "termination": termination,
                              "route": route, "shape": "", "stage_calls": calls or {}})


def test_hops_stats_aggregate():
    records = [
        record("q1", 1, 0, "complete", 1.0, route="single_hop", calls={"router": 1, "llm_tokens": 100}),
        record("q2", 3, 2, "max_hops_reached", 0.0, calls={"router": 1, "grader": 3, "llm_tokens": 50}),
        record("q3", 2, 0, "complete", 0.0, calls={"router": 1}),
    ]
    h = hops_stats(records)
    assert h["n"] == 3
    assert h["mean_hops"] == pytest.approx(2.0)
    assert h["correction_rate"] == pytest.approx(1 / 3)
    assert h["mean_corrections"] == pytest.approx(2 / 3)
    assert h["routes"] == {"single_hop": 1, "multi_hop": 2}
    assert h["termination"] == {"complete": 2, "max_hops_reached": 1}
    assert h["stage_calls"]["router"] == 3 and h["stage_calls_per_query"]["grader"] == pytest.approx(1.0)
    assert h["llm_tokens"] == 150
    assert h["calibration"]["precision"] == pytest.approx(0.5)
    assert h["calibration"]["recall"] == pytest.approx(1.0)
    assert hops_stats([QueryRecord(system="bm25", query_id="q")]) == {}


def test_questions_read_surely_and_unsurely_are_scored_apart():
    def read(qid, confidence, ranked):
        return QueryRecord(system="hops", query_id=qid, gold=["g1", "g2"], ranked=ranked, metrics={"complete@10": 0.0},
                           trace={"hops": 1, "corrections": 0, "termination": "no_progress", "route": "multi_hop",
                                  "shape": "bridge", "confidence": confidence, "stage_calls": {}})
    h = hops_stats([read("q1", 1.0, ["g1", "g2"]), read("q2", 0.5, ["x", "g1"]), read("q3", 0.3, ["x"])])
    assert h["by_reading"]["sure"]["n"] == 1 and h["by_reading"]["sure"]["recall@5"] == pytest.approx(1.0)
    assert h["by_reading"]["unsure"]["n"] == 2 and h["by_reading"]["unsure"]["recall@5"] == pytest.approx(0.25)
    assert "by_reading" not in hops_stats([record("q1", 1, 0, "complete", 1.0)])  # no confidence recorded


def test_cache_hit_rates():
    records = [record("q1", 1, 0, "complete", 1.0, calls={"cache_route_misses": 1, "cache_retrieve_misses": 3}),
               record("q2", 1, 0, "complete", 1.0, calls={"cache_route_hits": 1, "cache_retrieve_hits": 2,
                                                          "cache_retrieve_misses": 1, "cache_route_store_hits": 1})]
    rates = hops_stats(records)["cache_hit_rates"]
    assert rates == {"route": pytest.approx(0.5), "retrieve": pytest.approx(2 / 6)}
