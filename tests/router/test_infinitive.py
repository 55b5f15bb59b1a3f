"""A verb after an infinitive "to" read as a noun (router/infinitive.py). Invented world: Kalvor, Brenmark."""

from __future__ import annotations

import pytest

from hopgraph.router.infinitive import with_infinitive_verbs
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def test_a_lexicon_verb_after_to_after_a_verb_with_an_object_is_a_verb():
    t = with_infinitive_verbs(toks("the/DET woman/NOUN who/PRON went:go/VERB on/ADP to/ADP chair/NOUN Kalvor/X ?/PUNCT"))
    assert t[6].pos == "VERB" and t[5].pos == "PART"
    t = with_infinitive_verbs(toks("who/PRON was/AUX asked:ask/VERB to/ADP head/NOUN the/DET Kalvor/X ?/PUNCT"))
    assert t[4].pos == "VERB"


def test_a_noun_after_a_preposition_to_stays_a_noun():
    t = with_infinitive_verbs(toks("who/PRON went:go/VERB to/ADP school/NOUN in/ADP Kalvor/X ?/PUNCT"))
    assert t[3].pos == "NOUN"  # no verb of the lexicon
    t = with_infinitive_verbs(toks("who/PRON spoke:speak/VERB to/ADP the/DET chair/NOUN of/ADP Kalvor/X ?/PUNCT"))
    assert t[4].pos == "NOUN"  # after a determiner: the chair, a person
    t = with_infinitive_verbs(toks("who/PRON wrote:write/VERB to/ADP chair/NOUN Tessa/PROPN ?/PUNCT"))
    assert t[3].pos == "NOUN"  # ("wrote to Chair Tessa": a title before an unknown name)


@pytest.mark.slow
def test_going_on_to_chair_a_body_is_chairing_it(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who succeeded the woman who went on to chair Brenmark Holdings?")) == \
        ["leader", "successor"]
    assert relations_of(router.route("Where was the man who went on to head Brenmark Holdings born?")) == \
        ["leader", "born_place"]
