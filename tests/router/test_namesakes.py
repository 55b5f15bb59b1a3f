"""Namesakes a question counts ("the two X labels"): router/namesakes.py, with invented names."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.models import Entity
from hopgraph.router.namesakes import spell_out_namesakes
from hopgraph.router.rules import RuleRouter
from tests.router.test_understand import relations_of


def test_the_two_namesakes_the_graph_holds_are_spelled_out():
    names = {"Kalvor": ["Kalvor Records", "Kalvor Sounds", "Kalvor Records of Tamsel"]}
    starting = lambda part: names.get(part, [])  # noqa: E731
    assert spell_out_namesakes("Which of the two Kalvor labels was set up first?", starting) == \
        "Which of Kalvor Records and Kalvor Sounds was set up first?"
    assert spell_out_namesakes("Were both Kalvor labels set up in Tamsel?", starting) == \
        "Were Kalvor Records and Kalvor Sounds set up in Tamsel?"


def test_a_question_is_unchanged_unless_exactly_two_names_share_the_part():
    three = lambda part: ["Kalvor Records", "Kalvor Sounds", "Kalvor Press"]  # noqa: E731
    assert spell_out_namesakes("Which of the two Kalvor labels is older?", three) == \
        "Which of the two Kalvor labels is older?"
    assert spell_out_namesakes("Who founded Kalvor Records?", lambda part: ["Kalvor Records", "Kalvor Sounds"]) == \
        "Who founded Kalvor Records?"


def test_the_router_compares_the_two_namesakes_of_its_graph():
    kg = KnowledgeGraph.from_parts({0: Entity(entity_id=0, name="Kalvor Records", type="ORG"),
                                    1: Entity(entity_id=1, name="Kalvor Sounds", type="ORG"),
                                    2: Entity(entity_id=2, name="Kalvor", type="GPE")}, [], [], [])
    d = RuleRouter(kg=kg).route("Which of the two Kalvor labels was set up first?")
    assert d.shape == "comparison" and sorted(d.anchors) == ["Kalvor Records", "Kalvor Sounds"]
    assert relations_of(d) == ["release_date", "release_date"]
