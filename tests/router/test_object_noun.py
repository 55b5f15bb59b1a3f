"""The noun a do-question asks about (router/object_noun.py). Invented world: Kalvor."""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.asked import asked_kind
from hopgraph.router.object_noun import asked_object_noun, do_question_object
from tagged import toks


def test_the_noun_of_a_do_question_asks_a_thing():
    got = toks("Which/DET bakery/NOUN did/AUX Kalvor/@ open/VERB ?/PUNCT")
    assert asked_kind(got) == ("thing", {0}) and do_question_object(got, {0}) == 1
    # a noun that names a relation is not such an object, nor one a verb follows directly
    assert do_question_object(toks("Which/DET award/NOUN did/AUX Kalvor/@ win/VERB ?/PUNCT"), {0}) is None
    assert do_question_object(toks("Which/DET bakery/NOUN sold/VERB Kalvor/@ ?/PUNCT"), {0}) is None


def test_the_noun_is_the_class_of_a_known_body_relation_of_the_questions_verb():
    q = toks("Which/DET bakery/NOUN did/AUX Kalvor/@ open/VERB ?/PUNCT")
    opened = Mention(4, 5, "open", Sense(relation="founded", verb=True))
    assert asked_object_noun(q, {0}, ["founded"], [opened]) == "bakery"
    assert asked_object_noun(q, {0}, ["award"], [opened]) == ""  # an award is no body the noun could class
    choir = toks("Which/DET choir/NOUN does/AUX the/DET wife/NOUN of/ADP Kalvor/@ accompany/VERB ?/PUNCT")
    wife = Mention(4, 5, "wife", Sense(relation="spouse"))
    assert asked_object_noun(choir, {0}, ["spouse"], [wife]) == ""  # the verb is no relation of the chain


def test_the_noun_after_the_verb_and_a_possessive_is_the_class_of_what_it_reaches():
    q = toks("When/SCONJ did/AUX Kalvor/@ start/VERB his/PRON first/ADJ bakery/NOUN ?/PUNCT")
    started = Mention(3, 4, "start", Sense(relation="founded", verb=True))
    assert asked_object_noun(q, set(), ["founded"], [started]) == "bakery"
    career = toks("When/SCONJ did/AUX Kalvor/@ start/VERB his/PRON business/NOUN career/NOUN ?/PUNCT")
    assert asked_object_noun(career, set(), ["founded"], [started]) == ""  # the noun phrase goes on
