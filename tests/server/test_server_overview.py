"""The explorer's start page data (hopgraph/server/overview.py) and suggestion ranking, on invented graphs."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.models import Entity, Relation
from hopgraph.server.lookup import kind_neighborhood, suggest
from hopgraph.server.overview import example_questions, overview


def _kg(entities: list[tuple[int, str, str]], relations: list[tuple[int, str, int]]) -> KnowledgeGraph:
    ents = {i: Entity(entity_id=i, name=n, type=t, aliases=[n], doc_freq=1) for i, n, t in entities}
    rels = [Relation(source_id=s, predicate=p, target_id=t, chunk_id=f"c{k}", sentence=f"s{k}.")
            for k, (s, p, t) in enumerate(relations)]
    return KnowledgeGraph.from_parts(ents, rels, [(s, f"c{k}") for k, (s, _, _) in enumerate(relations)], [])


WORLD = _kg(
    [(1, "Ilse Varga", "PERSON"), (2, "The Copper Lantern", "WORK_OF_ART"), (3, "Osk", "GPE"), (4, "Pell Works", "ORG"),
     (5, "Bram Toller", "PERSON"), (6, "4 May 1911", "DATE"), (7, "2 June 1920", "DATE"), (8, "Varnholt", "GPE"),
     (9, "Varga", "PERSON")],
    [(1, "direct", 2), (1, "born in", 3), (5, "founder", 4), (4, "headquartered in", 8), (1, "born on", 6),
     (5, "born on", 7), (3, "born in", 8), (8, "produce", 3)],
)


def test_examples_are_built_from_the_stores_own_relations() -> None:
    examples = example_questions(WORLD)
    assert examples[:2] == ["Where was the director of The Copper Lantern born?", "When was the founder of Pell Works born?"]
    assert "Who was born first, Ilse Varga or Bram Toller?" in examples
    assert len(examples) <= 4 and len(set(examples)) == len(examples)
    joined = " ".join(examples)
    assert "Where was Osk born?" not in joined  # a place is not born (person facts only about people)
    assert "producer of Osk" not in joined  # a place is not a produced work


def test_examples_of_a_graph_without_typed_relations_are_empty() -> None:
    assert example_questions(_kg([(1, "A b", "PERSON"), (2, "C d", "ORG")], [])) == []


def test_overview_counts_types_and_top_entities_without_dates() -> None:
    o = overview(WORLD, {"documents": 7, "chunks": 9})
    assert (o.documents, o.chunks, o.entities, o.relations, o.typed_relations) == (7, 9, 9, 8, 8)
    assert o.types[0].type == "PERSON" and o.types[0].count == 3
    assert o.top_entities[0].name in ("Ilse Varga", "Osk")
    assert all(e.type != "DATE" for e in o.top_entities)
    assert o.examples == example_questions(WORLD)


def test_suggestions_rank_full_names_above_fragments() -> None:
    names = [s.name for s in suggest(WORLD, "varga")]
    assert names == ["Ilse Varga", "Varga"]  # "Varga" starts with the query but is a piece of the full name
    assert [s.name for s in suggest(WORLD, "varn")] == ["Varnholt"]
    place = _kg([(1, "Osk", "GPE"), (2, "Osk Museum", "ORG"), (3, "Ilse Varga", "PERSON")],
                [(3, "born in", 1), (2, "located in", 1), (3, "visit", 1)])
    assert [s.name for s in suggest(place, "osk")] == ["Osk", "Osk Museum"]  # a well-connected place stays first


def test_neighborhood_reports_how_many_entities_the_cap_left_out() -> None:
    hood = kind_neighborhood(WORLD, 1, hops=2, max_nodes=3)
    assert len(hood.nodes) == 3 and hood.total_nodes > 3
