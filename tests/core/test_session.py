"""hopgraph/session.py: what a session remembers of each question, expiring and bounded (invented world)."""

from __future__ import annotations

from hopgraph.config_sections import SessionSettings
from hopgraph.models import (AgenticRetrievalResult, EvidenceDecision, EvidenceRequirement, HopTrace,
                             RequirementAssessment, RouteDecision)
from hopgraph.session import SessionStore, memory_items
from test_follow_up import PERSON_HE, TOWN


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
