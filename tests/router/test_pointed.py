"""A question sentence read from its pronoun when the context introduced something unnamed (router/pointed.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.vocab import OPEN_BRIDGE


def relations_of(d) -> list[str]:
    return [r.relation for r in d.requirements if r.id.startswith("R")]


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    # the firm that built the unnamed boathouse, then who runs that firm
    ("Tamsel Rowing Club put up a new boathouse a couple of years back. Who is in charge of the firm that built it?",
     [OPEN_BRIDGE, "maker", "leader"]),
    # "that group" points back like a pronoun: the label of the group the context brought in
    ("The Lorn Quartet got a new cellist in 2021 who came from a folk group. Which label puts out that group's albums?",
     [OPEN_BRIDGE, "publisher"]),
    # "she" is the unnamed ship: whom it is named after, then where that person was born
    ("I'm writing a short history of the survey ship based in Tamsel. Where was the person she is named after born?",
     [OPEN_BRIDGE, "named_after", "born_place"]),
    # where the unnamed club is based, the body running that ground, its chair
    ("Lorn's old goalkeeper went on to coach a village club. Who chairs the trust that runs the ground where that "
     "club is based?", [OPEN_BRIDGE, "country", "trust runs", "leader"]),
])
def test_the_hops_after_the_open_bridge_are_read_from_the_pronoun(question, relations, spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert relations_of(d) == relations
    assert d.confidence < 0.75  # the first hop is still a guess


@pytest.mark.slow
def test_the_question_s_own_verb_is_the_last_hop_after_the_pointed_chain(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Lorn's old goalkeeper went on to coach a village club. Who chaired the "
                                        "committee meeting that took that decision?")
    assert relations_of(d)[-1] == "chaired"


@pytest.mark.slow
def test_without_a_relation_from_the_pronoun_the_question_stays_one_open_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Tamsel Rowing Club opened a boathouse in a new place. Is it any good?")
    rels = relations_of(d)
    assert rels[:1] == [OPEN_BRIDGE] and len(rels) <= 2
