"""A question about one named entity read from its chain (router/single_reading.py), on hand-made chains."""

from __future__ import annotations

from hopgraph.router.reading import Chain
from hopgraph.router.single_reading import asked_words, single_reading
from hopgraph.router.spans import Span
from hopgraph.router.vocab import OPEN_BRIDGE

Q = "Where was the founder of Kalvor Mills born?"
KALVOR = Span(Q.index("Kalvor"), Q.index("Kalvor") + len("Kalvor Mills"), "Kalvor Mills")


def _chain(relations: list[str], words: list[str]) -> Chain:
    return Chain(relations, words, open_after=False, opens_unknown=False, via_meaning=False, composite=False)


def test_a_chain_of_known_relations_is_a_sure_bridge():
    parsed = single_reading(Q, KALVOR, _chain(["founder", "born_place"], []))
    assert parsed.shape == "bridge" and parsed.chain == ["founder", "born_place"] and parsed.confidence == 1.0


def test_a_date_where_a_place_is_asked_is_no_chain_but_an_open_bridge():
    parsed = single_reading(Q, KALVOR, _chain(["release_date"], []), asked="place")
    assert parsed.chain[0] == OPEN_BRIDGE and parsed.confidence < 0.5


def test_a_relation_a_date_cannot_have_is_dropped_and_leaves_the_reading_unsure():
    parsed = single_reading(Q, KALVOR, _chain(["release_date", "born_place"], []))
    assert parsed.chain == ["release_date"] and parsed.confidence == 0.5


def test_words_no_relation_explains_make_the_reading_unsure():
    parsed = single_reading(Q, KALVOR, _chain(["founder"], ["mentor"]))
    assert parsed.chain == ["founder", "mentor"] and parsed.confidence == 0.5


def test_the_conversation_around_a_question_is_no_asked_word():
    assert "wondering" not in asked_words("I was wondering who founded Kalvor Mills", limit=12)


def test_a_names_own_nouns_are_no_fact_after_the_chain():
    q = "Who runs the firm that took over the Kalvor Mills milk bottler?"
    span = Span(q.index("Kalvor"), q.index("Kalvor") + len("Kalvor Mills"), "Kalvor Mills")
    chain = Chain(["firm took", "leader"], ["milk", "bottler"], open_after=True, opens_unknown=False,
                  via_meaning=False, composite=False, name_nouns=["milk", "bottler"])
    parsed = single_reading(q, span, chain)
    # they say which thing of the name starts the chain (searched with its first hop), no fact of its end
    assert parsed.chain == ["firm took", "leader"] and parsed.qualifiers == {"Kalvor Mills": ["milk", "bottler"]}
    assert parsed.topic_words == []
    # words besides the name's own: a fact of the bridge, without the name's nouns
    chain.open_words = ["milk", "bottler", "mascot"]
    assert single_reading(q, span, chain).chain == ["firm took", "leader", "mascot"]
