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


def test_a_lexicon_verb_after_to_after_a_singled_out_noun_is_a_verb():
    t = with_infinitive_verbs(toks("Who/PRON was/AUX the/DET first/ADJ woman/NOUN to/VERB chair/NOUN Kalvor/X ?/PUNCT"))
    assert t[6].pos == "VERB" and t[5].pos == "PART"
    t = with_infinitive_verbs(toks("Who/PRON was/AUX the/DET best/ADJ woman/NOUN to/ADP chair/NOUN Kalvor/X ?/PUNCT"))
    assert t[6].pos == "NOUN"  # ("best" singles out no one of a sequence)


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


def test_a_verb_of_taking_a_post_before_an_infinitive_is_no_hop():
    from hopgraph.router.infinitive import taken_to_do
    from hopgraph.router.lexicon import Mention, Sense

    t = toks("who/PRON was/AUX appointed:appoint/VERB to/PART replace/VERB Kalvor/X ?/PUNCT")
    replace = Mention(4, 5, "replace", Sense(relation="successor", verb=True))
    assert taken_to_do(t, [replace]) == {2}
    t = toks("who/PRON was/AUX brought:bring/VERB in/ADP to/PART lead/VERB Kalvor/X ?/PUNCT")
    assert taken_to_do(t, [Mention(5, 6, "lead", Sense(relation="leader", verb=True))]) == {2}
    t = toks("who/PRON was/AUX asked:ask/VERB to/PART replace/VERB Kalvor/X ?/PUNCT")
    assert taken_to_do(t, [replace]) == set()  # asking is no post given


@pytest.mark.slow
def test_appointed_or_hired_to_do_something_asks_that_thing(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who was appointed to replace Tessa Marlow as head of Brenmark Holdings?")) == \
        ["successor"]
    assert relations_of(router.route("Who was hired to run Brenmark Holdings?")) == ["leader"]
    assert relations_of(router.route("Who was nominated to succeed Tessa Marlow?")) == ["successor"]


def test_a_lexicon_verb_after_go_to_with_nothing_after_it_is_a_verb():
    t = with_infinitive_verbs(toks("Where/SCONJ did/AUX Kalvor/X go:go/VERB to/ADP work/NOUN ?/PUNCT"))
    assert t[5].pos == "VERB" and t[4].pos == "PART"  # to work somewhere: an employer
    t = with_infinitive_verbs(toks("Where/SCONJ did/AUX Kalvor/X want:want/VERB to/ADP work/NOUN ?/PUNCT"))
    assert t[5].pos == "NOUN"  # (no going: left as it was)
