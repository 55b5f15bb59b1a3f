"""A claim put to be checked (router/claims.py; hand-tagged, invented names)."""

from __future__ import annotations

import pytest

from hopgraph.router.claims import checked_value
from hopgraph.router.rules import RuleRouter
from tagged import sentences


def test_the_value_a_claim_ends_on_is_checked():
    claim = sentences("The/DET chair/NOUN of/ADP Brell/@ studied/VERB at/ADP Tarn/@ ./PUNCT",
                       "Is/AUX that/PRON right/ADJ ?/PUNCT")
    assert checked_value(claim, 0) == 1


def test_the_value_after_of_that_a_claim_ends_on_is_checked():
    claim = sentences("The/DET chair/NOUN of/ADP Brell/@ was/AUX in/ADP at/ADP the/DET start/NOUN of/ADP Tarn/@ ./PUNCT",
                       "Is/AUX that/PRON right/ADJ ?/PUNCT")
    assert checked_value(claim, 0) == 1


def test_is_it_true_opens_a_claim():
    claim = sentences("Is/AUX it/PRON true/ADJ that/SCONJ Brell/@ 's/PART founder/NOUN grew/VERB up/ADP in/ADP "
                       "Tarn/@ ?/PUNCT")
    assert checked_value(claim, 0) == 1


def test_no_claim_or_one_name_checks_nothing():
    asked = sentences("Where/SCONJ did/AUX the/DET chair/NOUN of/ADP Brell/@ study/VERB at/ADP Tarn/@ ?/PUNCT")
    assert checked_value(asked, 0) is None  # a question, not a claim put to be checked
    one = sentences("Brell/@ 's/PART founder/NOUN studied/VERB at/ADP a/DET college/NOUN ./PUNCT",
                     "Is/AUX that/PRON right/ADJ ?/PUNCT")
    assert checked_value(one, 0) is None


def test_a_claims_chain_starts_from_the_other_name_and_is_searched_with_the_value():
    d = RuleRouter().route("A friend says the founder of the Brell Works lab grew up in Tarnby. Is that right?")
    assert d.anchors == ["Brell Works"] and d.confidence < 0.75
    assert any("Tarnby" in sq.text for sq in d.plan if sq.requirement_id and sq.requirement_id.startswith("R"))


def test_a_name_offered_at_the_end_with_a_check_is_a_guessed_answer():
    guess = sentences("Which/DET firm/NOUN backed/VERB Brell/@ then/ADV -/PUNCT Tarn/@ ,/PUNCT right/ADJ ?/PUNCT")
    assert checked_value(guess, 0) == 1
    plain = sentences("Which/DET firm/NOUN backed/VERB Brell/@ after/ADP Tarn/@ ?/PUNCT")
    assert checked_value(plain, 0) is None


def test_a_check_opening_the_question_puts_the_sentence_before_it_to_be_checked():
    d = RuleRouter().route("My friend says the founder of Brell Works was born in Tarnby. Is that right, or where "
                           "was she born?")
    assert d.anchors == ["Brell Works"]
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["founder", "born_place"]


def test_a_yes_no_question_of_a_passive_checks_its_by_agent():
    from hopgraph.router.claims import checked_value
    from tagged import toks as tagged

    q = tagged("Was/AUX Kalvor/@ founded/VERB by/ADP Tamsel/@ ?/PUNCT")
    assert checked_value(q, 0) == 1
    q = tagged("Who/PRON was/AUX Kalvor/@ founded/VERB by/ADP ?/PUNCT")
    assert checked_value(q, 0) is None


def test_a_claim_verb_is_one_by_someone_the_asker_knows():
    from hopgraph.router.claims import claim_verb_at

    words = "my boss reckons the mill closed in 1990".split()
    assert claim_verb_at(words, 2) and not claim_verb_at(words, 4)
    assert claim_verb_at("a friend of mine says it closed".split(), 4)
    assert not claim_verb_at("i heard the mill closed".split(), 1)  # what the asker heard is the context
    assert not claim_verb_at("what did the mayor say about it".split(), 4)


@pytest.mark.slow
def test_a_claim_someone_made_leaves_the_reading_unsure(spacy_nlp):
    from hopgraph.router.understand import CONFIDENT

    router = RuleRouter(nlp=spacy_nlp)
    assert router.route("Who founded Tarrow Mills?").confidence >= CONFIDENT
    for q in ("Who founded Tarrow Mills? My friend says it was Ada Brook.",
              "A colleague says the founder of Tarrow Mills was born in Lorn. Who founded Tarrow Mills?"):
        assert router.route(q).confidence < CONFIDENT, q  # the claimed value is no requirement the loop checks
