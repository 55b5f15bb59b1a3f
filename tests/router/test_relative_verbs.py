"""Relative clauses whose verb is a hop of the chain (router/relative_verbs.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.relative_verbs import (middle_relative_verbs, nouns_of_the_name, open_relative_verb,
                                            reduced_object_clause)
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of

# "Where is the office of the firm that bought the maker of Kalvor?"
_Q = "Where/SCONJ is/AUX the/DET office/NOUN of/ADP the/DET firm/NOUN that/PRON bought/VERB the/DET maker/NOUN " \
     "of/ADP Kalvor/X ?/PUNCT"


def test_a_clause_whose_object_is_the_next_relation_is_the_hop_between_them():
    t = toks(_Q)
    known = [Mention(3, 4, "office", Sense(relation="office"), via="open"),
             Mention(10, 11, "maker", Sense(relation="maker"))]
    (m,) = middle_relative_verbs(t, known, 12)
    assert (m.start, m.end, m.sense.relation) == (6, 9, "firm bought")


def test_no_hop_without_a_relation_after_the_verb_or_before_a_date():
    t = toks(_Q)
    assert middle_relative_verbs(t, [Mention(3, 4, "office", Sense(relation="office"), via="open")], 12) == []
    dated = [Mention(10, 11, "maker", Sense(relation="release_date"))]
    assert middle_relative_verbs(t, dated, 12) == []  # a date is no thing a verb acts on
    light = toks(_Q.replace("bought/VERB", "became:become/VERB"))
    assert middle_relative_verbs(light, [Mention(10, 11, "maker", Sense(relation="maker"))], 12) == []


@pytest.mark.slow
def test_the_clause_verb_sits_in_the_chain_in_its_place(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = relations_of(router.route("Where is the headquarters of the company that acquired the maker of the Brekkum ferry?"))
    assert got == ["maker", "company acquired", "headquarters"]


@pytest.mark.slow
def test_a_clause_whose_object_is_where_something_lies_is_the_hop_after_it(spacy_nlp):
    # "the hall where the choir is based" stands for where the choir lies: the trust runs that hall
    got = relations_of(RuleRouter(nlp=spacy_nlp).route("Who chairs the trust that runs the hall where the Lorn "
                                                       "Choir is based?"))
    assert got[:2] == ["country", "trust runs"]



def test_owns_in_a_relative_clause_is_the_anchors_hop():
    t = toks("Who/PRON audits:audit/VERB the/DET company/NOUN that/PRON owns:own/VERB Kalvor/X ?/PUNCT")
    (m,) = open_relative_verb(t, [], 6)
    assert (m.start, m.end, m.sense.relation) == (3, 6, "company owns")
    # a hyphenated head noun is a noun all the same
    t = toks("Who/PRON chairs:chair/VERB the/DET co-operative/NOUN that/PRON owns:own/VERB Kalvor/X ?/PUNCT")
    (m,) = open_relative_verb(t, [], 6)
    assert m.sense.relation == "co-operative owns"
    # the nouns compounded before the head noun are its own ("the engineering company that owns X")
    t = toks("Who/PRON audits:audit/VERB the/DET engineering/NOUN company/NOUN that/PRON owns:own/VERB Kalvor/X ?/PUNCT")
    (m,) = open_relative_verb(t, [], 7)
    assert (m.start, m.sense.relation) == (3, "engineering company owns")


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    # neither verb is a relation of the vocabulary: the clause's is the first hop, the main clause's the second
    ("Who audits the company that owns Brekkum Mills?", ["company owns", "audits"]),
    ("What does the company that sponsors the Orvell Trust sell?", ["company sponsors", "sell"]),
])
def test_a_subject_clause_on_the_bridge_splits_two_open_verbs(question, relations, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


def test_an_adverb_between_the_relative_word_and_its_verb_keeps_the_clause():
    # "Who trained the chef who now runs the kitchen at Kalvor?"
    t = toks("Who/PRON trained/VERB the/DET chef/NOUN who/PRON now/ADV runs/VERB the/DET kitchen/NOUN at/ADP "
             "Kalvor/X ?/PUNCT")
    (m,) = open_relative_verb(t, [Mention(1, 2, "trained", Sense(relation="education", verb=True))], 10)
    assert m.sense.relation == "chef runs"


def test_a_noun_the_name_and_a_verb_are_a_clause_when_more_is_asked_after_them():
    # "What year did the hotel Kalvor bought open?": what Kalvor bought, then when it opened
    t = toks("What/PRON year/NOUN did/AUX the/DET hotel/NOUN Kalvor/X bought/VERB open/ADJ ?/PUNCT")
    free = [t[4], t[6], t[7]]
    assert [x.text for x in reduced_object_clause(t, free, 5)] == ["hotel", "bought"]
    # nothing asked after the clause: it is the whole question
    assert reduced_object_clause(t, [t[4], t[6]], 5) == []


def test_a_name_after_did_is_the_main_clauses_subject_not_the_relative_clauses_object():
    q = toks("Which/DET charity/NOUN that/PRON helps/VERB children/NOUN did/AUX Kalvor/X found/VERB ?/PUNCT")
    assert open_relative_verb(q, [], 6) == []  # (had read "charity helps" as what helps X)


@pytest.mark.slow
def test_founding_asked_after_a_relative_clause_on_the_asked_noun(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which charity that helps children did Ilse Varga found?")
    assert relations_of(d)[:1] == ["founded"]  # (had read "found" as finding, and the clause as a hop)


def test_which_on_a_noun_opens_its_clause_as_that_does():
    q = toks("Who/PRON runs/VERB the/DET firm/NOUN which/PRON funded/VERB Kalvor/X ?/PUNCT")
    assert [m.sense.relation for m in open_relative_verb(q, [], 6)] == ["firm funded"]
    q = toks("Who/PRON directed/VERB the/DET film/NOUN in/ADP which/PRON Kalvor/X starred/VERB ?/PUNCT")
    assert open_relative_verb(q, [], 6) == []  # after a preposition: the clause is the name's own


@pytest.mark.slow
def test_two_stacked_clauses_with_which_read_from_the_name_out(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who is the chief executive of the company that bought the firm which funded "
                                        "Tarrow Mills?")
    assert relations_of(d) == ["firm funded", "company bought", "leader"]  # (had read the leader of Tarrow Mills)


def test_nouns_after_a_name_up_to_the_end_of_its_phrase_are_what_is_named():
    q = toks("Who/PRON chaired/VERB the/DET Kalvor/X bridge/NOUN inquiry/NOUN in/ADP 2019/NUM ?/PUNCT")
    assert [t.lower for t in nouns_of_the_name(q, [q[4], q[5]], at=3)] == ["bridge", "inquiry"]
    assert nouns_of_the_name(q, [q[4], q[5]], at=None) == []
    outside = toks("Which/DET club/NOUN did/AUX the/DET vet/NOUN who/PRON founded/VERB the/DET Kalvor/X practice/NOUN "
                   "preside/NOUN over/ADP ?/PUNCT")
    assert [t.lower for t in nouns_of_the_name(outside, [outside[9]], at=8)] == ["practice"]  # the bare verb is its own
    winner = toks("Where/SCONJ did/AUX the/DET Kalvor/X winner/NOUN train/VERB ?/PUNCT")
    assert nouns_of_the_name(winner, [winner[4]], at=3) == []  # a role in what is named: a hop of its own
    owned = toks("Who/PRON runs/VERB Kalvor/X 's/PART bakery/NOUN ?/PUNCT")
    owned[2].possessive = True
    assert nouns_of_the_name(owned, [owned[4]], at=2) == []  # what the name has, no part of the name
    # "does" leaves its bare verb last, tagged as a noun: no noun of the name
    bare = toks("Which/DET ward/NOUN does/AUX the/DET man/NOUN who/PRON abstained/VERB on/ADP the/DET Kalvor/X "
                "vote/NOUN represent/NOUN ?/PUNCT")
    assert [t.lower for t in nouns_of_the_name(bare, [bare[1], bare[10], bare[11]], at=9)] == ["vote"]


@pytest.mark.slow
def test_a_names_own_nouns_stay_out_of_the_fact_asked_after_the_chain(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(
        "Which ward does the councillor who abstained on the Kalvor bridge vote represent?")
    assert relations_of(d)[1:] == ["ward represent"]  # (had been "ward bridge vote represent")


def test_a_role_noun_before_of_the_name_is_the_first_hop():
    from hopgraph.router.relative_verbs import role_noun_before

    q = toks("What/PRON club/NOUN did/AUX the/DET captain/NOUN of/ADP the/DET 2019/NUM Kalvor/X join/VERB ?/PUNCT")
    assert [t.lower for t in role_noun_before(q, q, 8)] == ["captain"]
    kind = toks("What/PRON club/NOUN did/AUX the/DET town/NOUN of/ADP Kalvor/X join/VERB ?/PUNCT")
    assert role_noun_before(kind, kind, 6) == []  # no role: a kind the name is


@pytest.mark.slow
@pytest.mark.parametrize("question, chain", [
    ("Which club did the captain of Kalvor Rovers join?", ["captain", "join"]),
    ("What instrument did the winner of the 2007 Tamsel Prize play?", ["winner", "instrument play"]),
])
def test_an_open_verb_asked_of_a_role_of_the_name_goes_on_from_the_role(question, chain, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == chain
