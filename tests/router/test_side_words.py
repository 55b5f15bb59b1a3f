"""What a compared side's own words say (router/side_words.py), on hand-tagged questions."""

from __future__ import annotations

from hopgraph.router.side_words import class_after_name, event_of_side, own_noun_phrase, placed_at
from tagged import toks


def test_a_thing_placed_at_a_name_may_have_a_determiner_before_the_name():
    assert placed_at(toks("Which/PRON is/AUX older/ADJ ,/PUNCT the/DET depot/NOUN on/ADP the/DET Kalvor/@ ?/PUNCT"), 8)
    assert not placed_at(toks("Which/PRON is/AUX older/ADJ ,/PUNCT Kalvor/@ or/CCONJ Tamsel/@ ?/PUNCT"), 4)


def test_a_class_noun_after_a_determined_name_is_that_sides_own_and_a_role_noun_is_no_class():
    q = toks("Which/PRON came/VERB first/ADV ,/PUNCT Kalvor/@ or/CCONJ the/DET Tamsel/@ boatyard/ADV ?/PUNCT")
    assert own_noun_phrase(q, [], 7) and class_after_name(q, [], 7)
    director = toks("Who/PRON is/AUX older/ADJ ,/PUNCT Kalvor/@ or/CCONJ the/DET Tamsel/@ conductor/NOUN ?/PUNCT")
    assert own_noun_phrase(director, [], 7) and not class_after_name(director, [], 7)


def test_an_event_noun_is_a_sides_dated_fact_and_a_thing_noun_is_not():
    q = toks("Which/PRON came/VERB first/ADV ,/PUNCT the/DET launch/NOUN of/ADP Kalvor/@ ?/PUNCT")
    assert event_of_side(q, ["launch"])
    assert not event_of_side(toks("the/DET museum/NOUN of/ADP Kalvor/@"), ["museum"])
