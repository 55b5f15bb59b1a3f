"""The noun after "the same" says what two things are compared by (router/same_noun.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import PHRASES, Mention
from hopgraph.router.rules import RuleRouter
from hopgraph.router.same_noun import same_noun
from tagged import toks
from tests.router.test_understand import relations_of

_RELEASED = "Were/AUX Kalvor/@ and/CCONJ Tesmir/@ released/VERB on/ADP the/DET same/ADJ {}/NOUN ?/PUNCT"


def test_a_phrase_at_the_noun_is_the_compared_thing_not_the_verb():
    q = toks(_RELEASED.format("label"))
    released, label = Mention(4, 5, "released", PHRASES["release"]), Mention(8, 9, "label", PHRASES["label"])
    assert same_noun(q, [released, label]) is label


def test_a_noun_no_phrase_explains_is_compared_with_the_verbs_words():
    q = toks("Were/AUX Kalvor/@ and/CCONJ Tesmir/@ recorded/VERB at/ADP the/DET same/ADJ studio/NOUN ?/PUNCT")
    thing = same_noun(q, [Mention(4, 5, "recorded", PHRASES["record"])])
    assert thing is not None and thing.sense.relation == "recorded at studio" and thing.via == "open"


def test_a_shared_part_of_a_date_or_a_place_or_a_person_noun_leaves_the_verb_to_decide():
    released = Mention(4, 5, "released", PHRASES["release"])
    for noun in ("year", "town", "person"):
        assert same_noun(toks(_RELEASED.format(noun)), [released]) is None, noun
    assert same_noun(toks("Is/AUX Kalvor/@ older/ADJ than/ADP Tesmir/@ ?/PUNCT"), []) is None  # no "same"


@pytest.mark.slow
def test_same_label_and_same_studio_read_with_spacy(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Were Glass Hours and Tern Lights released on the same label?")) == \
        ["publisher", "publisher"]
    assert relations_of(router.route("Were Glass Hours and Tern Lights released in the same year?")) == \
        ["release_date", "release_date"]


def test_what_the_named_sides_did_is_read_backwards_whatever_the_noun():
    q = toks("Did/AUX Kalvor/@ and/CCONJ Tesmir/@ lead/VERB the/DET same/ADJ school/NOUN ?/PUNCT")
    thing = same_noun(q, [Mention(4, 5, "lead", PHRASES["lead"])])
    assert thing is not None and thing.sense.relation == "lead school"  # what each led, not where each studied
    founded = toks("Were/AUX Kalvor/@ and/CCONJ Tesmir/@ founded/VERB in/ADP the/DET same/ADJ year/NOUN ?/PUNCT")
    assert same_noun(founded, [Mention(4, 5, "founded", PHRASES["found"])]) is None  # the sides were founded


def test_a_verb_whose_relation_is_a_thing_or_that_the_names_did_is_the_compared_thing():
    worked = toks("Did/AUX Kalvor/@ and/CCONJ Tesmir/@ work/VERB for/ADP the/DET same/ADJ company/NOUN ?/PUNCT")
    assert same_noun(worked, [Mention(4, 6, "work for", PHRASES["work for"])]) is None  # the employer
    founded = toks("Did/AUX Kalvor/@ and/CCONJ Tesmir/@ found/VERB the/DET same/ADJ company/NOUN ?/PUNCT")
    assert same_noun(founded, [Mention(4, 5, "found", PHRASES["found"])]) is None  # what each founded


def test_a_place_noun_after_same_says_more_exactly_where_than_the_verb():
    based = toks("Were/AUX Kalvor/@ and/CCONJ Tesmir/@ based/VERB at/ADP the/DET same/ADJ airport/NOUN ?/PUNCT")
    thing = same_noun(based, [Mention(4, 5, "based", PHRASES["base"])])
    assert thing is not None and thing.sense.relation == "based at airport"
