"""Traversal (graph/traverse.py) on the hand-made graph: exact scores from the documented formula.

score = seed confidence x product of edge relevances x DECAY**depth x place weight
(HOME 1.0, CARRIER 0.9, MENTION 0.35); relevance = predicate_relevance x rel_weight.
"""

from __future__ import annotations

import pytest

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.predicates import relation_terms
from hopgraph.graph.traverse import MAX_FANOUT, best_edges, neighbors, rel_weight, traverse_chunks
from kg_fixtures import small_kg

DIRECTOR_BORN = relation_terms("Where was the director of The Glass Harbor born?")
PRODUCED = relation_terms("Who produced The Glass Harbor?")


@pytest.fixture(scope="module")
def kg() -> KnowledgeGraph:
    return small_kg()


def ranking(scores: dict[str, float]) -> list[str]:
    return sorted(scores, key=lambda c: (-scores[c], c))


def test_bridge_question_exact_scores(kg: KnowledgeGraph) -> None:
    chunks, entities = traverse_chunks(kg, {1: 1.0}, DIRECTOR_BORN, max_hops=2)
    assert chunks == pytest.approx({
        "film#0": 1.0,            # home of the seed
        "studio#0": 0.35,         # seed mention (beats 1.0 * 0.4 * 0.8 = 0.32 via 'produce')
        "oskar#0": 0.8,           # home of Oskar: 1.0 (direct) * 0.8
        "tamsel#0": 0.512,        # home of Tamsel: 0.8 * 1.0 (born in) * 0.8**2
        "misc#0": 0.1152,         # carrier of the cooccur edge: 0.8 * 0.25 * 0.64 * 0.9
    })
    assert ranking(chunks) == ["film#0", "oskar#0", "tamsel#0", "studio#0", "misc#0"]
    assert entities == pytest.approx({1: 1.0, 0: 0.8, 5: 0.32, 2: 0.512})


def test_a_third_hop_reaches_further_with_a_cooccurrence_edge(kg: KnowledgeGraph) -> None:
    chunks, entities = traverse_chunks(kg, {1: 1.0}, DIRECTOR_BORN, max_hops=3)
    # Kestrel Bay: 0.512 (Tamsel) * 0.25 (cooccur) * 0.8**3
    assert chunks["kb#0"] == pytest.approx(0.065536)
    assert entities[3] == pytest.approx(0.065536)
    assert ranking(chunks)[-1] == "kb#0"
    assert "kb#0" not in traverse_chunks(kg, {1: 1.0}, DIRECTOR_BORN, max_hops=2)[0]


def test_question_words_decide_which_edge_is_followed(kg: KnowledgeGraph) -> None:
    chunks, _ = traverse_chunks(kg, {1: 1.0}, PRODUCED, max_hops=1)
    assert chunks == pytest.approx({
        "film#0": 1.0,
        "studio#0": 0.8,   # home of Saltmoor Studios via 'produce' (relevance 1.0) * 0.8
        "oskar#0": 0.32,   # home of Oskar via 'direct' (relevance 0.4) * 0.8
    })
    assert ranking(chunks) == ["film#0", "studio#0", "oskar#0"]


def test_seed_confidence_scales_everything(kg: KnowledgeGraph) -> None:
    full, _ = traverse_chunks(kg, {1: 1.0}, DIRECTOR_BORN, max_hops=2)
    half, _ = traverse_chunks(kg, {1: 0.5}, DIRECTOR_BORN, max_hops=2)
    assert half == pytest.approx({c: v / 2 for c, v in full.items()})


def test_two_seeds_keep_the_best_path(kg: KnowledgeGraph) -> None:
    chunks, _ = traverse_chunks(kg, {1: 1.0, 2: 0.9}, DIRECTOR_BORN, max_hops=1)
    assert chunks["tamsel#0"] == pytest.approx(0.9)  # its own home beats any path into it
    assert chunks["kb#0"] == pytest.approx(0.9 * 0.25 * 0.8)  # home of Tamsel's cooccur neighbour
    assert chunks["oskar#0"] == pytest.approx(0.8)


def test_no_seeds_no_scores(kg: KnowledgeGraph) -> None:
    assert traverse_chunks(kg, {}, DIRECTOR_BORN) == ({}, {})


def test_rel_weight() -> None:
    assert rel_weight(0.0) == 0.75 and rel_weight(1.0) == 1.0 and rel_weight(5.0) == 1.0


def test_neighbors_by_distance_and_predicate(kg: KnowledgeGraph) -> None:
    assert neighbors(kg, 1, hops=1) == {0: 1, 5: 1}
    assert neighbors(kg, 1, hops=2) == {0: 1, 5: 1, 2: 2}
    assert neighbors(kg, 1, hops=3) == {0: 1, 5: 1, 2: 2, 3: 3}
    assert neighbors(kg, 0, hops=2, predicate="BORN") == {2: 1}
    assert neighbors(kg, 0, hops=1, predicate="direct") == {1: 1}
    assert neighbors(kg, 6, hops=2) == {}


def test_entities_sharing_a_seed_home_chunk_are_weak_neighbours() -> None:
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.graph.traverse import CHUNK_MATE, DECAY, HOME, traverse_chunks
    from hopgraph.models import Entity

    entities = {0: Entity(entity_id=0, name="Lenna Film"), 1: Entity(entity_id=1, name="Ivo Brandell")}
    kg = KnowledgeGraph.from_parts(entities, [], [(0, "film#0"), (1, "film#0"), (1, "roy#0")], [],
                                   {"film#0": "Lenna Film", "roy#0": "Ivo Brandell"})
    chunks, reached = traverse_chunks(kg, {0: 1.0}, frozenset({"direct"}), max_hops=1)
    assert reached[1] == CHUNK_MATE * DECAY
    assert chunks["roy#0"] == CHUNK_MATE * DECAY * HOME
    assert chunks["film#0"] == 1.0


def test_best_edges_keeps_the_most_relevant_first_in_edge_order() -> None:
    """A hub with more edges than MAX_FANOUT: the relevant (typed, matching) edges come first, then
    equally relevant ones in the order the graph lists them, exactly as a stable sort would pick them."""
    from hopgraph.graph.predicates import predicate_relevance
    from hopgraph.models import Entity, Relation

    n = MAX_FANOUT + 15
    entities = {i: Entity(entity_id=i, name=f"Person {i}") for i in range(n + 1)}
    relations = [Relation(source_id=0, predicate="directed" if i % 9 == 0 else "met", target_id=i,
                          chunk_id=f"c{i}", kind="typed" if i % 4 else "cooccur", weight=(1 + i % 3) / 4)
                 for i in range(1, n + 1)]
    kg = KnowledgeGraph.from_parts(entities, relations, [], [])
    terms = relation_terms("Who directed it?")
    picked = best_edges(kg, 0, terms)
    scored = [(predicate_relevance(r.predicate, terms, r.kind) * rel_weight(r.weight), r, o) for _, r, o in kg.edges_of(0)]
    expected = sorted(scored, key=lambda t: -t[0])[:MAX_FANOUT]
    assert [(v, r.chunk_id, o) for v, r, o in picked] == [(v, r.chunk_id, o) for v, r, o in expected]
    assert picked[0][1].predicate == "directed" and len(picked) == MAX_FANOUT
    few = best_edges(kg, 5, terms)  # a leaf: its one edge, unsorted lists are fine below the fan-out
    assert [(r.chunk_id, o) for _, r, o in few] == [("c5", 0)]


def test_the_page_of_a_hub_the_path_reaches_counts_less_than_a_specific_entitys() -> None:
    from hopgraph.graph.traverse import HUB_HOME
    from hopgraph.models import Entity, Relation

    hub, town, station = 1, 2, 0
    n = 20 * MAX_FANOUT + 5  # the hub's other edges
    entities = {i: Entity(entity_id=i, name=f"Place {i}") for i in range(n + 3)}
    relations = [Relation(source_id=station, predicate="broadcasting in", target_id=hub, chunk_id="s#0"),
                 Relation(source_id=station, predicate="broadcasting in", target_id=town, chunk_id="s#0")]
    relations += [Relation(source_id=i, predicate="located in", target_id=hub, chunk_id=f"c{i}#0")
                  for i in range(3, n + 3)]
    titles = {"s#0": "Place 0", "hub#0": "Place 1", "town#0": "Place 2"}
    kg = KnowledgeGraph.from_parts(entities, relations, [(1, "hub#0"), (2, "town#0"), (0, "s#0")], [], titles)
    chunks, _ = traverse_chunks(kg, {station: 1.0}, relation_terms("Where does it broadcast?"), 1)
    assert chunks["hub#0"] == pytest.approx(HUB_HOME * chunks["town#0"])
    assert chunks["town#0"] > chunks["hub#0"] > 0
