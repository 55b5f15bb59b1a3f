"""ChunkContext on hand-written documents (real small spaCy model): who "she" is, and when a title is an entity."""

from __future__ import annotations

import pytest

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.extract import SpacyExtractor, load_spacy
from hopgraph.models import Chunk

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def nlp():
    return load_spacy()


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


def refs_of(ctx: ChunkContext, word: str, nth: int = 0) -> list[str]:
    toks = [t for t in ctx.doc if t.lower_ == word]
    return ctx.refs(toks[nth])


def test_narrative_pronoun_is_the_nearest_person(nlp):
    text = "Orla Vennick joined the board in May. She reports to Tam Oduya."
    ctx = ChunkContext(nlp(text), "Welcome aboard")
    assert ctx.narrative and ctx.title == ""
    assert refs_of(ctx, "she") == ["Orla Vennick"]


def test_narrative_pronoun_prefers_the_subject_of_the_previous_sentence(nlp):
    text = "Orla Vennick met Tam Oduya in Dunmere on Monday. She said the plan was sound."
    ctx = ChunkContext(nlp(text), "Talks in Dunmere")
    assert refs_of(ctx, "she") == ["Orla Vennick"]


def test_a_name_set_beside_an_organisation_noun_is_no_antecedent_of_her(nlp):
    text = "Ada Brook now runs Odell Mills, the family firm founded by her grandfather Tom Reed in 1921."
    ctx = ChunkContext(nlp(text), "Quarry news")
    assert refs_of(ctx, "her") == ["Ada Brook"]  # whatever NER calls the firm's name


def test_the_company_and_it_mean_the_nearest_organisation(nlp):
    text = "Drevna Therapeutics opened a laboratory in Kestwick. The company said it would hire forty people."
    ctx = ChunkContext(nlp(text), "New jobs in Kestwick")
    assert refs_of(ctx, "company") == ["Drevna Therapeutics"]
    assert refs_of(ctx, "it") == ["Drevna Therapeutics"]


def test_narrative_pronoun_without_a_person_resolves_to_nothing(nlp):
    ctx = ChunkContext(nlp("She reports to the board."), "Welcome aboard")
    assert refs_of(ctx, "she") == []


def test_encyclopedic_page_keeps_the_page_subject_rule(nlp):
    text = "Orla Vennick (born 1961) is a painter. She studied in Kestwick under Tam Oduya."
    ctx = ChunkContext(nlp(text), "Orla Vennick")
    assert not ctx.narrative
    assert refs_of(ctx, "she") == ["Orla Vennick"]


def run(extractor: SpacyExtractor, text: str, title: str):
    chunk = Chunk(chunk_id="c1", doc_id="d1", title=title, text=text, start=0, end=len(text), content_hash="h")
    return extractor.extract([chunk])[0]


def test_headline_title_is_never_an_entity(extractor):
    ext = run(extractor, "Orla Vennick joined Drevna Therapeutics in May. She reports to Tam Oduya.",
              "Welcome aboard")
    assert all(m.label != "TITLE" and m.text != "Welcome aboard" for m in ext.mentions)
    assert all("Welcome aboard" not in (t.subject, t.object) for t in ext.triples)
    assert all("Welcome aboard" not in (c.a, c.b) for c in ext.cooccurrences)


def test_subject_title_is_an_entity(extractor):
    ext = run(extractor, "Orla Vennick (born 1961) is a painter from Kestwick.", "Orla Vennick")
    assert ("Orla Vennick", "TITLE") in {(m.text, m.label) for m in ext.mentions}


def test_mode_is_decided_on_the_first_chunk_of_a_document(extractor):
    first = Chunk(chunk_id="d9#0", doc_id="d9", title="Orla Vennick", text="Orla Vennick (born 1961) is a painter.",
                  start=0, end=38, content_hash="a", position=0)
    second = Chunk(chunk_id="d9#1", doc_id="d9", title="Orla Vennick", text="She moved to Kestwick in 1990.",
                   start=39, end=69, content_hash="b", position=1)
    exts = extractor.extract([first, second])
    assert any(m.label == "TITLE" for m in exts[1].mentions)


def test_the_age_description_refers_to_the_person_named_before(triples):
    got = triples("Orla Vennick won the stage on Sunday. The 24-year-old, who was born in Tarnby, "
                  "now leads the race.", title="Race report")
    assert ("Orla Vennick", "born in", "Tarnby") in got
    assert not any(s.endswith("year-old") for s, _p, _o in got)


def test_she_is_a_person_shaped_name_ner_typed_otherwise_when_no_person_precedes(nlp):
    from spacy.tokens import Span

    doc = nlp("Kelda Morrow won the race on Sunday. Born in Ostrel in 1999, she grew up on skis.")
    doc.ents = [Span(doc, 0, 2, "ORG"), Span(doc, 10, 11, "GPE")]  # the small model's guess on an unseen name
    ctx = ChunkContext(doc, "Race report", "narrative")
    she = next(t for t in doc if t.lower_ == "she")
    assert ctx.refs(she) == ["Kelda Morrow"]
    doc = nlp("Quillon Therapeutics opened a lab. She said it was ready.")
    doc.ents = [Span(doc, 0, 2, "ORG")]
    ctx = ChunkContext(doc, "Lab news", "narrative")
    assert ctx.refs(next(t for t in doc if t.lower_ == "she")) == []  # a company's name is no person's


def test_a_description_with_a_name_beside_it_is_that_name(triples):
    got = triples("Ostrel Outfitters hired a new designer on Monday. Orla Vennick, who has spent nine years as head "
                  "of product at the Tarnby tent maker Kelm & Vey, starts in March.", title="New designer")
    assert any(s == "Orla Vennick" and (p.startswith("role:") or p == "work for") and o == "Kelm & Vey"
               for s, p, o in got)
    assert not any(s == "Orla Vennick" and o == "Ostrel Outfitters" for s, _p, o in got)


def test_in_which_and_the_municipality_of_a_town_refer_to_their_names(triples):
    got = triples("In 1994 it sold the lifts to Kelm Resorts, a company in which the municipality of Ostrel still "
                  "holds a stake.", title="Ski area history")
    assert ("Ostrel", "owner of", "Kelm Resorts") in got


def test_the_company_after_a_sentence_the_parse_gave_no_subject_is_the_name_opening_it(nlp):
    text = ("Quarrow Batteries Ltd launches today with £2 million of seed funding from Tessel Ventures and the Marrick "
            "Growth Fund. The company was founded by Dr Ilse Varga.")
    ctx = ChunkContext(nlp(text), "Press release, 2016")
    assert refs_of(ctx, "company") == ["Quarrow Batteries"]  # not the fund named last
