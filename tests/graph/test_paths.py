"""Evidence paths, neighbourhoods and name lookup (graph/paths.py) on the hand-made graph."""

from __future__ import annotations

import pytest

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.paths import closest_names, evidence_paths, find_entity, neighborhood
from kg_fixtures import small_kg


@pytest.fixture(scope="module")
def kg() -> KnowledgeGraph:
    return small_kg()


def test_shortest_path_with_sentences(kg: KnowledgeGraph) -> None:
    [path] = evidence_paths(kg, 1, 2, max_hops=3)
    assert path.entities == ["The Glass Harbor", "Oskar Brandt", "Tamsel"]
    first, second = path.edges
    assert (first.source, first.predicate, first.target, first.chunk_id) == ("Oskar Brandt", "direct", "The Glass Harbor", "film#0")
    assert first.sentence == "Oskar Brandt directed The Glass Harbor."
    # Oskar-Tamsel has a co-occurrence (listed first) and a typed edge: the typed one is used
    assert (second.predicate, second.kind, second.chunk_id) == ("born in", "typed", "oskar#0")


def test_max_hops_is_respected(kg: KnowledgeGraph) -> None:
    assert evidence_paths(kg, 1, 2, max_hops=1) == []
    assert evidence_paths(kg, 1, 3, max_hops=2) == []
    [path] = evidence_paths(kg, 1, 3, max_hops=3)
    assert path.entities == ["The Glass Harbor", "Oskar Brandt", "Tamsel", "Kestrel Bay"]
    assert [e.kind for e in path.edges] == ["typed", "typed", "cooccur"]


def test_no_path_is_empty(kg: KnowledgeGraph) -> None:
    assert evidence_paths(kg, 1, 6, max_hops=4) == []  # Glass is isolated
    assert evidence_paths(kg, 1, 99) == []  # unknown entity


def test_neighborhood_nodes_and_edges(kg: KnowledgeGraph) -> None:
    hood = neighborhood(kg, 0, hops=1)
    assert hood.center == 0
    # center first, then by distance, higher degree first (Tamsel 3 > The Glass Harbor 2)
    assert [(n.id, n.distance) for n in hood.nodes] == [(0, 0), (2, 1), (1, 1)]
    assert [n.degree for n in hood.nodes] == [3, 3, 2]
    assert [e.id for e in hood.edges] == [0, 1, 4]  # only edges among kept nodes


def test_neighborhood_two_hops_and_predicate_filter(kg: KnowledgeGraph) -> None:
    hood = neighborhood(kg, 1, hops=2)
    assert {(n.id, n.distance) for n in hood.nodes} == {(1, 0), (0, 1), (5, 1), (2, 2)}
    assert [e.id for e in hood.edges] == [0, 1, 3, 4]
    born = neighborhood(kg, 0, hops=2, predicate="born")
    assert [n.id for n in born.nodes] == [0, 2]
    assert [(e.predicate, e.chunk_id) for e in born.edges] == [("born in", "oskar#0")]


def test_neighborhood_is_capped(kg: KnowledgeGraph) -> None:
    hood = neighborhood(kg, 1, hops=3, max_nodes=2)
    assert [n.id for n in hood.nodes] == [1, 0]


def test_find_entity_prefers_the_most_mentioned(kg: KnowledgeGraph) -> None:
    assert find_entity(kg, "the glass harbor") == 1
    assert find_entity(kg, "Brandt") == 0  # Oskar (3 documents) over Greta (1)
    assert find_entity(kg, "Nobody") is None


def test_closest_names(kg: KnowledgeGraph) -> None:
    names = closest_names(kg, "Oskar Brant", n=3)
    assert names[0] == "Oskar Brandt" and len(names) == 3
