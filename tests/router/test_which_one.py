"""Questions that pick one of several holders, editions or partners (router/which_one.py), read with the router."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.understand import CONFIDENT
from tests.router.test_understand import ROUTER, relations_of


def test_a_year_the_chain_does_not_read_leaves_it_unsure():
    # which chief executive depends on the year: no relation of the chain checks it
    assert ROUTER.route("Who was the chief executive of Tessel Mills in 2019?").confidence < CONFIDENT
    assert ROUTER.route("Who is the chief executive of Tessel Mills?").confidence >= CONFIDENT
    # a decade picks holders as a year does, and is no relation of its own
    decade = ROUTER.route("Who ran Tessel Mills in the 1960s?")
    assert decade.confidence < CONFIDENT and relations_of(decade) == ["leader"]
    # a year right after a name tells which bearer of the name is meant
    assert ROUTER.route("Where was the director of Low Tide (1930) born?").confidence >= CONFIDENT


def test_a_word_picking_one_holder_of_a_post_leaves_the_reading_unsure():
    # the first or previous chief executive is one of several: no relation of the chain says which
    for q in ("Who was the first chief executive of Tessel Mills?", "Who was the founding chair of Tessel Mills?"):
        got = ROUTER.route(q)  # (and "founding" is no founder of the chair)
        assert got.confidence < CONFIDENT and [r.relation for r in got.requirements if r.id.startswith("R")] == ["leader"]
    assert ROUTER.route("Who was Tessel Mills's previous chief executive?").confidence < CONFIDENT
    # a holder picked by tenure or time, wherever the word stands
    assert ROUTER.route("Who has led Tessel Mills the longest?").confidence < CONFIDENT


@pytest.mark.slow
def test_which_of_several_held_over_time_or_a_place_for_a_person_leaves_the_reading_unsure(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    first = router.route("Who was Tessa Marlow's first employer?")
    assert relations_of(first) == ["employer"] and first.confidence < CONFIDENT
    assert router.route("Who was Tessa Marlow's employer?").confidence >= CONFIDENT
    wife = router.route("Who was the second wife of Tessa Marlow's brother?")
    assert relations_of(wife) == ["sibling", "spouse"] and wife.confidence < CONFIDENT
    # a person asked, a place read: one of the two is wrong
    assert router.route("Who did Tessa Marlow train under?").confidence < CONFIDENT
    assert router.route("Where did Tessa Marlow train?").confidence >= CONFIDENT


@pytest.mark.slow
def test_which_of_the_directors_a_question_asks_is_left_unchecked_so_unsure(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert router.route("Who was the founding director of the Tollen Institute for Tides?").confidence < CONFIDENT
    assert router.route("Who directed Glass Hours?").confidence >= CONFIDENT
