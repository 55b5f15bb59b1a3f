"""Personalized PageRank over the entity-chunk graph (the HippoRAG idea), on scipy sparse matrices.

Nodes are entities (0..E-1) followed by chunks (E..E+C-1). Edges, all undirected:
entity-entity for typed relations (weight 1) and co-occurrences (0.5, less for the weaker
passage-topic co-occurrences whose relation weight is below 1),
entity-chunk for mentions (weight 1). The walk restarts at the seed entities in
proportion to their linking confidence; a chunk's score is its stationary mass.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse

from hopgraph.graph.build import KnowledgeGraph

COOCCUR_WEIGHT = 0.5


@dataclass
class PPRMatrix:
    transition: sparse.csr_matrix  # column-stochastic, (N, N)
    entity_index: dict[int, int]
    chunk_ids: list[str]
    n_entities: int

    @classmethod
    def from_graph(cls, kg: KnowledgeGraph) -> PPRMatrix:
        entity_ids = sorted(kg.entities)
        entity_index = {e: i for i, e in enumerate(entity_ids)}
        chunk_ids = sorted(kg.chunk_entities)
        chunk_index = {c: len(entity_ids) + i for i, c in enumerate(chunk_ids)}
        rows, cols, vals = [], [], []

        def link(a: int, b: int, w: float) -> None:
            rows.extend((a, b))
            cols.extend((b, a))
            vals.extend((w, w))

        for r in kg.relations:
            if r.source_id in entity_index and r.target_id in entity_index and r.source_id != r.target_id:
                weight = 1.0 if r.kind == "typed" else COOCCUR_WEIGHT * min(1.0, r.weight)
                link(entity_index[r.source_id], entity_index[r.target_id], weight)
        for cid, eids in kg.chunk_entities.items():
            for e in eids:
                if e in entity_index:
                    link(entity_index[e], chunk_index[cid], 1.0)
        n = len(entity_ids) + len(chunk_ids)
        adj = sparse.csr_matrix((vals, (rows, cols)), shape=(n, n), dtype=np.float64)
        adj.sum_duplicates()
        out_weight = np.asarray(adj.sum(axis=0)).ravel()
        out_weight[out_weight == 0] = 1.0
        transition = (adj @ sparse.diags(1.0 / out_weight)).tocsr()
        return cls(transition, entity_index, chunk_ids, len(entity_ids))


def personalized_pagerank(m: PPRMatrix, seeds: dict[int, float], damping: float = 0.5,
                          iterations: int = 30, tol: float = 1e-8) -> dict[str, float]:
    """Chunk id -> PPR mass for a walk that restarts at `seeds` (entity id -> weight) with prob 1 - damping."""
    n = m.transition.shape[0]
    restart = np.zeros(n)
    for eid, w in seeds.items():
        if eid in m.entity_index and w > 0:
            restart[m.entity_index[eid]] += w
    if restart.sum() == 0:
        return {}
    restart /= restart.sum()
    p = restart.copy()
    for _ in range(iterations):
        nxt = (1 - damping) * restart + damping * (m.transition @ p)
        if np.abs(nxt - p).sum() < tol:
            p = nxt
            break
        p = nxt
    chunk_mass = p[m.n_entities:]
    nz = np.nonzero(chunk_mass > 0)[0]
    return {m.chunk_ids[i]: float(chunk_mass[i]) for i in nz}
