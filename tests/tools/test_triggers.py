"""Triggers: whole-word phrases or "re:" patterns; pick_tools adds tool sub-queries only where one matches."""

from __future__ import annotations

import re

import pytest

from hopgraph.models import RouteDecision, SubQuery, ToolSpec
from hopgraph.tools.triggers import compile_trigger, matched_trigger, pick_tools, strip_source_clauses

WEB = ToolSpec(name="web", kind="http", description="web search", triggers=["on the web", "re:\\blatest\\s+news\\b"])
TICKETS = ToolSpec(name="tickets", kind="http", description="ticket tracker", triggers=["ticket"])


def route(*texts: str) -> RouteDecision:
    plan = [SubQuery(text=t, requirement_id=f"R{i}", hop=i, source="graph") for i, t in enumerate(texts, 1)]
    return RouteDecision(route="multi_hop", shape="bridge", first_query=texts[0], reason="rules", plan=plan)


@pytest.mark.parametrize("spec, text, expected", [
    (WEB, "what does it say On the  Web about Lorn", "on the web"),
    (WEB, "the latest   news about the ferry", "re:\\blatest\\s+news\\b"),
    (WEB, "websites on thewebsite", None),  # whole words only
    (TICKETS, "a ticketing system", None),
    (TICKETS, "Ticket 7 owner", "ticket"),
])
def test_matched_trigger(spec: ToolSpec, text: str, expected: str | None) -> None:
    assert matched_trigger(spec, text) == expected


def test_bad_regex_trigger_raises() -> None:
    with pytest.raises(re.error):
        compile_trigger("re:(unclosed")


def test_a_matching_sub_query_gets_a_twin_for_the_tool_before_it() -> None:
    out = pick_tools(route("ticket 1042 owner", "{R1} team"), "Which team owns the ticket 1042?", [WEB, TICKETS])
    assert [(s.text, s.source) for s in out.plan] == [
        ("ticket 1042 owner", "tickets"), ("ticket 1042 owner", "graph"), ("{R1} team", "graph")]
    twin = out.plan[0]
    assert twin.requirement_id == "R1" and twin.hop == 1 and "trigger 'ticket'" in twin.extract
    assert "tickets (trigger 'ticket')" in out.reason


def test_a_trigger_only_in_the_question_sends_the_whole_question() -> None:
    out = pick_tools(route("director of Salt Lines"), "Who directed Salt Lines, on the web?", [WEB, TICKETS])
    assert [(s.text, s.source, s.hop, s.requirement_id) for s in out.plan] == [
        ("director of Salt Lines", "graph", 1, "R1"), ("Who directed Salt Lines?", "web", 1, None)]


def test_no_trigger_no_tool() -> None:
    r = route("director of Salt Lines", "{R1} place of birth")
    assert pick_tools(r, "Where was the director of Salt Lines born?", [WEB, TICKETS]) is r
    assert pick_tools(r, "anything on the web", []) is r


def test_the_same_text_goes_to_a_tool_once_per_hop() -> None:
    r = route("ticket 9 owner")
    r.plan.append(SubQuery(text="ticket 9 owner", hop=1, source="hybrid", extract="the question as asked"))
    out = pick_tools(r, "ticket 9 owner", [TICKETS])
    assert [s.source for s in out.plan] == ["tickets", "graph", "hybrid"]


@pytest.mark.parametrize("question, expected", [
    ("Who directed Salt Lines, on the web?", "Who directed Salt Lines?"),
    ("On the web, who directed Salt Lines?", "Who directed Salt Lines?"),
    ("Who owns ticket 1042?", "Who owns ticket 1042?"),  # inside the sentence: content, kept
    ("Who directed Salt Lines?", "Who directed Salt Lines?"),
])
def test_strip_source_clauses(question: str, expected: str) -> None:
    assert strip_source_clauses(question, [WEB, TICKETS]) == expected
