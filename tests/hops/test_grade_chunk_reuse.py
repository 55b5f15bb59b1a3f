"""Which chunk may state a dependent fact (hops/grade.py): not the one that bound the step before, unless it is
the bridge's own page, or an open step's name of the asked kind is read there from another sentence."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.grade import RuleGrader
from hopgraph.models import Entity, EvidenceRequirement, RouteDecision, SearchHit, SubQuery
from tests.hops.test_grade import ENTITIES, MENTIONS, RELATIONS, bridge_route


def test_dependent_fact_must_come_from_another_chunk():
    docs_text = "The Glass Harbor is a film directed by Oskar Brandt, who was born in Tamsel."
    ev = [SearchHit(chunk_id="film#0", doc_id="film", title="The Glass Harbor", text=docs_text)]
    d = RuleGrader(None).grade("q", bridge_route(), ev, hop=2)
    assert d.assessments[0].status == "supported"
    assert d.assessments[1].status == "missing" and d.verdict == "insufficient"


def test_a_dependent_fact_may_come_from_the_chunk_that_is_the_bridges_own_page():
    text = "Corvane Optics is a lens maker of Vessary. The company's founder and first chair Ida Marsh opened a shop in 1988."
    page = SearchHit(chunk_id="optics#0", doc_id="optics", title="Corvane Optics", text=text)
    graph = KnowledgeGraph.from_parts(ENTITIES, RELATIONS, MENTIONS + [(7, "optics#0"), (5, "optics#0")], [],
                                      {"optics#0": "Corvane Optics", "ida#0": "Ida Marsh"})
    route = RouteDecision(
        route="multi_hop", shape="bridge", first_query="", reason="",
        requirements=[EvidenceRequirement(id="R1", description="", entities=["Vessary"], relation="lens maker"),
                      EvidenceRequirement(id="R2", description="", entities=["{R1}"], relation="founder", depends_on="R1")],
        plan=[SubQuery(text="Vessary lens maker", requirement_id="R1", hop=1),
              SubQuery(text="{R1} founder", requirement_id="R2", depends_on="R1", hop=2)],
    )
    d = RuleGrader(graph).grade("Who founded the lens maker of Vessary?", route, [page], hop=2)
    r1, r2 = d.assessments
    assert r1.bridge_entities[:1] == ["Corvane Optics"] and r1.evidence_chunk_ids == ["optics#0"]
    assert r2.status == "supported" and r2.bridge_entities[:1] == ["Ida Marsh"]


def _race_route(answer: str) -> RouteDecision:
    """Who won the Vell Cup (open), then the club whose rower that is (open, of the kind `answer`)."""
    return RouteDecision(
        route="multi_hop", shape="bridge", first_query="", reason="",
        requirements=[EvidenceRequirement(id="R1", description="", entities=["Vell Cup"], relation="win",
                                          answer="person"),
                      EvidenceRequirement(id="R2", description="", entities=["{R1}"], relation="club rower",
                                          depends_on="R1", answer=answer)],
        plan=[SubQuery(text="Vell Cup win", requirement_id="R1", hop=1),
              SubQuery(text="{R1} club rower", requirement_id="R2", depends_on="R1", hop=2)],
    )


def test_an_open_step_may_be_read_from_another_sentence_of_the_chunk_before_when_its_name_is_of_the_asked_kind():
    text = ("Ada Brook won the Vell Cup on Sunday with a late surge. Brook, a student from Tamsel who rows for the "
            "Lorn Rowing Club, took the lead in the last hundred metres.")
    report = SearchHit(chunk_id="race#0", doc_id="race", title="Brook takes the cup", text=text)
    ents = {0: Entity(entity_id=0, name="Ada Brook", type="PERSON", doc_freq=1),
            1: Entity(entity_id=1, name="Vell Cup", type="EVENT", doc_freq=1),
            2: Entity(entity_id=2, name="Lorn Rowing Club", type="ORG", doc_freq=1),
            3: Entity(entity_id=3, name="Tamsel", type="GPE", doc_freq=1)}
    graph = KnowledgeGraph.from_parts(ents, [], [(i, "race#0") for i in ents], [], {"race#0": "Brook takes the cup"})
    d = RuleGrader(graph).grade("Which club does the rower who won the Vell Cup row for?", _race_route("org"),
                                [report], hop=2)
    r1, r2 = d.assessments
    assert r1.bridge_entities[:1] == ["Ada Brook"]
    assert r2.status == "supported" and r2.bridge_entities[:1] == ["Lorn Rowing Club"]
    # without a kind the question's grammar gives, the chunk that bound the step before states nothing more
    d = RuleGrader(graph).grade("q", _race_route(""), [report], hop=2)
    assert d.assessments[1].status == "missing"
