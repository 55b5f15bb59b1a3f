"""What was won: the award relation needs a prize (router/won_object.py).

Invented world: the councillor Tessa Marlow, the firm Kalvor, the Brenmark Prize.
"""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.rules import RuleRouter
from hopgraph.router.won_object import wins_no_prize
from tagged import toks
from tests.router.test_understand import relations_of


def _won(i: int, word: str = "win") -> Mention:
    return Mention(i, i + 1, word, Sense(relation="award", verb=True))


def test_a_noun_won_that_is_no_prize_names_no_award():
    seat = toks("Kalvor/@ won/VERB the/DET seat/NOUN ./PUNCT")
    assert wins_no_prize(seat, _won(1, "won"))
    contract = toks("Kalvor/@ won/VERB a/DET school/NOUN catering/NOUN contract/NOUN ./PUNCT")
    assert wins_no_prize(contract, _won(1, "won"))
    asked = toks("Which/DET contract/NOUN did/AUX Kalvor/@ win/VERB ?/PUNCT")
    assert wins_no_prize(asked, _won(4))
    counted = toks("How/SCONJ many/ADJ seats/NOUN did/AUX Kalvor/@ win/VERB ?/PUNCT")
    assert wins_no_prize(counted, _won(5))


def test_a_prize_a_name_a_time_or_nothing_said_keeps_the_award():
    assert not wins_no_prize(toks("Kalvor/@ won/VERB the/DET cup/NOUN ./PUNCT"), _won(1, "won"))
    assert not wins_no_prize(toks("Tessa/@ won/VERB the/DET Brenmark/@ ./PUNCT"), _won(1, "won"))
    assert not wins_no_prize(toks("Which/DET medal/NOUN did/AUX Kalvor/@ win/VERB ?/PUNCT"), _won(4))
    assert not wins_no_prize(toks("What/PRON did/AUX Kalvor/@ receive/VERB that/DET same/ADJ year/NOUN ?/PUNCT"),
                             _won(3, "receive"))
    assert not wins_no_prize(toks("What/PRON did/AUX Kalvor/@ win/VERB ?/PUNCT"), _won(3))
    # "the winning novel": the novel won something, it is not what was won
    assert not wins_no_prize(toks("Kalvor/@ winning/VERB novel/NOUN"), _won(1, "winning"))
    # another relation's verb is left alone
    founded = Mention(1, 2, "won", Sense(relation="founded", verb=True))
    assert not wins_no_prize(toks("Kalvor/@ won/VERB the/DET seat/NOUN ./PUNCT"), founded)


@pytest.mark.slow
def test_a_seat_won_is_no_award_and_a_prize_is(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert "award" not in relations_of(router.route("Which seat did the husband of Tessa Marlow win in 2019?"))
    assert relations_of(router.route("Which prize did the husband of Tessa Marlow win in 2019?")) == ["spouse", "award"]
