"""The field someone studied is no hop (router/field_of_study.py). Invented world: Kalvor, Tessa Marlow."""

from __future__ import annotations

import pytest

from hopgraph.router.field_of_study import without_field_of_study
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def test_the_bare_nouns_after_study_are_taken_out_as_words():
    kept, words = without_field_of_study(toks("Where/SCONJ did/AUX Kalvor/X study/VERB civil/ADJ engineering/NOUN ?/PUNCT"))
    assert [t.lower for t in kept] == ["where", "did", "kalvor", "study", "?"] and words == ["civil", "engineering"]
    kept, words = without_field_of_study(toks("Where/SCONJ did/AUX Kalvor/X study/NOUN law/VERB ?/PUNCT"))
    assert words == ["law"]  # (a tagger's bare verb of a do-question, after "study" read as a noun)


def test_a_determiner_or_a_name_after_study_is_no_field():
    assert without_field_of_study(toks("Who/PRON led/VERB the/DET study/NOUN law/NOUN ?/PUNCT"))[1] == []
    assert without_field_of_study(toks("Who/PRON studied:study/VERB the/DET clocks/NOUN of/ADP Kalvor/X ?/PUNCT"))[1] == []
    assert without_field_of_study(toks("Who/PRON studied:study/VERB with/ADP Kalvor/X ?/PUNCT"))[1] == []


@pytest.mark.slow
@pytest.mark.parametrize("question,chain", [("Where did Tessa Marlow study law?", ["education"]),
                                             ("Where did Tessa Marlow's daughter study medicine?", ["child", "education"])])
def test_where_someone_studied_a_field_is_where_they_studied(spacy_nlp, question, chain):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == chain
