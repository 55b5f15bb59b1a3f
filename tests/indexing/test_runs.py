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
