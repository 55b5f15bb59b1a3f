"""Titles written next to a person's name (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

DOC_TITLE = "Harbour news"


def test_a_title_before_the_name_is_held_at_the_organisation_the_text_is_about(triples):
    got = triples("Quillon Therapeutics opened a laboratory in Ostrel on Monday. The lab is near the "
                             "station. \"We are ready,\" said chief executive Brona Keltie.")
    assert ("Brona Keltie", "role: chief executive", "Quillon Therapeutics") in got
    assert not any(s == "Brona Keltie" and o == "Ostrel" for s, _p, o in got)


def test_a_possessive_title_set_off_by_a_comma(triples):
    got = triples("The prize jury was chaired by the Ostrel Gazette's literary editor, Brona Keltie, "
                             "who read every book.")
    assert ("Brona Keltie", "role: literary editor", "Ostrel Gazette") in got


def test_a_mayor_is_mayor_of_the_town_named_before(triples):
    got = triples("Snow closed three roads in Ostrel on Tuesday. \"We plan for it,\" said Mayor Brona "
                             "Keltie.")
    assert ("Brona Keltie", "role: mayor", "Ostrel") in got


def test_a_plain_name_has_no_title(triples):
    got = triples("Quillon Therapeutics hired staff. Brona Keltie said the plan was good.")
    assert not any(p.startswith("role:") for _s, p, _o in got)


def test_a_label_line_names_a_presenter_of_the_broadcaster(triples):
    got = triples("Transcript of an interview broadcast on Kelmark Radio's morning show, 3 May 2022.\n"
                  "Presenter: Tam Ostry.\nGuest: Orla Vennick, chief executive of Quorvex Labs.")
    assert ("Tam Ostry", "role: presenter", "Kelmark Radio") in got
    assert ("Orla Vennick", "role: chief executive", "Quorvex Labs") in got


def test_a_mayor_chairing_the_minutes_is_mayor_of_the_town_heading_them(triples):
    got = triples("Town of Ostwick — Council meeting of 3 May 2022.\nChair: Mayor B. Keltie.\nItem 1: Roads.")
    assert ("B. Keltie", "role: mayor", "Town of Ostwick") in got


def test_a_label_opening_a_sentence_on_a_joined_line(triples):
    got = triples("Transcript of a programme on Kelmark Radio, 3 May 2022. Presenter: Tam Ostry. Guest: Orla Vennick.")
    assert ("Tam Ostry", "role: presenter", "Kelmark Radio") in got


def test_a_title_with_a_date_before_the_comma_is_read(triples):
    got = triples("Quillon Press was founded in 1952. Its editor since 2014, Orla Vennick, said the house "
                  "now publishes 30 books a year.")
    assert ("Orla Vennick", "role: editor", "Quillon Press") in got


def test_a_board_member_holds_a_position(triples):
    got = triples("Quillon Outfitters named a new chief executive on Monday. \"We wanted a maker,\" said board "
                  "member Tam Ostry.")
    assert ("Tam Ostry", "role: board member", "Quillon Outfitters") in got


def test_a_person_as_a_title_of_an_organisation_whatever_the_parse(triples):
    got = triples("Ostrel, 19 April 2023 — The University Senate today re-elected Prof. Orla Vennick as rector of "
                  "the University of Tarnby for a second term.")
    assert ("Orla Vennick", "role: rector", "University of Tarnby") in got
    assert ("Orla Vennick", "elected to", "University of Tarnby") in got
    got = triples("Orla Vennick spoke as a guest of the University of Tarnby.")
    assert not any(p.startswith("role:") for _s, p, _o in got)  # a guest holds no position


def test_a_capitalised_post_opening_the_sentence_is_held_by_the_name_after_it(triples):
    got = triples("Quillon Bakeries will join the Ostrel group. Chair Brona Keltie will step down after the sale.")
    assert any(s == "Brona Keltie" and p.startswith("role:") and o == "Quillon Bakeries" for s, p, o in got)
    assert not any(s.startswith("Chair") for s, _p, _o in got)


def test_a_title_like_given_name_after_a_description_is_part_of_the_name(triples):
    got = triples("Quillon Therapeutics opened a laboratory in Ostrel. Former striker Dean Holt joined the board "
                  "of Kelby Rovers last spring. \"We are ready,\" said chief executive Dean Marsh.")
    assert not any(s == "Dean Holt" and p.startswith("role:") for s, p, _o in got)  # "striker" is no post
    assert ("Dean Marsh", "role: chief executive", "Quillon Therapeutics") in got
    assert not any(p.endswith(" dean") for _s, p, _o in got)


def test_a_position_is_held_at_the_organisation_named_right_after_the_holder(triples):
    got = triples("Quillon Therapeutics opened a laboratory in Ostrel. \"We welcome it,\" said chief executive "
                  "Brona Keltie of Kelby Holdings.")
    assert ("Brona Keltie", "role: chief executive", "Kelby Holdings") in got
    assert ("Brona Keltie", "role: chief executive", "Quillon Therapeutics") not in got
