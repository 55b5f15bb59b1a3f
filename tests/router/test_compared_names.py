"""Which of a question's names are compared (router/compared_names.py; invented names)."""

from __future__ import annotations

from hopgraph.router.compared_names import compared_names
from hopgraph.router.spans import Span
from tagged import toks


def test_a_possessive_name_before_another_name_is_no_compared_side():
    q = toks("Which/DET opened/VERB first/ADV ,/PUNCT Kalvor/@ or/CCONJ Tesmir's/@ Orvel/@ ?/PUNCT")
    spans = [Span(0, 6, "Kalvor"), Span(10, 16, "Tesmir", True), Span(19, 24, "Orvel")]
    compared, _aside = compared_names(q, [0, 1, 2], [], "Which opened first, Kalvor or Tesmir's Orvel?", spans)
    assert compared == [0, 2]
