"""Each node's out- and in-edges in compressed arrays (CSR), built with numpy from the edge list.

Replaces a networkx MultiDiGraph whose million `add_edge` calls dominated loading a large graph. The
edges of a node come in the order networkx gave them, so everything walking them ranks alike: the
out-edges of u grouped by target, targets in the order their first edge from u was added (the smallest
relation index of the pair), each group in index order; the in-edges likewise by source.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


def _grouped(node: np.ndarray, other: np.ndarray, n_nodes: int) -> tuple[np.ndarray, np.ndarray]:
    """(indptr, keys): for each node position, the edge indices with that `node`, ordered by (first index of
    the (node, other) pair, index) (pure). Positions are below `n_nodes`; stable sorts of one int64 key each."""
    n = len(node)
    by_pair = np.argsort(node * n_nodes + other, kind="stable")  # pairs together, each in index order
    pair_start = np.ones(n, dtype=bool)
    pair_start[1:] = (node[by_pair][1:] != node[by_pair][:-1]) | (other[by_pair][1:] != other[by_pair][:-1])
    first = np.empty(n, dtype=np.int64)
    first[by_pair] = by_pair[pair_start][np.cumsum(pair_start) - 1]  # each edge's pair's smallest index
    order = np.argsort(node * n + first, kind="stable")
    indptr = np.zeros(n_nodes + 1, dtype=np.int64)
    np.cumsum(np.bincount(node, minlength=n_nodes), out=indptr[1:])
    return indptr, order


def positions(ids: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Each value's position in the sorted, distinct int64 `ids`, -1 for a value not among them (pure). Ids
    numbered from 0 with few gaps, as the store gives them, index a lookup array instead of a binary search."""
    if len(ids) and 0 <= ids[0] and ids[-1] < 4 * len(ids) + 1024:
        lookup = np.full(int(ids[-1]) + 2, -1, dtype=np.int64)  # the last cell answers every value out of range
        lookup[ids] = np.arange(len(ids))
        return lookup[np.where((values >= 0) & (values <= ids[-1]), values, -1)]
    at = np.searchsorted(ids, values)
    found = at < len(ids)
    found[found] = ids[at[found]] == values[found]
    return np.where(found, at, -1)


def distinct(*arrays: np.ndarray) -> np.ndarray:
    """The sorted distinct values of int64 arrays (pure); small non-negative ids by marking, others by sorting."""
    values = np.concatenate(arrays)
    if len(values) and 0 <= values.min() and values.max() < 4 * len(values) + 1024:
        seen = np.zeros(int(values.max()) + 1, dtype=bool)
        seen[values] = True
        return np.flatnonzero(seen)
    return np.unique(values)


class Adjacency:
    """Nodes are the given ids plus every edge end; edge i runs from source[i] to target[i]."""

    def __init__(self, node_ids: Iterable[int], source: np.ndarray, target: np.ndarray):
        ids = distinct(np.fromiter(node_ids, dtype=np.int64), source, target)
        self.ids = ids
        self.position = dict(zip(ids.tolist(), range(len(ids))))
        src, tgt = positions(ids, source), positions(ids, target)
        self.out_ptr, self.out_keys = _grouped(src, tgt, len(ids))
        self.in_ptr, self.in_keys = _grouped(tgt, src, len(ids))

    @classmethod
    def from_arrays(cls, ids: np.ndarray, out_ptr: np.ndarray, out_keys: np.ndarray, in_ptr: np.ndarray,
                    in_keys: np.ndarray) -> Adjacency:
        """The adjacency whose arrays an earlier one computed (saved with the store, graph/graph_files.py)."""
        adjacency = cls.__new__(cls)
        adjacency.ids = ids
        adjacency.position = dict(zip(ids.tolist(), range(len(ids))))
        adjacency.out_ptr, adjacency.out_keys, adjacency.in_ptr, adjacency.in_keys = out_ptr, out_keys, in_ptr, in_keys
        return adjacency

    def __contains__(self, node: int) -> bool:
        return node in self.position

    def __len__(self) -> int:
        return len(self.position)

    def out_edges(self, node: int) -> np.ndarray:
        """Indices of the edges leaving `node` (empty for a node not in the graph)."""
        p = self.position.get(node)
        return self.out_keys[self.out_ptr[p]:self.out_ptr[p + 1]] if p is not None else self.out_keys[:0]

    def in_edges(self, node: int) -> np.ndarray:
        p = self.position.get(node)
        return self.in_keys[self.in_ptr[p]:self.in_ptr[p + 1]] if p is not None else self.in_keys[:0]

    def degree(self, node: int) -> int:
        """Edges in and out (a self-loop counts twice, as in networkx); 0 for a node not in the graph."""
        p = self.position.get(node)
        if p is None:
            return 0
        return int(self.out_ptr[p + 1] - self.out_ptr[p] + self.in_ptr[p + 1] - self.in_ptr[p])
