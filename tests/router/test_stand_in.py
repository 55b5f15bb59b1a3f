"""A noun phrase stands in for the name a question does not give (router/stand_in.py; invented phrasings)."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.stand_in import STAND_IN_CONFIDENCE, stand_in_span
from tests.router.test_understand import relations_of


def _stand_in(nlp, q: str) -> str | None:
    span = stand_in_span(q, nlp(q))
    return None if span is None else q[span.start:span.end]


@pytest.mark.slow
def test_the_most_deeply_embedded_noun_phrase_stands_in_without_its_article(spacy_nlp):
    assert _stand_in(spacy_nlp, "Where was the woman who chairs the rowing club born") == "rowing club"
    assert _stand_in(spacy_nlp, "Who founded the bakery that supplies the harbour cafe") == "harbour cafe"
    assert _stand_in(spacy_nlp, "Which newspaper employed the man after whom the college's darkrooms were "
                                "named") == "college's darkrooms"


@pytest.mark.slow
def test_pronouns_question_words_and_terse_queries_have_no_stand_in(spacy_nlp):
    assert _stand_in(spacy_nlp, "bakery founder birthplace") is None  # no article: one noun phrase, the query
    assert _stand_in(spacy_nlp, "Who was it") is None
    assert _stand_in(spacy_nlp, "What did she do before that") is None


@pytest.mark.slow
def test_a_question_naming_nothing_is_read_from_its_stand_in_unsurely(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Where was the woman who chairs the rowing club born?")
    assert d.anchors == ["rowing club"] and relations_of(d) == ["leader", "born_place"]
    assert d.confidence <= STAND_IN_CONFIDENCE
    assert any(r.id.startswith("G") for r in d.requirements)  # the generic bridge search runs beside it


@pytest.mark.slow
def test_a_comparison_naming_nothing_keeps_no_stand_in(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which of the two bakeries on the quay opened first?")
    assert d.anchors == [] and d.confidence == 0.0
