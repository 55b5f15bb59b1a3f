"""Whether "from" states an origin (router/origin.py), seen through the relation phrases found."""

from __future__ import annotations

from tests.router.test_mentions import _found


def test_came_from_a_common_noun_is_a_background_not_an_origin():
    origin = _found  # "come from" is an origin phrase (its relation read later, by what is asked)
    assert origin("Kalvor/X came:come/VERB from/ADP industry/NOUN ./PUNCT") == []
    assert origin("Which/DET town/NOUN does/AUX Kalvor/X come/VERB from/ADP ?/PUNCT") != []
    assert origin("Kalvor/X came:come/VERB from/ADP a/DET small/ADJ town/NOUN ./PUNCT") != []


def test_where_from_after_a_dash_and_a_bodys_origin_is_where_it_lies():
    from tests.router.test_understand import ROUTER, relations_of

    assert relations_of(ROUTER.route("Tarrow Mills founder - where from?")) == ["founder", "born_place"]
    assert relations_of(ROUTER.route("Where is Ida Pellow's employer from?")) == ["employer", "country"]
    assert relations_of(ROUTER.route("Where is Ida Pellow's husband from?")) == ["spouse", "born_place"]
