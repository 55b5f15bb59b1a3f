"""Whether a verb after the anchor is its own relative clause's (router/own_clause.py; invented world)."""

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.own_clause import in_own_clause, main_verb_before
from tagged import toks


@pytest.mark.slow
def test_a_kind_noun_before_a_name_and_its_verb_is_a_relative_clause_after_the_main_verb(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    router = RuleRouter(nlp=spacy_nlp)
    scored = relations_of(router.route("Who directed the film Tessa Marlow scored?"))
    assert scored[0] != "director" and scored[-1] == "director"  # what she scored, then its director
    assert relations_of(router.route("When did the film Glass Hours premiere?")) == ["release_date"]  # its own verb
    # (after a possessive name's noun: the question's own verb had come between the son and what he founded)
    assert relations_of(router.route("Who runs the charity Ada Brook's son set up?")) == ["child", "founded", "leader"]


def test_after_a_possessive_name_the_clause_verb_follows_the_noun_phrase_it_heads():
    q = toks("Who/PRON runs/VERB the/DET charity/NOUN Kalvor's/@ eldest/ADJ son/NOUN founded/VERB ?/PUNCT")
    founded = Mention(7, 8, "founded", Sense(relation="founded", verb=True), via="open")
    assert in_own_clause(q, founded, 4)  # the charity the son founded: a clause on "charity"
    q = toks("When/ADV did/AUX Kalvor's/@ founder/NOUN die/VERB ?/PUNCT")
    assert not in_own_clause(q, Mention(4, 5, "die", Sense(relation="died_date", verb=True)), 2)


def test_only_the_main_clauses_own_verb_before_the_noun_phrase_counts():
    q = toks("Who/PRON directed/VERB the/DET film/NOUN Kalvor/@ scored/VERB ?/PUNCT")
    assert main_verb_before(q, 2)
    q = toks("When/ADV did/AUX the/DET film/NOUN Kalvor/@ premiere/VERB ?/PUNCT")
    assert not main_verb_before(q, 2)  # "did" is no main verb: "premiere" is the name's own
    q = toks("Who/PRON runs/VERB the/DET lab/NOUN that/PRON carried/VERB on/ADP the/DET work/NOUN of/ADP "
             "the/DET company/NOUN Kalvor/@ founded/VERB ?/PUNCT")
    assert not main_verb_before(q, 10)  # the nearest verb is a relative clause's


def test_a_who_or_what_question_with_be_asks_a_noun_phrase_so_a_verb_after_a_name_is_a_clauses():
    from hopgraph.router.own_clause import copular_question

    def be(tagged: str):
        t = toks(tagged)
        t[1].lemma = "be"  # as the tagger lemmatises it
        return t

    assert copular_question(be("Who/PRON was/AUX the/DET treasurer/NOUN of/ADP the/DET club/NOUN Kalvor/@ ran/VERB ?/PUNCT"))
    assert not copular_question(be("When/ADV was/AUX the/DET club/NOUN Kalvor/@ founded/VERB ?/PUNCT"))
    assert not copular_question(toks("Who/PRON ran/VERB the/DET club/NOUN Kalvor/@ joined/VERB ?/PUNCT"))


@pytest.mark.slow
def test_a_noun_phrase_after_who_is_holds_a_clause_on_its_last_noun(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    router = RuleRouter(nlp=spacy_nlp)
    got = relations_of(router.route("Who was the treasurer of the rowing club Tessa Marlow joined?"))
    assert got[0] == "join" and got[-1].startswith("treasurer")  # the club she joined, then its treasurer
    got = relations_of(router.route("Who is the head of the school Tessa Marlow attended?"))
    assert got == ["education", "leader"]


def test_be_with_its_complement_closes_a_relative_clause_before_the_anchor():
    from hopgraph.router.own_clause import clause_depth

    # "the woman who was secretary of X born": "was secretary" is the clause's verb, so "born" is the question's
    ts = toks("Where/ADV was/AUX the/DET woman/NOUN who/PRON was/AUX secretary/NOUN of/ADP Kalvor/@ born/VERB ?/PUNCT")
    ts[5].lemma = "be"
    assert clause_depth(ts, [], 8) == 0
    # "the woman who was Kalvor's secretary": the possessive's noun completes the clause after the anchor
    owned = toks("Where/ADV was/AUX the/DET woman/NOUN who/PRON was/AUX Kalvor's/@ secretary/NOUN born/VERB ?/PUNCT")
    owned[5].lemma = "be"
    assert clause_depth(owned, [], 6) == 1
    # "who was director when X approved …": another clause opens between "be" and the anchor
    timed = toks("the/DET woman/NOUN who/PRON was/AUX director/NOUN when/SCONJ Kalvor/@ approved/VERB it/PRON")
    timed[3].lemma = "be"
    assert clause_depth(timed, [], 6) == 1
    # "the city where X was born": no "be" before the anchor, the clause is still open there
    assert clause_depth(toks("the/DET city/NOUN where/ADV Kalvor/@ was/AUX born/VERB"), [], 3) == 1


@pytest.mark.slow
def test_a_person_who_was_a_post_of_the_anchor_is_the_first_hop(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    q = "Where was the husband of the woman who was secretary of the Kalvor Trust born?"
    got = RuleRouter(nlp=spacy_nlp).route(q)
    assert relations_of(got) == ["secretary", "spouse", "born_place"]  # the husband was left out
