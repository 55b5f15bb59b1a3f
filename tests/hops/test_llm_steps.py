"""LLM grader, corrector and cited answer (`llm_steps`, `llm_answer`) against a real HTTP server, with rule-based
stand-ins as fallback."""

from __future__ import annotations

from pathlib import Path

import pytest

from fake_openai_server import FakeOpenAI, Reply, settings_for, tiny_store
from hopgraph.config import Settings
from hopgraph.facade import HopGraph
from hopgraph.hops.llm_answer import llm_answer
from hopgraph.hops.llm_steps import (
    LLMCorrector,
    LLMGrader,
    build_llm_components,
    select_evidence,
    shared_client,
)
from hopgraph.llm import LLMClient
from hopgraph.models import (
    AgenticRetrievalResult,
    EvidenceDecision,
    EvidenceRequirement,
    HopTrace,
    RequirementAssessment,
    RouteDecision,
    SearchHit,
    SubQuery,
)
from hopgraph.router.llm import LLMRouter

QUESTION = "Where was the director of The Glass Harbor born?"
ROUTE = RouteDecision(
    route="multi_hop", shape="bridge", first_query="director of The Glass Harbor", reason="bridge",
    requirements=[EvidenceRequirement(id="R1", description="the director of The Glass Harbor", entities=["The Glass Harbor"]),
                  EvidenceRequirement(id="R2", description="the birthplace of {R1}", entities=["{R1}"], depends_on="R1")],
    plan=[SubQuery(text="director of The Glass Harbor", requirement_id="R1", hop=1),
          SubQuery(text="{R1} born in", requirement_id="R2", depends_on="R1", hop=2)],
)
HITS = [SearchHit(chunk_id="d1#0", doc_id="d1", title="The Glass Harbor", text="The Glass Harbor was directed by Oskar Brandt."),
        SearchHit(chunk_id="d7#2", doc_id="d7", title="Lorn", text="Lorn is an inland city on the Sable River.")]


class RuleStandIns:
    """Rule-based grader and corrector stand-ins that record their calls."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def grade(self, question, route, evidence, hop) -> EvidenceDecision:
        self.calls.append("grade")
        return EvidenceDecision(verdict="continue", reason="rules: R2 missing", next_query="Oskar Brandt born")

    def correct(self, question, failed, decision) -> SubQuery:
        self.calls.append("correct")
        return SubQuery(text=failed.text + " biography", requirement_id=failed.requirement_id, extract="rules: broaden")

    def route(self, question) -> RouteDecision:
        self.calls.append("route")
        return RouteDecision(route="single_hop", first_query=question, reason="rules")


def grade(server: FakeOpenAI, *replies: Reply) -> tuple[EvidenceDecision, RuleStandIns]:
    server.push(*replies)
    rules = RuleStandIns()
    return LLMGrader(LLMClient(settings_for(server)), rules).grade(QUESTION, ROUTE, HITS, hop=1), rules


def assessment(rid: str, status: str, ids: list, bridges: list[str] | None = None) -> dict:
    return {"requirement_id": rid, "status": status, "evidence_chunk_ids": ids, "bridge_entities": bridges or []}


# ---------------------------------------------------------------- grader


def test_grader_drops_invented_chunk_ids_and_never_says_complete_with_a_gap(fake_llm: FakeOpenAI) -> None:
    decision, rules = grade(fake_llm, Reply.json({
        "verdict": "complete", "reason": "all found",
        "assessments": [assessment("R1", "supported", ["d1#0", "d99#0"], ["Oskar Brandt"]),
                        assessment("R2", "supported", ["d42#1"], ["Tamsel"])]}))
    assert rules.calls == []
    assert decision.verdict == "continue"  # R2's plan hop (2) has not run yet at hop 1
    r1, r2 = decision.assessments
    assert (r1.status, r1.evidence_chunk_ids, r1.bridge_entities, r1.entity) == ("supported", ["d1#0"], ["Oskar Brandt"], "The Glass Harbor")
    assert (r2.status, r2.evidence_chunk_ids, r2.entity) == ("missing", [], "Oskar Brandt")
    assert r2.failure_reason.startswith("relation_missing: R2 the LLM cited no retrieved chunk")
    assert decision.next_requirement_id == "R2"
    assert decision.next_query == "Oskar Brandt born in"  # plan query with the R1 bridge filled in
    assert "[llm said complete] all found" in decision.reason
    user = fake_llm.requests[0]["messages"][1]["content"]
    assert "[1] chunk_id=d1#0 (The Glass Harbor)" in user and "R2: the birthplace of {R1} (uses the result of R1)" in user


def test_grader_missing_requirement_whose_query_ran_is_insufficient(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply.json({"verdict": "complete", "assessments": [
        assessment("R1", "supported", ["d1#0"], ["Oskar Brandt"])]}))  # R2 not assessed at all
    rules = RuleStandIns()
    decision = LLMGrader(LLMClient(settings_for(fake_llm)), rules).grade(QUESTION, ROUTE, HITS, hop=2)
    assert decision.verdict == "insufficient"
    assert [a.status for a in decision.assessments] == ["supported", "missing"]
    assert decision.next_requirement_id == "R2"
    assert decision.failure_reason.startswith("relation_missing: R2 (the birthplace of {R1}) is not stated")


def test_grader_needs_a_bridge_for_a_requirement_with_dependents(fake_llm: FakeOpenAI) -> None:
    decision, _ = grade(fake_llm, Reply.json({"verdict": "continue", "assessments": [
        assessment("R1", "supported", ["d1#0"], []), assessment("R2", "missing", [])]}))
    r1, r2 = decision.assessments
    assert decision.verdict == "insufficient" and r1.status == "missing"
    assert r1.failure_reason.startswith("bridge_missing: R1")
    assert r2.failure_reason == "dependency_missing: R2 needs the bridge entity of R1"


def test_grader_accepts_evidence_numbers_and_completes_when_all_bound(fake_llm: FakeOpenAI) -> None:
    r1 = {**assessment("R1", "supported", [1], ["Oskar Brandt"]),
          "evidence_sentence": "The Glass Harbor was  directed by Oskar Brandt."}
    r2 = {**assessment("R2", "supported", ["[2]", "d7#2"]), "evidence_sentence": "Oskar Brandt was born in Lorn."}
    decision, _ = grade(fake_llm, Reply.json({"verdict": "complete", "reason": "both stated", "assessments": [r1, r2]}))
    assert decision.verdict == "complete"
    assert [a.evidence_chunk_ids for a in decision.assessments] == [["d1#0"], ["d7#2"]]
    # a quoted sentence is kept only when it really occurs in a bound chunk
    assert [a.evidence_sentence for a in decision.assessments] == ["The Glass Harbor was  directed by Oskar Brandt.", ""]


def test_grader_uses_the_llms_next_query_for_the_next_requirement(fake_llm: FakeOpenAI) -> None:
    decision, _ = grade(fake_llm, Reply.json({
        "verdict": "continue", "assessments": [assessment("R1", "supported", ["d1#0"], ["Oskar Brandt"]),
                                               {**assessment("R2", "missing", []), "problem": "entity_missing"}],
        "next_requirement_id": "R2", "next_query": "Oskar Brandt birthplace"}))
    assert (decision.verdict, decision.next_requirement_id, decision.next_query) == ("continue", "R2", "Oskar Brandt birthplace")
    assert decision.assessments[1].failure_reason.startswith("entity_missing: R2")


@pytest.mark.parametrize("replies", [
    (Reply(content="R1 is supported."), Reply(content='{"verdict": "maybe"}')),  # invalid twice
    (Reply(status=500), Reply(status=500)),
])
def test_grader_falls_back_to_rules_and_records_it(fake_llm: FakeOpenAI, replies: tuple[Reply, ...]) -> None:
    decision, rules = grade(fake_llm, *replies)
    assert rules.calls == ["grade"]
    assert decision.reason.startswith("[llm fallback: grader: LLM failed") and decision.reason.endswith("rules: R2 missing")


def test_grader_falls_back_on_a_slow_server(fake_llm: FakeOpenAI) -> None:
    fake_llm.default = Reply.json({"verdict": "complete"}, delay=1.0)
    rules = RuleStandIns()
    decision = LLMGrader(LLMClient(settings_for(fake_llm, timeout_s=0.2)), rules).grade(QUESTION, ROUTE, HITS, 1)
    assert rules.calls == ["grade"] and "timed out" in decision.reason


# ---------------------------------------------------------------- corrector

FAILED = SubQuery(text="Oskar Brandt born in", requirement_id="R2", depends_on="R1", extract="bridge entity of R1")
MISSING = EvidenceDecision(verdict="insufficient", reason="R2 missing", failure_reason="R2 missing", assessments=[
    RequirementAssessment(requirement_id="R2", status="missing", failure_reason="relation_missing: R2 not stated")])


def test_corrector_rewrites_and_keeps_the_requirement(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply.json({"query": "Oskar Brandt early life birthplace", "source": "bm25", "reason": "use biography words"}))
    rules = RuleStandIns()
    rewrite = LLMCorrector(LLMClient(settings_for(fake_llm)), rules).correct(QUESTION, FAILED, MISSING)
    assert rules.calls == []
    assert (rewrite.text, rewrite.source, rewrite.requirement_id, rewrite.depends_on, rewrite.attempt) == (
        "Oskar Brandt early life birthplace", "bm25", "R2", "R1", 1)
    assert rewrite.extract == "[llm] rewrite 1: use biography words (was 'Oskar Brandt born in')"
    user = fake_llm.requests[0]["messages"][1]["content"]
    assert "Failed query: Oskar Brandt born in" in user and "Why it failed: relation_missing: R2 not stated" in user


@pytest.mark.parametrize("reply, why", [
    (Reply.json({"query": "  oskar brandt BORN in "}), "repeated the failed query"),
    (Reply.json({"query": "new search query", "reason": "why this query should work better"}), "copied the reply format"),
    (Reply(status=500), "HTTP 500"),
])
def test_corrector_falls_back_to_rules(fake_llm: FakeOpenAI, reply: Reply, why: str) -> None:
    fake_llm.push(reply, reply)
    rules = RuleStandIns()
    rewrite = LLMCorrector(LLMClient(settings_for(fake_llm)), rules).correct(QUESTION, FAILED, MISSING)
    assert rules.calls == ["correct"]
    assert rewrite.text == "Oskar Brandt born in biography"
    assert rewrite.extract.startswith("[llm fallback:") and why in rewrite.extract and rewrite.extract.endswith("rules: broaden")


# ---------------------------------------------------------------- answer and wiring


@pytest.fixture
def hg(fake_llm: FakeOpenAI, tmp_path: Path) -> HopGraph:
    settings = Settings(llm=settings_for(fake_llm))
    graph = HopGraph(tiny_store(tmp_path / "store"), settings)
    yield graph
    graph.close()


def result(termination: str = "complete") -> AgenticRetrievalResult:
    decision = EvidenceDecision(verdict="continue", reason="", assessments=[
        RequirementAssessment(requirement_id="R1", status="supported", evidence_chunk_ids=["d1#0"]),
        RequirementAssessment(requirement_id="R2", status="missing")])
    return AgenticRetrievalResult(question=QUESTION, route=ROUTE, hits=HITS, termination_reason=termination,
                                  traces=[HopTrace(hop=1, query="q", decision=decision)])


ANSWER = {"sentences": [
    {"text": "The Glass Harbor was directed by Oskar Brandt [d1#0].", "chunk_ids": ["d1#0", "d55#0"]},
    {"text": "He was born in Tamsel.", "chunk_ids": ["d55#0"]},  # cites nothing real: dropped
]}


def test_answer_cites_only_real_hits(fake_llm: FakeOpenAI, hg: HopGraph) -> None:
    fake_llm.push(Reply.json(ANSWER))
    res = result()
    assert llm_answer(hg, res) == "The Glass Harbor was directed by Oskar Brandt [d1#0]."
    assert res.stage_calls["llm_calls"] == 1 and res.stage_calls["llm_tokens_completion"] == 7


def test_partial_answer_says_so(fake_llm: FakeOpenAI, hg: HopGraph) -> None:
    fake_llm.push(Reply.json(ANSWER))
    text = llm_answer(hg, result("max_hops_reached"))
    assert text.startswith("Partial evidence: the search stopped (max hops reached) with no evidence for "
                           "R2 (the birthplace of {R1}).")
    assert text.endswith("Oskar Brandt [d1#0].")


def test_answer_is_none_when_the_llm_fails_or_cites_nothing(fake_llm: FakeOpenAI, hg: HopGraph) -> None:
    fake_llm.push(Reply(status=500), Reply(status=500))
    failed = result()
    assert llm_answer(hg, failed) is None
    assert failed.notes and failed.notes[0].startswith("answer: LLM failed after 2 attempts: HTTP 500")
    fake_llm.push(Reply.json({"sentences": [{"text": "Tamsel.", "chunk_ids": []}]}))
    uncited = result()
    assert llm_answer(hg, uncited) is None
    assert "cited no retrieved chunk" in uncited.notes[0]


def test_without_llm_settings_the_rule_components_are_used(tmp_path: Path) -> None:
    graph = HopGraph(tiny_store(tmp_path / "s"), Settings())
    rules = RuleStandIns()
    assert build_llm_components(graph, rules, rules, rules) == (rules, rules, rules)
    assert shared_client(graph) is None and llm_answer(graph, result()) is None
    graph.close()


def test_components_share_one_client_cached_in_the_store(fake_llm: FakeOpenAI, hg: HopGraph) -> None:
    rules = RuleStandIns()
    router, grader, corrector = build_llm_components(hg, rules, rules, rules)
    assert isinstance(router, LLMRouter) and isinstance(grader, LLMGrader) and isinstance(corrector, LLMCorrector)
    assert router.client is grader.client is corrector.client is shared_client(hg)
    plan = {"route": "single_hop", "requirements": [{"id": "R1", "description": "founder of Pelican Works"}],
            "plan": [{"requirement_id": "R1", "query": "Pelican Works founder"}]}
    fake_llm.push(Reply.json(plan))
    first = router.route("Who founded Pelican Works?")
    assert router.route("Who founded Pelican Works?") == first
    assert len(fake_llm.requests) == 1 and hg.store.count("llm_cache") == 1
    assert router.client.counters()["llm_cache_hits"] == 1


def test_select_evidence_interleaves_hops_and_dedupes() -> None:
    def hit(cid: str, hop: int) -> SearchHit:
        return SearchHit(chunk_id=cid, doc_id=cid, hop=hop)

    hits = [hit(f"a{i}", 1) for i in range(5)] + [hit("a0", 2)] + [hit(f"b{i}", 2) for i in range(3)]
    assert [h.chunk_id for h in select_evidence(hits, limit=5)] == ["a0", "b0", "a1", "b1", "a2"]


def test_real_rule_components_take_over_when_the_server_fails(fake_llm: FakeOpenAI, hg: HopGraph) -> None:
    from hopgraph.hops.correct import RuleCorrector
    from hopgraph.hops.grade import RuleGrader
    from hopgraph.router.rules import RuleRouter

    fake_llm.default = Reply(status=500)
    router, grader, corrector = build_llm_components(hg, RuleRouter(), RuleGrader(), RuleCorrector())
    route = router.route(QUESTION)
    assert route.reason.startswith("[llm fallback: router: LLM failed after 2 attempts: HTTP 500")
    assert [r.id for r in route.requirements] == ["R1", "R2"]  # the rule router's plan
    decision = grader.grade(QUESTION, route, HITS, hop=1)
    assert decision.reason.startswith("[llm fallback: grader:")
    assert decision.assessments[0].status == "supported" and decision.assessments[0].evidence_chunk_ids == ["d1#0"]
    rewrite = corrector.correct(QUESTION, route.plan[1], decision)
    assert rewrite.extract.startswith("[llm fallback: corrector:") and rewrite.attempt == 1
    assert rewrite.text == "place of birth of Oskar Brandt"  # the rule corrector's rewrite
    assert len(fake_llm.requests) == 6
    # three consecutive failures (the default) opened the breaker: no more requests
    assert "circuit breaker open" in router.route(QUESTION).reason
    assert len(fake_llm.requests) == 6


def test_the_loop_counts_the_llm_calls_of_its_router_and_grader(fake_llm: FakeOpenAI) -> None:
    from hopgraph.hops.correct import RuleCorrector
    from hopgraph.hops.grade import RuleGrader
    from hopgraph.hops.loop import HopLoop
    from hopgraph.router.rules import RuleRouter

    fake_llm.default = Reply(status=500)
    client = LLMClient(settings_for(fake_llm, max_consecutive_failures=100))
    loop = HopLoop(LLMRouter(client, RuleRouter()), LLMGrader(client, RuleGrader()), RuleCorrector(),
                   lambda query, source, k: HITS)
    res = loop.run(QUESTION, 5)
    assert res.stage_calls["llm_calls"] == len(fake_llm.requests) >= 4  # router and grader, two attempts each
    assert res.stage_calls["llm_failures"] >= 2


def test_what_the_rule_grader_binds_stays_supported_when_the_llm_misses_it(fake_llm: FakeOpenAI) -> None:
    from hopgraph.hops.grade import RuleGrader

    route = ROUTE.model_copy(update={"requirements": [
        EvidenceRequirement(id="R1", description="the director of The Glass Harbor", entities=["The Glass Harbor"], relation="director"),
        EvidenceRequirement(id="R2", description="the birthplace of {R1}", entities=["{R1}"], relation="born_place", depends_on="R1")]})
    missed = Reply.json({"verdict": "insufficient", "assessments": [assessment("R1", "missing", []), assessment("R2", "missing", [])]})
    fake_llm.push(missed, missed)
    client = LLMClient(settings_for(fake_llm))
    kept = LLMGrader(client, RuleGrader(), keep_rule_support=True).grade(QUESTION, route, HITS, hop=1)
    r1 = kept.assessments[0]
    assert r1.status == "supported" and r1.evidence_chunk_ids == ["d1#0"] and r1.bridge_entities[0] == "Oskar Brandt"
    assert kept.verdict == "continue" and kept.next_query == "Oskar Brandt born in" and "rules bound R1" in kept.reason
    plain = LLMGrader(client, RuleGrader(), keep_rule_support=False).grade(QUESTION, route, HITS, hop=1)
    assert plain.verdict == "insufficient" and plain.assessments[0].status == "missing"
