"""A phrasal verb split by its object: "Who set X up?" (router/particle.py). Invented world: the Tarrow Mills."""

from __future__ import annotations

import pytest

from hopgraph.router.particle import particle_beside_verb
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def words(spec: str) -> list[str]:
    return [t.text for t in particle_beside_verb(toks(spec))]


def test_the_particle_after_the_named_object_goes_back_to_its_verb():
    assert words("Who/PRON set:set/VERB Kalvor/X up/ADP ?/PUNCT") == ["Who", "set", "up", "Kalvor", "?"]
    assert words("Who/PRON set/VERB the/DET firm/NOUN up/ADP ?/PUNCT") == ["Who", "set", "up", "the", "firm", "?"]


def test_no_move_without_a_lexicon_phrase_or_an_object_before_the_particle():
    assert words("Who/PRON saw/VERB Kalvor/X up/ADP close/ADV ?/PUNCT") == ["Who", "saw", "Kalvor", "up", "close", "?"]
    q = "Who/PRON presides:preside/VERB today/NOUN over/ADP Kalvor/X ?/PUNCT"
    assert words(q) == ["Who", "presides", "today", "over", "Kalvor", "?"]  # an adverb is no object


@pytest.mark.slow
def test_the_router_reads_a_split_phrasal_verb(spacy_nlp):
    from hopgraph.router.rules import RuleRouter

    assert relations_of(RuleRouter(nlp=spacy_nlp).route("Who set Tarrow Mills up?")) == ["founder"]
