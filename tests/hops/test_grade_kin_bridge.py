"""A bridge whose next step asks for its kin must be a person (hops/grade.py; invented names)."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.grade import RuleGrader
from hopgraph.hops.honest_complete import OPEN_READING
from hopgraph.models import Entity, EvidenceRequirement, Relation, RouteDecision, SearchHit, SubQuery

DOCS = {
    "larder#0": ("Newsletter, 2012", "The Lorn Larder (founded 2009) and the Kessel Valley Trust came together in 2012."),
    "bakery#0": ("Local news, 2010", "The Tamsel Bakery was founded by Ilse Varn in 2004."),
}
ENTITIES = {i: Entity(entity_id=i, name=n, type=t, doc_freq=1) for i, (n, t) in enumerate([
    ("Lorn Larder", "ORG"), ("Kessel Valley Trust", "ORG"), ("Tamsel Bakery", "ORG"), ("Ilse Varn", "PERSON"),
])}
RELATIONS = [Relation(source_id=3, predicate="found", target_id=2, chunk_id="bakery#0",
                      sentence="The Tamsel Bakery was founded by Ilse Varn in 2004.")]
MENTIONS = [(0, "larder#0"), (1, "larder#0"), (2, "bakery#0"), (3, "bakery#0")]


def kg() -> KnowledgeGraph:
    aliases = [(e.name.lower(), i) for i, e in ENTITIES.items()]
    return KnowledgeGraph.from_parts(ENTITIES, RELATIONS, MENTIONS, aliases, {c: t for c, (t, _) in DOCS.items()})


def founder_then_sister(anchor: str) -> RouteDecision:
    return RouteDecision(
        route="multi_hop", shape="bridge", first_query="", reason="", anchors=[anchor],
        requirements=[EvidenceRequirement(id="R1", description="", entities=[anchor], relation="founder"),
                      EvidenceRequirement(id="R2", description="", entities=["{R1}"], relation="sibling",
                                          depends_on="R1")],
        plan=[SubQuery(text=f"founder of {anchor}", requirement_id="R1", hop=1),
              SubQuery(text="sibling of {R1}", requirement_id="R2", depends_on="R1", hop=2)],
    )


def hit(chunk_id: str) -> SearchHit:
    title, text = DOCS[chunk_id]
    return SearchHit(chunk_id=chunk_id, doc_id=chunk_id.split("#")[0], title=title, text=text)


def r1(decision):
    return next(a for a in decision.assessments if a.requirement_id == "R1")


def test_a_body_named_beside_a_founding_date_is_no_founder_whose_sister_is_asked():
    decision = RuleGrader(kg()).grade("Lorn Larder founder sister", founder_then_sister("Lorn Larder"), [hit("larder#0")], 1)
    a = r1(decision)
    # no stated founder: at most the open reading of the chunk, which never ends "complete"
    assert a.status == "missing" or a.evidence_sentence.startswith(OPEN_READING)
    assert decision.verdict != "complete"


def test_a_person_founder_is_still_the_bridge_to_her_kin():
    decision = RuleGrader(kg()).grade("Tamsel Bakery founder sister", founder_then_sister("Tamsel Bakery"), [hit("bakery#0")], 1)
    a = r1(decision)
    assert a.status == "supported" and a.bridge_entities[0] == "Ilse Varn"
    assert not a.evidence_sentence.startswith(OPEN_READING)
