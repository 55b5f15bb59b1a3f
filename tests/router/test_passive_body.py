"""The body a question asks for as the subject of a passive verb (router/passive_body.py). Invented world: Kalvor."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.passive_body import asked_subject, with_asked_subject
from hopgraph.router.rules import RuleRouter
from tagged import toks
from tests.router.test_understand import relations_of


def test_the_noun_which_asks_is_the_subject_of_the_passive_verb():
    q = toks("What/PRON kind/NOUN of/ADP shop/NOUN was/AUX run/VERB by/ADP the/DET secretary/NOUN of/ADP "
             "Kalvor/@ ?/PUNCT")
    run = Mention(5, 6, "run", Sense(relation="run", verb=True), via="open")
    assert asked_subject(q, run).lower == "shop"
    assert with_asked_subject(q, run).sense.relation == "shop run"
    active = toks("Which/DET shop/NOUN does/AUX the/DET secretary/NOUN of/ADP Kalvor/@ run/VERB ?/PUNCT")
    assert asked_subject(active, Mention(7, 8, "run", Sense(relation="run", verb=True), via="open")) is None  # no "by"
    founded = Mention(5, 6, "run", Sense(relation="founded", verb=True), via="open")
    assert with_asked_subject(q, founded) is founded  # a relation of the vocabulary is the graph's to follow


@pytest.mark.slow
def test_a_shop_run_by_an_open_post_reads_the_post_then_what_it_runs(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which shop was run by the secretary of Kalvor Traders?")
    assert relations_of(d) == ["secretary", "shop run"]  # (had been an open bridge from the name)
