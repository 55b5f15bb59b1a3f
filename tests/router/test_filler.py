"""An unnamed argument a context sentence gives a relation of the anchor ("X was directed by a woman.
Where did she die?"): the chain goes through that relation, and "that <noun>" only points back.

Invented world: the film Glass Hours, the firm Corvane Optics, the Marrow Prize, the town of Ostrel.
"""

from __future__ import annotations

import pytest

from hopgraph.router.filler import fills_relation, made_by_anchor, with_filler, without_repeated_noun
from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.rules import RuleRouter
from hopgraph.router.tokens import Tok
from tests.router.test_understand import relations_of


def toks(spec: str) -> list[Tok]:
    """'Kalvor/X went:go/VERB to/ADP a/DET chemist/NOUN': tokens with parts of speech (and a lemma after
    ':'); X marks the anchor."""
    out = []
    for i, item in enumerate(spec.split()):
        word, pos = item.rsplit("/", 1)
        word, _, lemma = word.partition(":")
        anchor = 0 if pos == "X" else -1
        out.append(Tok(i, word, word.lower(), lemma or word.lower(), "PROPN" if pos == "X" else pos, anchor))
    return out


def test_an_indefinite_object_of_the_anchors_verb_fills_it():
    ctoks = toks("Kalvor/X went:go/VERB to/ADP a/DET chemist/NOUN")
    assert fills_relation(ctoks, 0, 3)
    ctoks2, mentions = with_filler((ctoks, []), 0)
    assert [m.sense.relation for m in mentions] == ["go chemist"]  # the verb and what kind of thing it reaches


def test_an_indefinite_subject_fills_the_verb_too():
    ctoks = toks("A/DET young/ADJ engineer/NOUN founded/VERB Kalvor/X")
    assert fills_relation(ctoks, 4, 0)


def test_the_class_noun_after_the_name_is_the_anchors_own():
    # "the Kalvor trust was set up by a farmer": the farmer set up the trust the name heads
    ctoks = toks("the/DET Kalvor/X trust/NOUN was:be/AUX set/VERB up/ADP by/ADP a/DET local/ADJ farmer/NOUN")
    assert fills_relation(ctoks, 1, 7)
    # after a possessive the noun is a thing of the name's, and its verb says nothing of the name itself
    owned = toks("Kalvor/X studio/NOUN was:be/AUX sold:sell/VERB to/ADP a/DET chain/NOUN")
    owned[0].possessive = True
    assert not fills_relation(owned, 0, 5)


@pytest.mark.slow
def test_an_unnamed_founder_of_a_name_and_its_class_noun_is_the_bridge(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("The Brenmark trust was founded by a farmer. Where was he born?")
    assert relations_of(got) == ["founder", "born_place"]


def test_a_naming_verb_or_a_longer_stretch_is_no_relation():
    assert not fills_relation(toks("A/DET film/NOUN called:call/VERB Kalvor/X"), 3, 0)  # describes the anchor
    assert not fills_relation(toks("Kalvor/X is:be/AUX the/DET sport/NOUN of/ADP a/DET state/NOUN"), 0, 5)


def test_a_known_phrase_on_the_verb_is_kept_as_it_is():
    ctoks = toks("Kalvor/X was/AUX directed/VERB by/ADP a/DET woman/NOUN")
    known = Mention(2, 4, "directed by", Sense(facets=(("person", "director"),), verb=True))
    assert with_filler((ctoks, [known]), 0)[1] == [known]


def test_a_relation_noun_is_the_relation_not_a_filler():
    ctoks = toks("Kalvor/X had:have/VERB a/DET husband/NOUN")
    assert with_filler((ctoks, []), 0)[1] == []


def test_that_noun_points_back_only_at_a_filler():
    earlier = toks("Kalvor/X went:go/VERB to/ADP a/DET chemist/NOUN")
    question = toks("Where/ADV was/AUX that/DET chemist/NOUN born/VERB ?/PUNCT")
    assert [t.lower for t in without_repeated_noun(question, earlier)] == ["where", "was", "born", "?"]
    # a noun the context brings in beside the anchor, not through its relation, says what is asked
    other = toks("The/DET city/NOUN has/VERB a/DET clock/NOUN")
    asked = toks("When/ADV was/AUX that/DET clock/NOUN built/VERB ?/PUNCT")
    assert without_repeated_noun(asked, other) == asked


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Glass Hours was directed by a woman. Where did she die?", ["director", "died_place"]),
    ("Corvane Optics was founded by an engineer. Where did that engineer study?", ["founder", "education"]),
    ("An engineer founded Corvane Optics. Where did she study?", ["founder", "education"]),
    ("The Marrow Prize went to a chemist. Where was that chemist born?", ["go chemist", "born_place"]),
    ("The Marrow Prize went to a chemist; which field did that chemist work in?", ["go chemist", "field work"]),
    ("There's a film called Glass Hours. Who is the father of its director?", ["director", "father"]),
])
def test_questions_through_an_unnamed_filler(question, relations, spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert relations_of(d) == relations


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    # "that band" points back at the band the context read as a hop: no second performer hop
    ("Tessa Marlow's daughter sings in a band. Which label is that band on?", ["child", "performer", "publisher"]),
    # the asker's "I heard" is no relation, but what follows the name is
    ("I heard Tessa Marlow's daughter sings in a band. Who founded the label that band is on?",
     ["child", "performer", "publisher", "founder"]),
])
def test_a_relation_noun_the_context_introduced_is_pointed_back_at(question, relations, spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert relations_of(d) == relations


def test_a_purpose_infinitive_links_the_anchor_to_what_it_starts():
    left = toks("Kalvor/X left:leave/VERB the/DET mill/NOUN to/PART start:start/VERB a/DET bakery/NOUN")
    assert fills_relation(left, 0, 6) and made_by_anchor(left, 0) == {5}
    # the anchor only names the subject's owner ("Kalvor's son went on to …"): no link
    son = toks("Kalvor/X son/NOUN went:go/VERB on/ADP to/PART start:start/VERB a/DET bakery/NOUN")
    assert not fills_relation(son, 0, 6)


def test_what_a_passive_verb_says_is_not_made_by_the_anchor():
    started = toks("Kalvor/X was:be/AUX started/VERB by/ADP a/DET chef/NOUN")
    assert fills_relation(started, 0, 4) and made_by_anchor(started, 0) == set()


@pytest.mark.slow
def test_what_the_context_says_the_anchor_started_is_the_first_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = relations_of(router.route("Ilse Varga left the orchestra to start a choir. Who conducts it now?"))
    assert got[0] == "founded" and "founder" not in got


@pytest.mark.slow
def test_what_the_context_says_was_set_up_by_the_anchor_is_what_it_founded(spacy_nlp):
    got = relations_of(RuleRouter(nlp=spacy_nlp).route("A charity was set up by Ilse Varga. Who chairs it?"))
    assert got[0] == "founded" and "founder" not in got


def test_a_reporting_verb_brings_in_the_askers_source_not_a_relation():
    said = toks("A/DET friend/NOUN says:say/VERB Kalvor/X built/VERB a/DET boat/NOUN")
    assert not fills_relation(said, 3, 0)  # (a friend says it: no relation of the name)
    built = Mention(4, 5, "built", Sense(relation="built boat", verb=True), via="open")
    assert with_filler((said, []), 0)[1] == [built]


def test_a_verb_with_its_particle_after_to_links_the_anchor_to_what_it_went_on_to_do():
    went = toks("Kalvor/X went:go/VERB on/ADP to/PART head/VERB up/ADP a/DET trade/NOUN body/NOUN")
    assert made_by_anchor(went, 0) == {4}
    assert fills_relation(went, 0, 6)


@pytest.mark.slow
def test_what_the_anchor_went_on_to_head_is_read_forward_from_it(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Tessa Marlow went on to head up a trade body. Who founded it?")
    assert relations_of(d) == ["head up", "founder"]  # (had read the leader of Tessa Marlow)


def test_a_thing_a_verb_of_the_context_reaches_becomes_the_pronoun_it_stands_for():
    earlier = toks("Kalvor/X uncle/NOUN ran:run/VERB a/DET credit/NOUN union/NOUN")
    earlier[0].possessive = True
    founded = toks("Who/PRON founded:found/VERB that/DET credit/NOUN union/NOUN ?/PUNCT")
    assert [t.lower for t in without_repeated_noun(founded, earlier)] == ["who", "founded", "it", "?"]
    owner = toks("Who/PRON was/AUX that/DET credit/NOUN union/NOUN first/ADJ owner/NOUN ?/PUNCT")
    owner[4].possessive = True  # "that credit union's"
    assert [t.lower for t in without_repeated_noun(owner, earlier)] == ["who", "was", "its", "first", "owner", "?"]
    # a thing the context only says someone has is no thing a relation reached
    has = toks("Kalvor/X uncle/NOUN has:have/VERB a/DET clock/NOUN")
    has[0].possessive = True
    asked = toks("When/ADV was/AUX that/DET clock/NOUN built/VERB ?/PUNCT")
    assert without_repeated_noun(asked, has) == asked


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Tessa Marlow's uncle ran a bakery. Who was that bakery's first owner?", ["parent", "sibling", "run", "owner"]),
    ("Tessa Marlow's uncle ran a bakery. Who founded that bakery?", ["parent", "sibling", "run", "founder"]),
    ("Corvane Optics's chair has a mother who runs a credit union. Who was that credit union's first chair?",
     ["leader", "mother", "run", "leader"]),
])
def test_a_question_goes_on_from_the_thing_the_contexts_verb_reached(question, relations, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations
