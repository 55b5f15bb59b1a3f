"""A relative clause set after the participle of its noun (router/extraposed.py). Invented world: Kalvor, Tamsel."""

from __future__ import annotations

import pytest

from hopgraph.router.extraposed import with_clause_beside_its_noun
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def test_the_participle_goes_after_the_clause_on_its_noun():
    q = toks("Where/ADV is/AUX:be the/DET distributor/NOUN based/VERB that/PRON sells/VERB Kalvor/X gin/NOUN ?/PUNCT")
    q[1].lemma = "be"
    assert [t.lower for t in with_clause_beside_its_noun(q)] == \
        ["where", "is", "the", "distributor", "that", "sells", "kalvor", "gin", "based", "?"]


def test_that_before_a_noun_opens_no_clause():
    q = toks("When/ADV was/AUX the/DET hall/NOUN built/VERB that/DET year/NOUN in/ADP Kalvor/X ?/PUNCT")
    q[1].lemma = "be"
    assert with_clause_beside_its_noun(q) == q


@pytest.mark.slow
def test_where_a_body_described_after_its_participle_is_based(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Where is the distributor based that sells the gin from the distillery "
                                          "Tessa Marlow co-founded?")
    chain = relations_of(got)
    assert "distributor sells" in chain and chain.index("distributor sells") < chain.index("country")
