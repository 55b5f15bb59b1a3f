"""How a comparison question is read: what each side is compared by (router/compare_question.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter


@pytest.mark.slow
def test_more_of_a_noun_compares_counts_read_as_numbers(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which has more turbines, Vell Moor or Orrin Bank?")
    sides = [r for r in d.requirements if r.id.startswith("R")]
    assert [r.relation for r in sides] == ["turbines", "turbines"] and {r.answer for r in sides} == {"number"}


@pytest.mark.slow
def test_a_bigger_size_is_no_count(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which has the bigger capacity, Vell Moor or Orrin Bank?")
    assert all(r.answer != "number" for r in d.requirements)


@pytest.mark.slow
def test_the_larger_of_a_thing_that_is_no_amount_compares_its_sum(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which was the larger award, BRINEFLOW or TIDEWATCH?")
    sides = [r for r in d.requirements if r.id.startswith("R")]
    assert [r.relation for r in sides] == ["award size"] * 2 and {r.answer for r in sides} == {"amount"}


@pytest.mark.slow
def test_who_held_a_post_for_longer_compares_since_when_each_held_it(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who was chair of the trust for longer, Ada Vell or Cy Brook?")
    sides = [r for r in d.requirements if r.id.startswith("R")]
    assert [r.relation for r in sides] == ["chair since"] * 2 and {r.answer for r in sides} == {"tenure"}
    assert "born_date" not in [r.relation for r in d.requirements]  # no life is compared
