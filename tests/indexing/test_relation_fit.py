"""Typed relations fitted to the types of their ends (indexing/relation_fit.py; invented names)."""

from __future__ import annotations

from hopgraph.indexing.predicates import PLACE_NOUNS, ROLE
from hopgraph.indexing.relation_fit import fit_relations
from hopgraph.models import Relation, ResolvedGraph

TYPES = {0: "PERSON", 1: "ORG", 2: "GPE", 3: "GPE", 4: "WORK_OF_ART"}


def _fitted(*triples: tuple[int, str, int], kind: str = "typed") -> list[tuple[int, str, int]]:
    graph = ResolvedGraph(relations=[Relation(source_id=s, predicate=p, target_id=t, chunk_id="c#0", kind=kind)
                                     for s, p, t in triples])
    fit_relations(graph, TYPES)
    return [(r.source_id, r.predicate, r.target_id) for r in graph.relations]


def test_a_role_is_held_by_a_person_at_no_work_and_nothing_is_headquartered_in_a_person():
    assert _fitted((0, ROLE + "chair", 1)) == [(0, ROLE + "chair", 1)]
    assert _fitted((1, ROLE + "publisher", 1), (0, ROLE + "teacher", 4)) == []
    assert _fitted((1, "headquartered in", 0), (0, "headquartered in", 2)) == []
    assert _fitted((1, "headquartered in", 2)) == [(1, "headquartered in", 2)]


def test_a_position_noun_between_a_person_and_an_organisation_is_a_role_and_of_a_work_stays():
    assert _fitted((0, "director", 1)) == [(0, ROLE + "director", 1)]
    assert _fitted((0, "director", 4)) == [(0, "director", 4)]


def test_a_place_noun_between_two_places_is_located_in():
    noun = sorted(PLACE_NOUNS)[0]
    assert _fitted((2, noun, 3)) == [(2, "located in", 3)]


def test_co_occurrences_are_never_dropped():
    assert _fitted((1, ROLE + "publisher", 1), kind="cooccur") == [(1, ROLE + "publisher", 1)]
