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


class AnsweringEngine(FakeEngine):
    def __init__(self):
        super().__init__()
        self.asked = []

    def ask(self, question, k=None, answer=False, save_trace=True):
        self.asked.append((question, k, answer))
        result = super().ask(question, k, answer, save_trace)
        result.answer = "Answer: Kell (born place of Oda Varn) — [d1#0]" if answer else None
        return result


def test_run_question_keeps_style_hits_as_returned_and_scores_answers():
    q = QUERIES[1].model_copy(update={"style": "c", "answer": "kell", "answer_aliases": ["Kell Town"]})
    engine = AnsweringEngine()
    rec = run_question(engine, "hops", q, answers=True)
    assert rec.style == "c" and rec.returned == ["d1", "d1", "x", "d2"] and rec.ranked == ["d1", "x", "d2"]
    assert rec.answer["em"] == 1.0 and rec.answer["source"] == "extractive" and engine.asked[-1][2] is True
    plain = run_question(engine, "hops", q)
    assert plain.answer is None and engine.asked[-1][2] is False
    no_gold_answer = run_question(engine, "hops", QUERIES[1], answers=True)
    assert no_gold_answer.answer is None and engine.asked[-1][2] is False
    assert run_question(engine, "bm25", q, answers=True).answer is None


def test_hybrid_rerank_without_a_reranker_is_refused():
    from hopgraph.config import Settings
    from hopgraph.eval.run import parse_systems_for

    with pytest.raises(UserError, match="hybrid-rerank needs a reranker"):
        parse_systems_for("hybrid,hybrid-rerank", Settings())
    assert parse_systems_for("hybrid-rerank", Settings(retrieval={"reranker_model": "/some/model"})) == ["hybrid-rerank"]


class WarmEngine(FakeEngine):
    """Counts what a hops warm-up touches."""

    class _Router:
        def __init__(self, log):
            self.nlp = lambda text: log.append(("nlp", text))

    def __init__(self):
        super().__init__()
        self.log = []
        self.hop_loop = type("Loop", (), {"router": self._Router(self.log)})()

    def warm_up(self):
        self.log.append(("warm_up",))

    def search(self, question, k=10, profile=None):
        self.log.append(("search", profile, k))
        return super().search(question, k, profile)

    def ask(self, question, k=None, answer=False, save_trace=True):
        self.log.append(("ask", k))
        return super().ask(question, k, answer, save_trace)


def test_hops_warm_up_touches_every_component_untimed(tmp_path):
    engine = WarmEngine()
    run_eval(engine, QUERIES[:1], ["hops"], tmp_path / "per_query.jsonl", show_progress=False)
    first_timed = engine.log.index(("ask", 10))
    warm = engine.log[:first_timed]
    assert ("warm_up",) in warm and ("ask", 1) in warm
    assert {("search", p, 1) for p in ("dense", "bm25", "hybrid")} <= set(warm)
    assert ("nlp", "question 0") in warm


def test_search_refuses_hybrid_rerank_without_a_reranker():
    from hopgraph.config import Settings
    from hopgraph.facade import HopGraph

    hg = HopGraph(store=None, settings=Settings())  # refused before any index is touched
    with pytest.raises(UserError, match="hybrid-rerank needs a reranker"):
        hg.search("Who directed The Tide?", k=3, profile="hybrid-rerank")
