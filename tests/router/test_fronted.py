"""A fronted preposition put back after its verb (router/fronted.py). Invented world: Kalvor, Ada Brook."""

from __future__ import annotations

import pytest

from hopgraph.router.fronted import preposition_last
from hopgraph.router.rules import RuleRouter
from tests.router.test_understand import relations_of


@pytest.mark.parametrize("question, read", [
    ("After whom is the Kalvor Prize named?", "Who is the Kalvor Prize named after?"),
    ("From which town did Ada Brook come?", "Which town did Ada Brook come from?"),
    ("Quick one: after whom is the Kalvor Prize named?", "Quick one: who is the Kalvor Prize named after?"),
])
def test_a_fronted_preposition_opening_the_question_goes_after_its_last_word(question, read):
    assert preposition_last(question) == read


@pytest.mark.slow
@pytest.mark.parametrize("question, read", [
    ("Where was the man after whom the Kalvor Prize is named born?",
     "Where was the man who the Kalvor Prize is named after born?"),
    ("Who was the man with whom Ada Brook founded the Kalvor Trust?",
     "Who was the man who Ada Brook founded the Kalvor Trust with?"),
])
def test_inside_a_clause_it_goes_after_the_clauses_verb_and_object(spacy_nlp, question, read):
    assert preposition_last(question, spacy_nlp) == read
    assert preposition_last(question) == question  # without a parse the clause's verb is unknown


@pytest.mark.parametrize("question", [
    "In which year did Ada Brook die?",  # a time, asked as it stands
    "At what age did Ada Brook retire?",
    "Who is the Kalvor Prize named after?",  # nothing fronted
    "For how long did Ada Brook chair Kalvor?",  # no noun after the wh-word
])
def test_other_prepositions_and_questions_are_left_alone(question):
    assert preposition_last(question) == question


@pytest.mark.slow
def test_the_phrasal_verb_is_read_whole_again(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("After whom is the Tarrow Greens named?")) == ["named_after"]
    assert relations_of(router.route("From which town did Odell Mills come?")) == ["born_place"]
    assert relations_of(router.route("Where was the man after whom the Tarrow Greens is named born?")) == \
        ["named_after", "born_place"]
