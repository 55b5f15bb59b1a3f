"""When one relation named twice is two steps of the chain (router/repeated.py; invented world)."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.repeated import two_steps
from hopgraph.router.rules import RuleRouter
from tagged import toks
from tests.router.test_understand import relations_of

_SUCCEED = Sense(relation="successor", verb=True)


def test_one_verb_said_twice_in_two_clauses_is_two_steps():
    q = toks("Who/PRON succeeded/VERB the/DET man/NOUN who/PRON succeeded/VERB Kalvor/@ ?/PUNCT")
    q[1].lemma = q[5].lemma = "succeed"
    assert two_steps(q, Mention(5, 6, "succeeded", _SUCCEED), Mention(1, 2, "succeeded", _SUCCEED))


def test_a_noun_and_its_verb_or_two_verbs_of_one_relation_are_one_step():
    q = toks("Who/PRON is/AUX the/DET successor/NOUN who/PRON succeeded/VERB Kalvor/@ ?/PUNCT")
    successor = Mention(3, 4, "successor", Sense(relation="successor"))
    assert not two_steps(q, Mention(5, 6, "succeeded", _SUCCEED), successor)
    q = toks("Who/PRON replaced/VERB the/DET man/NOUN who/PRON succeeded/VERB Kalvor/@ ?/PUNCT")
    q[1].lemma, q[5].lemma = "replace", "succeed"  # two verbs of one relation, not one verb twice
    assert not two_steps(q, Mention(5, 6, "succeeded", _SUCCEED), Mention(1, 2, "replaced", _SUCCEED))


def test_a_verb_whose_object_is_a_possessed_noun_of_its_relation_is_two_steps():
    q = toks("the/DET man/NOUN who/PRON succeeded/VERB Kalvor/@ successor/NOUN ?/PUNCT")
    q[4].possessive = True  # "succeeded Kalvor's successor"
    noun = Mention(5, 6, "successor", Sense(relation="successor"))
    assert two_steps(q, noun, Mention(3, 4, "succeeded", _SUCCEED))
    q = toks("the/DET successor/NOUN who/PRON succeeded/VERB Kalvor/@ ?/PUNCT")  # no possessive: one step
    successor = Mention(1, 2, "successor", Sense(relation="successor"))
    assert not two_steps(q, Mention(3, 4, "succeeded", _SUCCEED), successor)


@pytest.mark.slow
def test_the_successor_of_a_successor_is_two_steps(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)  # (had read one successor, with full confidence)
    assert relations_of(router.route("Who succeeded the man who succeeded Tessa Marlow?")) == ["successor", "successor"]
    assert relations_of(router.route("Who is the filmmaker who directed Glass Hours?")) == ["director"]
    d = router.route("Where was the man born who succeeded Tessa Marlow's successor?")  # (had read one, sure)
    assert relations_of(d) == ["successor", "successor", "born_place"] and d.confidence < 1.0


def test_a_noun_whose_possessor_is_the_same_noun_is_two_steps():
    q = toks("Who/PRON was/AUX Kalvor/@ successor/NOUN successor/NOUN ?/PUNCT")
    q[2].possessive = q[3].possessive = True  # "Kalvor's successor's successor"
    noun = Sense(relation="successor")
    assert two_steps(q, Mention(3, 4, "successor", noun), Mention(4, 5, "successor", noun))
    q[3].possessive = False  # "Kalvor's successor successor": one phrase said twice
    assert not two_steps(q, Mention(3, 4, "successor", noun), Mention(4, 5, "successor", noun))


@pytest.mark.slow
def test_a_successors_successor_is_read_in_two_hops(spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route("Who was Tom Reed's successor's successor?")) == \
        ["successor", "successor"]
