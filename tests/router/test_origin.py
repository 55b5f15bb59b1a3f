"""Whether "from" states an origin (router/origin.py), seen through the relation phrases found."""

from __future__ import annotations

import pytest

from tests.router.test_mentions import _found


def test_came_from_a_common_noun_is_a_background_not_an_origin():
    origin = _found  # "come from" is an origin phrase (its relation read later, by what is asked)
    assert origin("Kalvor/X came:come/VERB from/ADP industry/NOUN ./PUNCT") == []
    assert origin("Which/DET town/NOUN does/AUX Kalvor/X come/VERB from/ADP ?/PUNCT") != []
    assert origin("Kalvor/X came:come/VERB from/ADP a/DET small/ADJ town/NOUN ./PUNCT") != []


def test_from_asked_of_a_person_or_a_body_is_a_source_not_an_origin():
    origin = _found
    assert origin("Which/DET firm/NOUN did/AUX Kalvor/X come/VERB from/ADP ?/PUNCT") == []  # her last firm
    assert origin("Who/PRON did/AUX Kalvor/X buy/VERB the/DET mill/NOUN from/ADP ?/PUNCT") == []  # the seller
    # a place asked, or a relative "who" that asks nothing: an origin
    assert origin("Where/ADV is/AUX Kalvor/X from/ADP ?/PUNCT") != []
    assert origin("Which/DET city/NOUN does/AUX the/DET man/NOUN who/PRON directed:direct/VERB Kalvor/X "
                  "come/VERB from/ADP ?/PUNCT") != []
    assert origin("Who/PRON founded:found/VERB Kalvor/X and/CCONJ where/ADV is/AUX he/PRON from/ADP ?/PUNCT") != []


def test_where_from_after_a_dash_and_a_bodys_origin_is_where_it_lies():
    from tests.router.test_understand import ROUTER, relations_of

    assert relations_of(ROUTER.route("Tarrow Mills founder - where from?")) == ["founder", "born_place"]
    assert relations_of(ROUTER.route("Where is Ida Pellow's employer from?")) == ["employer", "country"]
    assert relations_of(ROUTER.route("Where is Ida Pellow's husband from?")) == ["spouse", "born_place"]


@pytest.mark.slow
def test_from_after_the_subject_of_an_inverted_copula_is_an_origin(spacy_nlp):
    from hopgraph.router.rules import RuleRouter

    got = RuleRouter(nlp=spacy_nlp).route("Are Tessa Marlow and Tom Reed from the same town?")
    assert got.shape == "comparison" and got.requirements[0].relation == "born_place"


@pytest.mark.slow
def test_where_a_body_reached_through_a_subject_clause_is_from_is_its_country(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    got = relations_of(RuleRouter(nlp=spacy_nlp).route("Which country is the company that owns Corvane Optics from?"))
    assert len(got) == 2 and got[-1] == "country"  # (what owns it, then where that body is; no nationality)
    got = relations_of(RuleRouter(nlp=spacy_nlp).route("Which country is the man who founded Corvane Optics from?"))
    assert got == ["founder", "nationality"]
