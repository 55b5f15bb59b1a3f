"""Verbs of aspect in a relative clause are no relation (router/aspect.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.aspect import before_its_doing
from hopgraph.router.rules import RuleRouter
from tagged import toks
from tests.router.test_understand import relations_of


def test_an_aspect_verb_opening_a_relative_clause_comes_before_its_doing():
    began = toks("the/DET man/NOUN who/PRON began/VERB chairing/VERB Kalvor/@")
    began[3].lemma = "begin"
    assert before_its_doing(began, 3)
    assert not before_its_doing(began, 4)  # the doing itself
    to = toks("the/DET firm/NOUN that/PRON started/VERB to/PART make/VERB Kalvor/@")
    to[3].lemma = "start"
    assert before_its_doing(to, 3)


def test_a_founding_or_a_questions_own_aspect_is_kept():
    founded = toks("the/DET man/NOUN who/PRON started/VERB the/DET Kalvor/@ mill/NOUN")
    founded[3].lemma = "start"
    assert not before_its_doing(founded, 3)  # "started the mill": a founding
    asked = toks("Who/PRON started/VERB teaching/VERB at/ADP Kalvor/@ first/ADV ?/PUNCT")
    asked[1].lemma = "start"
    assert not before_its_doing(asked, 1)  # the question asks when each began
    ended = toks("When/SCONJ did/AUX Kalvor/@ stop/VERB spinning/VERB ?/PUNCT")
    ended[3].lemma = "stop"
    assert not before_its_doing(ended, 3)  # when the doing ended is asked


@pytest.mark.slow
@pytest.mark.parametrize("question, chain", [
    ("Where was the man who began chairing the Kalvor board in 2015 born?", ["leader", "born_place"]),
    ("Who runs the firm that started making the Kalvor bells?", ["maker", "leader"])])
def test_the_doing_after_an_aspect_verb_is_the_hop(question, chain, spacy_nlp):
    # (the first had read "man began" as a hop of its own, the second a founding before the making)
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == chain
