"""An organisation's run in brackets after its name (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

DOC_TITLE = "Local papers"


def test_an_organisations_run_dates_its_founding_a_persons_does_not(triples):
    got = triples("Smaller papers served the valleys, among them the Kelmark Valley Gazette (1902–1978). "
                  "Editors included Tam Ostry (1931–1950).")
    assert ("Kelmark Valley Gazette", "founded on", "1902") in got
    assert not any(s == "Tam Ostry" and p == "founded on" for s, p, _o in got)


def test_a_one_word_name_listed_with_papers_is_one_too(triples):
    got = triples("Smaller papers served the valleys: the Kelmark Valley Gazette (1902–1978), the Ostry Herald, "
                  "and the short-lived socialist Arbeitsruf (1919–1933).")
    assert ("Arbeitsruf", "founded on", "1919") in got


def test_a_run_stated_by_a_verb_dates_the_founding(triples):
    got = triples("The Kelmark Gazette appeared from 1902 until 1978 and printed mostly market prices.")
    assert ("Kelmark Gazette", "founded on", "1902") in got
    got = triples("Orla Vennick worked from 1902 until 1930 as a teacher.")
    assert not any(p == "founded on" for _s, p, _o in got)
