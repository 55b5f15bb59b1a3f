"""News datelines are no subjects (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

DOC_TITLE = "Press release"


def test_the_dateline_place_is_not_the_subject(triples):
    got = triples("Tarnby, 3 June 2020 — Ostrel University Hospital today opened its Quillon "
                             "Centre for Snow Medicine, the first unit of its kind.")
    assert not any(s == "Tarnby" for s, _p, _o in got)



def test_a_sentence_without_dateline_keeps_its_subject(triples):
    got = triples("Ostrel University Hospital opened the Quillon Centre for Snow Medicine in Tarnby.")
    assert any(s == "Ostrel University Hospital" for s, _p, _o in got)


def test_a_lifespan_in_brackets_is_no_dateline(triples):
    got = triples("Orla Vennick (c. 772 – 4 December 811) was the second son of Tarrin the Elder.")
    assert any(s == "Orla Vennick" for s, _p, _o in got)


def test_today_takes_the_datelines_date_for_what_was_launched(triples):
    got = triples("Tarnby, 3 June 2020 — Ostrel Outfitters today launched the Tarnby Wheelers Club, "
                             "a cycling team.")
    assert any(s == "Tarnby Wheelers Club" and o == "3 June 2020" for s, _p, o in got)
    assert not any(s == "Ostrel Outfitters" and o == "3 June 2020" for s, _p, o in got)
