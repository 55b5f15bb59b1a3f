"""Which named entity a question's chain starts from (router/anchor_choice.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.anchor_choice import pick_anchor
from hopgraph.router.rules import RuleRouter
from hopgraph.router.spans import Span
from tagged import sentences
from tests.router.test_understand import relations_of


def _spans(*names: str) -> list[Span]:
    return [Span(0, len(n), n) for n in names]


def test_it_points_at_the_thing_the_context_acted_on_not_where_it_happened():
    both = sentences("I/PRON bought/VERB Kalvor/@ at/ADP Tesmir/@ ./PUNCT", "Who/PRON makes/VERB it/PRON ?/PUNCT")
    question = [t for t in both if t.sent == 1]
    assert pick_anchor(question, [], both, 1, _spans("Kalvor", "Tesmir")) == 0
    flew = sentences("She/PRON flew/VERB the/DET Kalvor/@ for/ADP the/DET Tesmir/@ ./PUNCT",
                     "Who/PRON designed/VERB it/PRON ?/PUNCT")
    assert pick_anchor([t for t in flew if t.sent == 1], [], flew, 1, _spans("Kalvor", "Tesmir")) == 0
    # without a setting the last name named is the one pointed at
    met = sentences("I/PRON met/VERB Kalvor/@ and/CCONJ Tesmir/@ ./PUNCT", "Who/PRON founded/VERB it/PRON ?/PUNCT")
    assert pick_anchor([t for t in met if t.sent == 1], [], met, 1, _spans("Kalvor", "Tesmir")) == 1


@pytest.mark.slow
def test_a_pronoun_after_a_lead_in_with_a_place_reads_from_the_thing(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("I bought Tern Blue at Halvey Stores last week. Who makes it?")
    assert d.anchors == ["Tern Blue"]


def test_names_offered_as_answers_start_no_chain():
    q = sentences("Who/PRON tried/VERB the/DET Kalvor/@ case/NOUN ,/PUNCT Tesmir/@ or/CCONJ Orvel/@ ?/PUNCT")
    names = _spans("Kalvor", "Tesmir", "Orvel")
    assert pick_anchor(q, [], q, 0, names, offered=frozenset({1, 2})) == 0
    assert pick_anchor(q, [], q, 0, names) == 2  # otherwise the last one named


def test_a_name_after_before_or_after_says_when_and_starts_no_chain():
    q = sentences("Who/PRON chaired/VERB the/DET Kalvor/@ before/ADP Tesmir/@ ?/PUNCT")
    assert pick_anchor(q, [], q, 0, _spans("Kalvor", "Tesmir")) == 0
    named = sentences("Who/PRON chaired/VERB the/DET Kalvor/@ named/VERB after/ADP Tesmir/@ ?/PUNCT")
    named[4].lemma = "name"  # "named after Y": a namesake, the last name starts as before
    assert pick_anchor(named, [], named, 0, _spans("Kalvor", "Tesmir")) == 1


def test_an_adverb_between_a_name_and_its_verb_keeps_the_name_the_subject():
    from tagged import mention_at, toks

    q = toks("Did/AUX Kalvor/@ ever/ADV work/VERB for/ADP Tesmir/@ ?/PUNCT")
    q[3].lemma = "work"
    works_for = mention_at(q, 3)
    assert pick_anchor(q, [works_for], q, 0, _spans("Kalvor", "Tesmir")) == 0  # Kalvor's employer, checked
    q = toks("Did/AUX Kalvor/@ work/VERB for/ADP Tesmir/@ ?/PUNCT")
    q[2].lemma = "work"
    assert pick_anchor(q, [mention_at(q, 2)], q, 0, _spans("Kalvor", "Tesmir")) == 0


def test_a_name_in_the_post_another_name_held_starts_no_chain():
    both = sentences("The/DET man/NOUN who/PRON replaced/VERB Kalvor/@ as/ADP Tesmir/@ chief/ADJ executive/NOUN "
                     "studied/VERB at/ADP a/DET college/NOUN ./PUNCT", "Where/SCONJ is/AUX it/PRON ?/PUNCT")
    both[5].possessive = True
    assert pick_anchor([t for t in both if t.sent == 1], [], both, 1, _spans("Kalvor", "Tesmir")) == 0
    # without another name before "as", the name is the body the subject served
    served = sentences("Kalvor/@ served/VERB as/ADP head/NOUN of/ADP Tesmir/@ ./PUNCT",
                       "Who/PRON founded/VERB it/PRON ?/PUNCT")
    assert pick_anchor([t for t in served if t.sent == 1], [], served, 1, _spans("Kalvor", "Tesmir")) == 1


@pytest.mark.slow
def test_a_context_with_a_post_taken_over_reads_from_the_one_replaced(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("The man who replaced Tessa Marlow as Corvane Optics's chief executive "
                                        "studied at a college. What is it called today?")
    assert d.anchors == ["Tessa Marlow"] and relations_of(d)[:2] == ["successor", "education"]


def test_a_pronoun_for_someone_unnamed_reads_from_the_name_a_relation_is_of_not_from_a_setting():
    both = sentences("The/DET head/NOUN of/ADP the/DET Kalvor/@ charity/NOUN grew/VERB up/ADP in/ADP Tesmir/@ "
                     "and/CCONJ her/PRON dad/NOUN was/AUX a/DET doctor/NOUN ./PUNCT",
                     "What/PRON is/AUX his/PRON name/NOUN ?/PUNCT")
    spans = [Span(0, 10, "The Kalvor"), Span(0, 6, "Tesmir")]  # (no name that can be a person's)
    assert pick_anchor([t for t in both if t.sent == 1], [], both, 1, spans) == 0


def test_a_name_after_with_a_verbs_named_object_did_it_too_and_starts_no_chain():
    q = sentences("Who/PRON started/VERB the/DET Kalvor/@ with/ADP Tesmir/@ ?/PUNCT")
    assert pick_anchor(q, [], q, 0, _spans("Kalvor", "Tesmir")) == 0
    met = sentences("Who/PRON met/VERB Tesmir/@ at/ADP the/DET Kalvor/@ ?/PUNCT")  # no "with": the object starts it
    assert pick_anchor(met, [], met, 0, _spans("Tesmir", "Kalvor")) == 0


@pytest.mark.slow
@pytest.mark.parametrize("question, relations, anchor", [
    ("Who succeeded Corvane Optics' former chairman Tom Reed?", ["successor"], "Tom Reed"),
    ("Where was the brother of Corvane Optics' chairman Tom Reed born?", ["sibling", "born_place"], "Tom Reed"),
    ("What business does the brother-in-law of Corvane Optics' late co-founder Tom Reed own?",
     ["spouse", "sibling", "business own"], "Tom Reed"),
])
def test_a_possessive_name_before_a_label_and_a_name_only_says_whose_the_name_is(question, relations, anchor,
                                                                                  spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert relations_of(d) == relations and d.anchors[0] == anchor
