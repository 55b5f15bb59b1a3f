"""Nouns an existing hop explains: the head of a relative clause whose verb is a relation phrase, and the
noun phrase a possessive name opens as the object of the verb before it.

Invented world: the town of Brekkum and its harbour regatta.
"""

from __future__ import annotations

import pytest

from hopgraph.router.bound_nouns import bound_nouns, clause_heads
from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def test_the_clause_head_and_the_possessed_object_are_bound():
    t = toks("Where/ADV was:be/AUX the/DET sailor/NOUN who/PRON won:win/VERB Kalvor/X harbour/NOUN regatta/NOUN "
             "born/VERB ?/PUNCT")
    t[6].possessive = True
    won = Mention(5, 6, "won", Sense(relation="win", verb=True), via="open")
    born = Mention(9, 10, "born", Sense(verb=True))
    assert bound_nouns(t, [won, born], 6) == {3, 7, 8}


def test_nouns_without_such_a_hop_stay_free():
    t = toks("Where/ADV was:be/AUX the/DET sailor/NOUN from/ADP Kalvor/X harbour/NOUN born/VERB ?/PUNCT")
    t[5].possessive = True
    born = Mention(7, 8, "born", Sense(verb=True))
    assert bound_nouns(t, [born], 5) == set()


@pytest.mark.slow
def test_the_winners_birthplace_is_two_hops_with_spacy(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Where was the sailor who won Brekkum's harbour regatta born?")
    # (the regatta Brekkum holds is what was won: its words belong to that hop)
    assert relations_of(d) == ["win harbour regatta", "born_place"]


def test_a_relation_noun_heading_a_clause_that_holds_the_anchor_is_no_hop():
    t = toks("Who/PRON is/AUX the/DET husband/NOUN of/ADP the/DET designer/NOUN who/PRON founded/VERB Kalvor/X ?/PUNCT")
    designer = Mention(6, 7, "designer", Sense(relation="creator"))
    founded = Mention(8, 9, "founded", Sense(relation="founder", verb=True))
    husband = Mention(3, 4, "husband", Sense(relation="spouse"))
    assert clause_heads(t, [husband, designer, founded], 9) == [designer]
    apart = toks("Which/DET film/NOUN has/VERB the/DET director/NOUN who/PRON was/AUX born/VERB first/ADV ,/PUNCT Kalvor/X ?/PUNCT")
    director = Mention(4, 5, "director", Sense(relation="director"))
    born = Mention(7, 8, "born", Sense(facets=(("date", "born_date"),), verb=True))
    assert clause_heads(apart, [director, born], 10) == []  # the clause says nothing of the anchor


def test_a_relation_noun_the_open_clause_relation_holds_is_no_hop_of_its_own():
    """ "the band that headlined X": "band headlined" is the hop; "band" is no performer of anything."""
    t = toks("Where/ADV did/AUX the/DET band/NOUN that/PRON headlined/VERB Kalvor/X record/VERB ?/PUNCT")
    band = Mention(3, 4, "band", Sense(relation="performer"))
    clause = Mention(3, 6, "band that headlined", Sense(relation="band headlined"), via="open")
    assert clause_heads(t, [band, clause], 6) == [band]
    assert clause_heads(t, [band], 6) == []



def test_a_relation_noun_heading_a_clause_the_anchor_is_the_subject_of_is_no_hop():
    """ "the band that X left": whatever X left is the hop; "band" only says what kind of thing it is."""
    t = toks("Which/DET label/NOUN signed/VERB the/DET band/NOUN that/PRON Kalvor/X left/VERB ?/PUNCT")
    band = Mention(4, 5, "band", Sense(relation="performer"))
    left = Mention(7, 8, "left", Sense(relation="left"), via="open")
    assert clause_heads(t, [band, left], 6) == [band]
    aside = toks("Which/DET label/NOUN signed/VERB the/DET band/NOUN that/PRON Kalvor/X ,/PUNCT sadly/ADV ?/PUNCT")
    assert clause_heads(aside, [Mention(4, 5, "band", Sense(relation="performer"))], 6) == []  # no verb of its own
