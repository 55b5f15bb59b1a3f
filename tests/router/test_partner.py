"""A partner in something is no spouse (invented world)."""

import pytest

from hopgraph.router.partner import other_partner
from hopgraph.router.rules import RuleRouter
from hopgraph.router.understand import CONFIDENT
from tagged import mention_at
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def _partner(spec: str) -> bool:
    q = toks(spec)
    i = next(t.i for t in q if t.lower == "partner")
    return other_partner(q, mention_at(q, i))


def test_a_partner_in_an_activity_or_a_business_is_no_spouse():
    assert _partner("his/PRON partner/NOUN on/ADP the/DET ascent/NOUN of/ADP Kalvor/X")
    assert _partner("the/DET climbing/NOUN partner/NOUN of/ADP Kalvor/X")
    assert _partner("a/DET partner/NOUN firm/NOUN of/ADP Kalvor/X")
    assert _partner("the/DET firm/NOUN where/ADV Kalvor/X was:be/AUX a/DET partner/NOUN")  # a post at the firm


def test_a_plain_partner_may_be_a_spouse():
    assert not _partner("the/DET partner/NOUN of/ADP Kalvor/X")
    assert not _partner("Kalvor/X 's/PART partner/NOUN")
    assert not _partner("Kalvor/X had:have/VERB a/DET partner/NOUN")


@pytest.mark.slow
def test_the_route_keeps_the_partner_in_an_activity_open(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Who was older: Tessa Marlow or her partner on the first crossing of the Vell Sound?")
    assert "spouse" not in relations_of(d)
    assert relations_of(router.route("Where was Tessa Marlow's partner born?")) == ["spouse", "born_place"]


def test_a_partner_brought_into_a_business_is_no_spouse():
    assert _partner("the/DET practice/NOUN brought:bring/VERB in/ADP a/DET partner/NOUN in/ADP 2018/NUM")
    assert _partner("Kalvor/X took:take/VERB on/ADP a/DET partner/NOUN")
    assert _partner("Kalvor/X appointed:appoint/VERB a/DET partner/NOUN")
    assert not _partner("Kalvor/X had:have/VERB a/DET partner/NOUN")  # may be a spouse


@pytest.mark.slow
def test_a_partner_the_context_brought_into_a_firm_is_no_spouse(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("The Tarrow Mills practice brought in a partner in 2018. Where was that partner born?")
    assert "spouse" not in relations_of(d)
    assert relations_of(router.route("Tessa Marlow had a partner. Where was he born?")) == ["spouse", "born_place"]


@pytest.mark.slow
def test_a_partner_may_be_a_spouse_or_a_business_partner(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Who was the partner of the man who founded Brenmark Holdings?")
    assert relations_of(got) == ["founder", "spouse"] and got.confidence < CONFIDENT
    assert router.route("Who was the wife of the man who founded Brenmark Holdings?").confidence >= CONFIDENT
