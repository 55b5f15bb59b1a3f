"""A noun's reduced passive clause whose agent is the chain's end (router/by_phrase.py; invented world)."""

from __future__ import annotations

import pytest

from hopgraph.router.by_phrase import done_by_chain
from hopgraph.router.lexicon import PHRASES, Mention
from hopgraph.router.rules import RuleRouter
from tagged import toks
from tests.router.test_understand import relations_of


def test_the_noun_and_participle_before_a_by_phrase_the_chain_opens_are_a_hop():
    q = toks("Which/DET building/NOUN housed/VERB the/DET museum/NOUN first/ADV run/VERB by/ADP the/DET "
             "mother/NOUN of/ADP Kalvor/@ ?/PUNCT")
    mother = [Mention(9, 10, "mother", PHRASES["mother"])]
    free = [q[1], q[2], q[4], q[6]]
    assert [t.text for t in done_by_chain(q, free, mother)] == ["museum", "run"]
    assert done_by_chain(q, free, []) == []
    q = toks("Which/DET building/NOUN housed/VERB the/DET museum/NOUN that/PRON the/DET mother/NOUN of/ADP "
             "Kalvor/@ ran/VERB ?/PUNCT")
    assert done_by_chain(q, [q[1], q[2], q[4], q[10]], [Mention(7, 8, "mother", PHRASES["mother"])]) == []


@pytest.mark.slow
def test_what_the_chains_end_did_comes_before_the_questions_own_verb(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which building housed the museum run by the mother of Ada Brook?")
    assert relations_of(d) == ["mother", "museum run", "building housed"]  # (had one open fact of the mother)
