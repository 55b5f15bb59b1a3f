"""Whether "from" states an origin (router/origin.py), seen through the relation phrases found."""

from __future__ import annotations

from tests.router.test_mentions import _found


def test_came_from_a_common_noun_is_a_background_not_an_origin():
    origin = _found  # "come from" is an origin phrase (its relation read later, by what is asked)
    assert origin("Kalvor/X came:come/VERB from/ADP industry/NOUN ./PUNCT") == []
    assert origin("Which/DET town/NOUN does/AUX Kalvor/X come/VERB from/ADP ?/PUNCT") != []
    assert origin("Kalvor/X came:come/VERB from/ADP a/DET small/ADJ town/NOUN ./PUNCT") != []
