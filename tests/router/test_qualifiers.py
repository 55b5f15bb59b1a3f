"""Words that pick which one of a named thing is meant travel with the anchor (router/qualifiers.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.qualifiers import anchor_qualifiers, left_run, without_modifiers
from hopgraph.router.rules import RuleRouter
from tagged import toks, words


def test_a_year_and_a_possessive_noun_before_a_name_qualify_it():
    q = toks("Where/SCONJ did/AUX the/DET 2019/NUM junior's/NOUN Kalvor/@ winner/NOUN study/VERB ?/PUNCT")
    assert anchor_qualifiers(q, 5, set()) == ["2019", "junior's"]
    assert words(without_modifiers(q)) == "Where did the Kalvor winner study ?"


def test_a_class_noun_tagged_as_an_adjective_after_the_heads_its_phrase_and_stays():
    q = toks("Who/PRON runs/VERB the/DET firm/ADJ Kalvor's/@ wife/NOUN set/VERB up/ADP ?/PUNCT")
    kept = without_modifiers(q)
    assert words(kept) == "Who runs the firm Kalvor wife set up ?" and kept[3].pos == "NOUN"
    other = toks("Who/PRON chaired/VERB the/DET famous/ADJ Kalvor/@ ?/PUNCT")
    assert words(without_modifiers(other)) == "Who chaired the Kalvor ?"


@pytest.mark.slow
def test_the_firm_a_possessive_names_subject_set_up_is_what_was_founded(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Who runs the firm Tom Reed's wife set up?")
    assert [r.relation for r in got.requirements if r.id.startswith("R")] == ["spouse", "founded", "leader"]


def test_an_adjective_and_the_noun_after_a_possessive_name_qualify_it():
    q = toks("Who/PRON won/VERB Kalvor's/@ 2017/NUM municipal/ADJ by-election/NOUN ?/PUNCT")
    assert anchor_qualifiers(q, 2, set()) == ["2017", "municipal", "by-election"]


def test_words_after_a_possessive_must_end_in_a_noun():
    q = toks("Who/PRON is/AUX Kalvor's/@ 2022/NUM ?/PUNCT")
    assert anchor_qualifiers(q, 2, set()) == []


def test_the_head_noun_after_a_name_qualifies_it():
    q = toks("Who/PRON conducted/VERB the/DET 2021/NUM Kalvor/@ premiere/NOUN ?/PUNCT")
    assert anchor_qualifiers(q, 4, set()) == ["2021", "premiere"]


def test_comparing_words_and_relation_words_are_no_qualifiers():
    q = toks("Is/AUX the/DET same/ADJ Kalvor/@ older/ADJ ?/PUNCT")
    assert anchor_qualifiers(q, 3, set()) == []
    q = toks("Who/PRON is/AUX the/DET founding/ADJ Kalvor/@ ?/PUNCT")
    assert anchor_qualifiers(q, 4, {3}) == []


def test_an_ordinal_after_the_determiner_says_which_edition():
    q = toks("Who/PRON headlined/VERB the/DET first/ADJ Kalvor/@ ?/PUNCT")
    assert anchor_qualifiers(q, 4, set()) == ["first"]
    assert words(without_modifiers(q)) == "Who headlined the Kalvor ?"
    q = toks("Who/PRON won/VERB its/PRON 5th/ADJ Kalvor/@ ?/PUNCT")
    assert anchor_qualifiers(q, 4, set()) == ["5th"]


def test_an_ordinal_that_orders_what_is_asked_is_no_qualifier():
    q = toks("Which/DET came/VERB first/ADV Kalvor/@ or/CCONJ Brenmark/@ ?/PUNCT")
    assert anchor_qualifiers(q, 3, set()) == []
    q = toks("Is/AUX the/DET first/ADJ of/ADP them/PRON Kalvor/@ ?/PUNCT")
    assert anchor_qualifiers(q, 5, set()) == []
    q = toks("Was/AUX Kalvor/@ born/VERB first/ADV ?/PUNCT")
    assert anchor_qualifiers(q, 1, set()) == []


def test_modifiers_only_drop_inside_a_noun_phrase():
    # "elected in 2019 Kalvor" has no determiner or preposition right before the number run
    q = toks("Who/PRON did/AUX voters/NOUN elect/VERB 2019/NUM Kalvor/@ ?/PUNCT")
    assert list(left_run(q, 5)) == []
    q = toks("the/DET conductor/NOUN of/ADP the/DET 2022/NUM Kalvor/@ premiere/NOUN")
    assert list(left_run(q, 5)) == [4]


def test_a_leading_year_is_split_from_a_name_and_kept_in_the_first_query():
    d = RuleRouter().route("Who was the spouse of the 2013 Vellmark Prize winner?")
    assert d.anchors == ["Vellmark Prize"]
    assert "2013" in d.plan[0].text


@pytest.mark.slow
def test_a_role_noun_after_a_name_is_the_first_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("What company does the wife of the 2019 Vellmark Prize winner run?")
    first = d.requirements[0]
    assert (first.relation, first.entities) == ("winner", ["Vellmark Prize"])
    assert d.requirements[1].relation == "spouse"
    assert d.plan[0].text == "Vellmark Prize winner 2019"


def test_the_object_of_a_clause_verb_before_the_anchor_says_which_one():
    from hopgraph.router.qualifiers import role_objects

    q = toks("Who/PRON married/VERB the/DET actor/NOUN who/PRON voices/VERB Kalvor/@ in/ADP the/DET Brenmark/@ ?/PUNCT")
    assert role_objects(q, 9) == [0]
    q = toks("Who/PRON married/VERB the/DET actress/NOUN that/PRON plays/VERB Kalvor/@ on/ADP Brenmark/@ ?/PUNCT")
    assert role_objects(q, 8) == [0]
    # a name of its own clause or phrase is no such object
    q = toks("Did/AUX Kalvor/@ play/VERB in/ADP Brenmark/@ ?/PUNCT")
    assert role_objects(q, 4) == []
    q = toks("Who/PRON voiced/VERB Kalvor/@ and/CCONJ Brenmark/@ ?/PUNCT")
    assert role_objects(q, 4) == []


@pytest.mark.slow
def test_the_first_hop_searches_with_the_character(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who is the wife of the actor who voices Captain Brisk in the Tern Harbour film?")
    first = next(p for p in d.plan if p.requirement_id == "R1")
    assert "Captain Brisk" in first.text


def test_a_year_before_the_post_of_the_anchors_of_phrase_says_which_holder():
    from hopgraph.router.qualifiers import _dated_post
    from tagged import toks

    q = toks("Where/SCONJ was/AUX the/DET 2015/NUM chair/NOUN of/ADP the/DET Kalvor/@ born/VERB ?/PUNCT")
    assert _dated_post(q, 7) == ["2015"]
    q = toks("Where/SCONJ was/AUX the/DET chair/NOUN of/ADP the/DET Kalvor/@ born/VERB ?/PUNCT")
    assert _dated_post(q, 6) == []


@pytest.mark.slow
def test_a_compared_name_said_only_before_the_question_keeps_its_own_noun(spacy_nlp):
    # the question points back to "the kiln"; the sentence before named it with its noun
    d = RuleRouter(nlp=spacy_nlp).route("I'm comparing the Orrin Yard pump with the Vell Street kiln. Which has the "
                                        "bigger output, the Kessel Row turbine or the kiln?")
    texts = [p.text for p in d.plan if p.requirement_id]
    assert any("Vell Street" in t and "kiln" in t for t in texts)
    assert not any("Kessel Row" in t and "kiln" in t for t in texts)
