"""A chain must ask each fact of something that can have it: a person's facts never follow a place."""

from __future__ import annotations

import pytest

from hopgraph.router.coherence import answer_before, heads_a_person, skips_a_person, coherent, possible
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


def test_a_persons_fact_asked_first_of_an_organisation_a_place_or_a_work_skips_a_person():
    assert skips_a_person(["born_place"], "ORG") and skips_a_person(["spouse", "education"], "WORK_OF_ART")
    assert skips_a_person(["education"], "GPE")
    assert not skips_a_person(["born_place"], "PERSON") and not skips_a_person(["born_place"], "")
    assert not skips_a_person(["founder", "born_place"], "ORG")  # the founder is the person
    assert not skips_a_person(["nationality"], "ORG")  # a firm has a country too


def test_a_bodys_fact_asked_first_of_a_person_leaves_the_body_out():
    assert heads_a_person(["leader", "born_place"], "PERSON")
    assert heads_a_person(["founder"], "PERSON")
    assert not heads_a_person(["leader", "born_place"], "ORG")
    assert not heads_a_person(["employer", "leader"], "PERSON")  # the person's employer has a head
    assert not heads_a_person(["leader"], "")


@pytest.mark.parametrize("question, unsure_as, sure_as", [
    ("Where was the head of Tessa Marlow born?", "PERSON", "ORG"),  # a body left out between them
    ("Where does the man behind Brekkum Studios hail from?", "ORG", "PERSON"),  # a person left out
])
def test_what_the_chain_leaves_out_makes_the_reading_unsure(question, unsure_as, sure_as):
    from hopgraph.router.understand import CONFIDENT, understand
    from hopgraph.router.spans import capitalised_spans

    spans = capitalised_spans(question.rstrip("?"))
    unsure = understand(question, spans, type_of=lambda name: unsure_as)
    sure = understand(question, spans, type_of=lambda name: sure_as)
    assert unsure.confidence < CONFIDENT <= sure.confidence


def test_an_open_step_before_a_persons_fact_is_answered_by_a_person():
    assert answer_before("agent brokered", "spouse") == "person"  # whoever brokered it has a spouse
    assert answer_before("agent brokered", "born_place") == "person"
    # a firm has a nationality and a leader too, and a known relation keeps its own kind
    assert answer_before("bought", "nationality") == ""
    assert answer_before("bought", "leader") == ""
    assert answer_before("founder", "spouse") == ""
