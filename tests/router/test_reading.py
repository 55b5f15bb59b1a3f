"""The answer kind of an open relation, read from the clause that holds it.

Invented world: the Brekkum harbour regatta, the Tarrow Greens.
"""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.reading import open_answers
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


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
    t = toks("Who/PRON founded:found/VERB the/DET party/NOUN whose/DET candidate/NOUN won:win/VERB Kalvor/X ?/PUNCT")
    assert open_answers(t, [Mention(6, 7, "won", Sense(relation="win", verb=True), via="open")]) == {"win": "thing"}
    t = toks("Who/PRON coached:coach/VERB the/DET team/NOUN whose/DET rider/NOUN won:win/VERB Kalvor/X ?/PUNCT")
    assert open_answers(t, [Mention(6, 7, "won", Sense(relation="win", verb=True), via="open")]) == {"win": "person"}


def test_no_clause_no_kind():
    t = toks("Kalvor/X sponsors:sponsor/VERB what/PRON ?/PUNCT")
    assert open_answers(t, [Mention(1, 2, "sponsors", Sense(relation="sponsor", verb=True), via="open")]) == {}


@pytest.mark.slow
def test_the_requirement_carries_the_kind(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Where was the sailor who won the Brekkum harbour regatta born?")
    first = next(r for r in d.requirements if r.id == "R1")
    assert first.relation == "win" and first.answer == "person"


def test_a_phrase_holding_its_own_who_answers_a_person():
    t = toks("Who/PRON married/VERB the/DET actor/NOUN who/PRON voices:voice/VERB Kalvor/X ?/PUNCT")
    m = Mention(3, 6, "actor who voices", Sense(relation="actor voice"), via="open")
    assert open_answers(t, [m]) == {"actor voice": "person"}


@pytest.mark.slow
def test_the_questions_own_free_verb_is_its_last_fact(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who sponsors the firm whose founder designed the Brekkum ferry?"))[-1] == "sponsors"
    # a second question after a comma decides what comes last, not the first one's verb
    two = relations_of(router.route("who sponsors the mill that makes the Tern kettle, where did she study"))
    assert "sponsors" not in two and two[-1] == "education"


@pytest.mark.slow
def test_a_participle_after_its_noun_is_a_relative_clause_without_that(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    # the film stars the name: its own relation comes first, the director of that film after
    assert relations_of(router.route("Who directed the film starring Tessa Marlow?")) == ["film starring", "director"]
    got = router.route("Where was the head of the lab carrying out the Brekkum ferry trial born?")
    assert relations_of(got)[:2] == ["lab carrying", "leader"]
    assert next(r for r in got.requirements if r.id == "R1").answer == "org"
    # a participle that does not follow its noun is no such clause
    assert not any("film" in r for r in relations_of(router.route("Who directed the film after watching Tessa Marlow?")))


@pytest.mark.slow
def test_a_making_date_is_searched_with_the_questions_own_verb(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    founded = router.route("When was the employer of Tessa Marlow founded?")
    assert relations_of(founded)[-1] == "release_date"
    assert any(p.text.endswith(" founded") for p in founded.plan)
    # a release keeps the generic words
    released = router.route("When was the film Glass Hours released?")
    assert any(p.text.endswith("release date") for p in released.plan)


@pytest.mark.slow
def test_the_verb_after_the_asked_noun_is_the_last_fact_with_that_noun(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = relations_of(router.route("Which river runs through the birthplace of the engineer who designed the Brekkum ferry?"))
    assert got == ["creator", "born_place", "river runs"]


@pytest.mark.slow
def test_a_second_question_about_the_firsts_answer_follows_its_open_fact(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = relations_of(router.route("Which company bought Brekkum Ferries, and where is it headquartered?"))
    assert got[0] == "bought" and len(got) == 2
    # a known relation asked first keeps its place
    assert relations_of(router.route("Who directed Glass Hours, and where was he born?")) == ["director", "born_place"]


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "Who is the chancellor of the university Ida Pellow studied at?",
    "I'm meeting Ida Pellow soon. Who is the chancellor of the university she studied at?",
])
def test_a_clause_ending_in_a_bare_preposition_is_a_relative_one_after_a_kind_word(spacy_nlp, question):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == ["education", "chancellor"]


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    # the clause's verb has the whole "director of film X" as its subject: the director is the first hop
    ("What is the award that the director of film Glass Hours earned?", ["director", "award"]),
    # the work Tessa Marlow wrote, its director, where he was born (the tagger may read "wrote" as an auxiliary)
    ("Where was the director of the film that Tessa Marlow wrote born?", ["write", "director", "born_place"]),
])
def test_a_relative_clause_around_an_of_phrase_keeps_the_phrase_inner(spacy_nlp, question, relations):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


def test_an_organisation_whose_member_did_something_is_the_answer():
    t = toks("Who/PRON founded/VERB the/DET party/NOUN whose/DET candidate/NOUN won/VERB Kalvor/X ?/PUNCT")
    party = Mention(3, 6, "party whose candidate", Sense(relation="party candidate"), via="open")
    assert open_answers(t, [party]) == {"party candidate": "org"}


@pytest.mark.slow
def test_a_relation_noun_heading_a_clause_on_the_anchor_is_no_hop_of_its_own(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who is the husband of the designer who founded Corvane Optics?")) == ["founder", "spouse"]
    assert relations_of(router.route("Where was the director who made Glass Hours born?"))[-1] == "born_place"
