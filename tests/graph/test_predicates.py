"""Relation words vs edge predicates (graph/predicates.py)."""

from __future__ import annotations

import pytest

from hopgraph.graph.predicates import predicate_relevance, predicate_terms, relation_terms, stem


@pytest.mark.parametrize("word, expected", [
    ("director", "direct"), ("directed", "direct"), ("direct", "direct"),
    ("founded", "found"), ("studied", "studi"), ("born", "born"), ("was", "was"),
])
def test_stem(word: str, expected: str) -> None:
    assert stem(word) == expected


def test_relation_terms_drop_stop_words_and_expand_families() -> None:
    terms = relation_terms("Who is the director of The Glass Harbor?")
    assert {"direct", "filmmak", "glas", "harb"} <= terms
    assert not {"who", "the", "of"} & terms


@pytest.mark.parametrize("question, predicate", [
    ("Who is the director of X?", "direct"),
    ("Who directed X?", "direct"),
    ("Who directed X?", "director of"),
    ("Who is the director of X?", "directed by"),
    ("Where was X born?", "birthplace"),
    ("What is the birthplace of X?", "born in"),
    ("Where did X die?", "death place"),
    ("Who founded X?", "co-founded"),
    ("Who was the predecessor of X?", "succeed"),
    ("Who was X's successor?", "replace"),
])
def test_synonymous_predicates_are_fully_relevant(question: str, predicate: str) -> None:
    assert predicate_relevance(predicate, relation_terms(question)) == 1.0


@pytest.mark.parametrize("question, predicate", [
    ("Who directed X?", "born in"),
    ("Where was X born?", "direct"),
    ("Who produced X?", "marry"),
])
def test_unrelated_predicates_score_lower(question: str, predicate: str) -> None:
    assert predicate_relevance(predicate, relation_terms(question)) == 0.4


def test_cooccurrence_edges_always_score_a_quarter() -> None:
    terms = relation_terms("Who directed X?")
    assert predicate_relevance("direct", terms, kind="cooccur") == 0.25


def test_predicate_terms_ignore_stop_words() -> None:
    assert predicate_terms("born in") == frozenset({"born"})
    assert predicate_terms("the director of") == frozenset({"direct"})


@pytest.mark.parametrize("question, predicate", [
    ("Who took over Ostrey Bakery?", "acquired"),
    ("Which firm has taken over Ostrey Bakery?", "acquired"),
    ("Who bought out Ostrey Bakery?", "acquired"),
    ("Who set up Ostrey Bakery?", "founder"),
    ("Which company acquired Ostrey Bakery?", "acquired"),
])
def test_a_phrasal_verb_matches_the_predicate_it_means(question: str, predicate: str) -> None:
    assert predicate_relevance(predicate, relation_terms(question)) == 1.0


def test_a_verb_without_its_particle_is_no_acquisition() -> None:
    assert predicate_relevance("acquired", relation_terms("Who took part in the Ostrey Regatta?")) < 1.0
    assert predicate_relevance("acquired", relation_terms("Who set off for Ostrey?")) < 1.0
