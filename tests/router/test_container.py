"""The thing a named entity is in: "the band X was in" is a hop of its own (router/container.py).

Invented world: the singer Tessa Marlow, the Tarrow Mills.
"""

from __future__ import annotations

import pytest

from hopgraph.router.container import container_hops
from hopgraph.router.lexicon import Mention, Sense
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def test_a_clause_saying_the_name_was_in_its_head_noun_is_a_hop_from_the_name():
    q = toks("Which/DET label/NOUN signed:sign/VERB the/DET band/NOUN Kalvor/X was:be/AUX in/ADP ?/PUNCT")
    band = Mention(4, 5, "band", Sense(relation="performer"))
    got = container_hops(q, [band])
    assert [m.sense.relation for m in got] == ["band in"] and got[0].start == 6  # the noun is no relation of its own
    q = toks("Who/PRON designed:design/VERB the/DET building/NOUN that/PRON Kalvor/X is:be/AUX in/ADP ?/PUNCT")
    assert [m.sense.relation for m in container_hops(q, [])] == ["building in"]


def test_no_hop_when_the_preposition_has_its_object_or_the_head_is_a_person():
    q = toks("Which/DET label/NOUN signed:sign/VERB the/DET band/NOUN Kalvor/X was:be/AUX in/ADP Brenmark/X ?/PUNCT")
    q[8].anchor = 1
    assert container_hops(q, []) == []
    q = toks("Where/ADV was/AUX the/DET man/NOUN Kalvor/X was:be/AUX with/ADP born/VERB ?/PUNCT")
    assert container_hops(q, []) == []


@pytest.mark.slow
def test_the_router_reads_the_band_a_person_was_in_first(spacy_nlp):
    from hopgraph.router.rules import RuleRouter

    d = RuleRouter(nlp=spacy_nlp).route("Which label signed the band Tessa Marlow was in?")
    assert relations_of(d) == ["band in", "publisher"]
