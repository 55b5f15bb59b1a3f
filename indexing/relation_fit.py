"""Typed relations fitted to the types of their ends, once entities are resolved and typed (pure functions).

A relation the extractor read from the words alone may not fit what its ends turn out to be: a role held by a
publishing house, a person headquartered somewhere. Those are dropped; a position noun between a person and an
organisation becomes a role, and a place noun between two places "located in".
"""

from __future__ import annotations

from hopgraph.indexing.predicates import PLACE_NOUNS, ROLE
from hopgraph.models import Relation, ResolvedGraph


def fit_relations(graph: ResolvedGraph, types: dict[int, str]) -> None:
    """Keep the relations whose ends' types (`types`, by entity id) fit the predicate (`_types_fit`), as roles
    where they are (`_as_role`)."""
    graph.relations = [_as_place(_as_role(r, types), types) for r in graph.relations if r.kind != "typed" or _types_fit(
        r.predicate, types[r.source_id], types[r.target_id])]


_NOT_HOLDERS = frozenset("ORG GPE LOC FAC WORK_OF_ART EVENT PRODUCT NORP DATE".split())
_NOT_EMPLOYERS = frozenset("PERSON DATE WORK_OF_ART".split())


def _types_fit(predicate: str, subject_type: str, object_type: str) -> bool:
    """A role is held by a person (or an untyped name) at something that is no person, date or work: "X, the
    Tarrow publisher" is no role of the publishing house, "Y's class teacher" none at Y. What is headquartered
    somewhere is no person, and nothing is located in or headquartered in a person."""
    if predicate.startswith(ROLE):
        return subject_type not in _NOT_HOLDERS and object_type not in _NOT_EMPLOYERS
    if predicate in ("headquartered in", "located in"):
        return object_type != "PERSON" and (predicate == "located in" or subject_type != "PERSON")
    return True


#: Nouns of a person's position at an organisation that also name a work's maker ("the film's director").
_POSITION_OR_MAKER = frozenset(("publisher", "director", "producer"))


def _as_role(relation: Relation, types: dict[int, str]) -> Relation:
    """"X, publisher of Y" between a person and an organisation is a role ("role: publisher"); with a work as
    object the noun stays (the film's director)."""
    if relation.predicate in _POSITION_OR_MAKER and types[relation.source_id] == "PERSON" \
            and types[relation.target_id] == "ORG":
        return relation.model_copy(update={"predicate": ROLE + relation.predicate})
    return relation


_PLACE_TYPES = frozenset(("GPE", "LOC", "FAC"))


def _as_place(relation: Relation, types: dict[int, str]) -> Relation:
    """"X is the main river of Y" between two places is "located in" (NER may have read Y as no place)."""
    if relation.predicate in PLACE_NOUNS and types[relation.source_id] in _PLACE_TYPES \
            and types[relation.target_id] in _PLACE_TYPES:
        return relation.model_copy(update={"predicate": "located in"})
    return relation
