"""Which nouns name an event whose date can be asked (router/happenings.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.happenings import names_an_event


@pytest.mark.parametrize("word", ["launch", "merger", "takeover", "completion", "appointment", "renewal",
                                  "Openings", "closure", "renovation"])
def test_nouns_of_happenings_name_events(word):
    assert names_an_event(word)


@pytest.mark.parametrize("word", ["station", "substation", "foundation", "department", "hospital", "festival",
                                  "boatyard", "museum", "director", "total"])
def test_nouns_of_bodies_places_things_and_people_do_not(word):
    assert not names_an_event(word)
