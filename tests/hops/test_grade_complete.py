"""When the rule grader may call a run complete (hops/grade.py with hops/honest_complete.py), on test_grade's
hand-made knowledge graph."""

from __future__ import annotations

from hopgraph.hops.grade import RuleGrader
from hopgraph.models import EvidenceRequirement, RouteDecision, SubQuery
from tests.hops.test_grade import bridge_route, hits, kg, open_bridge_route


def _route(question_anchor: str, rel: str, shape: str = "single", anchors: list[str] | None = None) -> RouteDecision:
    return RouteDecision(
        route="single_hop", shape=shape, first_query="", reason="", anchors=anchors if anchors is not None else [question_anchor],
        requirements=[EvidenceRequirement(id="R1", description="", entities=[question_anchor] if question_anchor else [],
                                          relation=rel)],
        plan=[SubQuery(text="q", requirement_id="R1", hop=1)],
    )


def test_free_single_fact_is_complete_only_on_the_anchors_own_page_with_a_question_word():
    q = "What river is Tamsel founded on?"
    on_page = RuleGrader(kg()).grade(q, _route("Tamsel", "river founded"), hits("tamsel#0"), hop=1)
    assert on_page.verdict == "complete"
    # Oskar Brandt's page names Tamsel, but Tamsel's own page was not retrieved: a loose match, not verified
    elsewhere = RuleGrader(kg()).grade("What is Tamsel near where Brandt studied?", _route("Tamsel", "studied"),
                                       hits("oskar#0"), hop=1)
    assert elsewhere.assessments[0].status == "supported"
    assert elsewhere.verdict == "continue" and elsewhere.reason.startswith("unverified")


def test_a_vocabulary_relation_stated_on_another_page_stays_complete():
    d = RuleGrader(kg()).grade("Who directed The Glass Harbor?", _route("The Glass Harbor", "director"), hits("film#0"), hop=1)
    assert d.verdict == "complete"


def test_no_entity_in_the_question_is_never_complete():
    d = RuleGrader(kg()).grade("Which town was founded on a river?", _route("", "town founded river", "open", []),
                               hits("tamsel#0"), hop=1)
    assert d.assessments[0].status == "supported"
    assert d.verdict == "continue" and "no entity" in d.reason


def test_a_plan_shorter_than_the_questions_wording_is_not_complete():
    route = bridge_route()
    q2 = "Where was the director of The Glass Harbor born?"
    assert RuleGrader(kg()).grade(q2, route, hits("film#0", "oskar#0"), hop=2).verdict == "complete"
    q3 = "Where was the director of the studio that produced The Glass Harbor born?"  # three hops, two planned
    d = RuleGrader(kg()).grade(q3, route, hits("film#0", "oskar#0"), hop=2)
    assert all(a.status == "supported" for a in d.assessments)
    assert d.verdict == "continue" and "implies 3 hops" in d.reason


def test_a_free_fact_after_an_open_bridge_needs_a_question_word_beyond_the_names():
    route = open_bridge_route("The Glass Harbor", "studied")
    ok = RuleGrader(kg()).grade("Where studied the man who made The Glass Harbor?", route, hits("film#0", "oskar#0"), hop=2)
    assert ok.assessments[1].status == "supported" and ok.verdict == "complete"
    # the only question words beyond the names are not on the page the fact was read from
    loose = RuleGrader(kg()).grade("Which college degree earned the maker of The Glass Harbor?", route,
                                   hits("film#0", "oskar#0"), hop=2)
    assert loose.assessments[1].status == "supported"
    assert loose.verdict == "continue" and "open bridge" in loose.reason
