"""The capacity a verb's named object is in (router/capacity.py). Invented world: Kalvor, Brenmark."""

from __future__ import annotations

import pytest

from hopgraph.router.capacity import without_capacity
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def test_the_post_after_as_is_taken_out_and_kept_as_words():
    t = toks("Who/PRON replaced/VERB Kalvor/X as/ADP head/NOUN of/ADP finance/NOUN ?/PUNCT")
    kept, words = without_capacity(t)
    assert [x.text for x in kept] == ["Who", "replaced", "Kalvor", "as", "?"] and words == ["head", "finance"]


def test_the_questions_own_last_verb_stays():
    t = toks("Where/SCONJ did/AUX the/DET person/NOUN who/PRON replaced/VERB Kalvor/X as/ADP treasurer/NOUN "
             "study/NOUN ?/PUNCT")
    kept, words = without_capacity(t)
    assert words == ["treasurer"] and [x.text for x in kept][-2:] == ["study", "?"]


def test_no_capacity_without_a_name_before_as_or_a_noun_after_it():
    assert without_capacity(toks("Where/SCONJ did/AUX Kalvor/X live/VERB as/ADP a/DET child/NOUN ?/PUNCT"))[1] == []
    assert without_capacity(toks("Was/AUX Kalvor/X as/ADP old/ADJ ?/PUNCT"))[1] == []


@pytest.mark.slow
def test_a_post_after_the_name_is_no_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Who replaced Odell Mills as head of finance?")
    assert relations_of(got) == ["replaced"] and "leader" not in relations_of(got)
    assert relations_of(router.route("Where did the person who replaced Odell Mills as treasurer study?"))[-1] == "education"
