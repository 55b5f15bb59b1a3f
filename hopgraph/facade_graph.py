"""HopGraph's knowledge graph explored by entity name: one entity's details, its neighbourhood and the evidence
paths between two, each entity named by name, alias or id (`hopgraph.facade.HopGraph` has these methods; its
module docstring shows them in use).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from hopgraph.errors import UserError

if TYPE_CHECKING:
    from hopgraph.models import EvidencePath, Neighborhood
    from hopgraph.server.schemas import EntityDetail


class GraphByName:
    """The graph methods of `HopGraph`, which it inherits: they read its `store` and its loaded `graph`."""

    @cached_property
    def has_graph(self) -> bool:
        """Whether the store holds a knowledge graph (not indexed with --no-graph, and some entity found)."""
        return self.store.count("entities") > 0

    def require_graph(self) -> None:
        """A UserError saying why there is no graph, when there is none."""
        if self.has_graph:
            return
        root = self.store.root
        if self.store.meta().get("spacy_model", None) == "":
            raise UserError(f"store {root} has no knowledge graph: it was indexed with --no-graph "
                            f"(re-index without it, or use -p hybrid)")
        raise UserError(f"store {root} has no knowledge graph: extraction found no entity in the corpus")

    def entity_id(self, name: str | int) -> int:
        """The id of an entity named by name, alias or id; a UserError naming the closest names otherwise."""
        from hopgraph.graph.paths import closest_names, find_entity

        self.require_graph()
        kg = self.graph
        if isinstance(name, int):
            if name not in kg.entities:
                raise UserError(f"no entity with id {name}")
            return name
        eid = find_entity(kg, name)
        if eid is None and name.strip().isdigit() and int(name) in kg.entities:
            eid = int(name)  # an id given as text ("42"), when no entity is named so
        if eid is None:
            suggestions = ", ".join(closest_names(kg, name)) or "none"
            raise UserError(f"no entity named {name!r}; closest: {suggestions}")
        return eid

    def entity(self, name: str | int) -> EntityDetail:
        """One entity: aliases, type, degree, every relation (typed first, with its sentence) and mention."""
        from hopgraph.server.lookup import entity_detail

        return entity_detail(self.graph, self.store, self.entity_id(name))

    def neighbors(self, name: str | int, hops: int = 1, predicate: str | None = None, max_nodes: int = 150) -> Neighborhood:
        """Entities within `hops` (1-3) of an entity and the edges among them (closest, best connected first)."""
        from hopgraph.graph.paths import neighborhood

        if not 1 <= hops <= 3:
            raise UserError(f"hops must be between 1 and 3 (got {hops})")
        return neighborhood(self.graph, self.entity_id(name), hops, predicate, max_nodes)

    def path(self, source: str | int, target: str | int, max_hops: int = 3, limit: int = 5) -> list[EvidencePath]:
        """The shortest evidence paths between two entities; each edge carries its sentence and chunk id."""
        from hopgraph.graph.paths import evidence_paths

        if max_hops < 1:
            raise UserError(f"max_hops must be at least 1 (got {max_hops})")
        return evidence_paths(self.graph, self.entity_id(source), self.entity_id(target), max_hops, limit)
