"""Local forward push (Andersen, Chung and Lang 2006): an approximate Personalized PageRank whose cost follows the
mass near the seeds rather than the size of the graph, for walks on large stores.

The walk keeps an estimate `p` and a residual `r` (mass not yet spread), starting with all of the restart mass in
`r`. A push of node u moves (1 - damping) of r[u] into p[u] and spreads the rest over u's edges, as one step of
the walk would (column u of the column-stochastic transition). At every moment `true PPR = p + PPR(r)` with r >= 0,
so `p` only ever falls short. Nodes are pushed while their residual is at least `eps` times their number of
edges, all of them at once each round (parallel push: the rounds read like power iterations restricted to the
nodes that still hold mass worth spreading), so a hub reached by a little mass keeps it rather than touching its
thousands of neighbours. When nothing is left to push, every node's residual is below eps per edge, and a node's
shortfall is at most about eps times its edge count (on an undirected graph; chunks have a few edges each).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from scipy import sparse

from hopgraph.graph.ppr_local import ranges

#: Rounds at most (each round at least halves what the pushed nodes hold, at damping 0.5).
MAX_ROUNDS = 60
#: A round spreading over more than 1/DENSE_SHARE of the nodes' count of edges sums them with one bincount over
#: every node instead of sorting the targets, and finds the nodes it touched by marking them in a boolean array
#: (the same sums in the same order, the same nodes in the same order, either way). Before 2026-12-02 the
#: touched nodes were the nonzero sums, found by scanning the float array of sums (~1 ms a round at 275k nodes;
#: the boolean marks take a fifth of that).
DENSE_SHARE = 64


@dataclass(frozen=True)
class PushGraph:
    """The transition's columns as CSC arrays (column u: where one step from u goes, and with what share), and
    each node's number of edges (the push threshold is eps times it)."""

    indptr: np.ndarray
    indices: np.ndarray
    data: np.ndarray
    degree: np.ndarray
    _thresholds: dict[float, np.ndarray] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, transition: sparse.csr_matrix) -> PushGraph:
        csc = transition.tocsc()
        csc.sort_indices()
        degree = np.maximum(np.diff(csc.indptr), 1)
        return cls(csc.indptr, csc.indices, csc.data, degree)

    @property
    def n(self) -> int:
        return len(self.indptr) - 1

    def threshold(self, eps: float) -> np.ndarray:
        """eps times each node's edge count (the residual a node needs to be pushed), made once per eps."""
        thr = self._thresholds.get(eps)
        if thr is None:
            thr = eps * self.degree
            thr.flags.writeable = False
            self._thresholds.clear()  # one eps in use at a time
            self._thresholds[eps] = thr
        return thr


def forward_push(g: PushGraph, restart: np.ndarray, damping: float, eps: float,
                 max_rounds: int = MAX_ROUNDS) -> tuple[np.ndarray, np.ndarray]:
    """Approximate PPR (a new vector in node order) of the walk that restarts by `restart` (summing to 1) with
    probability 1 - damping: each node's value is at most the exact one and short of it by about eps per edge."""
    p = np.zeros(g.n)
    r = np.asarray(restart, dtype=np.float64).copy()
    thr = g.threshold(eps)
    marked = np.zeros(g.n, dtype=bool)
    active = np.flatnonzero(r >= thr)
    for _ in range(max_rounds):
        if not len(active):
            break
        mass = r[active]
        p[active] += (1 - damping) * mass
        r[active] = 0.0
        starts, ends = g.indptr[active], g.indptr[active + 1]
        entries = ranges(starts, ends)
        targets = g.indices[entries]
        shares = g.data[entries] * np.repeat(damping * mass, ends - starts)
        if len(targets) > g.n // DENSE_SHARE:  # many: one pass over every node beats sorting them
            spread = np.bincount(targets, weights=shares, minlength=g.n)
            marked[targets] = True
            touched = np.flatnonzero(marked)  # the targets, ascending, as np.unique gives them
            marked[touched] = False
            r[touched] += spread[touched]
        else:
            touched, at = np.unique(targets, return_inverse=True)
            r[touched] += np.bincount(at, weights=shares, minlength=len(touched))
        active = touched[r[touched] >= thr[touched]]
    return p, r


#: Exact walk steps taken from the push's residual at the end (`approximate_ppr`).
STEPS = 2


def approximate_ppr(g: PushGraph, restart: np.ndarray, damping: float, eps: float,
                    product: Callable[[np.ndarray], np.ndarray], steps: int = STEPS,
                    rows: np.ndarray | None = None,
                    rows_product: Callable[[np.ndarray], np.ndarray] | None = None) -> np.ndarray:
    """`forward_push`, then `steps` walk steps of what it left (mostly on hubs, whose residual stays below eps
    per edge of theirs but is large in all): each step banks (1 - damping) of the residual and spreads the rest
    with one product of the whole transition (`product(x)` = transition @ x), so the residual left, and with it
    the shortfall, shrinks by `damping` per step. On the 100k store (275k nodes) eps 1e-6 with 2 steps costs
    ~25 CPU ms against ~150 for the exact walk, and keeps 98% of the 30 chunks with the most mass.

    Only what is returned is computed: the last step's spread feeds only the residual left, which is not
    returned, so `steps` steps take `steps - 1` products; with `rows` (the values wanted, e.g. the chunks') and
    `rows_product(x)` = (transition @ x)[rows] (each row's sum as `product` sums it: the same bits), the last
    product is computed for those rows alone and `p[rows]` is returned, equal to `approximate_ppr(...)[rows]`
    (on the 100k store the chunks' rows hold a fifth of the matrix's entries: ~17 CPU ms a walk instead of ~25)."""
    p, r = forward_push(g, restart, damping, eps)
    if rows is None or rows_product is None or steps < 2:
        for step in range(steps):
            p += (1 - damping) * r
            if step < steps - 1:  # the last step's spread would only feed a residual nobody reads
                r = product(r)
                r *= damping
        return p if rows is None else p[rows]
    for _ in range(steps - 2):
        p += (1 - damping) * r
        r = product(r)
        r *= damping
    p += (1 - damping) * r
    out = p[rows]
    last = rows_product(r)  # the last spread, at `rows` only
    last *= damping
    out += (1 - damping) * last
    return out
