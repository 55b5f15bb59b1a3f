"""Classes the text states with a noun: roles, people in the plural, appositions in lists (real small spaCy model)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

DOC_TITLE = "Harbour news"


def _classes(got, name):
    return {(p, o) for s, p, o in got if s == name and p.startswith("class: ")}


def test_a_role_noun_after_or_before_a_name_states_a_person(triples):
    assert ("class: PERSON", "solicitor") in _classes(triples("Dorvin Marrel, the Ossel solicitor, retired."),
                                                       "Dorvin Marrel")
    assert ("class: PERSON", "chair") in _classes(triples("Ysmay Vennick (chair, items 1-3) opened the meeting."),
                                                   "Ysmay Vennick")


def test_people_in_the_plural_said_of_one_name_are_a_firm(triples):
    got = triples("The architects, Zebbet Gorrick, designed the hall.")
    assert ("class: ORG", "firm") in _classes(got, "Zebbet Gorrick")


def test_a_role_in_a_list_is_the_first_names_not_the_employers(triples):
    got = triples("Ysmay Vennick, solicitor, Brask Osgar, Ossel, has been appointed.")
    assert ("class: PERSON", "solicitor") in _classes(got, "Ysmay Vennick")
    assert not any(p == "class: PERSON" for s, p, _o in got if s != "Ysmay Vennick")


def test_a_place_noun_another_name_modifies_is_that_names(triples):
    got = triples("Cllr Ysmay Dravell (Kelloway Hill ward) spoke.")
    assert not any(p == "class: LOC" for p, _o in _classes(got, "Ysmay Dravell"))
    assert ("class: LOC", "ward") in _classes(got, "Kelloway Hill")


def test_a_class_noun_subject_of_is_states_the_class_of_the_name_after_is(triples):
    got = triples("Since the merger its managing director is Jessamine Faircloth.")
    assert ("class: PERSON", "director") in _classes(got, "Jessamine Faircloth")
