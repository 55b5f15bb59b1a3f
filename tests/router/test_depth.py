"""How many hops a question's wording implies: relative clauses, possessives and "of" phrases."""

from __future__ import annotations

import pytest

from hopgraph.router.depth import implied_hops, plan_steps


@pytest.mark.parametrize("question, hops", [
    ("Where was the director of film Bollywood Calling born?", 2),
    ("What is the place of birth of the director of film Polish Wedding?", 2),  # "place of birth" is an attribute
    ("Who is the paternal grandfather of Sancho II?", 1),  # one relation noun (the vocabulary splits it)
    ("Who is Sancho II's father-in-law?", 2),
    ("Who was the first president of Damerjog's country?", 2),  # "was the … of": the asked relation
    ("What is the award that the director of film Bangalore Naatkal earned?", 2),
    ("What is the population of the state where Dodge City Regional Airport is located?", 2),
    ("In which area of the continent where the mouth of the Tikhaya Sosna is located did the Renaissance begin?", 3),
    ("When did the country where the city where Steven Blankaart was born is located refuse to surrender Namibia?", 3),
    ("How many Publix stores are in the state that borders the east of the state where Hello Love's performer lived?", 4),
    ("Who was born first, Ann Petry or Ivy Compton-Burnett?", 1),
    ("What kind of university did the author of Lorn Tales attend?", 3),  # author -> university -> its kind
    ("What kind of film is Lorn Tales?", 1),
])
def test_implied_hops(question, hops):
    assert implied_hops(question) == hops


def test_plan_steps_is_the_last_hop_number():
    assert plan_steps([1, 1, 2, 3]) == 3
    assert plan_steps([]) == 1
