"""A chain must ask each fact of something that can have it: a person's facts never follow a place."""

from __future__ import annotations

import pytest

from hopgraph.router.coherence import coherent
from hopgraph.router.rules import RuleRouter
from hopgraph.router.vocab import OPEN_BRIDGE


def test_a_persons_fact_of_a_person_or_of_an_unknown_thing_holds():
    assert coherent(["director", "born_place"])
    assert coherent(["spouse", "father", "died_date"])
    assert coherent(["maker", "born_place"])  # a maker may be a person
    assert coherent(["acquire", "founder"])  # an open relation says nothing of its answer


def test_a_persons_fact_of_a_place_country_or_date_does_not():
    assert not coherent(["country", "died_date"])
    assert not coherent(["born_place", "spouse"])
    assert not coherent(["release_date", "born_place"])


@pytest.mark.slow
def test_a_misread_chain_through_a_place_becomes_an_open_bridge(spacy_nlp):
    # "death" of "the death penalty" is no one's death: read as the state's date of death, the chain is wrong
    d = RuleRouter(nlp=spacy_nlp).route("When did the state where Lake Orrin is located bring back the death penalty?")
    assert d.requirements[0].relation == OPEN_BRIDGE
