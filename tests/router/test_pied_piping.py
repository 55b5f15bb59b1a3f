"""A preposition set before "which" that belongs to a phrasal verb (router/pied_piping.py). Invented world: Kalvor."""

from __future__ import annotations

import pytest

from hopgraph.router.pied_piping import with_preposition_after_its_verb
from hopgraph.router.rules import RuleRouter
from tagged import toks
from tests.router.test_understand import relations_of


def test_the_preposition_of_a_phrasal_verb_closing_the_clause_moves_after_it():
    q = toks("Who/PRON wrote/VERB the/DET novel/NOUN on/ADP which/PRON Kalvor/@ is/AUX based/VERB ?/PUNCT")
    q[8].lemma = "base"
    assert [t.text for t in with_preposition_after_its_verb(q)] == \
        ["Who", "wrote", "the", "novel", "which", "Kalvor", "is", "based", "on", "?"]
    place = toks("the/DET river/NOUN on/ADP which/PRON Kalvor/@ worked/VERB as/ADP a/DET guide/NOUN ?/PUNCT")
    place[5].lemma = "work"
    assert with_preposition_after_its_verb(place) == place  # the clause goes on: "on the river", a place


@pytest.mark.slow
def test_a_novel_on_which_a_work_is_based_is_no_place_it_is_based_in(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who wrote the novel on which Kalvor is based?")
    assert relations_of(d) == ["base", "writer"]  # (had read where Kalvor is based, sure of it)
