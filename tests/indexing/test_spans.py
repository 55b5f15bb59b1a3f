"""entity_spans name cleaning and junk filtering on hand-written text (real small spaCy model)."""

from __future__ import annotations

import pytest

from hopgraph.indexing.extract import load_spacy
from hopgraph.indexing.spans import entity_spans

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def nlp():
    return load_spacy()


def names(nlp, text: str) -> dict[str, str]:
    return {s.text: s.label_ for s in entity_spans(nlp(text), lead=False)}


def test_no_name_crosses_a_line_break(nlp):
    got = names(nlp, "A glass box on the river Tallow\n\nKESTWICK — The new museum opened on Friday.")
    assert all("\n" not in n for n in got)


def test_honorific_is_dropped_and_makes_a_person(nlp):
    got = names(nlp, "The lead investigator is Dr Wenna Thale of the Kestwick clinic.")
    assert got.get("Wenna Thale") == "PERSON"
    assert not any(n.startswith("Dr") for n in got)


def test_spans_without_a_capital_and_field_labels_are_dropped(nlp):
    got = names(nlp, "Guest: Orla Vennick, cellist.\nThe opera house and the board agreed.")
    assert "Guest" not in got
    assert not any(n.islower() for n in got)


def test_speech_verb_subject_is_a_person(nlp):
    got = names(nlp, '"We will build it well," Quarnby said on Tuesday.')
    assert got.get("Quarnby") == "PERSON"


def test_a_name_ner_tagged_person_with_an_institutions_head_joins_its_of_phrase(nlp):
    """NER may tag "<Town> Conservatory" PERSON and "Music" apart; with an institution's head word it is no
    personal name, so "of Music" joins it (a person's name stays apart from "of <place>")."""
    from spacy.tokens import Span

    from hopgraph.indexing.spans import _join_of_names

    doc = nlp("Tarnby Conservatory of Music opened. Orla Vennick of Ostrel spoke.")
    got = _join_of_names(doc, [Span(doc, 0, 2, "PERSON"), Span(doc, 3, 4, "PROPN"), Span(doc, 6, 8, "PERSON"),
                               Span(doc, 9, 10, "GPE")])
    assert [s.text for s in got] == ["Tarnby Conservatory of Music", "Orla Vennick", "Ostrel"]


def test_a_company_legal_form_is_no_part_of_its_name(nlp):
    got = names(nlp, "The contract went to Quillmoor Catering Ltd, of Tarrow, and Brenlow Lunn LLP advised.")
    assert got.get("Quillmoor Catering") == "ORG"
    assert "Brenlow Lunn" in got and got["Brenlow Lunn"] == "ORG"
    assert not any(n.endswith(("Ltd", "LLP")) for n in got)


def test_a_plural_councillors_title_is_dropped(nlp):
    got = names(nlp, "Present: Cllrs Orrin, Vesk and Tallow.")
    assert not any(n.startswith("Cllrs") for n in got)


def test_an_all_capitals_headline_gives_no_names_but_those_the_story_repeats(nlp):
    from hopgraph.indexing.layout_breaks import break_layout

    got = names(nlp, break_layout("QUILLMOOR NAMES NEW BOSS Tarrow caterer Quillmoor has appointed Ada Brook as "
                                  "managing director. Ms Brook spent nine years at Kelm Dairies."))
    assert not any(n.isupper() and " " in n for n in got)  # "QUILLMOOR NAMES", "NAMES NEW BOSS"
    assert "Ada Brook" in got


def test_a_heading_word_after_a_date_is_no_part_of_it(nlp):
    got = names(nlp, "Tarrow Hospital staff bulletin, March 2023 Menus. From 1 April patients will choose.")
    assert "March 2023 Menus" not in got


def test_a_post_written_as_a_title_is_no_part_of_the_name(nlp):
    got = names(nlp, "Founder Wenna Thale, 74, will step down at Kestwick Bakeries. Headteacher Orrin Vale said "
                     "the hall would open. Managing Director Lina Voss spoke next.")
    assert {"Wenna Thale", "Orrin Vale", "Lina Voss"} <= set(got)
    assert all(got[n] == "PERSON" for n in ("Wenna Thale", "Orrin Vale", "Lina Voss"))
    assert not any(n.startswith(("Founder", "Headteacher", "Managing")) for n in got)


def test_a_title_word_before_a_single_name_or_in_an_organisations_name_stays(nlp):
    got = names(nlp, "Dean Holloway sang at the hall. The director of Principal Harbour Group spoke.")
    assert "Dean Holloway" in got
    assert "Principal Harbour Group" in got


def test_a_unit_after_a_number_is_no_name(nlp):
    got = names(nlp, "Our first site, a 30 MW battery at Skelby, is going through planning. The line runs 12 km.")
    assert "MW" not in got and "km" not in got
    assert "Skelby" in got
