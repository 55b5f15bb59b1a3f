"""The head noun of the relative clause a relation phrase stands in (router/clause_head.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.clause_head import clause_kind, clause_noun, clause_nouns, heads_do_it, own_noun
from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks


def _at(t, word: str, relation: str = "member") -> Mention:
    i = next(k for k, tok in enumerate(t) if tok.lower == word)
    return Mention(i, i + 1, word, Sense(relation=relation))


def _verb_at(t, word: str) -> Mention:
    i = next(k for k, tok in enumerate(t) if tok.lower == word)
    return Mention(i, i + 1, word, Sense(facets=(("person", "founder"), ("place", "country")), verb=True))


def test_the_head_of_a_that_clause_does_the_verb_right_after_that():
    for opener in ("that/PRON", "which/PRON"):
        active = toks(f"Who/PRON chairs/VERB the/DET club/NOUN {opener} founded/VERB Kalvor/X ?/PUNCT")
        assert heads_do_it(active, _verb_at(active, "founded"))
    # passive, reduced or with the anchor as the clause's subject: the head does not do it
    passive = toks("Who/PRON chairs/VERB the/DET club/NOUN that/PRON was/AUX founded/VERB in/ADP Kalvor/X ?/PUNCT")
    reduced = toks("Who/PRON chairs/VERB the/DET club/NOUN founded/VERB in/ADP Kalvor/X ?/PUNCT")
    other = toks("Who/PRON chairs/VERB the/DET club/NOUN that/PRON Kalvor/X founded/VERB ?/PUNCT")
    asked = toks("Which/DET club/NOUN founded/VERB Kalvor/X ?/PUNCT")
    for t in (passive, reduced, other, asked):
        assert not heads_do_it(t, _verb_at(t, "founded"))


def test_the_head_noun_of_a_full_or_reduced_relative_clause_is_the_answers_class():
    full = toks("Who/PRON leads/VERB the/DET party/NOUN that/PRON Kalvor/X is/AUX a/DET member/NOUN of/ADP ?/PUNCT")
    assert clause_noun(full, _at(full, "member")) == "party"
    reduced = toks("Who/PRON leads/VERB the/DET party/NOUN Kalvor/X belongs/VERB to/ADP ?/PUNCT")
    assert clause_noun(reduced, _at(reduced, "belongs", "belong")) == "party"
    plural = toks("Where/SCONJ are/AUX the/DET teams/NOUN that/PRON Kalvor/X coached/VERB based/VERB ?/PUNCT")
    assert clause_noun(plural, _at(plural, "coached", "coach")) == "team"


def test_people_places_times_and_roles_give_no_class_noun():
    for head in ("man", "city", "year", "director"):
        t = toks(f"Who/PRON is/AUX the/DET {head}/NOUN that/PRON Kalvor/X married/VERB ?/PUNCT")
        assert clause_noun(t, _at(t, "married", "spouse")) == "", head


def test_a_verb_on_the_way_back_or_no_clause_gives_none():
    # "established" is the question's own verb, not the clause's ("the firm that bought X")
    t = toks("When/SCONJ was/AUX the/DET firm/NOUN that/PRON bought/VERB Kalvor/X established/VERB ?/PUNCT")
    assert clause_noun(t, _at(t, "established", "establish")) == ""
    plain = toks("Who/PRON is/AUX the/DET director/NOUN of/ADP Kalvor/X ?/PUNCT")
    assert clause_noun(plain, _at(plain, "director", "director")) == ""


def test_every_relation_a_phrase_can_stand_for_gets_the_noun():
    t = toks("Where/SCONJ is/AUX the/DET studio/NOUN that/PRON Kalvor/X founded/VERB based/VERB ?/PUNCT")
    founded = Mention(6, 7, "founded", Sense(facets=(("person", "founder"), ("date", "release_date"))))
    assert clause_nouns(t, [founded]) == {"founder": "studio", "release_date": "studio"}


def test_a_phrase_of_the_questions_own_words_is_headed_by_its_noun():
    t = toks("Who/PRON founded/VERB Kalvor/X liberal/ADJ party/NOUN ?/PUNCT")
    t[2].possessive = True
    party = Mention(3, 5, "liberal party", Sense(relation="liberal party"), via="open")
    assert own_noun(t, party) == "party" and clause_nouns(t, [party]) == {"liberal party": "party"}
    hired = toks("Where/SCONJ is/AUX the/DET studio/NOUN that/PRON hired/VERB Kalvor/X based/VERB ?/PUNCT")
    assert own_noun(hired, Mention(3, 6, "studio hired", Sense(relation="studio hired"), via="open")) == "studio"
    assert own_noun(hired, _at(hired, "based", "based")) == ""


def test_the_kind_of_the_clause_head_is_unchanged():
    t = toks("Where/SCONJ is/AUX the/DET city/NOUN where/SCONJ Kalvor/X was/AUX born/VERB ?/PUNCT")
    assert clause_kind(t, _at(t, "born", "born_place")) == "place"


@pytest.mark.slow
def test_the_router_gives_the_bridge_its_class_noun(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Who is the chairman of the party that Ilse Varn is a member of?")
    first = next(r for r in d.requirements if r.id == "R1")
    assert first.noun == "party"


@pytest.mark.slow
def test_a_main_verb_the_tagger_reads_as_an_auxiliary_is_still_a_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Where was the director of the film that Ilse Varn wrote born?")
    assert [r.relation for r in d.requirements if r.id.startswith("R")][1:] == ["director", "born_place"]
    assert len([r for r in d.requirements if r.id.startswith("R")]) == 3


def test_the_subject_of_the_clause_is_not_its_predicate():
    t = toks("What/PRON is/AUX the/DET award/NOUN that/PRON the/DET director/NOUN of/ADP Kalvor/X earned/VERB ?/PUNCT")
    assert clause_noun(t, _at(t, "director", "director")) == ""
    won = toks("Where/SCONJ is/AUX the/DET team/NOUN that/PRON won/VERB Kalvor/X based/VERB ?/PUNCT")
    assert clause_noun(won, Mention(5, 6, "won", Sense(relation="win", verb=True))) == "team"
    # a phrase read from the verb without the lexicon's verb flag (an open phrase): the tag says it is one
    assert clause_noun(won, Mention(5, 6, "won", Sense(relation="win cup"))) == "team"
    noun = toks("Where/SCONJ is/AUX the/DET team/NOUN that/PRON winner/NOUN Kalvor/X joined/VERB ?/PUNCT")
    assert clause_noun(noun, Mention(5, 6, "winner", Sense(relation="winner"))) == ""


def test_the_questions_own_wh_word_heads_no_clause():
    t = toks("Who/PRON founded/VERB the/DET party/NOUN whose/DET candidate/NOUN won/VERB Kalvor/X ?/PUNCT")
    assert clause_kind(t, Mention(3, 6, "party whose candidate", Sense(relation="party candidate"))) == ""
    rel = toks("Where/SCONJ was/AUX the/DET man/NOUN who/PRON directed/VERB Kalvor/X born/VERB ?/PUNCT")
    assert clause_kind(rel, _at(rel, "directed", "director")) == "person"


def test_a_noun_after_a_name_in_a_who_clause_is_a_phrase_of_its_own():
    t = toks("Where/ADV did/AUX the/DET partner/NOUN who/PRON joined:join/VERB Kalvor/X studio/NOUN teach/VERB ?/PUNCT")
    assert clause_kind(t, Mention(7, 8, "studio", Sense(relation="studio"))) == ""  # not the partner: a person
    bare = toks("Where/ADV did/AUX the/DET partner/NOUN who/PRON joined:join/VERB studio/NOUN teach/VERB ?/PUNCT")
    assert clause_kind(bare, Mention(6, 7, "studio", Sense(relation="studio"))) == "person"  # no name: the clause's
