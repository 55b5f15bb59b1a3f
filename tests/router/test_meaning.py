"""Relation phrases matched by meaning with the bundled MiniLM embedder (slow: loads the model)."""

from __future__ import annotations

import pytest

from hopgraph.router.meaning import THRESHOLD, RelationMeaning, examples


def test_every_example_names_a_vocabulary_relation():
    from hopgraph.router.vocab import RELATIONS

    texts, names = examples()
    assert len(texts) == len(names) > 50 and set(names) <= set(RELATIONS) | {""}


@pytest.fixture(scope="module")
def meaning():
    from hopgraph.indexing.embed import get_embedder

    return RelationMeaning(get_embedder().encode)


@pytest.mark.slow
@pytest.mark.parametrize("phrase, relation", [
    ("schooling", "education"), ("native city", "born_place"), ("record company", "publisher"),
    ("burial site", "burial"), ("wrote the music", "composer"), ("offspring", "child"),
])
def test_synonyms_take_their_relation(meaning, phrase, relation):
    assert meaning(phrase) == relation


@pytest.mark.slow
@pytest.mark.parametrize("phrase", ["injury", "signatures", "rainfall", "campaign", "funding round", "seats"])
def test_words_of_other_facts_stay_open(meaning, phrase):
    assert meaning(phrase) is None and meaning.score(phrase)[1] < THRESHOLD


@pytest.mark.slow
@pytest.mark.parametrize("phrase", ["lead actress", "film actor", "parts supplier", "partner company",
                                    "literary agent", "took over", "building", "translator"])
def test_facts_next_to_a_vocabulary_relation_stay_open(meaning, phrase):
    assert meaning(phrase) is None
