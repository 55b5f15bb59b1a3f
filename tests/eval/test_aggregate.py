"""metrics.json content from records; report and plots render from it."""

import pytest

from hopgraph.eval.aggregate import build_metrics, index_summary
from hopgraph.eval.plots import mean_recall_curves, write_plots
from hopgraph.eval.records import QueryRecord
from hopgraph.eval.report import render_report


def rec(system, qid, qtype, ranked, gold, ms=5.0, trace=None):
    from hopgraph.eval.metrics import question_metrics

    return QueryRecord(system=system, query_id=qid, type=qtype, ranked=ranked, gold=gold,
                       metrics=question_metrics(ranked, gold), latency_ms=ms, trace=trace)


RECORDS = [
    rec("bm25", "q1", "bridge", ["x", "g1"], ["g1"]),
    rec("bm25", "q2", "comparison", ["x", "y"], ["g2", "g3"]),
    rec("hops", "q1", "bridge", ["g1"], ["g1"], 50.0,
        {"hops": 1, "corrections": 0, "termination": "complete", "route": "single_hop", "confidence": 1.0,
         "stage_calls": {}}),
    rec("hops", "q2", "comparison", ["g2", "g3"], ["g2", "g3"], 70.0,
        {"hops": 2, "corrections": 1, "termination": "max_hops_reached", "route": "multi_hop", "confidence": 0.5,
         "stage_calls": {}}),
]


def metrics():
    return build_metrics(RECORDS, dataset="toy", split="dev", systems=["bm25", "hops"], baseline="bm25",
                         n_queries=2, created_at="now", config={"a": 1},
                         index=index_summary({"index_seconds": "2.0", "chunks": "10", "entities": "3", "relations": "4"}),
                         resamples=200)


def test_metrics_shape_and_values():
    m = metrics()
    assert list(m) == ["dataset", "split", "n_queries", "created_at", "config", "index", "systems", "paired"]
    assert m["index"] == {"seconds": 2.0, "chunks": 10, "entities": 3, "relations": 4, "chunks_per_s": 5.0}
    bm25 = m["systems"]["bm25"]
    assert bm25["overall"]["recall@5"] == pytest.approx(0.5)
    assert bm25["overall"]["mrr@10"] == pytest.approx(0.25)
    assert bm25["by_type"]["comparison"]["recall@5"] == 0.0
    assert bm25["hops"] == {}
    assert m["systems"]["hops"]["hops"]["calibration"]["precision"] == 1.0
    assert m["systems"]["hops"]["hops"]["calibration"]["recall"] == 0.5
    p = m["paired"]["hops-vs-bm25"]
    assert set(p) == {"recall@5", "complete@5", "mrr@10"}
    assert p["recall@5"]["delta"] == pytest.approx(0.5)
    assert len(p["recall@5"]["ci95"]) == 2
    for system in m["systems"].values():
        for key, value in system["overall"].items():
            if not key.startswith("latency") and key not in ("n", "skipped_no_gold"):
                assert 0.0 <= value <= 1.0


def test_index_summary_tolerates_missing_meta():
    assert index_summary({}) == {"seconds": None, "chunks": None, "entities": None, "relations": None,
                                 "chunks_per_s": None}


def test_report_and_plots(tmp_path):
    m = metrics()
    names = write_plots(RECORDS, m, tmp_path)
    for name in names:
        assert (tmp_path / name).read_bytes()[:4] == b"\x89PNG"
    report = render_report(m, names)
    assert "| hops | 2 | 100.0 |" in report
    assert "hops-vs-bm25" in report and "Calibration: precision 100.0, recall 50.0" in report
    assert "| read sure | 1 questions, R@5 100.0, C@5 100.0 |" in report and "| read unsure | 1 questions" in report
    assert mean_recall_curves(RECORDS, ["bm25"])["bm25"][1] == pytest.approx(0.5)


def styled_records():
    from hopgraph.eval.answers import score_answer
    from hopgraph.eval.metrics import question_metrics

    def r(qid, style, ranked, returned, gold, answer=None, termination="complete"):
        return QueryRecord(system="hops", query_id=qid, type="bridge", style=style, ranked=ranked,
                           returned=returned, gold=gold, metrics=question_metrics(ranked, gold), answer=answer,
                           trace={"hops": 1, "corrections": 0, "termination": termination, "route": "multi_hop",
                                  "stage_calls": {}})

    right, wrong = score_answer("Answer: Kell", "extractive", "Kell"), score_answer("Answer: Vell", "extractive", "Kell")
    # q1: doc a is split into 4 chunks, so gold b is document #2 but hit #5 and #6 as returned
    return [r("q1", "a", ["a", "b"], ["a", "a", "a", "a", "x", "b"], ["a", "b"], right),
            r("q2", "b", ["c", "d"], ["c", "d"], ["c", "d"], right),
            r("q3", "b", ["x"], ["x"], ["e"], wrong, "max_hops_reached")]


def test_by_style_as_returned_and_answers():
    recs = styled_records()
    m = build_metrics(recs, dataset="toy", split="dev", systems=["hops"], baseline="hops", n_queries=3,
                      created_at="now", config={}, index=index_summary({}), resamples=50)
    hops = m["systems"]["hops"]
    assert hops["overall"]["recall@5"] == pytest.approx(2 / 3)
    assert hops["as_returned"]["recall@5"] == pytest.approx((0.5 + 1 + 0) / 3)
    assert hops["as_returned"]["complete@5"] == pytest.approx(1 / 3) and hops["as_returned"]["n"] == 3
    assert hops["as_returned"]["recall@10"] == pytest.approx(2 / 3)
    assert hops["by_style"]["a"]["n"] == 1 and hops["by_style"]["b"]["recall@5"] == pytest.approx(0.5)
    a = hops["answers"]
    assert a["n"] == 3 and a["em"] == pytest.approx(2 / 3)
    assert a["answered_when_gold_incomplete"] == 1.0 and a["answered_when_not_complete"] == 1.0
    assert a["by_style"]["b"]["em"] == 0.5 and a["by_type"]["bridge"]["n"] == 3
    report = render_report(m)
    assert "## By question style" in report and "| b | 2 | 50.0 / 50.0 |" in report
    assert "| hops | 66.7 | 50.0 | 66.7 | 33.3 |" in report  # R@5 docs vs as returned, C@5 docs vs as returned
    assert "## Answers" in report and "style b" in report


def test_no_style_no_answers_sections():
    m = metrics()
    assert "by_style" not in m["systems"]["bm25"] and "answers" not in m["systems"]["bm25"]
    assert m["systems"]["bm25"]["as_returned"] == {"n": 0}  # records from before 'returned' existed
    report = render_report(m)
    assert "By question style" not in report and "## Answers" not in report
