"""hopgraph/follow_up.py: resolving follow-up questions against a session's memory (invented world)."""

from __future__ import annotations

import pytest

from hopgraph.follow_up import resolve_references
from hopgraph.models import MemoryItem

PERSON_HE = MemoryItem(name="Ivo Marrin", type="PERSON", role="bridge", gender="he",
                       about="Ivo Marrin (1930–2004) was a film director and screenwriter.")
PERSON_SHE = MemoryItem(name="Merrin Vale", type="ORG", role="answer", gender="she",  # a mistyped person
                        about="Merrin Vale (born 1962) is a singer and songwriter.")
FILM = MemoryItem(name="The Lantern Keeper", type="PERSON", role="anchor",  # a mistyped film
                  about="The Lantern Keeper is a 1968 drama film.")
TOWN = MemoryItem(name="Saltwick", type="GPE", role="answer", about="Saltwick is a fishing town at the mouth of the Fenwater.")
MILL = MemoryItem(name="Brightwater Mills", type="ORG", role="bridge", about="Brightwater Mills is a flour milling company.")


@pytest.mark.parametrize("question, memory, expected", [
    ("And when did he die?", [TOWN, PERSON_HE, FILM], "When did Ivo Marrin die?"),
    ("Where was she born?", [PERSON_HE, PERSON_SHE], "Where was Merrin Vale born?"),  # the page's pronoun decides
    ("What was his trade?", [PERSON_HE], "What was Ivo Marrin's trade?"),
    ("Who was her father?", [PERSON_SHE], "Who was Merrin Vale's father?"),
    ("Who did the critics compare with her?", [PERSON_SHE], "Who did the critics compare with Merrin Vale?"),
    ("When was the film released?", [PERSON_HE, FILM], "When was The Lantern Keeper released?"),
    ("Who founded it?", [PERSON_HE, MILL, FILM], "Who founded Brightwater Mills?"),  # no person, no place
    ("Where was the company founded?", [FILM, MILL], "Where was Brightwater Mills founded?"),
    ("When was the town founded?", [PERSON_HE, TOWN], "When was Saltwick founded?"),
])
def test_references_resolve_to_the_latest_fitting_entity(question: str, memory: list, expected: str) -> None:
    resolved, replaced = resolve_references(question, memory)
    assert resolved == expected and replaced


def test_a_question_without_reference_is_left_alone() -> None:
    q = "Where was Oskar Vell born?"
    assert resolve_references(q, [PERSON_HE]) == (q, {})


def test_no_fitting_entity_leaves_the_pronoun() -> None:
    assert resolve_references("When did she die?", [PERSON_HE, TOWN]) == ("When did she die?", {})


def test_what_about_repeats_the_previous_question_with_the_new_anchor() -> None:
    resolved, replaced = resolve_references("What about Tarn Mills?", [MILL], "Who founded Brightwater Mills?", "Brightwater Mills")
    assert resolved == "Who founded Tarn Mills?" and replaced == {"what about": "Tarn Mills"}
