"""The generic bridge search added to a question that names no entity."""

from __future__ import annotations

from hopgraph.hops.entityless import needs_generic_bridge, unread_route, with_generic_bridge
from hopgraph.models import EvidenceRequirement, RouteDecision, SubQuery
from hopgraph.router.understand import CONFIDENT

QUESTION = "Who is the spouse of the actress that plays the harbour pilot on the evening serial?"


def _open_route() -> RouteDecision:
    return RouteDecision(route="single_hop", shape="open", first_query=QUESTION, reason="no entity", confidence=1.0,
                         requirements=[EvidenceRequirement(id="R1", description=QUESTION, relation="spouse actress")],
                         plan=[SubQuery(text=QUESTION, source="graph", requirement_id="R1", hop=1)])


def test_an_entityless_question_gets_the_generic_bridge_and_low_confidence():
    route = with_generic_bridge(_open_route(), QUESTION)
    assert [r.id for r in route.requirements] == ["R1", "G1", "G2"]
    g2 = route.requirements[2]
    assert g2.depends_on == "G1" and g2.entities == ["{G1}"] and "spouse" in g2.relation and "pilot" in g2.relation
    follow = [sq for sq in route.plan if sq.requirement_id == "G2"][0]
    assert follow.hop == 2 and follow.text.startswith("{G1} ")
    assert route.confidence < CONFIDENT and route.route == "multi_hop"


def test_a_route_with_an_anchor_or_a_chain_is_left_alone():
    anchored = _open_route().model_copy(update={"anchors": ["Mara Vell"]})
    assert with_generic_bridge(anchored, QUESTION) == anchored
    chained = _open_route().model_copy(update={"requirements": [
        EvidenceRequirement(id="R1", description="", entities=["Mara Vell"], relation="spouse")]})
    assert not needs_generic_bridge(chained)
    once = with_generic_bridge(_open_route(), QUESTION)
    assert with_generic_bridge(once, QUESTION) == once  # never added twice


def test_the_follow_up_keeps_the_year_the_question_gives():
    question = "harbour board chair elected 2022"
    route = with_generic_bridge(_open_route().model_copy(update={"first_query": question}), question)
    follow = [sq for sq in route.plan if sq.requirement_id == "G2"][0]
    assert follow.text == "{G1} harbour board chair elected 2022"


def test_an_unread_question_is_searched_as_asked():
    route = unread_route("Who chairs the harbour board?", "IndexError: list index out of range")
    assert route.confidence == 0.0 and "IndexError" in route.reason
    assert [sq.text for sq in route.plan] == ["Who chairs the harbour board?"]
    assert needs_generic_bridge(route)  # so the loop adds the generic bridge search to it
