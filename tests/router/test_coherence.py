"""A chain must ask each fact of something that can have it: a person's facts never follow a place."""

from __future__ import annotations

import pytest

from hopgraph.router.coherence import coherent, possible
from hopgraph.router.rules import RuleRouter
from tests.router.test_understand import relations_of


def test_a_persons_fact_of_a_person_or_of_an_unknown_thing_holds():
    assert coherent(["director", "born_place"])
    assert coherent(["spouse", "father", "died_date"])
    assert coherent(["maker", "born_place"])  # a maker may be a person
    assert coherent(["acquire", "founder"])  # an open relation says nothing of its answer


def test_a_persons_fact_of_a_place_country_or_date_does_not():
    assert not coherent(["country", "died_date"])
    assert not coherent(["born_place", "spouse"])
    assert not coherent(["release_date", "born_place"])


def test_the_impossible_step_is_dropped_and_the_rest_kept():
    assert possible(["performer", "nationality", "born_place", "invade"]) == ["performer", "nationality", "invade"]
    assert possible(["country", "died_date", "reinstate penalty"]) == ["country", "reinstate penalty"]


@pytest.mark.slow
def test_a_word_misread_as_a_persons_fact_of_a_place_is_no_hop(spacy_nlp):
    # "death" of "the death penalty" is no one's death: read as the state's date of death, the chain is wrong
    d = RuleRouter(nlp=spacy_nlp).route("When did the state where Lake Orrin is located bring back the death penalty?")
    relations = relations_of(d)
    assert "died_date" not in relations and relations[0] == "country" and d.confidence < 0.75
