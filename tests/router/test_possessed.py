"""A class noun after a possessive is a hop of the chain (router/possessed.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.possessed import possessed_class_nouns
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def _possessive(tagged: str, at: int):
    t = toks(tagged)
    t[at].possessive = True
    return t


def test_a_class_noun_after_a_name_or_a_noun_in_the_possessive_is_an_open_relation():
    t = _possessive("Where/SCONJ is/AUX Kalvor/X company/NOUN based/VERB ?/PUNCT", 2)
    (m,) = possessed_class_nouns(t, [])
    assert (m.start, m.end, m.sense.relation, m.via) == (3, 4, "company", "open")
    kin = _possessive("Where/SCONJ was/AUX Kalvor/X daughter/NOUN company/NOUN based/VERB ?/PUNCT", 3)
    daughter = Mention(3, 4, "daughter", Sense(relation="child"))
    assert [m.sense.relation for m in possessed_class_nouns(kin, [daughter])] == ["company"]


def test_which_one_words_go_with_the_noun():
    t = _possessive("Who/PRON directed/VERB Kalvor/X first/ADJ film/NOUN ?/PUNCT", 2)
    assert [m.sense.relation for m in possessed_class_nouns(t, [])] == ["first film"]


def test_a_run_of_nouns_after_a_possessive_name_is_one_open_relation():
    t = _possessive("Who/PRON founded/VERB Kalvor/X shirt/NOUN sponsor/NOUN ?/PUNCT", 2)
    assert [(m.start, m.end, m.sense.relation) for m in possessed_class_nouns(t, [])] == [(3, 5, "shirt sponsor")]
    pointer = toks("Who/PRON founded/VERB its/PRON shirt/NOUN sponsor/NOUN ?/PUNCT")
    pointer[2].possessive = True
    assert possessed_class_nouns(pointer, []) == []  # a pronoun's things: only class nouns


def test_no_possessive_or_no_class_noun_no_hop():
    assert possessed_class_nouns(toks("Who/PRON directed/VERB the/DET film/NOUN Kalvor/X ?/PUNCT"), []) == []
    t = _possessive("Where/SCONJ was/AUX Kalvor/X mother/NOUN born/VERB ?/PUNCT", 2)
    assert possessed_class_nouns(t, []) == []


@pytest.mark.slow
def test_the_possessed_thing_is_asked_not_its_owner(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("When was Ida Pellow's company founded?"))[0] == "company"
    assert relations_of(router.route("Who directed Sefa Marrin's first film?")) == ["first film", "director"]


@pytest.mark.slow
def test_a_body_of_the_name_after_a_leading_verb_is_the_body_led(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who chairs Vellmouth's planning committee?")) == ["planning committee", "leader"]
    assert relations_of(router.route("Who heads Vellmouth's housing department?")) == ["housing department", "leader"]
