"""Which of: one of the named sides, or one of somebody's own (router/which_of.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.which_of import picks_among_own
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def test_which_of_a_possessive_and_a_plural_picks_among_somebodys_own():
    assert picks_among_own(toks("Which/DET of/ADP her/PRON sisters:sister/NOUN led/VERB Kalvor/X ?/PUNCT"))
    assert picks_among_own(toks("Which/DET one/NUM of/ADP his/PRON older/ADJ sons:son/NOUN ran/VERB Kalvor/X ?/PUNCT"))


def test_which_of_them_picks_among_what_somebody_had_a_number_of():
    assert picks_among_own(toks("Kalvor/X had:have/VERB three/NUM daughters:daughter/NOUN ./PUNCT Which/DET of/ADP "
                                "them/PRON ran/VERB it/PRON ?/PUNCT"))


def test_which_of_the_named_sides_or_the_two_is_no_pick_among_own():
    assert not picks_among_own(toks("Which/DET of/ADP the/DET two/NUM was/AUX older/ADJ ?/PUNCT"))
    assert not picks_among_own(toks("Which/DET of/ADP Kalvor/X and/CCONJ Brenmark/PROPN is/AUX older/ADJ ?/PUNCT"))
    assert not picks_among_own(toks("Kalvor/X and/CCONJ Brenmark/PROPN ./PUNCT Which/DET of/ADP them/PRON is/AUX "
                                    "older/ADJ ?/PUNCT"))
    assert not picks_among_own(toks("Who/PRON runs/VERB Kalvor/X ?/PUNCT"))  # no "which of" at all


@pytest.mark.slow
def test_picking_one_of_somebodys_kin_compares_no_names(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("The singer who won the Brenmark Prize with the Lorn Singers - which of her sisters led the choir?")
    assert d.shape not in ("comparison", "bridge_comparison")
    d = router.route("Tom Reed had three daughters. Which of them ran Kessel Ales?")
    assert d.shape != "comparison" and relations_of(d)[-1] == "leader"
    d = router.route("Which of Tom Reed and Ada Brook was born first?")
    assert d.shape == "comparison"


@pytest.mark.slow
def test_which_one_of_somebodys_own_is_left_to_the_evidence(spacy_nlp):
    from hopgraph.router.understand import CONFIDENT

    d = RuleRouter(nlp=spacy_nlp).route("Which of his brothers led the Lorn Singers?")
    assert d.confidence < CONFIDENT
