"""Words of coming into being that tell of something else beginning (hops/origin_events.py)."""

from __future__ import annotations

import pytest

from hopgraph.hops.origin_events import begins_something_else
from hopgraph.router.vocab import cue_regex

CUE = cue_regex("release_date", ("set up",))


@pytest.mark.parametrize("sentence", [
    "Kessel Ales opened its new bottling hall on Saturday beside the canal at Lorn.",
    "In 2015 Kessel Ales built a second bottling plant beside the river.",
    "Kessel Ales has launched another range of bitters.",
    "Our new visitor shop in the old Lorn forge opens in May.",
    "The dance school moves next spring into a purpose-built studio on Mill Row.",
    "Staff of the long-established firm were told on Friday.",
])
def test_a_new_thing_or_a_hyphenated_modifier_begins_something_else(sentence: str) -> None:
    assert begins_something_else(sentence, CUE, "Kessel Ales")


@pytest.mark.parametrize("sentence", [
    "Kessel Ales was founded in 2011 by Ada Brook in a garden shed.",
    "Ada Brook set up Kessel Ales in 2011.",
    "Kessel Ales opened in May 2011 with two copper kettles.",
    "The brewery was co-founded in 2011 by Ada Brook and Ilse Varn.",
    "Kessel Ales opened its doors on Tanner Lane in 2011.",
    "Kessel Ales is a brewery on Tanner Lane.",  # no word of beginning: nothing to say
])
def test_the_entitys_own_beginning_or_no_such_word_is_not_something_else(sentence: str) -> None:
    assert not begins_something_else(sentence, CUE, "Kessel Ales")


def test_a_new_thing_that_is_the_entity_itself_is_its_beginning() -> None:
    assert not begins_something_else("The new Lorn Library opened in 2004.", CUE, "Lorn Library")
    assert begins_something_else("The new Lorn Library opened in 2004.", CUE, "Kessel Ales") is False  # no owner's
    assert begins_something_else("Lorn Library opened its new wing in 2004.", CUE, "Lorn Library")
    assert not begins_something_else("Tamsel Trust opened the new Lorn Library in 2004.", CUE, "Lorn Library")


def test_one_word_of_its_own_beginning_is_enough() -> None:
    sentence = "Founded in 2011, Kessel Ales opened its new bottling hall in 2019."
    assert not begins_something_else(sentence, CUE, "Kessel Ales")
