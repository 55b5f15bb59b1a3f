"""Traversal: seeds -> neighbours -> chunks, scored without any model (pure over a KnowledgeGraph).

A chunk's traversal score is the best path reaching it:

    seed confidence x product of edge relevances x DECAY ** depth x place weight

where an edge's relevance comes from `predicate_relevance` (question relation
words vs the edge predicate), a chunk is reached either as a *home* chunk of a
reached entity (the passage about it: title match or the entity opens the
passage) with place weight 1.0, as the chunk that *carries* a traversed edge
(0.9), or as another chunk that mentions the entity (0.35, only for seeds and
for entities with no home chunk). Reaching an entity also reaches the home
chunks of its namesakes (same name, e.g. "Dan Quillet" and "Dan Quillet
(director)"), at NAMESAKE of the value.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.chunk_scores import ChunkScores
from hopgraph.graph.csr_sets import CsrSets
from hopgraph.graph.predicates import predicate_relevance
from hopgraph.models import Relation

DECAY = 0.8
HOME, CARRIER, MENTION = 1.0, 0.9, 0.35
CHUNK_MATE = 0.2  # relevance of an entity that shares a seed's home chunk without an edge
NAMESAKE = 0.9  # an entity with the same name as the one reached (possibly the same, unmerged)
HUB_HOME = 0.5  # a reached hub's own chunks count this much of a specific entity's
MAX_FANOUT = 60  # neighbours followed per entity (best edges first); hubs are not expanded further
ARRAY_OFFER = 32  # an entity's chunks offered in one numpy step from this many (a dict is faster below)


def neighbors(kg: KnowledgeGraph, entity_id: int, hops: int = 1, predicate: str | None = None) -> dict[int, int]:
    """Entities within `hops` edges of `entity_id` (either direction) -> their distance.

    With `predicate`, only edges whose predicate contains that text (case-insensitive) are followed.
    """
    wanted = predicate.lower() if predicate else None
    dist = {entity_id: 0}
    frontier = [entity_id]
    for depth in range(1, hops + 1):
        nxt = []
        for eid in frontier:
            for _, rel, other in kg.edges_of(eid):
                if wanted and wanted not in rel.predicate.lower():
                    continue
                if other not in dist:
                    dist[other] = depth
                    nxt.append(other)
        frontier = nxt
    dist.pop(entity_id)
    return dist


def _keep_best(scores: dict[str, float], chunk_ids: Iterable[str], value: float) -> None:
    get = scores.get
    for cid in chunk_ids:
        if value > get(cid, 0.0):
            scores[cid] = value


class _ChunkBest:
    """The best value offered to each chunk. A maximum does not depend on the order of the offers, so the
    chunks of an entity (its mentions or its home chunks: thousands for a hub) are offered at once, as an array
    of chunk codes, when the graph keeps them so (`CsrSets`); single chunks (the carrier of an edge) go to a
    dict; `scores` merges both (`ChunkScores`). The same scores as offering every chunk one by one (`_keep_best`)."""

    def __init__(self, kg: KnowledgeGraph):
        mentions, homes = kg.entity_chunks, kg.home_chunks
        self.arrays = (isinstance(mentions, CsrSets) and isinstance(homes, CsrSets) and mentions.names is not None
                       and mentions.names is homes.names)
        self.kg = kg
        self.single: dict[str, float] = {}  # chunk id -> best value
        self.few: dict[int, float] = {}  # chunk code -> best value, from short lists
        self.best = np.zeros(len(mentions.names) if self.arrays else 0)  # type: ignore[union-attr, arg-type]

    def offer(self, chunk_id: str, value: float) -> None:
        if value > self.single.get(chunk_id, 0.0):
            self.single[chunk_id] = value

    def offer_homes(self, eid: int, value: float) -> bool:
        """Offer the entity's home chunks; False (nothing offered) when it has none."""
        if not self.arrays:
            homes = self.kg.home_chunks.get(eid)
            if not homes:
                return False
            _keep_best(self.single, homes, value)
            return True
        return self._offer_codes(self.kg.home_chunks.codes_of(eid), value)  # type: ignore[attr-defined]

    def offer_mentions(self, eid: int, value: float) -> None:
        if not self.arrays:
            _keep_best(self.single, self.kg.entity_chunks.get(eid, ()), value)  # `kg.chunks_of`
        else:
            self._offer_codes(self.kg.entity_chunks.codes_of(eid), value)  # type: ignore[attr-defined]

    def _offer_codes(self, codes: np.ndarray, value: float) -> bool:
        """Offer chunks by code: a long list in one numpy step, a short one (most entities) to a dict."""
        if len(codes) > ARRAY_OFFER:
            self.best[codes] = np.maximum(self.best[codes], value)
        else:
            few = self.few
            for c in codes.tolist():
                if value > few.get(c, 0.0):
                    few[c] = value
        return bool(len(codes))

    def scores(self) -> ChunkScores:
        """The best value offered to each chunk (`ChunkScores`: arrays, no dict of every chunk reached)."""
        names = self.kg.entity_chunks.names if self.arrays else None  # type: ignore[attr-defined]
        return ChunkScores(names, self.best, self.few, self.single)


def traverse_chunks(
    kg: KnowledgeGraph,
    seeds: dict[int, float],
    question_terms: frozenset[str],
    max_hops: int = 2,
) -> tuple[dict[str, float], dict[int, float]]:
    """Chunk scores and reached-entity scores from seeds (entity id -> confidence). The chunk scores come in no
    particular order (callers rank them by score, ties by id)."""
    chunks, entity_scores = traverse_scores(kg, seeds, question_terms, max_hops)
    return chunks.as_dict(), entity_scores


def traverse_scores(
    kg: KnowledgeGraph,
    seeds: dict[int, float],
    question_terms: frozenset[str],
    max_hops: int = 2,
) -> tuple[ChunkScores, dict[int, float]]:
    """`traverse_chunks` with the chunk scores kept as arrays (`ChunkScores`: pick the best with `top`)."""
    chunks = _ChunkBest(kg)
    carried = chunks.single  # chunk id -> best value offered (`_ChunkBest.offer`, inlined below)
    entity_scores: dict[int, float] = dict(seeds)
    for eid, conf in seeds.items():
        chunks.offer_homes(eid, conf * HOME)
        chunks.offer_mentions(eid, conf * MENTION)
    frontier = dict(seeds)
    relevance_of: dict[tuple[str, str], float] = {}  # (predicate, kind) -> relevance to this question
    for depth in range(1, max_hops + 1):
        reached: dict[int, float] = {}
        decay = DECAY**depth
        for eid, score in frontier.items():
            if eid not in seeds and _degree(kg, eid) > 20 * MAX_FANOUT:
                continue  # a hub ("United States") explains nothing
            for relevance, chunk_id, other in best_edge_chunks(kg, eid, question_terms, relevance_of):
                value = score * relevance * decay
                offered = value * CARRIER
                if offered > carried.get(chunk_id, 0.0):
                    carried[chunk_id] = offered
                if value > reached.get(other, 0.0) and value > entity_scores.get(other, 0.0):
                    reached[other] = value
        if depth == 1:
            _add_chunk_mates(kg, seeds, reached, entity_scores)
        for other, value in reached.items():
            entity_scores[other] = value
            if _degree(kg, other) > 20 * MAX_FANOUT:
                value *= HUB_HOME  # the page of a hub the path passes ("United States") tells little
            namesakes = kg.namesakes(other)
            share = value if len(namesakes) == 1 else value * NAMESAKE
            for eid in namesakes:
                v = value if eid == other else share
                if not chunks.offer_homes(eid, v * HOME):
                    chunks.offer_mentions(eid, v * MENTION)
        frontier = reached
    return chunks.scores(), entity_scores


def best_edges(kg: KnowledgeGraph, eid: int, question_terms: frozenset[str],
               relevance_of: dict[tuple[str, str], float] | None = None) -> list[tuple[float, Relation, int]]:
    """(relevance, relation, other entity) of the MAX_FANOUT most relevant edges of `eid`; among equally
    relevant edges the first in `kg.edges_of` order (a stable sort's first MAX_FANOUT; below the fan-out
    every edge, in that order). `relevance_of` memoises predicate relevance per (predicate, kind)."""
    table, t = _edge_table(kg, eid), kg.relations
    return [(r, t[table.rel_ids[i]], table.others[i]) for r, i in _best(table, question_terms, relevance_of)]


def best_edge_chunks(kg: KnowledgeGraph, eid: int, question_terms: frozenset[str],
                     relevance_of: dict[tuple[str, str], float] | None = None) -> list[tuple[float, str, int]]:
    """`best_edges` with the chunk that carries each edge instead of its relation model (traversal needs
    no more, and building a model per edge was a fifth of a question's traversal time)."""
    table = _edge_table(kg, eid)
    return [(r, table.chunk_ids[i], table.others[i]) for r, i in _best(table, question_terms, relevance_of)]


def _best(table: _EdgeTable, question_terms: frozenset[str],
          relevance_of: dict[tuple[str, str], float] | None) -> list[tuple[float, int]]:
    """(relevance, position in the table) of the edges `best_edges` keeps, in its order."""
    memo = {} if relevance_of is None else relevance_of

    def relevance(key: tuple[str, str]) -> float:
        r = memo.get(key)
        if r is None:
            r = memo[key] = predicate_relevance(key[0], question_terms, key[1])
        return r

    per_key = [relevance(k) for k in table.keys]  # each distinct (predicate, kind) once
    if len(table.rel_ids) <= MAX_FANOUT:
        return [(per_key[k] * w, i) for i, (k, w) in enumerate(zip(table.key_ids, table.weights))]
    values = np.array(per_key)[table.key_ids] * np.array(table.weights)  # the same products
    order = np.argsort(-values, kind="stable")[:MAX_FANOUT]
    return [(float(values[i]), i) for i in order.tolist()]


class _EdgeTable:
    """An entity's edges in `edges_of` order, read from the graph's columns (a relation's model is built only
    once the edge is chosen): relation indices, other entities, rel_weights, the distinct (predicate, kind)
    keys, each edge's key index and the chunk that carries it."""

    __slots__ = ("rel_ids", "others", "weights", "keys", "key_ids", "chunk_ids")

    def __init__(self, kg: KnowledgeGraph, eid: int):
        t = kg.relations
        rel_ids, others = kg.edge_keys(eid)
        self.rel_ids, self.others = rel_ids.tolist(), others.tolist()
        self.chunk_ids = [t.chunk_names[c] for c in t.chunk_code[rel_ids].tolist()]
        self.weights = [rel_weight(w) for w in t.weight[rel_ids].tolist()]
        kinds = len(t.kind_names)
        index: dict[int, int] = {}
        pairs = (t.predicate_code[rel_ids].astype(np.int64) * kinds + t.kind_code[rel_ids]).tolist()
        self.key_ids = [index.setdefault(p, len(index)) for p in pairs]
        self.keys = [(t.predicate_names[p // kinds], t.kind_names[p % kinds]) for p in index]


#: Per graph: entity id -> its `_EdgeTable`, and entity id -> degree (networkx counts a multigraph's
#: degree edge by edge on every call).
_TABLES: dict[int, tuple[KnowledgeGraph, dict[int, _EdgeTable], dict[int, int]]] = {}
_TABLE_MAX = 50_000  # entities remembered per graph before a table starts over


def _tables(kg: KnowledgeGraph) -> tuple[KnowledgeGraph, dict[int, _EdgeTable], dict[int, int]]:
    held = _TABLES.get(id(kg))
    if held is None or held[0] is not kg:  # an id() reused by a new graph must not see the old one's edges
        _TABLES.clear()
        held = _TABLES[id(kg)] = (kg, {}, {})
    return held


def _degree(kg: KnowledgeGraph, eid: int) -> int:
    degrees = _tables(kg)[2]
    d = degrees.get(eid)
    if d is None:
        if len(degrees) >= _TABLE_MAX:
            degrees.clear()
        d = degrees[eid] = kg.degree(eid)
    return d


def _edge_table(kg: KnowledgeGraph, eid: int) -> _EdgeTable:
    tables = _tables(kg)[1]
    table = tables.get(eid)
    if table is None:
        if len(tables) >= _TABLE_MAX:
            tables.clear()
        table = tables[eid] = _EdgeTable(kg, eid)
    return table


def _add_chunk_mates(kg: KnowledgeGraph, seeds: dict[int, float], reached: dict[int, float],
                     entity_scores: dict[int, float]) -> None:
    """Entities named in a seed's home chunk are neighbours even when no edge was extracted
    ("The film was directed by Ivo Brandell" two sentences after the title): weak, at CHUNK_MATE."""
    for eid, conf in seeds.items():
        value = conf * CHUNK_MATE * DECAY
        for cid in kg.home_chunks.get(eid, ()):
            for other in kg.chunk_entities.get(cid, ()):
                if other != eid and value > reached.get(other, 0.0) and value > entity_scores.get(other, 0.0):
                    reached[other] = value


def rel_weight(weight: float) -> float:
    """Repeated co-occurrence counts a little more, with diminishing returns."""
    return min(1.0, 0.75 + 0.25 * weight)
