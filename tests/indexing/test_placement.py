"""A place set off by a comma after another place (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow


def test_a_town_and_its_country(triples):
    got = triples("Brona Keltie was born in Tarnby, Ostria, in 1950.")
    assert ("Tarnby", "located in", "Ostria") in got
    assert ("Brona Keltie", "born in", "Tarnby") in got


def test_a_comma_phrase_locates_the_place_not_the_verb(triples):
    got = triples("Ada Brook grew up in Tarnby, near the Ossel River.")
    assert ("Tarnby", "located near", "Ossel River") in got
    assert not any(s == "Ada Brook" and o == "Ossel River" for s, _p, o in got)


def test_a_list_of_cities_is_no_placement(triples):
    got = triples("She visited Paris, London and Rome in 1990.")
    assert not any(p.startswith("located") for _s, p, _o in got)


def test_a_place_born_modifier_before_a_name_is_the_birthplace(triples):
    assert ("Tam Ostry", "born in", "Tarnby") in triples("Guest soloists include the Tarnby-born violinist Tam Ostry.")


def test_an_occupation_in_a_place_and_a_field_studied_there(triples):
    assert ("Orla Vennick", "librarian in", "Tarnby") in triples(
        "Orla Vennick, who works as a librarian in Tarnby, wrote the book.")
    assert ("Kettle", "study in", "Ostwick") in triples("Kettle, a former racer who studied business in Ostwick, spoke.")
