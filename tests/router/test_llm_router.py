"""LLMRouter against a real HTTP server: valid plans, invalid plans, fallback to the rule router."""

from __future__ import annotations

import os

import pytest

from fake_openai_server import FakeOpenAI, Reply, settings_for
from hopgraph.config_sections import LLMSettings
from hopgraph.llm import LLMClient
from hopgraph.models import RouteDecision
from hopgraph.router.llm import LLMRouter, RouterOutput

QUESTION = "In what year was the birthplace of the director of The Glass Harbor founded?"

PLAN = {
    "route": "multi_hop", "shape": "bridge", "reason": "three linked facts",
    "requirements": [
        {"id": "R1", "description": "the director of The Glass Harbor", "entities": ["The Glass Harbor"], "relation": "director"},
        {"id": "R2", "description": "the birthplace of the director", "relation": "born in", "depends_on": "R1"},
        {"id": "R3", "description": "the founding year of that birthplace", "relation": "founded", "depends_on": "R2"},
    ],
    "plan": [
        {"requirement_id": "R1", "query": "director of The Glass Harbor"},
        {"requirement_id": "R2", "query": "{R1} born in"},
        {"requirement_id": "R3", "query": "{R2} founded in", "source": "bm25"},
    ],
}


class RecordingRouter:
    """Stand-in for the rule-based router: records calls, returns a fixed single-hop decision."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def route(self, question: str) -> RouteDecision:
        self.calls.append(question)
        return RouteDecision(route="single_hop", first_query=question, reason="rules: no bridge cue")


def test_valid_plan_becomes_a_route_decision(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply.json(PLAN))
    rules = RecordingRouter()
    decision = LLMRouter(LLMClient(settings_for(fake_llm)), rules).route(QUESTION)
    assert rules.calls == []
    assert decision.route == "multi_hop" and decision.shape == "bridge"
    assert decision.first_query == "director of The Glass Harbor"
    assert decision.reason.startswith("[llm]")
    assert [r.id for r in decision.requirements] == ["R1", "R2", "R3"]
    assert [(s.requirement_id, s.depends_on) for s in decision.plan] == [("R1", None), ("R2", "R1"), ("R3", "R2")]
    assert decision.plan[2].source == "bm25" and decision.plan[1].extract == "bridge entity of R1"
    assert [s.hop for s in decision.plan] == [1, 2, 3]
    assert [r.entities for r in decision.requirements] == [["The Glass Harbor"], ["{R1}"], ["{R2}"]]
    assert [s.entity for s in decision.plan] == ["The Glass Harbor", "{R1}", "{R2}"]
    assert decision.anchors == ["The Glass Harbor"] and decision.plan[1].relation == "born in"
    assert QUESTION in fake_llm.requests[0]["messages"][1]["content"]


def test_comparison_fans_out_in_one_hop(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply.json({
        "route": "multi_hop", "shape": "comparison", "order": "earliest", "reason": "two founding years",
        "requirements": [{"id": "R1", "description": "founding year of Lorn", "entities": ["Lorn"], "relation": "founded"},
                         {"id": "R2", "description": "founding year of Tamsel", "entities": ["Tamsel"], "relation": "founded"}],
        "plan": [{"requirement_id": "R1", "query": "Lorn founded"}, {"requirement_id": "R2", "query": "Tamsel founded"}]}))
    decision = LLMRouter(LLMClient(settings_for(fake_llm)), RecordingRouter()).route("Which was founded first, Lorn or Tamsel?")
    assert [s.hop for s in decision.plan] == [1, 1] and [s.depends_on for s in decision.plan] == [None, None]
    assert (decision.shape, decision.order, decision.anchors) == ("comparison", "earliest", ["Lorn", "Tamsel"])


@pytest.mark.parametrize("bad_plan, problem", [
    ({**PLAN, "plan": [{"requirement_id": "R2", "query": "{R1} born in"}]}, "before R1 is planned"),
    ({**PLAN, "plan": [{"requirement_id": "R9", "query": "x"}]}, "unknown requirement R9"),
    ({**PLAN, "requirements": PLAN["requirements"][:1] * 2}, "duplicate"),
    ({**PLAN, "requirements": []}, "at least 1"),
])
def test_inconsistent_plans_are_rejected(bad_plan: dict, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        RouterOutput.model_validate(bad_plan)


def test_invalid_plan_then_valid_plan_uses_the_retry(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply.json({**PLAN, "plan": [{"requirement_id": "R2", "query": "{R1} born in"}]}), Reply.json(PLAN))
    rules = RecordingRouter()
    decision = LLMRouter(LLMClient(settings_for(fake_llm)), rules).route(QUESTION)
    assert len(fake_llm.requests) == 2 and rules.calls == []
    assert len(decision.plan) == 3


def test_invalid_plan_twice_falls_back_to_rules_and_says_so(fake_llm: FakeOpenAI) -> None:
    fake_llm.push(Reply(content="The answer is 1803."), Reply(content="1803"))
    rules = RecordingRouter()
    decision = LLMRouter(LLMClient(settings_for(fake_llm)), rules).route(QUESTION)
    assert rules.calls == [QUESTION]
    assert decision.route == "single_hop"
    assert decision.reason.startswith("[llm fallback: router: LLM failed after 2 attempts: invalid output")
    assert decision.reason.endswith("rules: no bridge cue")


def test_server_errors_fall_back_and_the_breaker_stops_calling(fake_llm: FakeOpenAI) -> None:
    fake_llm.default = Reply(status=500)
    rules = RecordingRouter()
    router = LLMRouter(LLMClient(settings_for(fake_llm, max_consecutive_failures=1)), rules)
    assert "HTTP 500" in router.route(QUESTION).reason
    assert len(fake_llm.requests) == 2
    second = router.route("Who founded Pelican Works?")
    assert "circuit breaker open" in second.reason
    assert len(fake_llm.requests) == 2 and len(rules.calls) == 2


@pytest.mark.llm_live
def test_live_server_routes_a_bridge_question() -> None:
    url = os.environ.get("HOPGRAPH_TEST_LLM_URL")
    if not url:
        pytest.skip("set HOPGRAPH_TEST_LLM_URL (and optionally HOPGRAPH_TEST_LLM_MODEL) to test a live OpenAI-compatible server")
    settings = LLMSettings(base_url=url, model=os.environ.get("HOPGRAPH_TEST_LLM_MODEL", "default"), timeout_s=120)
    rules = RecordingRouter()
    decision = LLMRouter(LLMClient(settings), rules).route(QUESTION)
    assert rules.calls == [], decision.reason  # the live LLM produced a valid plan
    assert RouteDecision.model_validate(decision.model_dump()) == decision
    assert decision.requirements and decision.plan and "{" not in decision.first_query
