"""A relative clause whose subject is the anchor: its noun is the bridge, the clause's words the first hop,
the main clause's words the second, even when the vocabulary knows neither.

Invented world: the councillor Ilse Varga, the Tidewater Guild, the town of Brekkum.
"""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.open_words import open_words
from hopgraph.router.object_clause import clause_hops
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def hops(spec: str) -> list[str]:
    t = toks(spec)
    at = next(x.i for x in t if x.anchor >= 0)
    wh = {0} if t[0].lower in ("who", "what", "where", "when") else set()
    return [m.sense.relation for m in clause_hops(t, open_words(t, [], wh), wh, at)]


def test_the_clause_is_the_first_hop_and_the_main_clause_the_second():
    assert hops("Who/PRON chairs:chair/VERB the/DET committee/NOUN Kalvor/X sits:sit/VERB on/ADP ?/PUNCT") \
        == ["sit", "chair"]
    assert hops("Who/PRON leads:lead/VERB the/DET party/NOUN that/PRON Kalvor/X is:be/AUX a/DET member/NOUN "
                "of/ADP ?/PUNCT") == ["member", "lead"]
    assert hops("Who/PRON is:be/AUX the/DET mayor/NOUN of/ADP the/DET town/NOUN that/PRON Kalvor/X "
                "moved:move/VERB to/ADP ?/PUNCT") == ["move", "mayor"]
    # a place clause, and a name with its own article
    assert hops("Who/PRON governs:govern/VERB the/DET province/NOUN where/ADV the/DET Kalvor/X was:be/AUX "
                "fought:fight/VERB ?/PUNCT") == ["fight", "govern"]


def test_a_participle_after_an_appositive_is_the_main_clauses():
    assert hops("Where/ADV was/AUX the/DET novel/NOUN Kalvor/X transported:transport/VERB to/ADP ?/PUNCT") == []
    # with a relative pronoun the clause is certain
    assert hops("Who/PRON is:be/AUX the/DET mayor/NOUN of/ADP the/DET town/NOUN that/PRON Kalvor/X "
                "moved:move/VERB to/ADP ?/PUNCT") == ["move", "mayor"]
    # ... and so it is after "What is the N of": that main clause is complete, its noun's phrase may hold a clause
    assert hops("What/PRON is:be/AUX the/DET motto/NOUN of/ADP the/DET band/NOUN Kalvor/X joined:join/VERB ?/PUNCT") \
        == ["join", "motto"]
    # not after "To which town was ...": the participle is that clause's verb
    assert hops("To/ADP which/DET town/NOUN was:be/AUX the/DET novel/NOUN of/ADP the/DET poet/NOUN Kalvor/X "
                "transported:transport/VERB ?/PUNCT") == []


def test_the_main_clauses_known_verb_may_follow_the_clause():
    known = [Mention(7, 8, "formed", Sense(relation="release_date", verb=True))]
    q = toks("When/SCONJ was/AUX the/DET club/NOUN that/SCONJ Kalvor/X sponsors:sponsor/NOUN formed:form/VERB ?/PUNCT")
    got = clause_hops(q, [q[6]], {0}, 5, known)
    assert [m.sense.relation for m in got] == ["sponsor", "release_date"]


def test_an_appositive_or_a_possessive_is_no_clause():
    # "Where does the singer X live?": nothing is said of the noun before it
    assert hops("Where/ADV does:do/AUX the/DET singer/NOUN Kalvor/X live/VERB ?/PUNCT") == []
    assert hops("Who/PRON chairs:chair/VERB the/DET committee/NOUN Kalvor/X ?/PUNCT") == []  # "the committee X"


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Who chairs the committee Ilse Varga sits on?", ["sit", "leader"]),
    ("Who leads the party that Ilse Varga is a member of?", ["member", "leader"]),
    ("Who is the mayor of the town that Ilse Varga moved to?", ["move", "mayor"]),
    ("Who chairs the trust that Ilse Varga sponsors?", ["sponsor", "leader"]),  # a verb tagged as a noun
    ("When was the club that Ilse Varga sponsors formed?", ["sponsor", "release_date"]),  # the main verb after
    ("What is the label of the band Ilse Varga joined in 2015?", ["join", "publisher"]),  # no relative pronoun
])
def test_questions_through_a_clause_on_the_bridge(question, relations, spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert relations_of(d) == relations
    assert d.shape == "bridge"



@pytest.mark.slow
def test_the_main_verb_a_do_question_leaves_bare_follows_the_clause(spacy_nlp):
    # "that X played for" is the clause (its stranded preposition ends it); "win the cup" asks of the club
    got = RuleRouter(nlp=spacy_nlp).route("When did the club that Odell Mills played for win the cup?")
    assert relations_of(got) == ["play", "win cup"]


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "Where is the dealership for which Ilse Varga is branch director based?",
    "Where has the tractor dealership for which Ilse Varga is branch director been based since its 2023 move?",
])
def test_a_preposition_may_open_the_clause_and_a_post_end_it(question, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == ["branch director", "country"]


@pytest.mark.slow
@pytest.mark.parametrize("question,chain", [
    ("When was the hall that Tessa Marlow's son moved into built?", ["child", "move", "release_date"]),
    ("When did the club that Tessa Marlow's son played for win the cup?", ["child", "play", "win cup"]),
])
def test_a_clause_whose_subject_is_the_anchors_kin_is_the_hop_after_the_kin(spacy_nlp, question, chain):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == chain


@pytest.mark.slow
def test_a_clause_without_its_that_before_the_main_clauses_participle(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)  # (both had read no relation at all)
    assert relations_of(router.route("Where is the company Brenmark Holdings bought based?")) == ["buy", "country"]
    assert relations_of(router.route("Where is the firm Brenmark Holdings merged with based?")) == ["merge", "country"]
    # a bare verb after "to" is no participle of the main clause: the clause's verb is not the first hop
    assert router.route("How deep is the gorge the Kalvor Trust wants to save?").shape == "single"


@pytest.mark.slow
def test_a_bare_verb_right_after_the_clauses_own_verb_is_the_main_one(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which building did the trust that Ilse Varga chaired restore?")
    assert relations_of(d) == ["chair", "restore"]  # what she chaired, then what it restored (was "chair restore")


@pytest.mark.slow
@pytest.mark.parametrize("question, first", [
    ("Who founded the school that Ada Brook's father had headed?", "father"),
    ("Who established the school that the Kalvor chair had previously headed?", "leader"),
])
def test_a_clause_whose_subject_is_a_person_of_the_name_reads_that_person_first(spacy_nlp, question, first):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == [first, "head", "founder"]


@pytest.mark.slow
def test_an_adjective_before_the_clauses_noun_is_the_nouns_own(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which trust now runs the primary school where Ines Varga sat on the board?")
    assert relations_of(d)[:1] == ["sit board"]  # what she sat on first (had been an open bridge)
