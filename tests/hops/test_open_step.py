"""An open step's answer as the question's grammar gives it (hops/open_step.py)."""

from __future__ import annotations

from hopgraph.hops.evidence import Support
from hopgraph.hops.open_step import open_answer_kind, read_beside_the_step_before
from hopgraph.models import EvidenceRequirement, RequirementAssessment


def req(relation: str, answer: str = "", depends_on: str | None = None) -> EvidenceRequirement:
    return EvidenceRequirement(id="R2", description="", entities=["X"], relation=relation, answer=answer,
                               depends_on=depends_on)


def test_an_open_steps_answer_is_the_kind_its_grammar_gives_else_a_person_for_an_agent_noun():
    assert open_answer_kind(req("set-builder")) == "person"  # "the set-builder of X": whoever builds its sets
    assert open_answer_kind(req("company financed", "org")) == "org"
    assert open_answer_kind(req("company financed")) == ""
    assert open_answer_kind(req("founder")) == ""  # a known relation types its answer itself


class _Typed:  # a chunk view whose graph types "Lorn Rowing Club" an organisation and nothing else
    def type_fit(self, name: str, answer: str) -> int:
        return 1 if name == "Lorn Rowing Club" and answer == "org" else -1


def test_an_open_step_counts_beside_the_step_before_only_from_another_sentence_with_a_name_of_its_kind():
    done = {"R1": RequirementAssessment(requirement_id="R1", status="supported", evidence_sentence="Ada won.")}
    step = req("club rower", "org", depends_on="R1")
    other = Support("c#0", "Ada", False, False, "She rows for the Lorn Rowing Club.", ["Lorn Rowing Club"])
    assert read_beside_the_step_before(other, step, done, _Typed())
    same = Support("c#0", "Ada", False, False, "Ada won.", ["Lorn Rowing Club"])
    assert not read_beside_the_step_before(same, step, done, _Typed())  # the sentence that bound the step before
    person = Support("c#0", "Ada", False, False, "She rows with Cy Dunn.", ["Cy Dunn"])
    assert not read_beside_the_step_before(person, step, done, _Typed())  # a name of another kind
    assert not read_beside_the_step_before(other, req("club rower", depends_on="R1"), done, _Typed())  # no kind
