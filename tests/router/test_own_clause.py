"""Whether a verb after the anchor is its own relative clause's (router/own_clause.py; invented world)."""

import pytest

from hopgraph.router.own_clause import main_verb_before
from tagged import toks


@pytest.mark.slow
def test_a_kind_noun_before_a_name_and_its_verb_is_a_relative_clause_after_the_main_verb(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    router = RuleRouter(nlp=spacy_nlp)
    scored = relations_of(router.route("Who directed the film Tessa Marlow scored?"))
    assert scored[0] != "director" and scored[-1] == "director"  # what she scored, then its director
    assert relations_of(router.route("When did the film Glass Hours premiere?")) == ["release_date"]  # its own verb


def test_only_the_main_clauses_own_verb_before_the_noun_phrase_counts():
    q = toks("Who/PRON directed/VERB the/DET film/NOUN Kalvor/@ scored/VERB ?/PUNCT")
    assert main_verb_before(q, 2)
    q = toks("When/ADV did/AUX the/DET film/NOUN Kalvor/@ premiere/VERB ?/PUNCT")
    assert not main_verb_before(q, 2)  # "did" is no main verb: "premiere" is the name's own
    q = toks("Who/PRON runs/VERB the/DET lab/NOUN that/PRON carried/VERB on/ADP the/DET work/NOUN of/ADP "
             "the/DET company/NOUN Kalvor/@ founded/VERB ?/PUNCT")
    assert not main_verb_before(q, 10)  # the nearest verb is a relative clause's
