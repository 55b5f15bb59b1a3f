"""The order of a question's relation phrases: innermost first, the main predicate last (router/mention_order.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter


@pytest.mark.slow
@pytest.mark.parametrize("question, chain", [
    ("Where was the patron of the charity that Ada Brook joined born?", ["join", "patron", "born_place"]),
    ("Who was the treasurer of the rowing club Tessa Marlow joined?", ["join", "treasurer"]),
])
def test_an_open_verb_closes_the_anchors_clause_and_the_main_verb_comes_last(spacy_nlp, question, chain):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == chain
