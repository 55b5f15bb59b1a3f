"""The rule-based corrector: which rewrite for which failure, and why it is recorded."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.correct import RuleCorrector
from hopgraph.models import Entity, EvidenceDecision, RequirementAssessment, SubQuery


def decision(code: str, rid: str = "R1", bridges: dict[str, list[str]] | None = None) -> EvidenceDecision:
    assessments = [RequirementAssessment(requirement_id=r, status="supported", bridge_entities=b) for r, b in (bridges or {}).items()]
    assessments.append(RequirementAssessment(requirement_id=rid, status="missing", failure_reason=f"{code}: {rid} ..."))
    return EvidenceDecision(verdict="insufficient", reason="", failure_reason=f"{code}: {rid} ...", assessments=assessments)


def kg() -> KnowledgeGraph:
    ents = {0: Entity(entity_id=0, name="Zette Marchetti", aliases=["Isabella Marchetti"])}
    return KnowledgeGraph.from_parts(ents, [], [], [("zette", 0)])


def test_next_bridge_candidate_for_a_dependent_query():
    failed = SubQuery(text="father of Zette Marchetti", requirement_id="R2", depends_on="R1", entity="Zette Marchetti", relation="father")
    out = RuleCorrector().correct("q", failed, decision("entity_missing", "R2", {"R1": ["Zette Marchetti", "Luc Aubrin"]}))
    assert out.text == "father of Luc Aubrin" and out.entity == "Luc Aubrin"
    assert out.attempt == 1 and "next bridge candidate" in out.extract


def test_alias_from_the_graph_when_the_entity_was_not_found():
    failed = SubQuery(text="father of Zette", requirement_id="R1", entity="Zette", relation="father")
    out = RuleCorrector(kg()).correct("q", failed, decision("entity_missing"))
    assert out.text == "father of Zette Marchetti"
    assert "graph alias" in out.extract


def test_relation_synonyms_when_the_relation_was_not_stated():
    failed = SubQuery(text="director of film X", requirement_id="R1", entity="X", relation="director")
    out = RuleCorrector().correct("q", failed, decision("relation_missing"))
    assert out.text == "X directed by filmmaker"
    assert "synonyms" in out.extract and "relation_missing" in out.extract


def test_a_bodys_beginning_is_searched_again_with_words_of_a_beginning():
    failed = SubQuery(text="Lorn Loaves founded", requirement_id="R1", entity="Lorn Loaves", relation="release_date")
    out = RuleCorrector().correct("q", failed, decision("bridge_missing"))
    assert out.text == "Lorn Loaves established set up"
    work = SubQuery(text="Lorn Lines release date", requirement_id="R1", entity="Lorn Lines", relation="release_date")
    assert RuleCorrector().correct("q", work, decision("bridge_missing")).text == "Lorn Lines released published"
    # (a name that holds a word of a beginning says nothing of the sense: "Formby Lines" is a work's name)
    named = SubQuery(text="Formby Lines release date", requirement_id="R1", entity="Formby Lines",
                     relation="release_date")
    assert RuleCorrector().correct("q", named, decision("bridge_missing")).text == "Formby Lines released published"


def test_entity_only_when_nothing_else_applies():
    failed = SubQuery(text="date of birth of Harrow Lane (1962 Film)", requirement_id="R1", entity="Harrow Lane (1962 Film)", relation="born_date")
    out = RuleCorrector().correct("q", failed, decision("entity_missing"))
    assert out.text == "Harrow Lane"
    assert "entity name only" in out.extract


def test_question_without_question_words_as_last_resort():
    failed = SubQuery(text="Who was the best?", requirement_id="R1")
    out = RuleCorrector().correct("Who was the best?", failed, decision("entity_missing"))
    assert out.text == "best" and out.source == "hybrid" and out.attempt == 1


def test_rewrite_never_repeats_the_failed_text():
    failed = SubQuery(text="Oskar Brandt", requirement_id="R1", entity="Oskar Brandt", relation="")
    out = RuleCorrector().correct("Where is Oskar Brandt?", failed, decision("entity_missing"))
    assert out.text != failed.text
