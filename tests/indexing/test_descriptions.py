"""Definite descriptions resolved to the name they fit (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.descriptions import described
from hopgraph.indexing.extract import load_spacy
from hopgraph.indexing.subject import NARRATIVE

pytestmark = pytest.mark.slow


def _ctx(text: str) -> ChunkContext:
    return ChunkContext(load_spacy()(text), "Weekend notes", NARRATIVE)


def _tok(ctx: ChunkContext, word: str, nth: int = 0):
    return [t for t in ctx.doc if t.lower_ == word][nth]


def test_the_festival_is_the_festival_named_before():
    ctx = _ctx("Brona Keltie founded the Ostrel Harp Festival in 1990. Quillon Bank paid for the stage. "
               "The festival grew every year.")
    assert described(ctx, _tok(ctx, "festival", 1)) == "Ostrel Harp Festival"


def test_a_stated_class_counts_as_a_head():
    ctx = _ctx("Tarnis, a diagnostics company, hired Brona Keltie. The company opened an office.")
    assert described(ctx, _tok(ctx, "company", 1)) == "Tarnis"


def test_nothing_fits_nothing_is_guessed():
    ctx = _ctx("Brona Keltie met Quillon Bank staff. The festival was cancelled.")
    assert described(ctx, _tok(ctx, "festival")) is None


def test_a_named_description_is_not_an_anaphor():
    ctx = _ctx("The Ostrel Harp Festival opened. The Dunmere festival followed.")
    assert described(ctx, _tok(ctx, "festival", 1)) is None


def test_a_general_noun_describes_only_a_name_ending_in_it():
    ctx = _ctx("Brona Keltie founded Quillon House in 1961. She ran the house for thirty years.")
    assert described(ctx, _tok(ctx, "house", 1)) == "Quillon House"
    ctx = _ctx("Brona Keltie founded Quillon Press in 1961. She sold the house in 1990.")
    assert described(ctx, _tok(ctx, "house")) is None
