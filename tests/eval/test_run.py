"""The per-question runner over a fake engine: scoring, hops traces, resume after an interrupt, threads."""

import threading

import pytest

from hopgraph.errors import UserError
from hopgraph.eval.beir import EvalQuery
from hopgraph.eval.records import load_records
from hopgraph.eval.run import parse_systems, run_eval, run_question
from hopgraph.models import AgenticRetrievalResult, RouteDecision, SearchHit

QUERIES = [EvalQuery(query_id=f"q{i}", text=f"question {i}", type="bridge" if i % 2 else "comparison",
                     gold=[f"d{i}", f"d{i + 1}"]) for i in range(6)]


class FakeEngine:
    """Returns chunks of docs d<i>, d<i> (a duplicate), x, d<i+1> for question i; can interrupt."""

    def __init__(self, interrupt_after=None):
        self.calls = []
        self.interrupt_after = interrupt_after
        self._lock = threading.Lock()

    def _hits(self, question):
        i = int(question.split()[-1])
        docs = [f"d{i}", f"d{i}", "x", f"d{i + 1}"]
        return [SearchHit(chunk_id=f"{d}#{n}", doc_id=d) for n, d in enumerate(docs)]

    def search(self, question, k=10, profile=None):
        with self._lock:
            if k > 1:  # warm-up calls use k=1 and are not counted
                self.calls.append((profile, question))
                if self.interrupt_after is not None and len(self.calls) > self.interrupt_after:
                    raise KeyboardInterrupt
        return self._hits(question)[:k]

    def ask(self, question, k=None, answer=False, save_trace=True):
        assert save_trace is False
        with self._lock:
            self.calls.append(("hops", question))
        return AgenticRetrievalResult(
            question=question, hits=self._hits(question), termination_reason="complete", total_hops=2,
            correction_count=1, route=RouteDecision(route="multi_hop", first_query=question, reason=""),
            stage_calls={"router": 1},
        )


def test_run_question_dedupes_and_scores():
    rec = run_question(FakeEngine(), "bm25", QUERIES[1])
    assert rec.ranked == ["d1", "x", "d2"]
    assert rec.metrics["recall@2"] == 0.5 and rec.metrics["complete@5"] == 1.0
    assert rec.metrics["mrr@10"] == 1.0
    assert rec.type == "bridge" and rec.gold == ["d1", "d2"] and rec.trace is None
    assert rec.latency_ms >= 0


def test_run_question_hops_has_trace():
    rec = run_question(FakeEngine(), "hops", QUERIES[0])
    assert rec.trace["hops"] == 2 and rec.trace["termination"] == "complete" and rec.trace["route"] == "multi_hop"
    assert rec.ranked == ["d0", "x", "d1"]


def test_resume_after_interrupt_runs_only_the_rest(tmp_path):
    out = tmp_path / "per_query.jsonl"
    with pytest.raises(KeyboardInterrupt):
        run_eval(FakeEngine(interrupt_after=4), QUERIES, ["bm25", "dense"], out, show_progress=False)
    assert len(load_records(out)) == 4
    with out.open("a") as f:
        f.write('{"system": "bm25", "query_id": "q4", "ra')  # killed mid-write
    with pytest.raises(UserError, match="--resume"):
        run_eval(FakeEngine(), QUERIES, ["bm25", "dense"], out, show_progress=False)

    engine = FakeEngine()
    ran = run_eval(engine, QUERIES, ["bm25", "dense"], out, resume=True, show_progress=False)
    assert ran == 8 and len(engine.calls) == 8
    assert ("bm25", "question 0") not in engine.calls
    records = load_records(out)
    assert sorted((r.system, r.query_id) for r in records) == sorted(
        (s, q.query_id) for s in ("bm25", "dense") for q in QUERIES)
    assert run_eval(FakeEngine(), QUERIES, ["bm25", "dense"], out, resume=True, show_progress=False) == 0


def test_parallel_workers_write_every_pair_once(tmp_path):
    out = tmp_path / "per_query.jsonl"
    engine = FakeEngine()
    assert run_eval(engine, QUERIES, ["bm25", "hops"], out, workers=3, show_progress=False) == 12
    keys = [(r.system, r.query_id) for r in load_records(out)]
    assert len(keys) == len(set(keys)) == 12


def test_parse_systems():
    assert parse_systems("bm25, dense,hops") == ["bm25", "dense", "hops"]
    with pytest.raises(UserError, match="unknown system 'colbert'"):
        parse_systems("bm25,colbert")
    with pytest.raises(UserError, match="twice"):
        parse_systems("bm25,bm25")
