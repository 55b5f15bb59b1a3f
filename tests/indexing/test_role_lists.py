"""Lists of the people who held a position (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

DOC_TITLE = "Orchestra history"


def test_everyone_a_list_of_position_holders_names_holds_the_position(triples):
    got = triples("The Kelmark Philharmonic gave its first concert in 1950. Later chief conductors included Tam "
                  "Ostry (1971–1989), the first woman to lead a major orchestra in the region, Orla Vennick "
                  "(1989–2003) and Brona Keltie (2003–2016).")
    for name in ("Tam Ostry", "Orla Vennick", "Brona Keltie"):
        assert (name, "role: chief conductor", "Kelmark Philharmonic") in got


def test_a_list_of_anything_else_is_no_role(triples):
    got = triples("The Kelmark Philharmonic gave its first concert in 1950. Later highlights included Tam Ostry's "
                  "recital and a tour with Orla Vennick.")
    assert not any(p.startswith("role: ") for _s, p, _o in got)
