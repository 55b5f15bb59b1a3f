"""Readings whose chain leaves the point of the question unread (router/left_unread.py)."""

from __future__ import annotations

from hopgraph.router.left_unread import leaves_unread
from hopgraph.router.lexicon import PHRASES, Mention
from tagged import toks


def test_a_duration_or_a_sibling_in_law_is_left_unread():
    assert leaves_unread(toks("How/ADV many/ADJ years/NOUN was/AUX Kalvor/@ chair/NOUN ?/PUNCT"), "", ["leader"], [])
    q = toks("Who/PRON is/AUX Kalvor/@ brother-in-law/NOUN ?/PUNCT")
    in_law = Mention(3, 4, "brother-in-law", PHRASES["brother-in-law"])
    assert leaves_unread(q, "person", ["spouse", "sibling"], [in_law])
    plain = toks("Who/PRON is/AUX Kalvor/@ wife/NOUN ?/PUNCT")
    assert not leaves_unread(plain, "person", ["spouse"], [Mention(3, 4, "wife", PHRASES["wife"])])


def test_a_person_asked_and_a_place_read_is_left_unread():
    q = toks("Who/PRON did/AUX Kalvor/@ train/VERB under/ADP ?/PUNCT")
    assert leaves_unread(q, "person", ["education"], [Mention(3, 4, "train", PHRASES["train"])])


def test_a_count_of_what_was_made_is_no_maker():
    q = toks("How/ADV many/ADJ Kalvor/@ were/AUX built/VERB ?/PUNCT")
    q[3].lemma = "be"
    built = Mention(4, 5, "built", PHRASES["build"])
    assert leaves_unread(q, "", ["maker"], [built])
    who = toks("Who/PRON built/VERB Kalvor/@ ?/PUNCT")
    assert not leaves_unread(who, "person", ["maker"], [Mention(1, 2, "built", PHRASES["build"])])
