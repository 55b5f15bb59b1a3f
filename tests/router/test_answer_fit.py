"""Whether the chain's last relation answers what the question asks (router/answer_fit.py). Invented world:
Kalvor, Tessa Marlow."""

from __future__ import annotations

import pytest

from hopgraph.router.answer_fit import answers_the_asked, asks_a_body_of_a_person, asks_another_kind
from hopgraph.router.rules import RuleRouter
from hopgraph.router.understand import CONFIDENT
from tagged import toks


def test_a_team_is_no_school_and_a_college_is():
    team = toks("Which/DET team/NOUN does/AUX Kalvor/@ train/VERB ?/PUNCT")
    assert asks_another_kind(team, {0}, "education")
    college = toks("Which/DET college/NOUN did/AUX Kalvor/@ attend/VERB ?/PUNCT")
    assert not asks_another_kind(college, {0}, "education")
    assert not asks_another_kind(team, {0}, "leader")  # no noun a leader must be asked with


@pytest.mark.slow
def test_training_a_team_is_no_confident_reading_of_where_someone_trained(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert router.route("Which team does the coach who replaced Tessa Marlow train?").confidence < 1.0
    assert router.route("Which college did Tessa Marlow's son attend?").confidence == 1.0


def test_a_place_asked_of_a_person_and_someone_asked_of_a_job_are_not_answered():
    assert not answers_the_asked("place", "child") and not answers_the_asked("date", "spouse")
    assert not answers_the_asked("person", "occupation")
    assert answers_the_asked("place", "born_place") and answers_the_asked("person", "spouse")
    assert answers_the_asked("place", "some open words")  # an open relation may answer anything


def test_a_body_asked_of_a_chain_ending_on_a_person():
    club = toks("Which/DET club/NOUN is/AUX she/PRON in/ADP ?/PUNCT")
    assert asks_a_body_of_a_person(club, {0}, "leader")
    assert not asks_a_body_of_a_person(club, {0}, "employer")  # a body answers it
    assert not asks_a_body_of_a_person(toks("Which/DET person/NOUN runs/VERB Kalvor/@ ?/PUNCT"), {0}, "leader")
    whose = toks("Which/DET club's/NOUN chair/NOUN is/AUX Kalvor/@ ?/PUNCT")
    whose[1].possessive, whose[1].lemma = True, "club"  # "Which club's chair is X?": the club X leads is asked
    assert asks_a_body_of_a_person(whose, {0}, "leader")


@pytest.mark.slow
def test_a_chain_ending_on_a_person_reads_no_asked_place_with_confidence(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Where did the daughter of the woman heading Brenmark Holdings live?")
    assert got.confidence < CONFIDENT  # the place she lived is no relation the chain reads
    assert RuleRouter(nlp=spacy_nlp).route("Where was Tessa Marlow's daughter born?").confidence >= CONFIDENT
    # "who" asks someone: a chain ending on a job title does not answer it
    assert RuleRouter(nlp=spacy_nlp).route("Who gave Tessa Marlow her first job?").confidence < CONFIDENT
    assert RuleRouter(nlp=spacy_nlp).route("What was Tessa Marlow's first job?").confidence >= CONFIDENT
