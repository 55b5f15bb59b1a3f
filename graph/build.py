"""The in-memory knowledge graph, built once from the store.

Nodes are entity ids; edges are relations (typed and co-occurrence) kept in a
networkx MultiDiGraph with the relation index as the edge key. Side tables map
entities to the chunks that mention them and names/aliases to entity ids.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

import networkx as nx

from hopgraph.graph.variants import VariantIndex
from hopgraph.indexing.normalize import normalize, strip_disambiguator
from hopgraph.models import Entity, Relation
from hopgraph.store import Store


@dataclass
class KnowledgeGraph:
    entities: dict[int, Entity]
    relations: list[Relation]
    graph: nx.MultiDiGraph
    entity_chunks: dict[int, set[str]]
    chunk_entities: dict[str, set[int]]
    alias_index: dict[str, set[int]]
    relations_by_chunk: dict[str, list[int]] = field(default_factory=dict)
    # the passages *about* an entity: its title matches, or it is named first in the chunk
    home_chunks: dict[int, set[str]] = field(default_factory=dict)
    # share of titled chunks whose title names an entity of the chunk: near 1 for encyclopedic pages titled
    # by their subject, near 0 for news, minutes and notes titled by a headline
    titled_share: float = 0.0
    _namesakes: dict[int, set[int]] = field(default_factory=dict, repr=False)

    @classmethod
    def from_store(cls, store: Store) -> KnowledgeGraph:
        entities = {e.entity_id: e for e in store.all_entities()}
        relations = store.all_relations()
        chunk_titles = store.chunk_titles()
        kg = cls.from_parts(entities, relations, store.all_mentions(), store.aliases(), chunk_titles)
        for eid, cid in store.lead_mentions():
            kg.home_chunks.setdefault(eid, set()).add(cid)
        return kg

    @classmethod
    def from_parts(
        cls,
        entities: dict[int, Entity],
        relations: list[Relation],
        mentions: list[tuple[int, str]],
        aliases: list[tuple[str, int]],
        chunk_titles: dict[str, str] | None = None,
    ) -> KnowledgeGraph:
        g = nx.MultiDiGraph()
        g.add_nodes_from(entities)
        by_chunk: dict[str, list[int]] = defaultdict(list)
        for i, r in enumerate(relations):
            g.add_edge(r.source_id, r.target_id, key=i)
            by_chunk[r.chunk_id].append(i)
        entity_chunks: dict[int, set[str]] = defaultdict(set)
        chunk_entities: dict[str, set[int]] = defaultdict(set)
        for eid, cid in mentions:
            entity_chunks[eid].add(cid)
            chunk_entities[cid].add(eid)
        alias_index: dict[str, set[int]] = defaultdict(set)
        for alias, eid in aliases:
            alias_index[alias].add(eid)
        for eid, e in entities.items():
            alias_index[normalize(e.name)].add(eid)
            base = strip_disambiguator(e.name)
            if base != e.name:  # "Dan Quillet (director)" is also found as "Dan Quillet"
                alias_index[normalize(base)].add(eid)
        home: dict[int, set[str]] = defaultdict(set)
        for cid, title in (chunk_titles or {}).items():
            for eid in alias_index.get(normalize(title), ()) if title else ():
                if cid in entity_chunks.get(eid, ()):
                    home[eid].add(cid)
        titled = [cid for cid, title in (chunk_titles or {}).items() if title]
        paged = {cid for cids in home.values() for cid in cids}
        share = len(paged) / len(titled) if titled else 0.0
        return cls(entities, relations, g, dict(entity_chunks), dict(chunk_entities), dict(alias_index), dict(by_chunk),
                   dict(home), share)

    # ------------------------------------------------------------ lookups
    def lookup(self, name: str) -> set[int]:
        """Entity ids whose name or alias normalises to the same form as `name`."""
        return set(self.alias_index.get(normalize(name), ()))

    def namesakes(self, eid: int) -> set[int]:
        """Entities that may be this one under another name (itself included): same name ("Dan Quillet"
        and the passage titled "Dan Quillet (director)") or a fuller name of an entity that has a passage
        ("T. Edmund Varrow" -> "Tobias Edmund Varrow"). Resolution never merges them across documents
        without evidence, so traversal treats them as candidates instead."""
        cached = self._namesakes.get(eid)
        if cached is None:
            e = self.entities.get(eid)
            cached = self.lookup(e.name) | self.variant_index.fuller_names(e.name) | {eid} if e else {eid}
            self._namesakes[eid] = cached
        return cached

    @cached_property
    def chunk_topics(self) -> dict[str, set[int]]:
        """chunk id -> the entities the chunk is about (the inverse of `home_chunks`)."""
        out: dict[str, set[int]] = defaultdict(set)
        for eid, cids in self.home_chunks.items():
            for cid in cids:
                out[cid].add(eid)
        return dict(out)

    @cached_property
    def variant_index(self) -> VariantIndex:
        """Names of the entities that have a passage about them (home chunks)."""
        return VariantIndex({eid: self.entities[eid].name for eid in self.home_chunks if eid in self.entities})

    def edges_of(self, eid: int, kind: str | None = None) -> list[tuple[int, Relation, int]]:
        """(relation index, relation, other entity) for every edge touching `eid`, both directions."""
        out: list[tuple[int, Relation, int]] = []
        if eid not in self.graph:
            return out
        for _, tgt, key in self.graph.out_edges(eid, keys=True):
            r = self.relations[key]
            if kind is None or r.kind == kind:
                out.append((key, r, tgt))
        for src, _, key in self.graph.in_edges(eid, keys=True):
            r = self.relations[key]
            if kind is None or r.kind == kind:
                out.append((key, r, src))
        return out

    def degree(self, eid: int) -> int:
        return self.graph.degree(eid) if eid in self.graph else 0

    def chunks_of(self, eid: int) -> set[str]:
        return self.entity_chunks.get(eid, set())

    @cached_property
    def undirected(self) -> nx.Graph:
        """A simple undirected view (one edge per entity pair) for path finding; built once, on first use."""
        ug = nx.Graph()
        ug.add_nodes_from(self.graph.nodes)
        for i, r in enumerate(self.relations):
            if r.source_id == r.target_id:
                continue
            prev = ug.get_edge_data(r.source_id, r.target_id)
            if prev is None or (r.kind == "typed" and self.relations[prev["key"]].kind != "typed"):
                ug.add_edge(r.source_id, r.target_id, key=i)
        return ug
