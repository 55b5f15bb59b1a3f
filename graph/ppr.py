"""Personalized PageRank over the entity-chunk graph (the HippoRAG idea), on scipy sparse matrices.

Nodes are entities (0..E-1) followed by chunks (E..E+C-1). Edges, all undirected:
entity-entity for typed relations (weight 1) and co-occurrences (0.5, less for the weaker
passage-topic co-occurrences whose relation weight is below 1),
entity-chunk for mentions (weight 1). The walk restarts at the seed entities in
proportion to their linking confidence; a chunk's score is its stationary mass.

`chunk_mass` runs the power iteration once per seed set and keeps the result (an LRU on the matrix:
the same seeds walk alike until the store changes, which builds a new matrix); `top_chunks` picks the
best chunks from the mass vector without building a dict of every chunk the walk reached. On large graphs the
caller may ask for the mass approximated by local pushes instead (`push_eps`, graph/ppr_push.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain

import numpy as np
from scipy import sparse

from hopgraph.cache.lru import LRU
from hopgraph.graph.adjacency import positions
from hopgraph.gc_pause import collector_paused
from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.csr_sets import CsrSets
from hopgraph.graph.ppr_local import Columns, LocalProducts, ranges, settled
from hopgraph.graph.ppr_push import PushGraph, approximate_ppr

COOCCUR_WEIGHT = 0.5
#: Seed sets whose chunk mass a matrix keeps (about 8 bytes per chunk each).
MEMO_ENTRIES = 256


@dataclass
class PPRMatrix:
    transition: sparse.csr_matrix  # column-stochastic, (N, N)
    entity_index: dict[int, int]
    chunk_ids: list[str]
    n_entities: int
    memo: LRU = field(default_factory=lambda: LRU(MEMO_ENTRIES), repr=False, compare=False)

    @cached_property
    def walk(self) -> tuple[np.ndarray, np.ndarray, sparse.csr_matrix]:
        """(order, position, matrix): the transition with its nodes renumbered by falling degree, so the
        entries of `p` that most products read sit together in memory (a product is ~30% faster on a
        48k-node graph). Node `order[k]` becomes k (`position` inverts it). Each row keeps its entries in
        their stored order, so a product sums the very same terms in the same order: the same bits as
        `transition @ p`, renumbered."""
        t = self.transition
        starts, ends = t.indptr[:-1], t.indptr[1:]
        order = np.argsort(starts - ends, kind="stable")  # most entries first
        position = np.empty_like(order)
        position[order] = np.arange(len(order))
        starts, ends = starts[order], ends[order]
        entries = ranges(starts, ends)
        indptr = np.concatenate(([0], np.cumsum(ends - starts)))
        matrix = sparse.csr_matrix((t.data[entries], position[t.indices[entries]].astype(t.indices.dtype), indptr),
                                   shape=t.shape)
        return order, position, matrix

    @cached_property
    def columns(self) -> Columns:
        """The rows with an entry in each column of the walk matrix (for products over the rows a walk reached)."""
        return Columns.of(self.walk[2])

    @cached_property
    def push_graph(self) -> PushGraph:
        """The walk matrix's columns, for local pushes (`approximate_ppr`), in the walk's renumbered order."""
        return PushGraph.of(self.walk[2])

    @cached_property
    def walk32(self) -> sparse.csr_matrix:
        """The walk matrix in float32, for the walk steps after a push (an approximation already: a product
        reads a third less memory and takes about half the time; sums agree to ~1e-7 relative)."""
        walk = self.walk[2]
        return sparse.csr_matrix((walk.data.astype(np.float32), walk.indices, walk.indptr), shape=walk.shape)

    @cached_property
    def chunk_rows32(self) -> tuple[np.ndarray, sparse.csr_matrix]:
        """(the chunks' positions in the walk order, in chunk order; those rows of `walk32`, each row's entries
        in their order): a product with it gives the chunks' entries of `walk32 @ x` with the same bits."""
        order, position, walk = self.walk
        rows = position[self.n_entities:]
        w = self.walk32
        starts, ends = w.indptr[rows], w.indptr[rows + 1]
        entries = ranges(starts, ends)
        indptr = np.concatenate(([0], np.cumsum(ends - starts))).astype(w.indptr.dtype)
        sub = sparse.csr_matrix((w.data[entries], w.indices[entries], indptr), shape=(len(rows), w.shape[1]))
        return rows, sub

    @cached_property
    def chunk_index(self) -> dict[str, int]:
        """Chunk id -> its position in `chunk_mass` vectors (chunk ids are sorted, so position order is id order)."""
        return {c: i for i, c in enumerate(self.chunk_ids)}

    @classmethod
    def from_graph(cls, kg: KnowledgeGraph) -> PPRMatrix:
        with collector_paused():
            return cls._from_graph(kg)

    @classmethod
    def _from_graph(cls, kg: KnowledgeGraph) -> PPRMatrix:
        entity_ids = sorted(kg.entities)
        entity_index = {e: i for i, e in enumerate(entity_ids)}
        chunk_ids = sorted(kg.chunk_entities)
        chunk_index = {c: len(entity_ids) + i for i, c in enumerate(chunk_ids)}
        # entity-entity links, relation by relation (both directions, one after the other), then entity-chunk
        # links: the COO entries in the order they always had, so duplicates sum in the same order
        t = kg.relations
        ids = np.array(entity_ids, dtype=np.int64)
        src_at, tgt_at = positions(ids, t.source), positions(ids, t.target)
        known = (src_at >= 0) & (tgt_at >= 0) & (t.source != t.target)
        a, b = src_at[known], tgt_at[known]
        w = np.where(t.typed[known], 1.0, COOCCUR_WEIGHT * np.minimum(1.0, t.weight[known]))
        sizes, mentioned = _members(kg.chunk_entities)
        chunk_at = np.repeat(np.fromiter(map(chunk_index.__getitem__, kg.chunk_entities), dtype=np.int64,
                                         count=len(sizes)), sizes)
        entity_at = positions(ids, mentioned)
        known = entity_at >= 0
        ma, mb = entity_at[known], chunk_at[known]
        rows = np.concatenate([np.stack([a, b], 1).ravel(), np.stack([ma, mb], 1).ravel()])
        cols = np.concatenate([np.stack([b, a], 1).ravel(), np.stack([mb, ma], 1).ravel()])
        vals = np.concatenate([np.repeat(w, 2), np.ones(2 * len(ma))])
        n = len(entity_ids) + len(chunk_ids)
        adj = sparse.csr_matrix((vals, (rows, cols)), shape=(n, n), dtype=np.float64)
        adj.sum_duplicates()
        out_weight = np.asarray(adj.sum(axis=0)).ravel()
        out_weight[out_weight == 0] = 1.0
        transition = (adj @ sparse.diags(1.0 / out_weight)).tocsr()
        return cls(transition, entity_index, chunk_ids, len(entity_ids))


#: The walk stops once an iteration moves less than this much mass in all (L1). Chunks are ranked by mass
#: and the top ones kept; at 1e-6 instead of 1e-8 the ranked chunks and hits of every 2wiki dev question
#: were the same (`benchmarks/hops_latency.py --compare`) with six fewer products per walk, and again at 1e-5
#: (three fewer; about 5% of a hops question's CPU time), the hop loop's hits on every other dev set too.
TOL = 1e-5


def chunk_mass(m: PPRMatrix, seeds: dict[int, float], damping: float = 0.5, iterations: int = 30,
               tol: float = TOL, push_eps: float | None = None) -> np.ndarray | None:
    """PPR mass of every chunk (a read-only vector in `m.chunk_ids` order) for a walk that restarts at `seeds`
    (entity id -> weight) with probability 1 - damping; None when no seed with a positive weight is in the graph.
    With `push_eps` the mass is approximated by local pushes (`ppr_push.approximate_ppr`, for large graphs:
    see `GraphSettings.ppr_push_above`) instead of the power iteration. Computed once per seed set and
    parameters (kept in `m.memo`)."""
    key = (tuple(sorted((e, w) for e, w in seeds.items() if e in m.entity_index and w > 0)), damping, iterations, tol,
           push_eps)
    if not key[0]:
        return None
    mass = m.memo.get(key)
    if mass is None:
        mass = (_power_iteration(m, key[0], damping, iterations, tol) if push_eps is None
                else _pushed(m, key[0], damping, push_eps))
        mass.flags.writeable = False  # shared by every caller with these seeds
        m.memo.put(key, mass)
    return mass


def _restart(m: PPRMatrix, seeds: tuple[tuple[int, float], ...]) -> np.ndarray:
    restart = _restart_unscaled(m, seeds)
    restart /= restart.sum()
    return restart


def _restart_unscaled(m: PPRMatrix, seeds: tuple[tuple[int, float], ...]) -> np.ndarray:
    restart = np.zeros(m.transition.shape[0])
    for eid, w in seeds:
        restart[m.entity_index[eid]] += w
    return restart


def _restart_walk(m: PPRMatrix, seeds: tuple[tuple[int, float], ...]) -> np.ndarray:
    """`_restart(m, seeds)[order]` (the restart in the walk's order) without permuting every node: the seeds'
    shares divided by the same total (summed over the node-order vector, as `_restart` sums it)."""
    restart = _restart_unscaled(m, seeds)
    at = np.fromiter((m.entity_index[e] for e, _ in seeds), dtype=np.int64, count=len(seeds))
    out = np.zeros(len(restart))
    out[m.walk[1][at]] = restart[at] / restart.sum()
    return out


def _pushed(m: PPRMatrix, seeds: tuple[tuple[int, float], ...], damping: float, eps: float) -> np.ndarray:
    """The chunks' part of `approximate_ppr` (node order), pushed in the walk's renumbered order."""
    walk = m.walk32
    product = _halves(walk) if walk.nnz >= SPLIT_ENTRIES else None
    rows, chunk_rows = m.chunk_rows32  # the last step's product is needed at the chunks' rows only
    return approximate_ppr(m.push_graph, _restart_walk(m, seeds), damping, eps,
                           product or (lambda x: walk @ x.astype(np.float32)), rows=rows,
                           rows_product=lambda x: chunk_rows @ x.astype(np.float32))


def _power_iteration(m: PPRMatrix, seeds: tuple[tuple[int, float], ...], damping: float, iterations: int,
                     tol: float) -> np.ndarray:
    restart = _restart(m, seeds)
    order, position, walk = m.walk  # the walk runs in the renumbered order, every sum as in node order
    teleport = (1 - damping) * restart[order]
    p = restart[order]
    product = _halves(walk) if walk.nnz >= SPLIT_ENTRIES else None
    local = LocalProducts(walk, m.columns, np.flatnonzero(p))  # while the walk has reached few rows
    scratch = np.empty(len(p))  # the stopping test's differences, one vector for the whole walk
    for _ in range(iterations):
        nxt = local.product(p)
        if nxt is None:
            nxt = walk @ p if product is None else product(p)
        nxt *= damping
        nxt += teleport  # the same bits as teleport + damping * (T @ p), without the temporaries
        done = settled(nxt, p, position, tol, scratch)  # as if summed in node order, as the test always was
        p = nxt
        if done:
            break
    return p[position[m.n_entities:]]  # the chunks' part, back in node order (a copy)


def _members(chunk_entities: Mapping[str, set[int]]) -> tuple[np.ndarray, np.ndarray]:
    """(entities per chunk, the entities chunk after chunk) in the mapping's order. From `CsrSets` its arrays, in
    the order the entities were added rather than each set's: the matrix is the same, since a chunk's entities
    are distinct (its row has no duplicate to sum) and an entity's row gets them chunk after chunk either way."""
    if isinstance(chunk_entities, CsrSets):
        return np.diff(chunk_entities.ptr), np.asarray(chunk_entities.codes, dtype=np.int64)
    sizes = np.fromiter(map(len, chunk_entities.values()), dtype=np.int64, count=len(chunk_entities))
    return sizes, np.fromiter(chain.from_iterable(chunk_entities.values()), dtype=np.int64, count=int(sizes.sum()))


#: A walk matrix with at least this many entries computes each product in two halves of its rows at once, one
#: on a worker thread (scipy's product releases the GIL): every row's sum is the same sum in the same order,
#: so the result has the same bits, in about half the wall time on two idle cores (100k passages: 2.8M entries).
SPLIT_ENTRIES = 1_000_000
_pool: list[ThreadPoolExecutor] = []


def _halves(m: sparse.csr_matrix) -> Callable[[np.ndarray], np.ndarray] | None:
    """`p -> m @ p` computed as two row blocks at once, in the matrix's float type (None when scipy's kernel
    cannot be called directly)."""
    try:
        from scipy.sparse._sparsetools import csr_matvec
    except ImportError:
        return None
    dtype = m.data.dtype
    if m.indptr.dtype != m.indices.dtype or dtype not in (np.float64, np.float32):
        return None
    n_rows, n_cols = m.shape
    half = int(np.searchsorted(m.indptr, m.nnz // 2))  # rows up to about half the entries
    top, bottom = m.indptr[:half + 1], m.indptr[half:]  # row pointers stay offsets into the whole arrays
    if not _pool:
        _pool.append(ThreadPoolExecutor(1, thread_name_prefix="ppr"))

    def product(p: np.ndarray) -> np.ndarray:
        p = np.ascontiguousarray(p, dtype=dtype)
        out = np.zeros(n_rows, dtype=dtype)
        lower = _pool[0].submit(csr_matvec, n_rows - half, n_cols, bottom, m.indices, m.data, p, out[half:])
        csr_matvec(half, n_cols, top, m.indices, m.data, p, out[:half])
        lower.result()
        return out

    return product


def top_chunks(mass: np.ndarray, n: int) -> np.ndarray:
    """Positions of the `n` chunks with the most (positive) mass, most first; ties in position order (pure).

    The same chunks, in the same order, as sorting every positive entry by (-mass, position)."""
    nz = np.flatnonzero(mass > 0)
    if n <= 0 or not len(nz):
        return nz[:0]
    values = mass[nz]
    if len(nz) > n:
        nth = np.partition(values, len(values) - n)[len(values) - n]  # the n-th largest value
        keep = values >= nth
        nz, values = nz[keep], values[keep]
    return nz[np.argsort(-values, kind="stable")][:n]


def personalized_pagerank(m: PPRMatrix, seeds: dict[int, float], damping: float = 0.5,
                          iterations: int = 30, tol: float = TOL) -> dict[str, float]:
    """Chunk id -> PPR mass for a walk that restarts at `seeds` (entity id -> weight) with prob 1 - damping."""
    mass = chunk_mass(m, seeds, damping, iterations, tol)
    if mass is None:
        return {}
    nz = np.flatnonzero(mass > 0)
    return {m.chunk_ids[i]: float(mass[i]) for i in nz}
