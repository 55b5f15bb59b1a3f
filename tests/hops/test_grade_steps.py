"""The grader on a step that depends on an earlier one: where its evidence may come from (the chunk that named
the bridge, when the graph read the step's fact there) and where its bridge may not lead (back to where the step
before started). Hand-made graphs of invented news and company documents."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.grade import RuleGrader
from hopgraph.models import Entity, Relation, SearchHit
from tests.hops.test_grade import bridge_route, open_bridge_route


NEWS = {"news#0": ("Quist film wins the Rell prize", "The Glass Lantern, directed by Mara Quist, won the Rell prize.\n"
                                                      "The 41-year-old, who was born in Dunmere, thanked her crew.")}


def _news_kg(born_edge: bool) -> KnowledgeGraph:
    entities = {i: Entity(entity_id=i, name=n, type=t, doc_freq=1) for i, (n, t) in enumerate([
        ("Mara Quist", "PERSON"), ("The Glass Lantern", "WORK_OF_ART"), ("Dunmere", "GPE")])}
    relations = [Relation(source_id=0, predicate="direct", target_id=1, chunk_id="news#0",
                          sentence="The Glass Lantern, directed by Mara Quist")]
    if born_edge:
        relations.append(Relation(source_id=0, predicate="born in", target_id=2, chunk_id="news#0",
                                  sentence="The 41-year-old, who was born in Dunmere"))
    mentions = [(0, "news#0"), (1, "news#0"), (2, "news#0")]
    return KnowledgeGraph.from_parts(entities, relations, mentions, [], {"news#0": NEWS["news#0"][0]})


def test_one_article_may_state_both_hops_when_the_graph_read_the_second_there():
    hit = [SearchHit(chunk_id="news#0", doc_id="news", title=NEWS["news#0"][0], text=NEWS["news#0"][1])]
    route = bridge_route(anchor="The Glass Lantern")
    r1, r2 = RuleGrader(_news_kg(born_edge=True)).grade("q", route, hit, hop=2).assessments
    assert r1.bridge_entities[0] == "Mara Quist"
    assert r2.status == "supported" and r2.evidence_chunk_ids == ["news#0"] and r2.bridge_entities[0] == "Dunmere"
    # without the graph's edge, the chunk that named the bridge is no evidence of the bridge's own fact
    r2 = RuleGrader(_news_kg(born_edge=False)).grade("q", route, hit, hop=2).assessments[1]
    assert r2.status == "missing"


def test_a_step_never_leads_straight_back_to_where_the_step_before_started():
    text = "Corvane Optics has appointed Ida Marsh as chief executive. She worked at Lorn Glass for ten years."
    entities = {i: Entity(entity_id=i, name=n, type=t, doc_freq=1) for i, (n, t) in enumerate([
        ("Corvane Optics", "ORG"), ("Ida Marsh", "PERSON"), ("Lorn Glass", "ORG")])}
    relations = [Relation(source_id=1, predicate="role: chief executive", target_id=0, chunk_id="c#0"),
                 Relation(source_id=1, predicate="work", target_id=0, chunk_id="c#0"),
                 Relation(source_id=1, predicate="work", target_id=2, chunk_id="c#0")]
    graph = KnowledgeGraph.from_parts(entities, relations, [(0, "c#0"), (1, "c#0"), (2, "c#0")], [],
                                      {"c#0": "Optics firm names a chief"})
    hit = [SearchHit(chunk_id="c#0", doc_id="c", title="Optics firm names a chief", text=text)]
    r1, r2 = RuleGrader(graph).grade("q", bridge_route("Corvane Optics", "leader", "employer"), hit, hop=2).assessments
    assert r1.bridge_entities[0] == "Ida Marsh"
    assert r2.status == "supported" and "Corvane Optics" not in r2.bridge_entities and r2.bridge_entities[0] == "Lorn Glass"


REPORTS = {
    "ida#0": ("Ida Marsh", "Ida Marsh left the observatory in 2015 to start Corvane Optics, a maker of lenses."),
    "corvane#0": ("Corvane Optics", "Corvane Optics is a maker of lenses based in Lorn."),
    "report#0": ("Annual report 2021", "Corvane Optics sold 40,000 lenses this year. Its finance director, Ansel Pell, "
                                       "retires in May."),
}


def _report_grade(route_ids: tuple[str, str], relation: str, report_is_about_it: bool):
    entities = {i: Entity(entity_id=i, name=n, type=t, doc_freq=1) for i, (n, t) in enumerate([
        ("Ida Marsh", "PERSON"), ("Corvane Optics", "ORG"), ("Ansel Pell", "PERSON"), ("Lorn", "GPE")])}
    mentions = [(0, "ida#0"), (1, "ida#0"), (1, "corvane#0"), (3, "corvane#0"), (1, "report#0"), (2, "report#0")]
    graph = KnowledgeGraph.from_parts(entities, [], mentions, [], {c: t for c, (t, _) in REPORTS.items()})
    if report_is_about_it:  # what the build reads of a chunk opening with a name: the report is about the firm
        graph.home_chunks[1].add("report#0")
    route = open_bridge_route("Ida Marsh", relation)
    for req, new_id in zip(route.requirements, route_ids):
        req.id = new_id
    route.requirements[1].depends_on = route_ids[0]
    evidence = [SearchHit(chunk_id=c, doc_id=c.split("#")[0], title=t, text=x) for c, (t, x) in REPORTS.items()]
    return RuleGrader(graph).grade("Who is the finance director of the firm Ida Marsh started?", route, evidence,
                                   hop=2).assessments[1]


def test_after_an_open_bridge_a_report_about_the_bridge_states_its_facts():
    r2 = _report_grade(("R1", "R2"), "finance director", report_is_about_it=True)
    assert r2.status == "supported" and r2.evidence_chunk_ids == ["report#0"] and r2.bridge_entities[0] == "Ansel Pell"
    # a report the graph does not read as about the bridge is another page: a guessed bridge's fact needs its own
    assert _report_grade(("R1", "R2"), "finance director", report_is_about_it=False).status == "missing"
    # the generic bridge search's guesses, and the loose words of a question no relation explains, are not trusted so
    assert _report_grade(("G1", "G2"), "finance director", report_is_about_it=True).status == "missing"
    assert _report_grade(("R1", "R2"), "finance director retires", report_is_about_it=True).status == "missing"
