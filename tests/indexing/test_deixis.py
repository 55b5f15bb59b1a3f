"""Times stated relative to a news dateline (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow


def test_a_company_founded_this_year_takes_the_datelines_year(triples):
    got = triples("Ostrel, 3 May 2011 — Quillon Therapeutics, a company founded this year to develop inhaled "
                  "drugs, has signed a lease.", title="Start-up moves in")
    assert ("Quillon Therapeutics", "founded on", "2011") in got
    got = triples("Quillon Therapeutics, a company founded this year to develop inhaled drugs, has signed a lease.",
                  title="Start-up moves in")
    assert not any(p == "founded on" for _s, p, _o in got)  # no dateline, no year
