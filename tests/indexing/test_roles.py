"""Role titles and the organisation a bare title belongs to (real small spaCy model)."""

from __future__ import annotations

import pytest

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.extract import load_spacy
from hopgraph.indexing.roles import nearest_org, role_title

pytestmark = pytest.mark.slow


def _ctx(text: str) -> ChunkContext:
    return ChunkContext(load_spacy()(text), "")


def test_role_title_keeps_title_words_and_drops_time_words():
    ctx = _ctx("Anneli Brask, the former chief technology officer of Quorvex, spoke.")
    noun = next(t for t in ctx.doc if t.lower_ == "officer")
    assert role_title(ctx, noun) == "chief technology officer"


def test_nearest_org_is_the_one_named_before_or_none():
    ctx = _ctx("Quorvex opened a plant. Its chief executive spoke at Fennway Bank.")
    noun = next(t for t in ctx.doc if t.lower_ == "executive")
    assert nearest_org(ctx, noun) == "Quorvex"
    ctx = _ctx("The chief executive spoke at length about the weather.")
    noun = next(t for t in ctx.doc if t.lower_ == "executive")
    assert nearest_org(ctx, noun) is None


def test_nearest_org_prefers_an_organisation_the_text_has_as_a_subject():
    ctx = _ctx("Quorvex Therapeutics opened a laboratory. Staff from Fennway University helped. "
               "\"We are ready,\" said chief executive Anneli Brask.")
    noun = next(t for t in ctx.doc if t.lower_ == "executive")
    assert nearest_org(ctx, noun) == "Quorvex Therapeutics"


def test_a_post_in_a_sentence_about_a_companys_short_name_is_that_companys():
    from hopgraph.indexing.roles import holder_of, subject_short_form

    ctx = _ctx("Quorvex Holdings plc has agreed to buy Fennway Dairies for £20 million. "
               "Fennway will keep its staff, led by managing director Anneli Brask.")
    noun = next(t for t in ctx.doc if t.lower_ == "director")
    assert subject_short_form(ctx, noun) == "Fennway Dairies"
    assert holder_of(ctx, noun) == "Fennway Dairies"  # not the group named nearest before
    ctx = _ctx("Quorvex Holdings plc has agreed to buy Fennway Dairies. The dairy will keep its managing director.")
    noun = next(t for t in ctx.doc if t.lower_ == "director")
    assert subject_short_form(ctx, noun) is None  # no short name is the subject
