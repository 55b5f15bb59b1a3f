"""A question sentence that points back at an earlier sentence's name starts its chain there (router/pointing.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.pointing import points_back
from hopgraph.router.rules import RuleRouter
from tagged import toks
from tests.router.test_understand import relations_of


def test_a_pronoun_a_relation_phrase_takes_points_back():
    q = toks("When/SCONJ did/AUX the/DET country/NOUN that/PRON contains/VERB it/PRON leave/VERB Kalvor/@ ?/PUNCT")
    contains = Mention(5, 6, "contains", Sense(relation="country", verb=True))
    assert points_back(q, [contains], [])
    assert not points_back(q, [], [])  # no relation phrase takes the pronoun


def test_a_demonstrative_points_back_only_at_a_noun_said_before():
    earlier = toks("Kalvor/@ is/AUX part/NOUN of/ADP a/DET district/NOUN ;/PUNCT")
    q = toks("where/SCONJ in/ADP Brenmark/@ is/AUX that/DET district/NOUN located/VERB ?/PUNCT")
    assert points_back(q, [], earlier)
    other = toks("Kalvor/@ is/AUX a/DET village/NOUN ./PUNCT")
    assert not points_back(q, [], other)


def test_a_personal_possessive_after_a_person_opening_the_sentence_is_that_persons():
    q = toks("The/DET conductor/NOUN who/PRON won/VERB Kalvor/@ -/PUNCT which/PRON of/ADP her/PRON sisters/NOUN "
             "sang/VERB ?/PUNCT")
    sisters = Mention(9, 10, "sisters", Sense(relation="sibling"))
    assert not points_back(q, [sisters], [])
    plain = toks("Which/PRON of/ADP her/PRON sisters/NOUN won/VERB Kalvor/@ ?/PUNCT")
    assert points_back(plain, [Mention(3, 4, "sisters", Sense(relation="sibling"))], [])  # she is someone said before


@pytest.mark.slow
def test_the_chain_starts_from_the_earlier_name(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(
        "I've been reading about Harrowby. When did the country that contains it join the Northern League?")
    assert d.requirements[0].entities == ["Harrowby"]
    assert d.requirements[0].relation == "country"


@pytest.mark.slow
def test_a_part_of_a_country_asked_by_name_is_no_country(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Tessa Marlow's birth city lies in which county?")
    assert relations_of(d) == ["born_place", "county"]
