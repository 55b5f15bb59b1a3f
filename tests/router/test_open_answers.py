"""The answer kind of an open relation, read from the clause that holds it (router/open_answers.py).

Invented world: the Brekkum harbour regatta, the Tarrow Greens.
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.open_answers import open_answers
from tests.router.test_filler import toks


def test_a_who_clause_makes_its_open_verb_answer_a_person_and_a_where_clause_a_place():
    t = toks("Where/ADV was:be/AUX the/DET sailor/NOUN who/PRON won:win/VERB Kalvor/X born/VERB ?/PUNCT")
    won = Mention(5, 6, "won", Sense(relation="win", verb=True), via="open")
    born = Mention(7, 8, "born", Sense(relation="born_place", verb=True))
    assert open_answers(t, [won, born]) == {"win": "person"}  # a known relation keeps its own kind
    t = toks("Who/PRON governs:govern/VERB the/DET province/NOUN where/ADV Kalvor/X was:be/AUX fought:fight/VERB ?/PUNCT")
    assert open_answers(t, [Mention(7, 8, "fought", Sense(relation="fight", verb=True), via="open")]) == {"fight": "place"}


def test_an_organisation_noun_opening_its_own_clause_makes_the_answer_an_organisation():
    t = toks("Who/PRON heads:head/VERB the/DET utility/NOUN that/PRON funded:fund/VERB Kalvor/X ?/PUNCT")
    assert open_answers(t, [Mention(3, 6, "utility that funded", Sense(relation="utility fund"), via="open")]) \
        == {"utility fund": "org"}
    t = toks("Who/PRON heads:head/VERB the/DET storm/NOUN that/PRON hit:hit/VERB Kalvor/X ?/PUNCT")
    assert open_answers(t, [Mention(3, 6, "storm that hit", Sense(relation="storm hit"), via="open")]).get(
        "storm hit") != "org"


def test_a_whose_clause_gives_the_possessed_nouns_kind_and_never_a_date():
    t = toks("Who/PRON founded:found/VERB the/DET club/NOUN whose/DET float/NOUN won:win/VERB Kalvor/X ?/PUNCT")
    assert open_answers(t, [Mention(6, 7, "won", Sense(relation="win", verb=True), via="open")]) == {"win": "thing"}
    t = toks("Who/PRON founded:found/VERB the/DET party/NOUN whose/DET candidate/NOUN won:win/VERB Kalvor/X ?/PUNCT")
    assert open_answers(t, [Mention(6, 7, "won", Sense(relation="win", verb=True), via="open")]) == {"win": "person"}
    t = toks("Who/PRON coached:coach/VERB the/DET team/NOUN whose/DET rider/NOUN won:win/VERB Kalvor/X ?/PUNCT")
    assert open_answers(t, [Mention(6, 7, "won", Sense(relation="win", verb=True), via="open")]) == {"win": "person"}


def test_no_clause_no_kind():
    t = toks("Kalvor/X sponsors:sponsor/VERB what/PRON ?/PUNCT")
    assert open_answers(t, [Mention(1, 2, "sponsors", Sense(relation="sponsor", verb=True), via="open")]) == {}


def test_a_phrase_holding_its_own_who_answers_a_person():
    t = toks("Who/PRON married/VERB the/DET actor/NOUN who/PRON voices:voice/VERB Kalvor/X ?/PUNCT")
    m = Mention(3, 6, "actor who voices", Sense(relation="actor voice"), via="open")
    assert open_answers(t, [m]) == {"actor voice": "person"}


def test_an_organisation_whose_member_did_something_is_the_answer():
    t = toks("Who/PRON founded/VERB the/DET party/NOUN whose/DET candidate/NOUN won/VERB Kalvor/X ?/PUNCT")
    party = Mention(3, 6, "party whose candidate", Sense(relation="party candidate"), via="open")
    assert open_answers(t, [party]) == {"party candidate": "org"}



def test_a_that_clause_on_an_organisation_noun_makes_its_verb_answer_an_organisation():
    t = toks("Who/PRON manages:manage/VERB the/DET club/NOUN that/PRON Kalvor/X sponsors:sponsor/NOUN ?/PUNCT")
    assert open_answers(t, [Mention(6, 7, "sponsors", Sense(relation="sponsor", verb=True), via="open")]) \
        == {"sponsor": "org"}


def test_an_organisation_noun_whose_clause_verb_follows_it_makes_the_answer_an_organisation():
    # an open phrase read from a verb carries no verb flag of its own: the token's part of speech says it
    t = toks("Who/PRON leads:lead/VERB the/DET firm/NOUN that/PRON won:win/VERB Kalvor/X 's/PART appeal/NOUN ?/PUNCT")
    assert open_answers(t, [Mention(5, 6, "won", Sense(relation="win appeal"), via="open")]) == {"win appeal": "org"}
    t = toks("Who/PRON leads:lead/VERB the/DET man/NOUN who/PRON won:win/VERB Kalvor/X 's/PART appeal/NOUN ?/PUNCT")
    assert open_answers(t, [Mention(5, 6, "won", Sense(relation="win appeal"), via="open")]) == {"win appeal": "person"}
