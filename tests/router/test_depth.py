"""How many hops a question's wording implies: relative clauses, possessives and "of" phrases."""

from __future__ import annotations

import pytest

from hopgraph.router.depth import implied_hops, plan_steps


@pytest.mark.parametrize("question, hops", [
    ("Where was the director of film Copper Lanterns born?", 2),
    ("What is the place of birth of the director of film Salt Harbour?", 2),  # "place of birth" is an attribute
    ("Who is the paternal grandfather of Oskar II?", 1),  # one relation noun (the vocabulary splits it)
    ("Who is Oskar II's father-in-law?", 2),
    ("Who was the first mayor of Dunmere's region?", 2),  # "was the … of": the asked relation
    ("What is the award that the director of film Glass Hours received?", 2),
    ("What is the population of the state where Tamsel Regional Airport is located?", 2),
    ("In which area of the province where the source of the Varn River is located did the festival begin?", 3),
    ("When did the country where the city where Tessa Marlow was born is located refuse to sell the island?", 3),
    ("How many Corvane stores are in the state that borders the east of the state where Glass Hours's performer lived?", 4),
    ("Who was born first, Ida Marsh or Oskar Brandt?", 1),
    ("What kind of university did the author of Lorn Tales attend?", 3),  # author -> university -> its kind
    ("What kind of film is Lorn Tales?", 1),
])
def test_implied_hops(question, hops):
    assert implied_hops(question) == hops


def test_plan_steps_is_the_last_hop_number():
    assert plan_steps([1, 1, 2, 3]) == 3
    assert plan_steps([]) == 1
