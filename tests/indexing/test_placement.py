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
