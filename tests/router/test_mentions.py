"""Relation phrases found in a question's tokens (router/mentions.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.mentions import find_mentions
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def _found(spec: str) -> list[tuple[int, int, str]]:
    return [(m.start, m.end, m.sense.relation) for m in find_mentions(toks(spec), {0})]


def test_the_longer_phrase_wins_over_a_verb_lemma_at_the_same_place():
    assert _found("Who/PRON is/AUX the/DET managing:manage/VERB director/NOUN of/ADP Kalvor/X ?/PUNCT") == \
        [(3, 5, "leader")]


def test_the_askers_own_kin_or_staff_are_no_relation():
    assert _found("Who/PRON cooks:cook/VERB my/PRON kid/NOUN 's/PART lunch/NOUN at/ADP Kalvor/X ?/PUNCT") == []
    assert _found("Who/PRON cooks:cook/VERB the/DET kid/NOUN 's/PART lunch/NOUN at/ADP Kalvor/X ?/PUNCT") != []


@pytest.mark.slow
def test_the_context_sentences_relative_clause_is_the_first_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(
        "We're visiting the bakery that supplies the Tesmir canteen tomorrow. Who is its managing director?")
    assert relations_of(d) == ["bakery supplies", "leader"]
