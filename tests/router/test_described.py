"""A definite description names the corpus's one entity of its kind (router/described.py; invented world)."""

from __future__ import annotations

import pytest

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.models import Entity
from hopgraph.router.described import _dominant, description_index, described_spans
from hopgraph.router.rules import RuleRouter
from tests.router.test_understand import relations_of


def _kg(names: dict[int, tuple[str, int]]) -> KnowledgeGraph:
    """Entities by id -> (name, how many chunks name it)."""
    entities = {e: Entity(entity_id=e, name=name, type="ORG") for e, (name, _) in names.items()}
    mentions = [(e, f"d{e}-{k}") for e, (_, chunks) in names.items() for k in range(chunks)]
    return KnowledgeGraph.from_parts(entities, [], mentions, [])


def test_names_are_indexed_by_their_last_one_two_or_three_words_when_more_words_come_before():
    index = description_index(_kg({0: ("Tamsel Food Bank", 3), 1: ("Food Bank", 1),
                                   2: ("Brenmark Old Choral Society", 2)}))
    assert index["food bank"] == {0}  # "Food Bank" alone says nothing more than the description
    assert index["choral society"] == {2} and index["old choral society"] == {2}
    assert index["bank"] == {0, 1} and "tamsel food bank" not in index


def test_the_entity_named_far_more_often_than_any_other_is_the_one_described():
    kg = _kg({0: ("Tamsel Food Bank", 6), 1: ("Kalvor Food Bank", 2), 2: ("Brenmark Food Bank", 4),
              3: ("Tamsel Food Bank - Coordinator", 9), 4: ("Tamsel Town Council - Finance Committee", 3)})
    assert _dominant(kg, {0, 1}) == 0
    assert _dominant(kg, {0, 2}) is None  # two food banks named about as often: no telling which
    assert _dominant(kg, {3}) is None  # a post in a body is no body a description names
    assert _dominant(kg, {4}) == 4  # a part of a body that is a body itself is


@pytest.mark.slow
def test_a_description_after_the_or_a_possessive_is_a_span_carrying_the_entitys_name(spacy_nlp):
    kg = _kg({0: ("Tamsel Food Bank", 5), 1: ("Kalvor Allotment Society", 3)})
    index = description_index(kg)
    q = "Who started the community shop that merged with the town's food bank in 2016"
    (span,) = described_spans(q, spacy_nlp(q), kg, index)
    assert q[span.start:span.end] == "food bank" and span.text == "Tamsel Food Bank"
    q = "Who became the allotment society's secretary in 2018"
    (span,) = described_spans(q, spacy_nlp(q), kg, index)
    assert span.text == "Kalvor Allotment Society" and span.possessive


@pytest.mark.slow
def test_one_word_names_the_corpus_body_only_as_an_organisations_noun_named_far_more_often(spacy_nlp):
    q = "Who was the society's first secretary"
    kg = _kg({0: ("Tamsel Choral Society", 7), 1: ("Kalvor Allotment Society", 2)})
    (span,) = described_spans(q, spacy_nlp(q), kg, description_index(kg))
    assert q[span.start:span.end] == "society" and span.text == "Tamsel Choral Society"
    kg = _kg({0: ("Tamsel Choral Society", 5), 1: ("Kalvor Allotment Society", 2)})
    assert described_spans(q, spacy_nlp(q), kg, description_index(kg)) == []  # not three times as often
    q = "Who chaired the show's committee"  # a show is no organisation: any of several events
    kg = _kg({0: ("Tamsel Flower Show", 7)})
    assert described_spans(q, spacy_nlp(q), kg, description_index(kg)) == []


@pytest.mark.slow
def test_a_terse_querys_description_may_stand_anywhere_in_its_run_of_nouns(spacy_nlp):
    kg = _kg({0: ("Tamsel Flower Show", 4)})
    q = "flower show president elected 2021 college"
    (span,) = described_spans(q, spacy_nlp(q), kg, description_index(kg))
    assert q[span.start:span.end] == "flower show" and span.text == "Tamsel Flower Show"
    q = "Who became president of the show committee"  # a sentence: only the end of a noun phrase after "the"
    assert described_spans(q, spacy_nlp(q), kg, description_index(kg)) == []


@pytest.mark.slow
def test_a_question_naming_nothing_starts_from_the_entity_it_describes_unsurely(spacy_nlp):
    kg = _kg({0: ("Tamsel Food Bank", 5), 1: ("Tessa Marlow", 2)})
    d = RuleRouter(kg=kg, nlp=spacy_nlp).route("Who is the father of the woman who chairs the food bank?")
    assert d.anchors == ["Tamsel Food Bank"] and relations_of(d) == ["leader", "father"]
    assert d.confidence <= 0.5  # a guess which entity is meant
    other = RuleRouter(kg=kg, nlp=spacy_nlp).route("Who is the father of the woman who chairs the book club?")
    assert other.anchors == ["book club"]  # no entity the graph holds: the words stand in for one (`stand_in`)
