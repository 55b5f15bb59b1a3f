"""Who "we" and "our" are in an organisation's own document (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow


def test_our_in_a_companys_own_report_is_the_company(triples):
    got = triples("Quillon Therapeutics — Annual report 2021 (extract)\nKELP-3, our phase II trial, completed "
                  "enrolment in October. This season we began a partnership with the Centre for Snow Medicine.",
                  title="Annual report 2021")
    assert ("KELP-3", "product of", "Quillon Therapeutics") in got
    assert ("Quillon Therapeutics", "partner of", "Centre for Snow Medicine") in got


def test_a_newsletter_heading_with_its_town_names_the_author(triples):
    got = triples("Kelm Ski School, Ostrel — Newsletter for families\nThis winter we began a partnership with the "
                  "Tarnby Alpine Club.", title="Newsletter")
    assert ("Kelm Ski School", "partner of", "Tarnby Alpine Club") in got


def test_we_in_quoted_speech_or_a_news_story_is_nobody_by_default(triples):
    got = triples("Quillon Therapeutics — Annual report 2021\n\"We began a partnership with the Centre for Snow "
                  "Medicine,\" the mayor said.", title="Annual report 2021")
    assert not any(p == "partner of" and s == "Quillon Therapeutics" for s, p, _o in got)
    got = triples("Ostrel, 2 May 2020 — Residents said we began a partnership with the Kelm Alpine Club.",
                  title="Town news")
    assert not any(p == "partner of" for _s, p, _o in got)
