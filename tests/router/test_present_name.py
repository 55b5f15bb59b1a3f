"""A question for the name a thing goes by now (router/present_name.py). Invented world: Kalvor, Tom Reed."""

from __future__ import annotations

import pytest

from hopgraph.router.present_name import PRESENT_NAME, present_name
from hopgraph.router.rules import RuleRouter
from tagged import toks
from tests.router.test_understand import relations_of


def test_a_naming_verb_with_a_word_of_the_present_asks_the_name_now():
    q = toks("What/PRON is/AUX Kalvor/@ called/VERB today/NOUN ?/PUNCT")
    q[3].lemma = "call"
    m = present_name(q)
    assert m is not None and (m.start, m.end, m.sense.relation) == (3, 5, PRESENT_NAME)  # "today" is no hop
    days = toks("What/PRON is/AUX Kalvor/@ known/VERB as/ADP these/DET days/NOUN ?/PUNCT")
    days[3].lemma = "know"
    assert present_name(days) is not None
    then = toks("What/PRON was/AUX Kalvor/@ called/VERB in/ADP 1990/NUM ?/PUNCT")
    then[3].lemma = "call"
    assert present_name(then) is None  # no word of the present: the name it had then
    said = toks("Which/DET school/NOUN ,/PUNCT now/ADV called/VERB Kalvor/@ ,/PUNCT did/AUX he/PRON "
                "attend/VERB ?/PUNCT")
    said[4].lemma = "call"
    assert present_name(said) is None  # the name is said, not asked


@pytest.mark.slow
def test_the_name_a_reached_thing_has_now_is_a_hop_of_its_own(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("What is the college Tom Reed attended called now?")
    assert relations_of(d) == ["education", PRESENT_NAME]  # (had read the college itself, sure of it)
