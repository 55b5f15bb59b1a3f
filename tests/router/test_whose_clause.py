"""A "whose" clause around the anchor (and "the <noun> of the <noun> who …"): the clause's verb is the first hop, "the <noun> whose <noun>" one hop
after it, the main clause the last; a possessed relation that reads both ways is that relation itself.

Invented world: the Tarrow Greens (a party), the councillor Ilse Varga, the Brekkum ferry bridge.
"""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.rules import RuleRouter
from hopgraph.router.whose_clause import of_clause_hop, whose_hop
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def test_the_two_nouns_around_whose_are_one_open_hop():
    t = toks("Who/PRON founded:found/VERB the/DET party/NOUN whose/DET candidate/NOUN won:win/VERB Kalvor/X ?/PUNCT")
    founded = Mention(1, 2, "founded", Sense(verb=True))
    won = Mention(6, 7, "won", Sense(relation="win", verb=True), via="open")
    out = whose_hop(t, [founded, won], 7)
    assert [(m.start, m.end, m.sense.relation, m.via) for m in out] == \
        [(1, 2, "", "lexicon"), (3, 6, "party candidate", "open"), (6, 7, "win", "open")]


def test_a_relation_that_reads_both_ways_is_kept():
    t = toks("Where/ADV was:be/AUX the/DET actor/NOUN whose/DET wife/NOUN is:be/AUX Kalvor/X born/VERB ?/PUNCT")
    actor = Mention(3, 4, "actor", Sense(relation="performer"), via="meaning")
    wife = Mention(5, 6, "wife", Sense(relation="spouse"))
    out = whose_hop(t, [actor, wife], 7)
    assert [(m.start, m.end, m.sense.relation) for m in out] == [(3, 6, "spouse")]


def test_a_preposition_may_stand_between_the_noun_and_whose():
    t = toks("Where/ADV was:be/AUX the/DET king/NOUN under/ADP whose/DET rule/NOUN Kalvor/X grew:grow/VERB "
             "born/VERB ?/PUNCT")
    out = whose_hop(t, [], 7)
    assert [(m.start, m.end, m.sense.relation) for m in out][:1] == [(3, 7, "king rule")]


def test_no_whose_clause_around_the_anchor_changes_nothing():
    # the name itself is described ("X, whose founder …"): no determined noun before "whose"
    t = toks("Where/ADV is:be/AUX Kalvor/X ,/PUNCT whose/DET founder/NOUN died:die/VERB ,/PUNCT based/VERB ?/PUNCT")
    founder = Mention(5, 6, "founder", Sense(relation="founder"))
    assert whose_hop(t, [founder], 2) == [founder]
    # the anchor comes before the clause
    t = toks("Which/DET film/NOUN of/ADP Kalvor/X won:win/VERB the/DET prize/NOUN whose/DET jury/NOUN met:meet/VERB ?/PUNCT")
    assert whose_hop(t, [], 3) == []


@pytest.mark.slow
@pytest.mark.parametrize("question,relations", [
    # (what the name had is the object of the clause's verb: "won her old seat", as "won her seat")
    ("Who founded the party whose candidate won Ilse Varga's old seat?",
     ["win old seat", "party candidate", "founder"]),
    ("Where was the actor whose wife is Ilse Varga born?", ["spouse", "born_place"]),
    # a kin noun said of the name, its other side asked: X's parent, not X's child
    ("Ilse Varga is the daughter of whom?", ["parent"]),
    ("Who is the daughter of Ilse Varga?", ["child"]),
])
def test_whose_questions_read_with_spacy(question, relations, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


@pytest.mark.slow
def test_a_clause_verb_no_phrase_explains_is_the_first_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(
        "In what year was the college whose lab was chosen to inspect the Brekkum ferry bridge opened?")
    assert relations_of(d)[:2] == ["choose inspect", "college lab"]


def test_the_noun_of_a_clause_head_is_an_open_hop_when_no_phrase_explains_it():
    t = toks("Who/PRON founded:found/VERB the/DET party/NOUN of/ADP the/DET man/NOUN who/PRON won:win/VERB Kalvor/X ?/PUNCT")
    won = Mention(8, 9, "won", Sense(relation="win", verb=True), via="open")
    out = of_clause_hop(t, [won], 9)
    assert [(m.start, m.end, m.sense.relation) for m in out] == [(3, 4, "party"), (8, 9, "win")]
    # a known relation noun stays as it is
    director = Mention(3, 4, "director", Sense(relation="director"))
    assert of_clause_hop(t, [director, won], 9) == [director, won]
    # and of the head of a "whose" clause
    t = toks("Where/ADV was:be/AUX the/DET manager/NOUN of/ADP the/DET team/NOUN whose/DET rider/NOUN won:win/VERB "
             "Kalvor/X born/VERB ?/PUNCT")
    assert [m.sense.relation for m in of_clause_hop(t, [], 10)] == ["manager"]


@pytest.mark.slow
def test_the_party_of_the_winner_reads_with_spacy(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who founded the party of the man who won Ilse Varga's old seat?")
    assert relations_of(d) == ["win old seat", "party", "founder"]


def test_a_kin_noun_after_an_opening_whose_is_read_backwards():
    from hopgraph.router.lexicon import Mention, PHRASES
    from hopgraph.router.whose_clause import whose_kin
    from tagged import toks

    q = toks("Whose/PRON father/NOUN founded/VERB Kalvor/@ ?/PUNCT")
    father = Mention(1, 2, "father", PHRASES["father"])
    assert whose_kin(q, [father], ["founder", "father"]) == ["founder", "child"]
    q = toks("Whose/PRON son/NOUN is/AUX Kalvor/@ ?/PUNCT")
    son = Mention(1, 2, "son", PHRASES["son"])
    assert whose_kin(q, [son], ["child"]) == ["parent"]
    wife = Mention(1, 2, "wife", PHRASES["wife"])
    assert whose_kin(q, [wife], ["founder", "spouse"]) == ["founder", "spouse"]  # the same both ways
    q = toks("Who/PRON is/AUX the/DET father/NOUN of/ADP Kalvor/@ ?/PUNCT")
    assert whose_kin(q, [Mention(3, 4, "father", PHRASES["father"])], ["father"]) == ["father"]  # no "whose"


def test_a_composite_kin_noun_after_whose_is_read_backwards_step_by_step():
    from hopgraph.router.lexicon import Mention, PHRASES
    from hopgraph.router.whose_clause import whose_kin
    from tagged import toks

    q = toks("Whose/PRON niece/NOUN is/AUX Kalvor/@ ?/PUNCT")
    niece = Mention(1, 2, "niece", PHRASES["niece"])  # a sibling's child: whose niece X is, X's parent's sibling
    assert whose_kin(q, [niece], ["sibling", "child"]) == ["parent", "sibling"]
    grandson = Mention(1, 2, "grandson", PHRASES["grandson"])
    assert whose_kin(q, [grandson], ["child", "child"]) == ["parent", "parent"]
    in_law = Mention(1, 2, "father-in-law", PHRASES["father-in-law"])  # a spouse's father: X's child's spouse
    assert whose_kin(q, [in_law], ["spouse", "father"]) == ["child", "spouse"]
    assert whose_kin(q, [niece], ["founder"]) == ["founder"]  # the chain read does not end in the phrase's steps


@pytest.mark.slow
def test_whose_kin_questions_read_with_spacy(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Whose father founded Tarrow Mills?")) == ["founder", "child"]
    assert relations_of(router.route("Whose granddaughter is Ilse Varrow?")) == ["parent", "parent"]
    assert relations_of(router.route("Whose daughter is the chair of Tarrow Mills?")) == ["leader", "parent"]


def test_a_kin_noun_after_whose_lets_its_open_verb_go_first():
    from hopgraph.router.lexicon import PHRASES
    from hopgraph.router.whose_clause import kin_did_it
    from tagged import toks

    q = toks("Whose/PRON wife/NOUN translated/VERB Kalvor/@ ?/PUNCT")
    wife = Mention(1, 2, "wife", PHRASES["wife"])
    assert kin_did_it(q, [q[2]], [wife])
    assert not kin_did_it(q, [], [wife])  # the verb is a known phrase: read in place already
    q = toks("Whose/PRON company/NOUN translated/VERB Kalvor/@ ?/PUNCT")
    assert not kin_did_it(q, [q[2]], [Mention(1, 2, "company", Sense(relation="employer"))])  # no kin noun


@pytest.mark.slow
def test_whose_kin_with_an_open_verb_reads_the_verb_first(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Whose wife translated Tarrow Tales?")) == ["translated", "spouse"]
    assert relations_of(router.route("Whose son restored the Brekkum mill?")) == ["restored", "parent"]


@pytest.mark.slow
def test_a_described_subject_that_is_the_kin_of_whom_is_asked_reads_backwards(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("The person who became head of Tarrow Mills in 2013 was the son-in-law of whom?")
    assert relations_of(d) == ["leader", "spouse", "parent"]  # whose son-in-law: his wife's parent (had: child, spouse)
