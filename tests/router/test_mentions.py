"""Relation phrases found in a question's tokens (router/mentions.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.mentions import find_mentions, open_words
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def _found(spec: str) -> list[tuple[int, int, str]]:
    return [(m.start, m.end, m.sense.relation) for m in find_mentions(toks(spec), {0})]


def test_the_longer_phrase_wins_over_a_verb_lemma_at_the_same_place():
    assert _found("Who/PRON is/AUX the/DET managing:manage/VERB director/NOUN of/ADP Kalvor/X ?/PUNCT") == \
        [(3, 5, "leader")]


def test_the_askers_own_kin_or_staff_are_no_relation():
    assert _found("Who/PRON cooks:cook/VERB my/PRON kid/NOUN 's/PART lunch/NOUN at/ADP Kalvor/X ?/PUNCT") == []
    assert _found("Who/PRON cooks:cook/VERB the/DET kid/NOUN 's/PART lunch/NOUN at/ADP Kalvor/X ?/PUNCT") != []


def test_the_askers_own_people_are_no_open_relation_either():
    q = toks("My/PRON dad/NOUN says/VERB Kalvor/@ is/AUX older/ADJ than/ADP Brenmark/@ ./PUNCT")
    assert "dad" not in [t.lower for t in open_words(q, [], set())]
    theirs = toks("Kalvor/@ 's/PART dad/NOUN is/AUX older/ADJ than/ADP Brenmark/@ ./PUNCT")
    assert "dad" in [t.lower for t in open_words(theirs, [], set())]


def test_a_class_label_in_apposition_is_explained_by_the_name_after_it():
    q = toks("Which/DET trust/NOUN does/AUX the/DET former/ADJ Kalvor/X boss/NOUN Brenmark/X chair/VERB ?/PUNCT")
    q[7].anchor = 1
    assert "boss" not in [t.lower for t in open_words(q, [], {0, 1})]
    owned = toks("Who/PRON is/AUX Kalvor/X boss/NOUN ?/PUNCT")  # no name after it: the relation asked
    assert "boss" in [t.lower for t in open_words(owned, [], {0})]
    possessive = toks("When/SCONJ was/AUX the/DET last/ADJ time/NOUN Kalvor/X team/NOUN won/VERB ?/PUNCT")
    possessive[5].possessive = True  # "the last time X's team won": no apposition
    assert "time" in [t.lower for t in open_words(possessive, [], {0})]


@pytest.mark.slow
def test_the_context_sentences_relative_clause_is_the_first_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(
        "We're visiting the bakery that supplies the Tesmir canteen tomorrow. Who is its managing director?")
    assert relations_of(d) == ["bakery supplies", "leader"]


def test_used_to_only_says_a_fact_is_past():
    q = toks("Where/SCONJ did/AUX Kalvor/X use/VERB to/PART work/VERB ?/PUNCT")
    assert "use" not in [t.lower for t in open_words(q, [], set())]


def test_a_phrasal_verbs_particle_stays_with_its_verb():
    from tests.router.tagged import toks as tagged

    t = tagged("Who/PRON took/VERB over/ADP from/ADP @/@ ?/PUNCT")
    assert [x.lower for x in open_words(t, [], {0})] == ["took", "over"]
    # a preposition after a noun is none
    t = tagged("Who/PRON flew/VERB the/DET plane/NOUN over/ADP @/@ ?/PUNCT")
    assert "over" not in [x.lower for x in open_words(t, [], {0})]


@pytest.mark.slow
def test_a_request_opening_the_question_is_no_relation(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert "country" not in relations_of(router.route("Find the company that bought Tarrow Mills."))
    assert relations_of(router.route("I need to know who founded Tarrow Mills.")) == ["founder"]
    assert relations_of(router.route("Which town is Tarrow Mills found in?")) != []  # "found in" mid-question reads


def test_a_lesser_or_specialised_post_and_head_before_a_trade_are_posts_of_their_own():
    from hopgraph.router.mentions import find_mentions
    from tagged import toks

    def read(tagged: str) -> list[tuple[str, str, str]]:
        return [(m.text, m.sense.relation, m.via) for m in find_mentions(toks(tagged), {0})]

    assert read("Who/PRON is/AUX the/DET deputy/NOUN head/NOUN of/ADP Kalvor/@ ?/PUNCT") == \
        [("deputy head", "deputy head", "open")]
    assert read("Who/PRON is/AUX the/DET finance/NOUN director/NOUN of/ADP Kalvor/@ ?/PUNCT") == \
        [("finance director", "finance director", "open")]
    assert read("Who/PRON is/AUX the/DET head/NOUN coach/NOUN of/ADP Kalvor/@ ?/PUNCT") == \
        [("head coach", "head coach", "open")]
    assert read("Who/PRON is/AUX the/DET chair/NOUN of/ADP Kalvor/@ ?/PUNCT") == [("chair", "leader", "lexicon")]
    assert read("Who/PRON is/AUX the/DET head/NOUN mistress/NOUN of/ADP Kalvor/@ ?/PUNCT")[0][1] == "leader"
    assert read("Was/AUX that/DET head's/NOUN grandfather/NOUN from/ADP Kalvor/@ ?/PUNCT")[0][1] == "leader"


def test_a_season_that_only_says_when_is_no_open_word_but_one_that_qualifies_a_noun_is():
    from tagged import toks as tagged_toks

    q = tagged_toks("Who/PRON wrote/VERB the/DET play/NOUN staged/VERB by/ADP Kalvor/@ last/ADJ spring/NOUN ?/PUNCT")
    assert "spring" not in [t.lower for t in open_words(q, [], {0})]
    q = tagged_toks("When/SCONJ does/AUX the/DET Kalvor/@ winter/NOUN timetable/NOUN start/VERB ?/PUNCT")
    assert "winter" in [t.lower for t in open_words(q, [], {0})]


@pytest.mark.slow
def test_a_leading_post_right_after_a_name_is_its_post_not_a_verb_read_backwards(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Tarrow Rowing Club chair spouse birthplace")) == ["leader", "spouse", "born_place"]
    assert relations_of(router.route("Where did the woman who founded Tarrow Mills study?")) == ["founder", "education"]


def test_residents_before_a_body_noun_say_whose_body_not_how_many_live_there():
    from tagged import toks as tagged_toks

    q = tagged_toks("Who/PRON leads/VERB the/DET residents/NOUN '/PART association/NOUN in/ADP Kalvor/@ ?/PUNCT")
    assert "population" not in [m.sense.relation for m in find_mentions(q, {0})]
    q = tagged_toks("How/ADV many/ADJ residents/NOUN does/AUX Kalvor/@ have/VERB ?/PUNCT")
    assert "population" in [m.sense.relation for m in find_mentions(q, {0, 1})]


def test_finding_something_is_no_place_it_lies_but_being_found_in_one_is():
    from tagged import toks as tagged

    active = tagged("Who/PRON found/VERB the/DET bug/NOUN in/ADP Kalvor/@ ?/PUNCT")
    active[1].lemma = "find"
    assert find_mentions(active, {0}) == []
    passive = tagged("Where/ADV is/AUX Kalvor/@ found/VERB ?/PUNCT")
    passive[1].lemma, passive[3].lemma = "be", "find"
    assert [m.text for m in find_mentions(passive, {0})] == ["found"]


def test_found_in_a_relative_clause_is_finding_and_after_did_is_founding():
    from tagged import toks as tagged

    clause = tagged("Where/ADV does/AUX the/DET man/NOUN who/PRON found/VERB the/DET bug/NOUN work/VERB ?/PUNCT")
    clause[5].lemma = "found"  # however the tagger lemmatises it: a past form, so "find"
    assert all(m.text != "found" for m in find_mentions(clause, {0}))
    bare = tagged("Did/AUX Kalvor/@ found/VERB Tesmir/@ ?/PUNCT")
    bare[2].lemma = "found"
    assert [m.text for m in find_mentions(bare, set())] == ["found"]


def test_a_co_operative_is_a_kind_of_organisation_not_an_open_relation():
    from tagged import toks as tagged

    for kind in ("co-op", "co-operative", "cooperative", "company"):
        q = tagged(f"Who/PRON founded/VERB the/DET Kalvor/@ {kind}/NOUN ?/PUNCT")
        assert kind not in [t.lower for t in open_words(q, [], {0})], kind
