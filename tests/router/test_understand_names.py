"""Which name a question's chain starts from, and what its other names do (router/understand.py's anchor choice).

The invented world of tests/router/test_understand.py: the film "Glass Hours", the singer Tessa Marlow, the firm
Corvane Optics.
"""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.understand import CONFIDENT
from hopgraph.router.vocab import OPEN_BRIDGE
from tests.router.test_understand import ROUTER, relations_of


def test_a_nationality_adjective_or_acronym_does_not_start_the_chain():
    d = ROUTER.route("In what city is the shipping firm that had Tessa Marlow as its chair and CEO headquartered?")
    assert d.anchors == ["Tessa Marlow"]


def test_a_date_in_words_is_never_the_anchor():
    d = ROUTER.route("Who founded the label that released the album Tessa Marlow recorded in March 2019?")
    assert d.anchors == ["Tessa Marlow"]


def test_a_day_of_the_week_is_never_the_anchor():
    d = ROUTER.route("Brell Tomas started a festival. Who played on its Saturday in 2022?")
    assert d.anchors == ["Brell Tomas"]


def test_an_open_bridge_keeps_the_other_names_of_the_question_for_their_own_search():
    d = ROUTER.route("low budget comedy series produced by Ines Varga starring Tessa Marlow")
    assert d.requirements[0].relation == OPEN_BRIDGE
    others = [sq.text for sq in d.plan if sq.extract.startswith("another name")]
    assert len(others) == 1 and others[0].startswith(
        "Tessa Marlow" if d.anchors == ["Ines Varga"] else "Ines Varga")


def test_a_name_no_hop_uses_goes_with_the_last_hop():
    d = ROUTER.route("In Lantern Bay, who does the producer of Glass Hours marry?")
    last = next(sq for sq in d.plan if sq.requirement_id == "R2")
    assert d.anchors == ["Glass Hours"] and last.text.endswith("Lantern Bay")
    first = next(sq for sq in d.plan if sq.requirement_id == "R1")
    assert "Lantern Bay" not in first.text


def test_only_a_scene_before_or_after_the_question_goes_with_the_last_hop():
    from hopgraph.router.spans import Span
    from hopgraph.router.other_names import scene

    q = "In Lantern Bay, who does the producer of Glass Hours marry?"
    spans = [Span(3, 14, "Lantern Bay"), Span(44, 55, "Glass Hours")]
    assert [s.text for s in scene(q, spans)] == ["Lantern Bay"]
    after = "Who played the Glass Hours singer in Lantern Bay?"
    assert [s.text for s in scene(after, [Span(15, 26, "Glass Hours"), Span(37, 48, "Lantern Bay")])] == ["Lantern Bay"]
    inner = "Who runs the firm the Lantern Bay Trust hired to build Glass Hours?"
    assert scene(inner, [Span(22, 33, "Lantern Bay"), Span(55, 66, "Glass Hours")]) == []


@pytest.mark.slow
def test_a_name_after_as_says_in_what_capacity(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who took over from Ada Lusk as Mayor of Brekkum?")
    assert d.anchors == ["Ada Lusk"]


@pytest.mark.slow
def test_a_name_between_which_and_the_asked_noun_qualifies_the_answer(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which Corvane Optics prize went to the engineer who replaced Tessa Marlow at Brekkum?")
    assert d.anchors == ["Tessa Marlow"]


@pytest.mark.slow
def test_the_object_of_the_clause_verb_starts_the_chain_not_the_place_after_it(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Where was the engineer born who replaced Tessa Marlow at Brekkum?")
    assert d.anchors == ["Tessa Marlow"]


def test_the_words_before_a_colon_are_context_and_their_possessive_name_starts_the_chain():
    d = ROUTER.route("Tessa Marlow's manager at Corvane Optics: where did he study?")
    assert d.anchors == ["Tessa Marlow"]
    plain = ROUTER.route("Quick question: who directed Glass Hours?")
    assert relations_of(plain) == ["director"] and plain.confidence >= CONFIDENT


def test_a_language_in_the_context_is_no_anchor():
    d = ROUTER.route("I'm reading Glass Hours in English. Who is the father of its director?")
    assert d.anchors == ["Glass Hours"]


def test_a_question_naming_no_entity_is_read_with_no_confidence():
    d = ROUTER.route("which ward does the councillor who seconded the motion represent")
    assert not d.anchors and d.confidence == 0.0


def test_a_season_a_month_or_a_decade_with_its_year_is_a_time_not_a_name():
    from hopgraph.router.other_names import date_or_number
    assert all(date_or_number(t) for t in ("autumn 2018", "the late 1990s", "9 june 2022", "mid-1980s", "may 2021"))
    assert not any(date_or_number(t) for t in ("Autumn Leaves Press", "the 1950s Club", "Fall River", "2018 Prize"))


@pytest.mark.slow
def test_a_time_the_graph_holds_as_an_entity_never_starts_the_chain(spacy_nlp):
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity
    ents = {0: Entity(entity_id=0, name="autumn 2018", type="DATE"), 1: Entity(entity_id=1, name="Kessel Ales", type="ORG")}
    graph = KnowledgeGraph.from_parts(ents, [], [(0, "c#0"), (1, "c#1")], [], {"c#0": "Notes", "c#1": "Kessel Ales"})
    d = RuleRouter(graph, nlp=spacy_nlp).route(
        "We're profiling Kessel Ales' staff. The brewer who started in autumn 2018 - what was she doing before?")
    assert "autumn 2018" not in d.anchors and "founder" not in [r.relation for r in d.requirements]


def test_an_acronym_right_after_as_is_the_post_held_not_a_name():
    from hopgraph.router.other_names import post_after_as
    from hopgraph.router.spans import Span

    def post(question: str, name: str) -> bool:
        start = question.index(name)
        return post_after_as(question, Span(start, start + len(name), name))
    assert post("Tom Reed was succeeded as MD by someone - who?", "MD")
    assert post("Who joined Kessel Ales as its CFO in 2019?", "CFO")
    assert not post("Who took over as BCHT chief executive?", "BCHT")  # the body whose post
    assert not post("Who took over as HPE's managing director?", "HPE")
    assert not post("Who worked for BCHT before Tom Reed?", "BCHT")
