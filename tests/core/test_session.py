"""hopgraph/session.py: resolving follow-up questions against a session's memory (invented world)."""

from __future__ import annotations

import pytest

from hopgraph.config_sections import SessionSettings
from hopgraph.models import (AgenticRetrievalResult, EvidenceDecision, EvidenceRequirement, HopTrace, MemoryItem,
                             RequirementAssessment, RouteDecision)
from hopgraph.session import SessionStore, memory_items, resolve_references

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


class FakeLookup:
    def describe(self, name: str) -> tuple[str, str, str]:
        return {"Ivo Marrin": ("PERSON", "he", PERSON_HE.about), "Saltwick": ("GPE", "", TOWN.about)}.get(name, ("", "", ""))

    def names_in(self, text: str) -> list[str]:
        return [n for n in ("Ivo Marrin", "Saltwick", "Teodor Vask") if n in text]


def result(question: str) -> AgenticRetrievalResult:
    """A two-hop run: director of The Lantern Keeper (Ivo Marrin) -> his birthplace (Saltwick)."""
    reqs = [EvidenceRequirement(id="R1", description="director of The Lantern Keeper", entities=["The Lantern Keeper"], relation="director"),
            EvidenceRequirement(id="R2", description="place of birth of {R1}", entities=["{R1}"], relation="born_place", depends_on="R1")]
    assessments = [
        RequirementAssessment(requirement_id="R1", status="supported", bridge_entities=["Ivo Marrin"], entity="The Lantern Keeper"),
        RequirementAssessment(requirement_id="R2", status="supported", bridge_entities=["Saltwick"], entity="Ivo Marrin",
                              evidence_sentence="Ivo Marrin was born in Saltwick, like Teodor Vask."),
    ]
    route = RouteDecision(route="multi_hop", shape="bridge", first_query=question, reason="", requirements=reqs,
                          anchors=["The Lantern Keeper"])
    trace = HopTrace(hop=2, query=question, decision=EvidenceDecision(verdict="complete", reason="", assessments=assessments))
    return AgenticRetrievalResult(question=question, route=route, traces=[trace], termination_reason="complete")


def test_memory_keeps_answer_then_bridges_then_sentence_names_then_anchors() -> None:
    items = memory_items(result("Where was the director of The Lantern Keeper born?"), FakeLookup(), turn=1)
    assert [(m.name, m.role) for m in items] == [("Saltwick", "answer"), ("Ivo Marrin", "bridge"),
                                                 ("Teodor Vask", "mentioned"), ("The Lantern Keeper", "anchor")]
    assert items[1].gender == "he" and items[0].type == "GPE"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_session_store_resolves_remembers_expires_and_clears() -> None:
    clock = Clock()
    store = SessionStore(SessionSettings(ttl_s=60, max_turns=2, max_sessions=2), FakeLookup(), clock)
    first = store.resolve("s1", "Where was the director of The Lantern Keeper born?")
    assert first.turn == 1 and first.memory == [] and first.resolved == first.asked
    store.remember("s1", result(first.resolved))
    follow = store.resolve("s1", "And when did he die?")
    assert follow.resolved == "When did Ivo Marrin die?" and follow.replaced == {"he": "Ivo Marrin"}
    assert [m.name for m in follow.memory][:2] == ["Saltwick", "Ivo Marrin"]
    assert store.resolve("other", "When did he die?").resolved == "When did he die?"  # sessions do not share memory
    clock.now = 61.0  # unused for longer than ttl_s: forgotten
    assert store.memory("s1") == []
    store.remember("s1", result("q"))
    assert store.clear("s1") and not store.clear("s1")


def test_session_store_keeps_only_the_last_turns_and_sessions() -> None:
    store = SessionStore(SessionSettings(max_turns=1, max_sessions=2), FakeLookup(), Clock())
    for i in range(3):
        store.remember("s1", result(f"q{i}"))
    assert {m.turn for m in store.memory("s1")} == {3}
    store.remember("s2", result("q"))
    store.remember("s3", result("q"))
    assert len(store) == 2 and store.memory("s1") == []  # the least recently used session went first
