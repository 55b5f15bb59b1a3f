"""The rule-based grader on a hand-made knowledge graph: binding, bridges, verdicts."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.grade import RuleGrader, fill
from hopgraph.models import Entity, EvidenceRequirement, Relation, RouteDecision, SearchHit, SubQuery

DOCS = {
    "film#0": ("The Glass Harbor", "The Glass Harbor is a 1994 drama film. It was directed by Oskar Brandt and produced by Saltmoor Studios."),
    "oskar#0": ("Oskar Brandt", "Oskar Brandt (born 11 September 1944) is a film director. He was born in Tamsel and studied in Lorn."),
    "tamsel#0": ("Tamsel", "Tamsel is a town founded in 1803 on the Vell river."),
    "review#0": ("Review", "Critics praised The Glass Harbor for its camera work."),
    "ida#0": ("Ida Marsh", "Ida Marsh founded Corvane Optics in 1988. She was the daughter of Corvin Marsh, a clockmaker."),
    "nograph#0": ("Winter at Calloway", "Winter at Calloway is a 2001 film directed by Petra Lund."),
}
ENTITIES = {i: Entity(entity_id=i, name=n, type=t, doc_freq=1) for i, (n, t) in enumerate([
    ("Oskar Brandt", "PERSON"), ("The Glass Harbor", "WORK_OF_ART"), ("Tamsel", "GPE"), ("Saltmoor Studios", "ORG"),
    ("11 September 1944", "DATE"), ("Ida Marsh", "PERSON"), ("Corvin Marsh", "PERSON"), ("Corvane Optics", "ORG"),
])}
RELATIONS = [
    Relation(source_id=0, predicate="direct", target_id=1, chunk_id="film#0", sentence="It was directed by Oskar Brandt"),
    Relation(source_id=3, predicate="produce", target_id=1, chunk_id="film#0"),
    Relation(source_id=0, predicate="born in", target_id=2, chunk_id="oskar#0", sentence="He was born in Tamsel"),
    Relation(source_id=0, predicate="born on", target_id=4, chunk_id="oskar#0"),
    Relation(source_id=5, predicate="daughter", target_id=6, chunk_id="ida#0"),
    Relation(source_id=5, predicate="found", target_id=7, chunk_id="ida#0"),
]
MENTIONS = [(1, "film#0"), (0, "film#0"), (3, "film#0"), (0, "oskar#0"), (2, "oskar#0"), (4, "oskar#0"),
            (2, "tamsel#0"), (1, "review#0"), (5, "ida#0"), (6, "ida#0"), (7, "ida#0")]


def kg() -> KnowledgeGraph:
    titles = {cid: title for cid, (title, _) in DOCS.items()}
    return KnowledgeGraph.from_parts(ENTITIES, RELATIONS, MENTIONS, [("brandt", 0), ("glass harbour", 1)], titles)


def hits(*ids: str) -> list[SearchHit]:
    return [SearchHit(chunk_id=c, doc_id=c.split("#")[0], title=DOCS[c][0], text=DOCS[c][1]) for c in ids]


def bridge_route(anchor: str = "The Glass Harbor", rel1: str = "director", rel2: str = "born_place") -> RouteDecision:
    return RouteDecision(
        route="multi_hop", shape="bridge", first_query="", reason="",
        requirements=[EvidenceRequirement(id="R1", description="", entities=[anchor], relation=rel1),
                      EvidenceRequirement(id="R2", description="", entities=["{R1}"], relation=rel2, depends_on="R1")],
        plan=[SubQuery(text=f"{rel1} of {anchor}", requirement_id="R1", hop=1),
              SubQuery(text="{R1} " + rel2, requirement_id="R2", depends_on="R1", hop=2)],
    )


def open_bridge_route(anchor: str, relation: str) -> RouteDecision:
    """An open bridge from `anchor`, then `relation` of the bridge."""
    return RouteDecision(
        route="multi_hop", shape="bridge", first_query="", reason="", anchors=[anchor],
        requirements=[EvidenceRequirement(id="R1", description="", entities=[anchor], relation="open_bridge"),
                      EvidenceRequirement(id="R2", description="", entities=["{R1}"], relation=relation,
                                          depends_on="R1")],
        plan=[SubQuery(text="q", requirement_id="R1", hop=1),
              SubQuery(text="{R1} " + relation, requirement_id="R2", depends_on="R1", hop=2)],
    )


def test_binds_real_chunk_ids_and_pulls_the_bridge_from_a_graph_edge():
    d = RuleGrader(kg()).grade("q", bridge_route(), hits("review#0", "film#0", "oskar#0"), hop=2)
    r1, r2 = d.assessments
    assert r1.status == "supported" and r1.evidence_chunk_ids == ["film#0"]  # the review names the film but not its director
    assert r1.bridge_entities[0] == "Oskar Brandt"
    assert r2.status == "supported" and r2.evidence_chunk_ids == ["oskar#0"] and r2.entity == "Oskar Brandt"
    assert r2.bridge_entities[0] == "Tamsel"  # graph edge "born in", not the birth date
    assert d.verdict == "complete"


def test_continue_after_first_hop_with_next_query_filled():
    d = RuleGrader(kg()).grade("q", bridge_route(), hits("film#0", "review#0"), hop=1)
    assert d.verdict == "continue"
    assert d.next_requirement_id == "R2"
    assert d.next_query == "Oskar Brandt born_place"


def test_never_complete_while_a_requirement_is_missing():
    d = RuleGrader(kg()).grade("q", bridge_route(), hits("film#0", "review#0"), hop=2)
    assert d.verdict == "insufficient"
    assert [a.status for a in d.assessments] == ["supported", "missing"]
    assert d.next_requirement_id == "R2"
    # the film page names Oskar Brandt, but it is R1's evidence: R2 needs another chunk
    assert d.failure_reason.startswith("entity_missing")


def test_relation_missing_when_entity_named_without_the_relation():
    d = RuleGrader().grade("q", bridge_route(), hits("review#0"), hop=1)  # no graph: no open reading either
    assert d.verdict == "insufficient"
    assert d.assessments[0].failure_reason.startswith("relation_missing")
    assert d.assessments[1].failure_reason.startswith("dependency_missing")


def test_unreadable_first_bridge_falls_back_to_the_open_reading_of_the_top_chunks():
    question = "Where was the director of The Glass Harbor born?"
    route = bridge_route(rel1="composer")  # the film page states no composer
    d = RuleGrader(kg()).grade(question, route, hits("film#0", "review#0"), hop=1)
    r1 = d.assessments[0]
    assert r1.status == "supported" and r1.evidence_sentence.startswith("open reading")
    assert r1.bridge_entities[0] == "Oskar Brandt"  # named after "directed", a question word; has a page
    assert d.verdict == "continue" and d.next_query == "Oskar Brandt born_place"
    d2 = RuleGrader(kg()).grade(question, route, hits("film#0", "review#0", "oskar#0"), hop=2)
    assert d2.assessments[1].status == "supported" and d2.assessments[1].evidence_chunk_ids == ["oskar#0"]
    # a guessed bridge is a weak binding: the run goes on, never "complete"
    assert d2.verdict == "continue" and "R1 was guessed" in d2.reason


def test_alias_lookup_links_a_differently_spelled_entity():
    d = RuleGrader(kg()).grade("q", bridge_route(anchor="Glass Harbour"), hits("film#0", "oskar#0"), hop=2)
    assert d.assessments[0].status == "supported" and d.assessments[0].bridge_entities[0] == "Oskar Brandt"


def test_date_relation_needs_a_date_and_reads_it():
    d = RuleGrader(kg()).grade("q", bridge_route(rel2="born_date"), hits("film#0", "oskar#0"), hop=2)
    assert d.assessments[1].bridge_entities[0] == "11 September 1944"
    assert d.verdict == "complete"


def test_kinship_direction_from_graph_edge():
    route = bridge_route(anchor="Ida Marsh", rel1="father", rel2="born_place")
    d = RuleGrader(kg()).grade("q", route, hits("ida#0"), hop=1)
    assert d.assessments[0].bridge_entities[0] == "Corvin Marsh"  # (Ida, daughter, Corvin): Corvin is the parent


def test_text_fallback_without_graph_entities():
    route = bridge_route(anchor="Winter at Calloway")
    d = RuleGrader(kg()).grade("q", route, hits("nograph#0"), hop=1)
    assert d.assessments[0].status == "supported"
    assert d.assessments[0].bridge_entities[0] == "Petra Lund"
    assert "directed by Petra Lund" in d.assessments[0].evidence_sentence


def test_works_without_any_graph():
    d = RuleGrader(None).grade("q", bridge_route(), hits("film#0", "oskar#0"), hop=2)
    assert d.verdict == "complete"
    assert d.assessments[0].bridge_entities[0] == "Oskar Brandt"
    assert d.assessments[1].bridge_entities[0] == "Tamsel"


def test_comparison_requirements_each_bound():
    route = RouteDecision(route="multi_hop", shape="comparison", first_query="", reason="", requirements=[
        EvidenceRequirement(id="R1", description="", entities=["The Glass Harbor"], relation="release_date"),
        EvidenceRequirement(id="R2", description="", entities=["Winter at Calloway"], relation="release_date")],
        plan=[SubQuery(text="a", requirement_id="R1", hop=1), SubQuery(text="b", requirement_id="R2", hop=1)])
    d = RuleGrader(kg()).grade("q", route, hits("film#0"), hop=1)
    assert d.verdict == "insufficient" and d.next_requirement_id == "R2"
    d = RuleGrader(kg()).grade("q", route, hits("film#0", "nograph#0"), hop=1)
    assert d.verdict == "complete"
    assert [a.evidence_chunk_ids for a in d.assessments] == [["film#0"], ["nograph#0"]]
    assert [a.bridge_entities[0] for a in d.assessments] == ["1994", "2001"]


def test_fill_replaces_placeholders_only_when_known():
    d = RuleGrader(kg()).grade("q", bridge_route(), hits("film#0"), hop=1)
    assert fill("born {R1}", d.assessments) == "born Oskar Brandt"
    assert fill("x {R2}", d.assessments) == "x {R2}"


def test_free_relation_bridges_with_their_own_page_come_first():
    docs = {"x#0": ("Quiet Film", "Quiet Film was directed by Greta Lund with Oskar Brandt as co-writer.")}
    ents = {0: Entity(entity_id=0, name="Greta Lund"), 1: Entity(entity_id=1, name="Oskar Brandt"), 2: Entity(entity_id=2, name="Quiet Film")}
    g = KnowledgeGraph.from_parts(ents, [], [(0, "x#0"), (1, "x#0"), (2, "x#0"), (1, "oskar#0")], [],
                                  {"x#0": "Quiet Film", "oskar#0": "Oskar Brandt"})
    ev = [SearchHit(chunk_id="x#0", doc_id="x", title="Quiet Film", text=docs["x#0"][1])]
    free = bridge_route(anchor="Quiet Film", rel1="directed work", rel2="born_place")
    assert RuleGrader(g).grade("q", free, ev, 1).assessments[0].bridge_entities[:2] == ["Oskar Brandt", "Greta Lund"]
    assert RuleGrader(None).grade("q", free, ev, 1).assessments[0].bridge_entities[:2] == ["Greta Lund", "Oskar Brandt"]
    typed = bridge_route(anchor="Quiet Film")  # a known relation: nearest after "directed" wins
    assert RuleGrader(g).grade("q", typed, ev, 1).assessments[0].bridge_entities[0] == "Greta Lund"


def test_a_name_read_with_its_of_phrase_is_cut_to_the_name_that_has_a_page():
    from hopgraph.hops.chunk_view import ChunkView
    from hopgraph.hops.bridge_order import page_name

    view = ChunkView(hits("film#0")[0], kg())
    assert page_name("Oskar Brandt of Saltmoor Studios", view) == "Oskar Brandt"  # only "Oskar Brandt" has a page
    assert page_name("Corvin Marsh of Lorn", view) == "Corvin Marsh of Lorn"  # no page for the shorter name either


# ---------------------------------------------------------------- honest "complete"


def test_bridges_are_ordered_by_the_graph_type_of_the_answer():
    from hopgraph.hops.chunk_view import ChunkView
    from hopgraph.hops.bridge_order import by_type

    view = ChunkView(hits("film#0")[0], kg())
    assert by_type(["Saltmoor Studios", "Tamsel"], "born_place", view) == ["Tamsel", "Saltmoor Studios"]
    assert by_type(["Tamsel", "Oskar Brandt"], "director", view) == ["Oskar Brandt", "Tamsel"]
    assert by_type(["Tamsel", "Oskar Brandt"], "some free words", view) == ["Tamsel", "Oskar Brandt"]
    assert by_type(["Tamsel", "Oskar Brandt"], "father", view) == ["Oskar Brandt", "Tamsel"]  # kin: a place last


def test_an_open_relation_ranks_bridges_by_the_answer_kind_its_clause_gave():
    from hopgraph.hops.chunk_view import ChunkView
    from hopgraph.hops.bridge_order import by_type

    view = ChunkView(hits("film#0")[0], kg())
    assert by_type(["Tamsel", "Oskar Brandt"], "win", view, answer="person") == ["Oskar Brandt", "Tamsel"]
    assert by_type(["Oskar Brandt", "Tamsel"], "fight", view, answer="place") == ["Tamsel", "Oskar Brandt"]


def test_the_open_reading_of_an_unreadable_first_bridge_puts_the_asked_kind_first():
    question = "Where is the company that financed The Glass Harbor based?"
    route = bridge_route(rel1="company financed", rel2="country")
    d = RuleGrader(kg()).grade(question, route, hits("film#0", "review#0"), hop=1)
    plain = d.assessments[0].bridge_entities
    route.requirements[0].answer = "org"
    d = RuleGrader(kg()).grade(question, route, hits("film#0", "review#0"), hop=1)
    r1 = d.assessments[0]
    assert r1.evidence_sentence.startswith("open reading") and "Saltmoor Studios" in plain
    assert r1.bridge_entities[0] == "Saltmoor Studios" and sorted(r1.bridge_entities) == sorted(plain)


def test_the_open_reading_of_a_named_entitys_relation_reads_only_chunks_naming_it():
    # "the company that financed Ida Marsh": no chunk states it; the chunks naming other entities say nothing of her
    question = "Where is the company that financed Ida Marsh based?"
    route = bridge_route(anchor="Ida Marsh", rel1="company financed", rel2="country")
    r1 = RuleGrader(kg()).grade(question, route, hits("film#0", "oskar#0", "ida#0"), hop=1).assessments[0]
    assert r1.status == "supported" and r1.evidence_chunk_ids == ["ida#0"]
    assert "Saltmoor Studios" not in r1.bridge_entities and "Corvane Optics" in r1.bridge_entities
    none = RuleGrader(kg()).grade(question, route, hits("film#0", "oskar#0"), hop=1).assessments[0]
    assert none.status == "missing"  # no chunk names her: nothing to read


def test_a_sentence_naming_the_asked_post_says_it():
    from hopgraph.hops.grade import says_post

    assert says_post("Ada Brook is the chairman and CEO of Tollen Mills.", "chairman")
    assert not says_post("Tollen Mills was headed by Cy Dunn, its co-chairs said.", "chairman")
    assert says_post("Tollen Mills was headed by Cy Dunn.", "")  # no post asked: any leader
    assert says_post("Ada Brook, chief executive of Tollen Mills, said.", "ceo")  # the post written out
    assert says_post("Cy Dunn, CEO of Tollen Mills, said.", "chief executive")  # and abbreviated
    assert says_post("The board, chaired by Ida Marsh, met.", "chairman") is False  # a verb is no post's name
    assert says_post("Ida Marsh, chairwoman of Tollen Mills.", "chair")
    assert not says_post("Ida Marsh, chair of Tollen Mills.", "ceo")


def test_after_an_open_bridge_a_graph_edge_states_the_fact_off_the_bridges_own_page():
    docs = dict(DOCS, **{
        "corvane#0": ("Corvane Optics", "Corvane Optics is a maker of lenses based in Lorn."),
        "pell#0": ("Ansel Pell", "Ansel Pell is the chairman of Corvane Optics."),
        "lorn#0": ("Lorn", "Lorn is a port town. Corvane Optics opened a shop in Lorn."),
    })
    entities = {**ENTITIES, 8: Entity(entity_id=8, name="Ansel Pell", type="PERSON", doc_freq=1),
                9: Entity(entity_id=9, name="Lorn", type="GPE", doc_freq=1)}
    relations = RELATIONS + [Relation(source_id=8, predicate="role: chairman", target_id=7, chunk_id="pell#0",
                                      sentence="Ansel Pell is the chairman of Corvane Optics.")]
    mentions = MENTIONS + [(7, "corvane#0"), (9, "corvane#0"), (8, "pell#0"), (7, "pell#0"), (9, "lorn#0"), (7, "lorn#0")]
    graph = KnowledgeGraph.from_parts(entities, relations, mentions, [], {c: t for c, (t, _) in docs.items()})
    route = open_bridge_route("Ida Marsh", "leader")

    def grade(*ids: str):
        evidence = [SearchHit(chunk_id=c, doc_id=c.split("#")[0], title=docs[c][0], text=docs[c][1]) for c in ids]
        return RuleGrader(graph).grade("Who chairs the company Ida Marsh set up?", route, evidence, hop=2)

    r2 = grade("ida#0", "corvane#0", "pell#0").assessments[1]
    assert r2.status == "supported" and r2.evidence_chunk_ids == ["pell#0"] and r2.bridge_entities[0] == "Ansel Pell"
    # without a graph edge another page's words do not bind the fact of a guessed bridge
    assert grade("ida#0", "corvane#0", "lorn#0").assessments[1].status == "missing"


def test_where_a_thing_lies_puts_countries_last_when_a_part_of_one_is_asked():
    from hopgraph.hops.chunk_view import ChunkView
    from hopgraph.hops.bridge_order import by_type

    view = ChunkView(hits("tamsel#0")[0], kg())
    assert by_type(["France", "Tamsel"], "country", view, answer="county") == ["Tamsel", "France"]
    assert by_type(["France", "Tamsel"], "country", view) == ["France", "Tamsel"]


def test_an_open_relation_is_stated_without_its_answers_class_noun():
    from hopgraph.hops.grade import stated_words

    def req(relation, noun=""):
        return EvidenceRequirement(id="R1", description="", relation=relation, noun=noun)

    assert stated_words(req("company acquired", "company")) == "acquired"
    assert stated_words(req("firms acquired", "firm")) == "acquired"  # one class
    assert stated_words(req("company acquired")) == "company acquired"  # no class noun given
    assert stated_words(req("company", "company")) == "company"  # nothing else to state
    assert stated_words(req("founder", "company")) == "founder"  # a relation of the vocabulary


def test_an_open_relation_whose_bridges_are_all_of_another_kind_names_none():
    from hopgraph.hops.bridge_order import all_wrong_kind
    from hopgraph.models import EvidenceRequirement

    class Typed:  # a chunk view whose graph types every name a person
        def type_fit(self, name, answer):
            return -1 if answer == "org" else 1

    req = EvidenceRequirement(id="R1", description="", relation="sponsor", answer="org", noun="club")
    assert all_wrong_kind(["Ned Brill"], req, [Typed()])
    assert not all_wrong_kind(["Ned Brill"], req.model_copy(update={"answer": "person"}), [Typed()])
    assert not all_wrong_kind(["Ned Brill"], req.model_copy(update={"relation": "leader"}), [Typed()])
    assert not all_wrong_kind([], req, [Typed()])


def test_an_open_bridge_puts_the_candidate_a_follow_up_search_bears_out_first():
    route = RouteDecision(
        route="multi_hop", shape="bridge", first_query="", reason="", anchors=["The Glass Harbor"],
        requirements=[EvidenceRequirement(id="G1", description="", entities=["The Glass Harbor"], relation="open_bridge"),
                      EvidenceRequirement(id="G2", description="", entities=["{G1}"], relation="born town",
                                          depends_on="G1")],
        plan=[SubQuery(text="q", requirement_id="G1", hop=1),
              SubQuery(text="{G1} born town", requirement_id="G2", depends_on="G1", hop=2)])
    question = "In which town was the man behind The Glass Harbor born?"
    plain = RuleGrader(kg()).grade(question, route, hits("film#0"), hop=1).assessments[0].bridge_entities
    assert len(plain) >= 2
    second = plain[1]
    page = SearchHit(chunk_id="bio#0", doc_id="bio", title="", text=f"{second} was born in a small town.")
    searched = RuleGrader(kg(), search=lambda text, k: [page] if text.startswith(second) else [])
    assert searched.grade(question, route, hits("film#0"), hop=1).assessments[0].bridge_entities[0] == second


def test_a_date_is_found_only_when_one_is_read():
    undated = SearchHit(chunk_id="bake#0", doc_id="bake", title="Business news",
                        text="Corran Bakeries has been sold. Founder Ada Corran will step down as chairman.")
    dated = SearchHit(chunk_id="haul#0", doc_id="haul", title="Job advert",
                      text="Tesk Haulage is a family-owned haulage company founded in 1979.")
    route = RouteDecision(
        route="multi_hop", shape="comparison", first_query="", reason="", anchors=["Corran Bakeries", "Tesk Haulage"],
        requirements=[EvidenceRequirement(id="R1", description="", entities=["Corran Bakeries"], relation="release_date"),
                      EvidenceRequirement(id="R2", description="", entities=["Tesk Haulage"], relation="release_date")],
        plan=[SubQuery(text="Corran Bakeries release date", requirement_id="R1", hop=1),
              SubQuery(text="Tesk Haulage release date", requirement_id="R2", hop=1)])
    entities = {0: Entity(entity_id=0, name="Corran Bakeries", type="ORG", doc_freq=1),
                1: Entity(entity_id=1, name="Ada Corran", type="PERSON", doc_freq=1),
                2: Entity(entity_id=2, name="Tesk Haulage", type="ORG", doc_freq=1)}
    founding = Relation(source_id=1, predicate="found", target_id=0, chunk_id="bake#0",
                        sentence="Founder Ada Corran will step down as chairman.")  # a founder, no founding date
    graph = KnowledgeGraph.from_parts(entities, [founding], [(0, "bake#0"), (1, "bake#0"), (2, "haul#0")], [],
                                      {"bake#0": "Business news", "haul#0": "Job advert"})
    d = RuleGrader(graph).grade("Which was founded first, Corran Bakeries or Tesk Haulage?", route, [undated, dated], hop=1)
    r1, r2 = d.assessments
    assert r2.status == "supported" and r2.bridge_entities[0] == "1979"
    assert r1.status == "missing" and "no date" in r1.failure_reason  # "Founder A will step down" dates nothing
    assert d.verdict != "complete"


def test_the_open_reading_of_a_known_relation_puts_names_of_its_answer_kind_first():
    question = "Where was the successor of the producer of The Glass Harbor born?"
    route = bridge_route(rel1="successor")  # the chunk states no succession: the top chunks are read openly
    film = SearchHit(chunk_id="credits#0", doc_id="credits", title="Credits",
                     text="The Glass Harbor was produced by Saltmoor Studios and directed by Oskar Brandt.")
    r1 = RuleGrader(kg()).grade(question, route, [film] + hits("review#0"), hop=1).assessments[0]
    assert r1.evidence_sentence.startswith("open reading") and "Saltmoor Studios" in r1.bridge_entities
    assert r1.bridge_entities.index("Oskar Brandt") < r1.bridge_entities.index("Saltmoor Studios")  # a studio
    # succeeds nobody


def test_the_first_holder_asked_for_prefers_the_sentence_that_says_first():
    from hopgraph.hops.grade import asks_first_holder

    docs = {"news#0": ("Local news", "Cy Dunn was elected chair of Tamsel Rowing Trust at its meeting in 2019."),
            "notice#0": ("Notice", "Tamsel Rowing Trust has named Ada Brook as its first chair.")}
    names = [("Tamsel Rowing Trust", "ORG"), ("Cy Dunn", "PERSON"), ("Ada Brook", "PERSON")]
    entities = {i: Entity(entity_id=i, name=n, type=t, doc_freq=1) for i, (n, t) in enumerate(names)}
    graph = KnowledgeGraph.from_parts(entities, [], [(0, "news#0"), (1, "news#0"), (0, "notice#0"), (2, "notice#0")],
                                      [], {c: t for c, (t, _) in docs.items()})
    leader = EvidenceRequirement(id="R1", description="chair of Tamsel Rowing Trust", entities=["Tamsel Rowing Trust"],
                                 relation="leader", post="chair")
    route = RouteDecision(route="multi_hop", shape="bridge", first_query="q", reason="test", requirements=[
        leader, EvidenceRequirement(id="R2", description="occupation of {R1}", entities=["{R1}"], relation="occupation",
                                    depends_on="R1")])
    evidence = [SearchHit(chunk_id=c, doc_id=c.split("#")[0], title=docs[c][0], text=docs[c][1]) for c in docs]

    def first_bridge(question: str) -> str:
        return RuleGrader(graph).grade(question, route, evidence, hop=1).assessments[0].bridge_entities[0]

    assert first_bridge("What does the first chair of Tamsel Rowing Trust do for a living?") == "Ada Brook"
    assert first_bridge("What does the chair of Tamsel Rowing Trust do for a living?") == "Cy Dunn"
    assert asks_first_holder("Who was its founding chair?", leader)
    assert not asks_first_holder("Who chaired it first?", leader)  # an order of events, not the first holder


def test_no_open_reading_when_the_top_chunks_name_only_a_wrong_kind_of_answer():
    question = "Where was the successor of The Glass Harbor born?"  # a successor is someone; with its director
    route = bridge_route(rel1="successor")  # typed as a body, the film page names no one
    bodies = {i: e.model_copy(update={"type": "ORG"}) if e.name == "Oskar Brandt" else e for i, e in ENTITIES.items()}
    graph = KnowledgeGraph.from_parts(bodies, RELATIONS, MENTIONS, [], {c: t for c, (t, _) in DOCS.items()})
    d = RuleGrader(graph).grade(question, route, hits("film#0", "review#0"), hop=1)
    assert d.assessments[0].status == "missing"  # no guess of a body as the successor to go on from
    d = RuleGrader(kg()).grade(question, route, hits("film#0", "review#0"), hop=1)
    assert d.assessments[0].evidence_sentence.startswith("open reading")  # a person named: the guess stands
