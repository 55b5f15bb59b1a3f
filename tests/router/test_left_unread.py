"""Readings whose chain leaves the point of the question unread (router/left_unread.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.left_unread import leaves_unread
from hopgraph.router.lexicon import PHRASES, Mention
from hopgraph.router.rules import RuleRouter
from hopgraph.router.understand import CONFIDENT
from tagged import toks
from tests.router.test_understand import relations_of


def test_a_duration_or_a_sibling_in_law_is_left_unread():
    assert leaves_unread(toks("How/ADV many/ADJ years/NOUN was/AUX Kalvor/@ chair/NOUN ?/PUNCT"), "", ["leader"], [])
    q = toks("Who/PRON is/AUX Kalvor/@ brother-in-law/NOUN ?/PUNCT")
    in_law = Mention(3, 4, "brother-in-law", PHRASES["brother-in-law"])
    assert leaves_unread(q, "person", ["spouse", "sibling"], [in_law])
    plain = toks("Who/PRON is/AUX Kalvor/@ wife/NOUN ?/PUNCT")
    assert not leaves_unread(plain, "person", ["spouse"], [Mention(3, 4, "wife", PHRASES["wife"])])


def test_a_person_asked_and_a_place_read_is_left_unread():
    q = toks("Who/PRON did/AUX Kalvor/@ train/VERB under/ADP ?/PUNCT")
    assert leaves_unread(q, "person", ["education"], [Mention(3, 4, "train", PHRASES["train"])])


def test_a_count_of_what_was_made_is_no_maker():
    q = toks("How/ADV many/ADJ Kalvor/@ were/AUX built/VERB ?/PUNCT")
    q[3].lemma = "be"
    built = Mention(4, 5, "built", PHRASES["build"])
    assert leaves_unread(q, "", ["maker"], [built])
    who = toks("Who/PRON built/VERB Kalvor/@ ?/PUNCT")
    assert not leaves_unread(who, "person", ["maker"], [Mention(1, 2, "built", PHRASES["build"])])


@pytest.mark.slow
def test_how_long_a_post_lasted_is_no_confident_reading_of_the_post(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert router.route("How many years was Ossian Varrow chief executive?").confidence < CONFIDENT
    assert router.route("Who was chief executive of Tollen Mills?").confidence >= CONFIDENT  # the post itself


@pytest.mark.slow
def test_a_sibling_in_law_reads_two_ways_so_unsure(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Who is Ossian Varrow's brother-in-law?")
    assert relations_of(d) == ["spouse", "sibling"] and d.confidence < CONFIDENT  # or a sister's husband
    assert router.route("Who is Ossian Varrow's mother-in-law?").confidence >= CONFIDENT  # one way only


@pytest.mark.slow
def test_the_school_someone_is_at_is_unsure_and_the_one_they_went_to_is_not(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    at = router.route("Which university is Ossian Varrow at?")
    assert relations_of(at) == ["education"] and at.confidence < CONFIDENT  # a student's, or a lecturer's employer
    assert router.route("Which university did Ossian Varrow go to?").confidence >= CONFIDENT


def test_a_comparison_with_one_side_read_is_left_unread():
    q = toks("Was/AUX Kalvor/@ the/DET bigger/ADJ grant/NOUN ?/PUNCT")
    assert leaves_unread(q, "", ["award"], [])
    plain = toks("Was/AUX Kalvor/@ a/DET big/ADJ grant/NOUN ?/PUNCT")
    assert not leaves_unread(plain, "", ["award"], [])


@pytest.mark.slow
def test_a_claim_that_one_thing_was_the_bigger_is_never_a_confident_lookup(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp, meaning=lambda phrase: "award" if "award" in phrase else None)
    for question in ("Was the Tarrow grant the bigger award?", "Was Tarrownet the larger award?"):
        assert router.route(question).confidence < CONFIDENT, question  # the other grant is not read
