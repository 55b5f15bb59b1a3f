"""Names written in more than one piece and datelines, as entity_spans reads them (real small spaCy model)."""

from __future__ import annotations

import pytest

from hopgraph.indexing.spans import entity_spans

pytestmark = pytest.mark.slow


@pytest.fixture
def nlp(extractor):
    return extractor.nlp  # the shared extractor's pipeline (tests/indexing/conftest.py)


def names(nlp, text: str) -> dict[str, str]:
    """Entity spans of a news text (no lead name) and their labels."""
    return {s.text: s.label_ for s in entity_spans(nlp(text), lead=False)}


def test_a_place_with_lowercase_nouns_and_a_head_names_an_institution_or_event(nlp):
    got = names(nlp, "Wenna Thale went to the Ostrel grammar school. She will speak at the Kestwick book fair.")
    assert "Ostrel grammar school" in got
    assert "Kestwick book fair" in got


def test_a_place_after_an_indefinite_article_names_no_institution(nlp):
    got = names(nlp, "Orla Vennick taught at a Kestwick secondary school for ten years.")
    assert not any(n.startswith("Kestwick ") for n in got)


def test_a_dateline_place_is_a_place(nlp):
    doc = nlp("Quarnby, 4 May 2021 — Thale Brewing opened a second brewery today.")
    got = {s.text: s.label_ for s in entity_spans(doc, lead=False)}
    assert got.get("Quarnby") == "GPE"


def test_two_names_joined_by_an_unspaced_dash_are_one_and_of_the_joins_an_event(nlp):
    got = names(nlp, "Orla Vennick of the Kelm–Ostrel team crashed at the Tour of the Lowlands on Sunday.")
    assert "Kelm–Ostrel" in got or any(n.startswith("Kelm–Ostrel") for n in got)
    assert "Tour of the Lowlands" in got
    assert "Orla Vennick" in got  # a person's name is never joined with what follows "of the"


def test_a_name_before_born_is_a_place(nlp):
    got = names(nlp, "Guest soloists include the Quellmark-born violinist Orla Vennick.")
    assert got.get("Quellmark") == "GPE"


def test_a_ski_area_after_a_place_is_named(nlp):
    got = names(nlp, "The Kelmhorn ski area lies on the slopes of the Kelmhorn above the village of Ostrel.")
    assert "Kelmhorn ski area" in got


def test_an_events_name_after_womens_or_mens_names_that_divisions_event(nlp):
    got = names(nlp, "Wenna Thale rode in the women's Tour of Ostrel for the third time.")
    assert got.get("women's Tour of Ostrel") == "EVENT"
    assert "Tour of Ostrel" not in got
    got = names(nlp, "The women's squad of Kestwick Cycling met in Ostrel on Monday.")
    assert not any(n.startswith("women") for n in got)


def test_a_town_ner_tagged_norp_still_names_its_institution_a_nationality_does_not(nlp):
    from spacy.tokens import Span

    from hopgraph.indexing.name_joins import nationality
    from hopgraph.indexing.spans import _extend_heads

    doc = nlp("She studied at the French school and teaches at the Tarnby gymnasium.")
    french, tarnby = Span(doc, 4, 5, "NORP"), Span(doc, 10, 11, "NORP")
    assert nationality(french) and not nationality(tarnby)
    assert [s.text for s in _extend_heads([french, tarnby])] == ["French", "Tarnby gymnasium"]
