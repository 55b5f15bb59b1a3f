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


def test_a_dashed_title_names_the_organisation_whose_page_it_is(triples):
    got = triples("Quillmoor Catering started in 2004 in Tarrow. Our managing director is Ada Brook, who joined us "
                  "in 2017.", title="Quillmoor Catering — about us")
    assert ("Ada Brook", "director", "Quillmoor Catering") in got


def test_the_company_on_its_own_news_page_is_that_company(triples):
    got = triples("QUILLMOOR NAMES NEW BOSS Tarrow caterer Quillmoor has appointed Ada Brook as managing director. "
                  "Ms Brook spent nine years as quality manager at Kelm Dairies in Lindby. The company's founder, "
                  "Cy Dunn, will remain as chairman.", title="Quillmoor Catering — news, 2017")
    assert ("Cy Dunn", "founder", "Quillmoor Catering") in got
    assert ("Cy Dunn", "founder", "Kelm Dairies") not in got


def test_minutes_attendance_roles_are_held_in_the_minutes_organisation(triples):
    got = triples("Quillmoor Group plc — Minutes of a meeting of the board held at the registered office, Mill "
                  "Road, Tarrow, on 4 May 2022. Present: Ada Brook (chair), Cy Dunn (chief executive).",
                  title="Minutes of the board meeting of 4 May 2022")
    assert ("Cy Dunn", "role: chief executive", "Quillmoor Group") in got
    assert not any(o == "Mill Road, Tarrow" for _s, p, o in got if p.startswith("role"))


def test_a_post_named_without_its_organisation_on_a_companys_own_page_is_held_there(triples):
    got = triples("KELM BACKS WETLANDS Kelm Dairies has agreed to sponsor the Ostrel Wetlands Trust. \"Our cows graze "
                  "the same marshes,\" said managing director Ada Brook.", title="Kelm Dairies — news, 2019")
    assert ("Ada Brook", "role: director", "Kelm Dairies") in got
    assert not any(o == "Ostrel Wetlands Trust" for s, p, o in got if p.startswith("role"))
    # an organisation named in the post's own sentence still holds it
    got = triples("Kelm Dairies — Annual report 2021\nThe lead site is Tarrow University Hospital, where the principal "
                  "investigator is Dr Cy Dunn.", title="Annual report 2021")
    assert not any(s == "Cy Dunn" and o == "Kelm Dairies" for s, p, o in got)
