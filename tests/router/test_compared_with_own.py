"""One named person compared with their own kin: "Was X older than her husband?" (router/compared_with_own.py).

Invented world: Tessa Marlow, Ada Brook, the Tarrow Mills.
"""

from __future__ import annotations

import pytest

from hopgraph.router.compared_with_own import compared_with_own
from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.spans import Span
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def _read(spec: str, kin_at: int, relation: str = "spouse"):
    q = toks(spec)
    kin = Mention(kin_at, kin_at + 1, q[kin_at].text, Sense(relation=relation))
    return compared_with_own(q, [kin], [Span(0, 12, "Tessa Marlow")], None)


def test_the_named_side_and_its_own_kin_are_both_read_from_the_one_name():
    got = _read("Was/AUX Kalvor/X older/ADJ than/ADP her/PRON husband/NOUN ?/PUNCT", 5)
    assert got is not None and got.shape == "bridge_comparison" and got.anchors == ["Tessa Marlow", "Tessa Marlow"]
    assert got.chains == [["born_date"], ["spouse", "born_date"]]
    q = toks("Who/PRON died:die/VERB first/ADV ,/PUNCT Kalvor/X or/CCONJ his/PRON brother/NOUN ?/PUNCT")
    mentions = [Mention(1, 2, "died", Sense(relation="died_date", verb=True)),
                Mention(7, 8, "brother", Sense(relation="sibling"))]
    died = compared_with_own(q, mentions, [Span(0, 12, "Tessa Marlow")], None)
    assert died is not None and died.chains == [["died_date"], ["sibling", "died_date"]]


def test_no_such_reading_without_a_pronoun_or_with_a_second_name():
    assert _read("Was/AUX Kalvor/X older/ADJ than/ADP the/DET husband/NOUN ?/PUNCT", 5) is None
    q = toks("Was/AUX Kalvor/X older/ADJ than/ADP her/PRON husband/NOUN Brenmark/X ?/PUNCT")
    q[6].anchor = 1
    kin = Mention(5, 6, "husband", Sense(relation="spouse"))
    assert compared_with_own(q, [kin], [Span(0, 12, "Tessa Marlow"), Span(0, 8, "Ada Brook")], None) is None


@pytest.mark.slow
def test_the_router_compares_a_person_with_her_husband(spacy_nlp):
    from hopgraph.router.rules import RuleRouter

    d = RuleRouter(nlp=spacy_nlp).route("Was Tessa Marlow older than her husband?")
    assert d.shape == "bridge_comparison" and relations_of(d) == ["born_date", "spouse", "born_date"]
