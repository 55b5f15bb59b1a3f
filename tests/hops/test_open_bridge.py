"""Open bridges: the bridge entity is read from the top chunks of the whole-question hop."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.grade import RuleGrader
from hopgraph.hops.open_bridge import open_bridges
from hopgraph.models import Entity, Relation, SearchHit
from hopgraph.router.rules import RuleRouter
from hopgraph.router.vocab import OPEN_BRIDGE

QUESTION = "Mara Vell starred in a series that originally aired on what station?"
DOCS = {
    "mara#0": ("Mara Vell", "Mara Vell is an actress from Tamsel. She starred in Harbor Lights alongside Jon Pike."),
    "harbor#0": ("Harbor Lights", "Harbor Lights is a drama series that originally aired on KVL-TV from 2001 to 2004."),
    "pike#0": ("Jon Pike", "Jon Pike is an actor. He was born in Lorn."),
    "kvl#0": ("KVL-TV", "KVL-TV is a television station in Lorn."),
    "review#0": ("TV reviews", "Critics loved Harbor Lights, a series that originally aired on a small station."),
}
ENTITIES = {i: Entity(entity_id=i, name=n, type=t, doc_freq=1) for i, (n, t) in enumerate([
    ("Mara Vell", "PERSON"), ("Harbor Lights", "WORK_OF_ART"), ("Jon Pike", "PERSON"), ("KVL-TV", "ORG"),
    ("Tamsel", "GPE"), ("Lorn", "GPE"),
])}
RELATIONS = [Relation(source_id=0, predicate="star", target_id=1, chunk_id="mara#0", sentence="She starred in Harbor Lights")]
MENTIONS = [(1, "review#0"), (0, "mara#0"), (1, "mara#0"), (2, "mara#0"), (4, "mara#0"), (1, "harbor#0"), (3, "harbor#0"),
            (2, "pike#0"), (5, "pike#0"), (3, "kvl#0"), (5, "kvl#0")]


def kg() -> KnowledgeGraph:
    return KnowledgeGraph.from_parts(ENTITIES, RELATIONS, MENTIONS, [], {c: t for c, (t, _) in DOCS.items()})


def hits(*ids: str) -> list[SearchHit]:
    return [SearchHit(chunk_id=c, doc_id=c.split("#")[0], title=DOCS[c][0], text=DOCS[c][1]) for c in ids]


def test_router_plans_the_whole_question_then_the_bridge_with_the_rest_of_the_words():
    d = RuleRouter().route(QUESTION)
    assert d.shape == "bridge" and d.anchors == ["Mara Vell"]
    r1, r2 = d.requirements
    assert r1.relation == OPEN_BRIDGE and r2.depends_on == "R1" and r2.entities == ["{R1}"]
    first, second = d.plan
    assert first.text == QUESTION and first.source == "hybrid" and first.hop == 1  # no graph: hybrid retrieval
    assert RuleRouter(kg()).route(QUESTION).plan[0].source == "graph"
    assert second.text.startswith("{R1} ") and second.text.endswith("station")  # the answer's words are kept


def test_bridge_linked_to_the_anchor_by_a_graph_edge_ranks_first():
    views = [ChunkView(h, kg()) for h in hits("pike#0", "mara#0", "harbor#0")]
    found = open_bridges(QUESTION, ["Mara Vell"], views)
    names = [n for n, _ in found]
    assert names[0] == "Harbor Lights"
    assert found[0][1] == "mara#0"  # bound to the chunk that leads to it, not to its own page
    assert "Mara Vell" not in names  # names of the question are never bridges
    assert names.index("Jon Pike") > 0


def test_without_a_graph_the_anchors_sentence_and_question_words_decide():
    views = [ChunkView(h, None) for h in hits("mara#0", "pike#0")]
    names = [n for n, _ in open_bridges(QUESTION, ["Mara Vell"], views)]
    assert names[0] == "Harbor Lights"  # the sentence that names the anchor, and uses "starred"
    assert "Tamsel" in names and "Lorn" in names[names.index("Tamsel"):]  # Lorn is not near the anchor


def test_grader_reads_the_open_bridge_and_completes_on_the_bridge_page():
    route = RuleRouter().route(QUESTION)
    grader = RuleGrader(kg())
    d1 = grader.grade(QUESTION, route, hits("mara#0", "pike#0"), hop=1)
    assert d1.verdict == "continue"
    assert d1.assessments[0].bridge_entities[0] == "Harbor Lights"
    assert d1.next_query.startswith("Harbor Lights ")
    d2 = grader.grade(QUESTION, route, hits("mara#0", "pike#0", "harbor#0"), hop=2)
    assert all(a.status == "supported" for a in d2.assessments)
    assert d2.assessments[1].evidence_chunk_ids == ["harbor#0"]
    # an open bridge is a reading with low confidence: its evidence is bound but never called complete
    assert d2.verdict == "continue" and "confidence" in d2.reason


def test_after_an_open_bridge_the_fact_counts_only_on_the_bridges_own_page():
    route = RuleRouter().route(QUESTION)
    d = RuleGrader(kg()).grade(QUESTION, route, hits("mara#0", "review#0"), hop=2)
    assert d.assessments[0].bridge_entities[0] == "Harbor Lights"
    assert d.assessments[1].status == "missing"  # the review uses the question's words, but is not the series' page
    assert d.verdict == "insufficient"


def test_no_names_in_the_top_chunks_is_bridge_missing():
    route = RuleRouter().route(QUESTION)
    empty = [SearchHit(chunk_id="x#0", doc_id="x", title="", text="nothing here at all.")]
    d = RuleGrader(kg()).grade(QUESTION, route, empty, hop=1)
    assert d.verdict == "insufficient" and d.failure_reason.startswith("bridge_missing")


def test_a_fact_of_a_guessed_bridge_waits_for_its_own_query():
    route = RuleRouter().route(QUESTION)
    grader = RuleGrader(kg())
    early = grader.grade(QUESTION, route, hits("mara#0", "harbor#0"), hop=1)  # the series page came with hop 1
    assert early.verdict == "continue" and early.assessments[1].failure_reason.startswith("unconfirmed")
    later = grader.grade(QUESTION, route, hits("mara#0", "harbor#0"), hop=2)
    assert all(a.status == "supported" for a in later.assessments) and later.verdict == "continue"


def test_nationalities_and_anchor_variants_are_not_bridges():
    doc = SearchHit(chunk_id="m#0", doc_id="m", title="Mara Vell",
                    text="Mara Elise Vell is an American actress. She starred in Harbor Lights.")
    names = [n for n, _ in open_bridges(QUESTION, ["Mara Vell"], [ChunkView(doc, None)])]
    assert names == ["Harbor Lights"]


def test_a_demonym_with_a_page_is_still_no_bridge_where_it_is_an_adjective():
    graph = KnowledgeGraph.from_parts({0: Entity(entity_id=0, name="Veltish", type="GPE", doc_freq=1)}, [], [(0, "v#0")], [],
                                      {"v#0": "Veltish"})
    doc = SearchHit(chunk_id="m#0", doc_id="m", title="Mara Vell",
                    text="Mara Vell is a Veltish actress. She starred in Harbor Lights.")
    names = [n for n, _ in open_bridges(QUESTION, ["Mara Vell"], [ChunkView(doc, graph)])]
    assert names == ["Harbor Lights"]


def test_a_person_bridge_is_preferred_to_a_place_or_organisation_named_beside_it():
    from hopgraph.hops.bridge_kinds import kind_fit

    view = ChunkView(hits("mara#0")[0], kg())
    assert kind_fit(view, "Jon Pike", "person") == 1
    assert kind_fit(view, "Tamsel", "person") == -1 and kind_fit(view, "KVL-TV", "person") == -1
    assert kind_fit(view, "Tamsel", "place") == 1 and kind_fit(view, "Jon Pike", "place") == -1
    assert kind_fit(view, "Harbor Lights", "person") == 0 and kind_fit(view, "Jon Pike", "") == 0
    # the station follows the question's word "partner" and would win; "the partner of": a person
    text = SearchHit(chunk_id="x#0", doc_id="x", title="Mara Vell", text="Mara Vell partnered at KVL-TV with Jon Pike.")
    found = [n for n, _ in open_bridges("Which award did the partner of Mara Vell win?", ["Mara Vell"], [ChunkView(text, kg())])]
    assert found[:2] == ["Jon Pike", "KVL-TV"]
    found = [n for n, _ in open_bridges("Which award did Mara Vell win with a partner?", ["Mara Vell"], [ChunkView(text, kg())])]
    assert found[0] == "KVL-TV"  # no bridge noun before the anchor: the kind is unknown


def test_a_bridge_the_text_calls_by_the_questions_class_beats_a_character_named_beside_it():
    from hopgraph.hops.bridge_kinds import introduced_as

    docs = {
        "mara#0": ("Mara Vell", "Mara Vell is an actress. She starred as Tobin Reade in the television series Harbor Lights."),
        "reed#0": ("Tobin Reade", "Tobin Reade is a fictional character played by Mara Vell."),
    }
    ents = {0: Entity(entity_id=0, name="Mara Vell", type="PERSON"), 1: Entity(entity_id=1, name="Harbor Lights", type="WORK_OF_ART"),
            2: Entity(entity_id=2, name="Tobin Reade", type="PERSON")}
    g = KnowledgeGraph.from_parts(ents, [], [(0, "mara#0"), (1, "mara#0"), (2, "mara#0"), (2, "reed#0"), (0, "reed#0")], [],
                                  {c: t for c, (t, _) in docs.items()})
    views = [ChunkView(SearchHit(chunk_id=c, doc_id=c, title=t, text=x), g) for c, (t, x) in docs.items()]
    assert introduced_as(docs["mara#0"][1], "Harbor Lights", {"series"})
    assert open_bridges(QUESTION, ["Mara Vell"], views)[0][0] == "Harbor Lights"
    # without the class in the question the character with its own page, named twice, comes first
    assert open_bridges("Mara Vell starred in what?", ["Mara Vell"], views)[0][0] == "Tobin Reade"


def test_a_country_is_never_the_city_or_town_a_question_leads_through():
    doc = SearchHit(chunk_id="k#0", doc_id="k", title="KVL-TV",
                    text="KVL-TV is a television station in Veltmark licensed to serve Lorn, the largest town of the coast.")
    graph = KnowledgeGraph.from_parts({0: Entity(entity_id=0, name="KVL-TV", type="ORG"),
                                       1: Entity(entity_id=1, name="France", type="GPE"),
                                       2: Entity(entity_id=2, name="Lorn", type="GPE")}, [], [(0, "k#0")], [],
                                      {"k#0": "KVL-TV"})
    view = ChunkView(doc.model_copy(update={"text": doc.text.replace("Veltmark", "France")}), graph)
    q = "KVL-TV is licensed to serve a town; what is the harbour of that town called?"
    assert open_bridges(q, ["KVL-TV"], [view])[0][0] == "Lorn"
    assert open_bridges(q.replace("a town", "a place").replace("that town", "that place"), ["KVL-TV"], [view])[0][0] == "France"


def test_a_year_the_question_gives_picks_the_described_bridge():
    from hopgraph.hops.open_bridge import question_numbers

    q = "Who released the album that the fiddle player born in 1961 in Lorn was best known for?"
    assert question_numbers(q, ["Lorn"]) == ["1961"]
    docs = {"a#0": ("Ann Pike", "Ann Pike (born 1965, Lorn) is a fiddle player."),
            "b#0": ("Dee Penn", "Dee Penn (born in 1961 in Lorn) is a fiddle player, best known for her album Rain.")}
    views = [ChunkView(SearchHit(chunk_id=c, doc_id=c, title=t, text=x), None) for c, (t, x) in docs.items()]
    def order(question: str) -> list[str]:
        return [n for n, _ in open_bridges(question, ["Lorn"], views) if n in ("Ann Pike", "Dee Penn")]

    assert order(q) == ["Dee Penn", "Ann Pike"]
    assert order(q.replace(" in 1961", "")) == ["Ann Pike", "Dee Penn"]  # without the year the first chunk wins


def test_a_capitalised_common_word_is_no_bridge():
    # "West" opens a phrase but the chunks write "west" in lower case too; "1998 Vessary" is led by a number
    doc = SearchHit(chunk_id="m#0", doc_id="m", title="Mara Vell",
                    text="Mara Vell grew up in the west of Tamsel. West of the river she starred in Harbor Lights. "
                         "In 1998 Vessary Awards named her best newcomer.")
    names = [n for n, _ in open_bridges(QUESTION, ["Mara Vell"], [ChunkView(doc, None)])]
    assert "West" not in names and not any(n[:1].isdigit() for n in names)
    assert names[0] == "Harbor Lights"


def test_common_word_keeps_real_one_word_names():
    from hopgraph.hops.open_bridge import common_word

    lower = {"the", "west", "river", "governors"}
    assert common_word("West", lower) and common_word("Governor", lower)  # plural written in lower case
    assert not common_word("Tamsel", lower)
    assert common_word("1936 Harbor", lower) and not common_word("Harbor Lights", lower)


def test_a_year_before_a_name_is_its_edition_not_a_number_of_the_question():
    from hopgraph.hops.open_bridge import question_numbers

    assert question_numbers("Who won the 2019 Vellmark Prize after turning 30?", ["Vellmark Prize"]) == ["30"]


def test_a_heading_and_the_next_lines_first_word_are_no_name():
    doc = SearchHit(chunk_id="n#0", doc_id="n", title="Crew news",
                    text="Kestrel-Vell Crew - Team News, May 2020\nThank you, coach. Mara Vell starred in Harbor Lights.")
    names = [n for n, _ in open_bridges(QUESTION, ["Mara Vell"], [ChunkView(doc, None)])]
    assert not any("\n" in n or n.endswith("Thank") or n == "Thank" for n in names)


def test_the_anchors_own_page_under_a_longer_title_is_no_bridge():
    text = "\"It Was Us\" is a song written by Jon Pike, first released in 1957 by Mara Vell."
    page = SearchHit(chunk_id="song#0", doc_id="song", title="It Was Us (Mara Vell song)", text=text)
    found = [name for name, _ in open_bridges("Who sang It Was Us?", ["It Was Us"], [ChunkView(page, kg())])]
    assert "It Was Us (Mara Vell song)" not in found
    assert {"Jon Pike", "Mara Vell"} <= set(found)


def test_a_year_in_brackets_after_a_name_is_not_part_of_the_bridge():
    doc = SearchHit(chunk_id="vell#0", doc_id="vell", title="Ada Vell",
                    text="Ada Vell served as Minister of Works (1892) under Osric Dane (1850–1921), who led the cabinet.")
    names = [n for n, _ in open_bridges("Who led the cabinet when Ada Vell was Minister of Works?", ["Ada Vell"],
                                        [ChunkView(doc, None)])]
    assert "Osric Dane" in names
    assert not any("(" in n for n in names) and "Works" not in names  # the question's own words plus a year


def test_a_title_the_graph_has_no_entity_for_is_no_bridge():
    bulletin = SearchHit(chunk_id="review#0", doc_id="review", title="TV reviews",
                         text="Critics loved Harbor Lights, where Mara Vell starred.")
    names = [n for n, _ in open_bridges(QUESTION, ["Mara Vell"], [ChunkView(bulletin, kg())])]
    assert "TV reviews" not in names and "Harbor Lights" in names
    assert "TV reviews" in [n for n, _ in open_bridges(QUESTION, ["Mara Vell"], [ChunkView(bulletin, None)])]


def test_a_name_the_question_gives_is_no_bridge_with_a_rank_before_it():
    doc = SearchHit(chunk_id="p#0", doc_id="p", title="",
                    text="Captain Ines Marrow is leaving Kelvair to run flight operations at the Dunmore Air Ambulance.")
    question = "Ines Marrow left Kelvair for a charity. Who is its medical director?"
    names = [n for n, _ in open_bridges(question, ["Kelvair"], [ChunkView(doc, None)])]
    assert names[0] == "Dunmore Air Ambulance" and "Captain Ines Marrow" not in names


def test_a_weekday_is_no_bridge():
    doc = SearchHit(chunk_id="n#0", doc_id="n", title="Local news, May 2020",
                    text="Mara Vell starred in Harbor Lights on Saturday, and Jon Pike joined her on Sunday.")
    names = [n for n, _ in open_bridges(QUESTION, ["Mara Vell"], [ChunkView(doc, None)])]
    assert not {"Saturday", "Sunday"} & set(names) and "Harbor Lights" in names


def test_a_short_form_the_graph_resolves_to_the_anchor_is_the_anchor_not_a_bridge():
    """ "KVT" is the graph's alias of the anchor itself: going on from it would ask the question of its own
    subject again."""
    entities = {0: Entity(entity_id=0, name="Kessel Valley Trust", type="ORG", doc_freq=1),
                1: Entity(entity_id=1, name="Ada Brook", type="PERSON", doc_freq=1)}
    graph = KnowledgeGraph.from_parts(entities, [], [(0, "t#0"), (1, "t#0")], [("kvt", 0)], {"t#0": "Press release"})
    doc = SearchHit(chunk_id="t#0", doc_id="t", title="Press release",
                    text="Kessel Valley Trust has a new chair. At the annual meeting of KVT, members elected "
                         "Ada Brook.")
    names = [n for n, _ in open_bridges("Who did Kessel Valley Trust members elect as chair?", ["Kessel Valley Trust"],
                                        [ChunkView(doc, graph)])]
    assert "KVT" not in names and "Ada Brook" in names
