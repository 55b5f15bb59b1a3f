"""The in-memory knowledge graph, built once from the store.

Nodes are entity ids; edges are relations (typed and co-occurrence), relation i being edge i. The
relations are kept as columns (relation_table.py) and the edges of each node in CSR arrays
(adjacency.py); side tables map entities to the chunks that mention them, chunks to their entities,
names/aliases to entity ids and entities to the chunks about them (csr_sets.py). All of them are arrays
(arrays.py) that a build saves in the store's database (graph_files.py), so a store of a hundred thousand
passages (a million relations) opens by reading them; a store without them computes them from one read
of each table. Entity and relation models, and each side table's sets, are made when first looked at.
`from_parts` makes the same graph from models (tests, small graphs).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property

import networkx as nx
import numpy as np

from hopgraph.gc_pause import collector_paused
from hopgraph.graph.adjacency import Adjacency
from hopgraph.graph.arrays import GraphArrays
from hopgraph.graph.csr_sets import CsrSets
from hopgraph.graph.entity_table import EntityTable
from hopgraph.graph.relation_table import RelationTable, Sentences
from hopgraph.graph.variants import VariantIndex
from hopgraph.indexing.normalize import normalize, strip_disambiguator
from hopgraph.models import Entity, Relation
from hopgraph.store import Store


#: Side tables with more members than this in all stay `CsrSets` (sets made on first access); a smaller graph
#: (about 30k passages and below) makes its dicts of sets at load, a fraction of a second.
LAZY_MEMBERS = 400_000
#: Share of chunks titled by one of their entities above which the corpus is read as pages about entities.
PAGED_CORPUS = 0.5


@dataclass
class KnowledgeGraph:
    entities: Mapping[int, Entity]
    relations: RelationTable
    adjacency: Adjacency
    entity_chunks: Mapping[int, set[str]]
    chunk_entities: Mapping[str, set[int]]
    alias_index: Mapping[str, set[int]]
    relations_by_chunk: Mapping[str, list[int]] = field(default_factory=dict)
    # the passages *about* an entity: its title matches, or it is named first in the chunk
    home_chunks: Mapping[int, set[str]] = field(default_factory=dict)
    # share of titled chunks whose title names an entity of the chunk: near 1 for encyclopedic pages titled
    # by their subject, near 0 for news, minutes and notes titled by a headline
    titled_share: float = 0.0
    # the words some document writes in lower case: a word never written so is a name ("varrow" typed for
    # "Varrow Catering"); empty when unknown
    lower_words: frozenset[str] = frozenset()
    _namesakes: dict[int, set[int]] = field(default_factory=dict, repr=False)

    @property
    def paged(self) -> bool:
        """The corpus reads as pages about its entities (titled by their subject), not headlines and notes."""
        return self.titled_share >= PAGED_CORPUS

    @classmethod
    def from_store(cls, store: Store) -> KnowledgeGraph:
        """The graph of a store: from the arrays saved with it (graph/graph_files.py), else computed from its rows
        (a store built before they were saved, or whose saved arrays belong to another build). The collector is
        off meanwhile: its passes over the millions of rows and sets being made cost as much as making them."""
        from hopgraph.graph import graph_files
        from hopgraph.graph.arrays import graph_arrays

        with collector_paused():
            entities = EntityTable(store.entity_rows())
            g = graph_files.load(store)
            if g is None:
                g = graph_arrays(store, entities)
            kg = cls.from_arrays(entities, g)
        kg.lower_words = store.lower_case_words()
        return kg

    @classmethod
    def from_arrays(cls, entities: EntityTable, g: GraphArrays) -> KnowledgeGraph:
        """The graph of the arrays `graph_arrays` computed: the side tables as `CsrSets`, whose sets are made
        when first asked for."""
        a, chunks = g.arrays, g.strings["chunks"]
        sentences = Sentences(a["sentence_code"], a["sentence_offsets"], a["sentence_bytes"])
        table = RelationTable.from_columns(a, g.strings["kinds"], g.strings["relation_chunks"],
                                           g.strings["predicates"], sentences)
        adjacency = Adjacency.from_arrays(a["node_ids"], a["out_ptr"], a["out_keys"], a["in_ptr"], a["in_keys"])
        sides: list[Mapping] = [
            CsrSets(a["entity_chunks_keys"].tolist(), a["entity_chunks_ptr"], a["entity_chunks_values"], chunks),
            CsrSets([chunks[c] for c in a["chunk_entities_keys"].tolist()], a["chunk_entities_ptr"],
                    a["chunk_entities_values"]),
            CsrSets(g.strings["alias_keys"], a["alias_ptr"], a["alias_values"]),
            CsrSets(a["home_keys"].tolist(), a["home_ptr"], a["home_values"], chunks)]
        if sum(len(s.codes) for s in sides) <= LAZY_MEMBERS:  # type: ignore[attr-defined]
            sides = [s.as_dict() for s in sides]  # type: ignore[attr-defined]
        entity_chunks, chunk_entities, alias_index, home = sides
        return cls(entities, table, adjacency, entity_chunks, chunk_entities, alias_index, table.by_chunk(), home,
                   float(g.meta.get("titled_share", 0.0)))

    @classmethod
    def from_parts(
        cls,
        entities: Mapping[int, Entity],
        relations: Iterable[Relation] | RelationTable,
        mentions: Iterable[tuple[int, str] | tuple[int, str, int]],
        aliases: list[tuple[str, int]],
        chunk_titles: dict[str, str] | None = None,
    ) -> KnowledgeGraph:
        table = relations if isinstance(relations, RelationTable) else RelationTable.from_relations(relations)
        adjacency = Adjacency(entities, table.source, table.target)
        entity_chunks: dict[int, set[str]] = defaultdict(set)
        chunk_entities: dict[str, set[int]] = defaultdict(set)
        for m in mentions:  # a repeated pair changes nothing
            eid, cid = m[0], m[1]
            entity_chunks[eid].add(cid)
            chunk_entities[cid].add(eid)
        alias_index: dict[str, set[int]] = defaultdict(set)
        for alias, eid in aliases:
            alias_index[alias].add(eid)
        for eid, name in entity_names(entities):
            alias_index[normalize(name)].add(eid)
            base = strip_disambiguator(name)
            if base != name:  # "Dan Quillet (director)" is also found as "Dan Quillet"
                alias_index[normalize(base)].add(eid)
        home: dict[int, set[str]] = defaultdict(set)
        for cid, title in (chunk_titles or {}).items():
            for eid in alias_index.get(normalize(title), ()) if title else ():
                if cid in entity_chunks.get(eid, ()):
                    home[eid].add(cid)
        titled = [cid for cid, title in (chunk_titles or {}).items() if title]
        paged = {cid for cids in home.values() for cid in cids}
        share = len(paged) / len(titled) if titled else 0.0
        return cls(entities, table, adjacency, dict(entity_chunks), dict(chunk_entities), dict(alias_index),
                   table.by_chunk(), dict(home), share)

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
    def without_class_word(self) -> dict[str, set[int]]:
        """Names and aliases without the class word that ends them ("hollin harbour primary" -> "Hollin Harbour
        Primary School", "pennock stores" -> "Pennock Stores Ltd"): how a search box names them. Only names of
        three or more words, so two words remain."""
        out: dict[str, set[int]] = defaultdict(set)
        for key, ids in self.alias_index.items():
            words = key.split(" ")
            if len(words) >= 3 and words[-1] in NAME_CLASS_WORDS:
                out[" ".join(words[:-1])] |= ids
        return dict(out)

    @cached_property
    def by_first_word(self) -> dict[str, set[int]]:
        """The first word of names and aliases of two or more words -> their entities ("coastlink" -> "Coastlink
        Airways"): how a search box names a firm in one word."""
        out: dict[str, set[int]] = defaultdict(set)
        for key, ids in self.alias_index.items():
            first, _, rest = key.partition(" ")
            if rest:
                out[first] |= ids
        return dict(out)

    @cached_property
    def variant_index(self) -> VariantIndex:
        """Names of the entities that have a passage about them (home chunks)."""
        return VariantIndex(dict(entity_names(self.entities, self.home_chunks)))

    def edge_keys(self, eid: int, kind: str | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(relation indices, other entities) of every edge touching `eid`: the edges out of it, then the edges
        into it (in the order adjacency.py gives)."""
        t = self.relations
        out_keys, in_keys = self.adjacency.out_edges(eid), self.adjacency.in_edges(eid)
        if kind is not None:
            code = t.kind_names.index(kind) if kind in t.kind_names else -1
            out_keys, in_keys = out_keys[t.kind_code[out_keys] == code], in_keys[t.kind_code[in_keys] == code]
        return np.concatenate([out_keys, in_keys]), np.concatenate([t.target[out_keys], t.source[in_keys]])

    def edges_of(self, eid: int, kind: str | None = None) -> list[tuple[int, Relation, int]]:
        """(relation index, relation, other entity) for every edge touching `eid`, as `edge_keys` orders them."""
        keys, others = self.edge_keys(eid, kind)
        return [(i, self.relations[i], other) for i, other in zip(keys.tolist(), others.tolist())]

    def degree(self, eid: int) -> int:
        return self.adjacency.degree(eid)

    def chunks_of(self, eid: int) -> set[str]:
        return self.entity_chunks.get(eid, set())

    @cached_property
    def undirected(self) -> nx.Graph:
        """A simple undirected view (one edge per entity pair, keyed by its first typed relation, else its
        first relation) for path finding; built once, on first use."""
        with collector_paused():
            return self._undirected()

    def _undirected(self) -> nx.Graph:
        t = self.relations
        best: dict[tuple[int, int], int] = {}  # pairs in order of their first relation
        for i, (a, b, typed) in enumerate(zip(t.source.tolist(), t.target.tolist(), t.typed.tolist())):
            if a == b:
                continue
            pair = (a, b) if a < b else (b, a)
            prev = best.get(pair)
            if prev is None or (typed and not t.typed[prev]):
                best[pair] = i
        ug = nx.Graph()
        ug.add_nodes_from(self.entities)
        ug.add_nodes_from(_first_seen(t.source.tolist(), t.target.tolist()))
        ug.add_edges_from((a, b, {"key": i}) for (a, b), i in best.items())
        return ug


#: Words that end a name by saying what kind of thing it is, and that people leave out when they type it.
NAME_CLASS_WORDS = frozenset(
    "school college academy university ltd limited plc inc llc company group club hotel trust foundation society "
    "festival museum hospital church station institute centre center restaurant bakery brewery distillery "
    "gallery theatre theater library studio studios records press".split())


def entity_names(entities: Mapping[int, Entity], ids: Iterable[int] | None = None) -> Iterator[tuple[int, str]]:
    """(id, name) of every entity (or of those of `ids` that are entities), without building the models of an
    `EntityTable`."""
    ids = entities if ids is None else (eid for eid in ids if eid in entities)
    if isinstance(entities, EntityTable):
        return ((eid, entities.name(eid)) for eid in ids)
    return ((eid, entities[eid].name) for eid in ids)


def _first_seen(sources: list[int], targets: list[int]) -> dict[int, None]:
    """The edge ends in the order networkx met them (source, then target, edge by edge)."""
    return dict.fromkeys(x for pair in zip(sources, targets) for x in pair)
