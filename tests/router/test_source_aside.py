"""Where the asker read a fact, said beside the question (router/source_aside.py). Invented world: Kalvor."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.source_aside import without_source
from tagged import toks
from tests.router.test_understand import relations_of


def test_an_according_to_phrase_set_off_by_a_comma_is_taken_out():
    first = toks("According/VERB to/ADP the/DET paper/NOUN ,/PUNCT who/PRON founded/VERB Kalvor/@ ?/PUNCT")
    assert [t.text for t in without_source(first)] == ["who", "founded", "Kalvor", "?"]
    last = toks("Who/PRON founded/VERB Kalvor/@ ,/PUNCT according/VERB to/ADP the/DET paper/NOUN ?/PUNCT")
    assert [t.text for t in without_source(last)] == ["Who", "founded", "Kalvor", "?"]
    only = toks("According/VERB to/ADP Kalvor/@ ,/PUNCT who/PRON won/VERB ?/PUNCT")  # nothing else named: kept
    assert without_source(only) == only


@pytest.mark.slow
def test_a_source_before_the_question_is_no_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("According to the local paper, who founded Kalvor Stores?")
    assert relations_of(d) == ["founder"]  # (had read "according local paper" as a hop after the founder)
