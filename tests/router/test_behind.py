"""The thing "behind" a name is the first hop (router/behind.py). Invented world: the film Glass Hours."""

from __future__ import annotations

import pytest

from hopgraph.router.behind import behind_hop
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def test_the_noun_before_behind_is_an_open_hop_of_its_own_word():
    q = toks("Who/PRON founded:found/VERB the/DET studio/NOUN behind/ADP Kalvor/X ?/PUNCT")
    (m,) = behind_hop(q, [], 5)
    assert (m.start, m.end, m.sense.relation) == (3, 5, "studio")
    own_article = toks("Where/SCONJ is/AUX the/DET company/NOUN behind/ADP the/DET Kalvor/X based:base/VERB ?/PUNCT")
    assert [m.sense.relation for m in behind_hop(own_article, [], 6)] == ["company"]


def test_a_person_or_a_role_behind_a_name_is_no_class_hop():
    for spec in ("Where/SCONJ does/AUX the/DET man/NOUN behind/ADP Kalvor/X live/VERB ?/PUNCT",
                 "Where/SCONJ was/AUX the/DET director/NOUN behind/ADP Kalvor/X born/VERB ?/PUNCT",
                 "Who/PRON stood/VERB behind/ADP Kalvor/X ?/PUNCT"):
        q = toks(spec)
        assert behind_hop(q, [], next(t.i for t in q if t.anchor >= 0)) == [], spec


@pytest.mark.slow
def test_who_founded_the_studio_behind_a_film(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who founded the studio behind Glass Hours?")
    assert relations_of(d) == ["studio", "founder"]
