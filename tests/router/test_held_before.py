"""A post held before or after a named person (router/held_before.py). Invented world: Kalvor, Ada Brook."""

from __future__ import annotations

import pytest

from hopgraph.router.held_before import held_before
from hopgraph.router.rules import RuleRouter
from tests.router.test_understand import relations_of


@pytest.mark.parametrize("question, read", [
    ("Who was chair of Kalvor before Ada Brook?", "Who came before Ada Brook as chair of Kalvor?"),
    ("Who was Kalvor's treasurer after Tom Reed?", "Who came after Tom Reed as Kalvor's treasurer?"),
    ("Who served as treasurer of Kalvor before Ada Brook?", "Who came before Ada Brook as treasurer of Kalvor?"),
    ("Quick one - who was the head teacher at Tamsel School before Ada Brook?",
     "Quick one - who came before Ada Brook as the head teacher at Tamsel School?"),
])
def test_a_post_held_before_a_named_person_is_that_persons_predecessor_in_it(question, read):
    assert held_before(question) == read


@pytest.mark.parametrize("question, read", [
    ("Who chaired the Kalvor Trust after Ada Brook?", "Who came after Ada Brook as chair of the Kalvor Trust?"),
    ("Who ran the shop before Tom Reed?", "Who came before Tom Reed as head of the shop?"),
    ("Who presided over the Tamsel bench before Ada Brook?",
     "Who came before Ada Brook as president of the Tamsel bench?"),
])
def test_a_verb_of_holding_a_post_before_a_named_person_reads_the_same(question, read):
    assert held_before(question) == read


@pytest.mark.parametrize("question", [
    "Who met the Kalvor Trust before Ada Brook?",  # no verb of holding a post
    "Who chaired the board after Ada Brook retired?",  # the name does not close it
    "Who chaired the club that Tom Reed founded before Ada Brook?",  # a clause, not a body
])
def test_other_verbs_before_a_name_are_left_alone(question):
    assert held_before(question) == question


@pytest.mark.parametrize("question", [
    "Who was born before Ada Brook?",  # no post: a comparison
    "Who was chair of Kalvor before the merger?",  # no name closes it
    "Who was the woman who ran Kalvor before Ada Brook?",  # a clause, not a post
    "Who was chair of Kalvor before Ada Brook joined?",  # the name does not close it
])
def test_other_words_before_a_name_are_left_alone(question):
    assert held_before(question) == question


@pytest.mark.slow
def test_the_router_reads_the_post_held_before_as_a_predecessor(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Who was chair of Kalvor before Ada Brook?")
    assert relations_of(d) == ["predecessor"] and d.anchors == ["Ada Brook"]
    assert relations_of(router.route("Who was Kalvor's treasurer after Tom Reed?")) == ["successor"]
    d = router.route("Who chaired the Kalvor Trust after Ada Brook?")
    assert relations_of(d) == ["successor"] and d.anchors == ["Ada Brook"]


def test_a_relative_clause_on_a_person_closed_by_the_name_is_read_as_the_succession_it_means():
    assert held_before("Where was the man who chaired the Kalvor club before Ada Brook born?") == \
        "Where was the man who came before Ada Brook as chair of the Kalvor club born?"
    assert held_before("Where was the woman who was treasurer of Kalvor after Tom Reed born?") == \
        "Where was the woman who came after Tom Reed as treasurer of Kalvor born?"
    left = "Where was the man who left the Kalvor club before Ada Brook born?"  # no post held: a time, unchanged
    assert held_before(left) == left


@pytest.mark.slow
def test_the_router_reads_a_post_held_before_inside_a_clause_as_a_predecessor(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Where was the man who chaired the Tarrow club before Ilse Varga born?")
    assert relations_of(d) == ["predecessor", "born_place"]  # (had read the leader of Ilse Varga, sure of it)
