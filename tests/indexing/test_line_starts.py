"""The spaCy line-starts component (indexing/line_starts.py): paragraphs and list items start sentences."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow


def test_parser_sentences_never_carry_the_previous_paragraph_or_a_marker() -> None:
    from hopgraph.indexing.extract import NEEDED_PIPES, load_spacy
    from hopgraph.indexing.line_starts import NAME

    nlp = load_spacy()
    assert NAME in nlp.pipe_names and NAME in NEEDED_PIPES
    text = ("Welcome to the team\nShe joins us from Lisbon. The crew grew\n\nAttending\n"
            "- Ilse Varga, chair\n- Rune Okonjo\n1. Ilse Varga opened the meeting in Quarnby.")
    sents = [s.text.strip() for s in nlp(text).sents]
    assert "Welcome to the team" in sents and "She joins us from Lisbon." in sents
    assert "Ilse Varga, chair" in sents and "Ilse Varga opened the meeting in Quarnby." in sents
    assert not any("\n" in s for s in sents)


def test_a_paragraph_opening_with_a_name_keeps_the_name_in_its_sentence() -> None:
    from hopgraph.indexing.extract import load_spacy

    text = "Decisions\n\nRune Okonjo was born in Tosk.\n\nIlse Varga founded Quayline Freight in 2009."
    sents = [s.text.strip() for s in load_spacy()(text).sents]
    assert sents == ["Decisions", "Rune Okonjo was born in Tosk.", "Ilse Varga founded Quayline Freight in 2009."]


def test_texts_without_line_breaks_parse_as_before() -> None:
    from hopgraph.indexing.extract import load_spacy

    nlp = load_spacy()
    text = "Lorn is a city on the Vel. Its mayor, Ada Quill, was born in Tosk."
    with nlp.select_pipes(disable=["hopgraph_line_starts"]):
        plain = [s.text for s in nlp(text).sents]
    assert [s.text for s in nlp(text).sents] == plain
