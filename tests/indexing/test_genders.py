"""Which people a chunk marks as a woman or a man (indexing/genders.py), and "his"/"her" read with it; real spaCy,
hand-written documents with invented names."""

from __future__ import annotations

import pytest

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.extract import load_spacy
from hopgraph.indexing.genders import FEMALE, MALE, marked_genders

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def nlp():
    return load_spacy()


def genders(nlp, text: str) -> dict[str, str]:
    ctx = ChunkContext(nlp(text), "Local news, May 2019")
    return marked_genders(ctx.doc, [s for s in ctx.spans if s.label_ == "PERSON"])


def test_a_title_a_kin_noun_or_a_pronoun_after_the_only_name_marks_a_gender(nlp):
    assert genders(nlp, "Mrs Orla Vennick opened the shop.") == {"Orla Vennick": FEMALE}
    assert genders(nlp, "He is survived by his daughter Orla and his son Tam.") == {"Orla": FEMALE, "Tam": MALE}
    assert genders(nlp, "He married Joan Pellow in 1955; she died in 2004.") == {"Joan Pellow": FEMALE}


def test_a_pronoun_that_may_be_another_persons_marks_nothing(nlp):
    assert genders(nlp, "Tam Oduya said she had left the firm.") == {}  # a reported clause: anyone's
    assert genders(nlp, "He married Joan Pellow in 1955; he died in 2004.") == {}  # the earlier "he"'s
    assert genders(nlp, "Orla Vennick thanked Tam Oduya and she left.") == {}  # two names before it


def test_his_passes_over_a_woman_named_nearer(nlp):
    text = ("Walter Brisk, who has died aged 91, founded Brisk Mills in 1962. He married Joan Pellow in 1955; she "
            "died in 2004. He is survived by his daughter Orla and his son Tam.")
    ctx = ChunkContext(nlp(text), "Obituary, January 2020")
    his = [t for t in ctx.doc if t.lower_ == "his"]
    assert ctx.refs(his[0]) == ["Walter Brisk"]


def test_kin_of_an_obituarys_subject_goes_to_him_not_to_his_late_wife(triples):
    got = triples("Walter Brisk, who has died aged 91, founded Brisk Mills in 1962. He married Joan "
                             "Pellow in 1955; she died in 2004. He is survived by his daughter Orla and his son Tam.",
                  "Obituary, January 2020")
    assert ("Orla", "daughter", "Walter Brisk") in got and ("Tam", "son", "Walter Brisk") in got
    assert not any(o in ("Joan Pellow", "Orla") and p in ("daughter", "son") for _, p, o in got)


def test_a_name_in_apposition_to_the_subject_is_what_a_later_she_refers_to(triples):
    got = triples("Their senior partner, Ruth Harwick, wants to meet Tom Dunn next week. She used to work "
                             "with Peter Brisk at the Kelby practice.", "Email, October 2016")
    assert ("Ruth Harwick", "work with", "Peter Brisk") in got
