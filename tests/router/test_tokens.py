"""Sentences of a question: a courtesy or the asker's own statement before its question (router/tokens.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.understand import CONFIDENT
from tests.router.test_understand import relations_of


@pytest.mark.slow
def test_a_courtesy_before_a_comma_or_a_dash_is_no_part_of_the_question(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Apologies for the basic question, who leads Tarrow Mills?")
    assert relations_of(got) == ["leader"] and got.confidence >= CONFIDENT
    got = router.route("Following up on yesterday's call - who is Ida Pellow's employer?")
    assert relations_of(got) == ["employer"] and got.confidence >= CONFIDENT


@pytest.mark.slow
def test_the_askers_own_statement_before_a_comma_is_a_sentence_of_its_own(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("My mum worked at Tollen Mills, who founded it?")
    assert relations_of(d) == ["founder"] and d.anchors == ["Tollen Mills"]  # her work there is no hop
    from hopgraph.router.spans import Span
    from hopgraph.router.tokens import tokenize

    q = "I use Tollen soap, which is made in Varrow. Who founded it?"
    relative = tokenize(q, [Span(6, 12, "Tollen")], spacy_nlp)
    assert len({t.sent for t in relative}) == 2  # a relative clause ending in "." stays in its sentence


def sents(*sentences: str) -> list:
    """Plain tokens of whole sentences, numbered as the tokenizer numbers them (no tags)."""
    from hopgraph.router.tokens import Tok

    out = []
    for n, words in enumerate(sentences):
        out += [Tok(len(out) + j, w, w.lower(), w.lower(), "", sent=n) for j, w in enumerate(words.split())]
    return out


def test_who_is_she_asks_what_the_sentence_before_it_describes():
    from hopgraph.router.tokens import question_sentence

    assert question_sentence(sents("I love Kalvor .", "Who is the editor's assistant ?")) == 1
    assert question_sentence(sents("I love Kalvor .", "We met the editor's assistant there .", "Who is he ?")) == 1
    assert question_sentence(sents("The editor's assistant is Ada .", "Who is her brother ?")) == 1  # asks a fact of its own


def test_a_question_that_only_checks_the_claim_before_it_leaves_the_claim_asked():
    from hopgraph.router.tokens import question_sentence

    claim = "My notes say Kalvor is older than Brenmark ."
    for check in ("Is that right ?", "Have I got that right ?", "Did I get that right ?", "Is she correct ?"):
        assert question_sentence(sents(claim, check)) == 0, check
    assert question_sentence(sents(claim, "Who got it right ?")) == 1  # a question of its own


@pytest.mark.slow
def test_a_label_with_no_verb_before_a_colon_is_a_sentence_of_its_own(spacy_nlp):
    from hopgraph.router.spans import Span
    from hopgraph.router.tokens import tokenize

    q = "Quick one for the newsletter: the man who runs Tollen Mills - where was he born?"
    got = tokenize(q, [Span(q.index("Tollen"), q.index("Tollen") + 12, "Tollen Mills")], spacy_nlp)
    label = {t.sent for t in got if t.lower == "newsletter"}
    assert label and label != {t.sent for t in got if t.lower == "runs"}
    q = "My aunt says: the man who runs Tollen Mills was born in Varrow."  # a verb before the colon: one sentence
    got = tokenize(q, [Span(q.index("Tollen"), q.index("Tollen") + 12, "Tollen Mills")], spacy_nlp)
    assert len({t.sent for t in got}) == 1
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Quick one for the newsletter: the man who runs Tollen Mills - where was he born?")
    assert relations_of(d) == ["leader", "born_place"]


@pytest.mark.slow
@pytest.mark.parametrize("question", ["Who was at the helm of the co-operative that owns Brenmark Mill?",
                                      "Who ran the co-operative that owns Brenmark Mill?"])
def test_a_bodys_name_the_tagger_reads_as_an_adjective_is_a_noun(spacy_nlp, question):
    got = relations_of(RuleRouter(nlp=spacy_nlp).route(question))
    assert got[-1] == "leader" and "director" not in got and len(got) == 2


@pytest.mark.slow
def test_married_to_after_a_name_is_the_verb_the_tagger_calls_an_adjective(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Who is Tessa Marlow married to?")
    assert relations_of(got) == ["spouse"] and got.confidence >= CONFIDENT
    assert relations_of(router.route("Who was Tessa Marlow married to?")) == ["spouse"]


@pytest.mark.slow
def test_a_hyphened_word_keeps_the_lemma_of_its_last_part(spacy_nlp):
    from hopgraph.router.tokens import tokenize
    words = {t.text: t.lemma for t in tokenize("the bakery co-founded by her father-in-law", [], spacy_nlp)}
    assert words["co-founded"] == "co-found" and words["father-in-law"] == "father-in-law"


@pytest.mark.slow
def test_what_a_kin_co_founded_is_a_hop_of_its_own(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("When did the bakery co-founded by Ada Brook's husband move to new premises?")
    assert [r.relation for r in d.requirements if r.id.startswith("R")][:2] == ["spouse", "founded"]


@pytest.mark.slow
def test_a_dash_after_a_statement_opens_the_question(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Kalvor Stores' chair has a mother who runs a bakery - who was that bakery's first owner?")
    assert relations_of(got) == ["leader", "mother", "run", "owner"]
    # no statement before the dash: the name is what the question is about
    assert relations_of(router.route("Tom Reed - who founded it?")) == ["founder"]


@pytest.mark.slow
def test_got_before_a_participle_is_the_passive_auxiliary(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Which got taken over first, Kalvor Mart or Tamsel Vets?")
    assert relations_of(got) == ["taken over", "taken over"]  # the event compared, not when each was set up


@pytest.mark.slow
def test_a_hyphened_participle_before_a_noun_describes_it(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Where did Kalvor Stores' pastry-trained co-founder go to work?")
    assert relations_of(got) == ["founder", "employer"]  # no "pastry-train" hop; "go to work" is where she worked


def test_an_apostrophe_after_a_plural_noun_is_its_possessive():
    from hopgraph.router.tokens import tokenize

    q = "Who chairs the traders' panel?"
    got = tokenize(q, [], None)
    assert [t.text for t in got if t.possessive] == ["traders"] and "'" not in [t.text for t in got]


@pytest.mark.slow
def test_a_past_participle_between_a_possessive_and_a_noun_describes_the_noun(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Which company did Kalvor Stores' second paid director join?")
    assert relations_of(got) == ["director", "join"]  # (had read "second pay join" first, then the director)
