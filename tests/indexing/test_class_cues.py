"""Cues of a name's kind without a class noun: an article, a plural verb, founding, a place (real small spaCy model)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

DOC_TITLE = "Harbour news"


def _cues(got, name):
    return {p for s, p, _o in got if s == name and p.startswith("class: ")}


def test_a_name_after_the_article_is_no_persons(triples):
    got = triples("The band played with the Ostrel Linnets on Friday.")
    assert "class: NOT_PERSON" in _cues(got, "Ostrel Linnets")


def test_a_title_or_an_honorific_after_the_article_is_no_cue(triples):
    got = triples("The Duke of Tarrow and the late Ysmay Vennick opened the bridge.")
    assert not any(p == "class: NOT_PERSON" for _s, p, _o in got)


def test_a_plural_verb_after_one_name_makes_it_a_group(triples):
    got = triples("Tarrow Plinth are a four-piece from Ossel.")
    assert "class: ORG" in _cues(got, "Tarrow Plinth")


def test_two_names_joined_by_and_take_a_plural_verb_as_people(triples):
    got = triples("Ysmay Vennick and Dorvin Marrel are both from Ossel.")
    assert not _cues(got, "Ysmay Vennick") and not _cues(got, "Dorvin Marrel")


def test_what_was_set_up_or_formed_is_an_organisation(triples):
    got = triples("Vennick Osgar was set up in Ossel in 1986 by Jessamine Faircloth and Dorvin Maddern.")
    assert "class: ORG" in _cues(got, "Vennick Osgar")
    got = triples("Mossby Plinth formed in Ossel in 1991.")
    assert "class: ORG" in _cues(got, "Mossby Plinth")


def test_a_street_after_a_locative_preposition_is_a_place(triples):
    got = triples("The depot is on Fennaway Lane in Ossel.")
    assert "class: FAC" in _cues(got, "Fennaway Lane")


def test_where_someone_trained_is_no_person_but_whom_they_smiled_at_may_be(triples):
    got = triples("Jessamine trained at Vennick Osgar in Ossel.")
    assert "class: NOT_PERSON" in _cues(got, "Vennick Osgar")
    got = triples("She smiled at Ysmay Vennick.")
    assert "class: NOT_PERSON" not in _cues(got, "Ysmay Vennick")


def test_a_title_before_or_letters_after_a_name_make_a_person(triples):
    assert "class: PERSON" in _cues(triples("Ysmay Marrel KC appeared for the claimant."), "Ysmay Marrel")
    assert "class: PERSON" in _cues(triples("Cllr Vennick asked about the bridge."), "Vennick")


def test_a_name_that_is_a_whole_quotation_is_a_title(triples):
    got = triples('Well done to Jessamine Faircloth, whose story "The Brezzock Stair" has won the prize.')
    assert "class: WORK_OF_ART" in _cues(got, "The Brezzock Stair")
