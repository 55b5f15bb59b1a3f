"""Going to a place a clause is on (router/went_to.py). Invented world: Kalvor, Tessa Marlow, Brenmark Holdings."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.went_to import went_to_school
from tagged import toks
from tests.router.test_understand import relations_of


def _went(spec: str) -> list[str]:
    q = toks(spec)
    for t in q:
        if t.lower in ("went", "goes"):
            t.lemma = "go"
    return [m.sense.relation for m in went_to_school(q, [])]


def test_a_stranded_to_after_a_school_clause_is_education():
    assert _went("the/DET school/NOUN Kalvor/@ went/VERB to/ADP ?/PUNCT") == ["education"]
    assert _went("the/DET college/NOUN that/PRON Kalvor/@ goes/VERB to/ADP ?/PUNCT") == ["education"]
    # any other noun: an open relation of going there
    assert _went("the/DET gym/NOUN Kalvor/@ goes/VERB to/ADP ?/PUNCT") == ["go to"]


def test_going_to_a_named_place_or_with_no_clause_is_left_alone():
    assert _went("Kalvor/@ went/VERB to/ADP the/DET Brenmark/@ ?/PUNCT") == []  # an object follows
    assert _went("Where/SCONJ did/AUX Kalvor/@ go/VERB to/ADP ?/PUNCT") == []  # no noun the clause is on


@pytest.mark.slow
def test_the_head_of_the_school_a_name_went_to(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who was headteacher of the school Tessa Marlow went to?")) == \
        ["education", "leader"]
    got = router.route("Who runs the shop Tessa Marlow went to?")
    assert relations_of(got) == ["go to", "leader"] and got.confidence < 1.0  # not the leader of a person
