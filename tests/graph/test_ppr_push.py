"""Local forward push (graph/ppr_push.py) against the exact walk on small invented graphs."""

from __future__ import annotations

import numpy as np
import pytest

from hopgraph.graph.ppr import PPRMatrix, chunk_mass, top_chunks
from hopgraph.graph.ppr_push import PushGraph, approximate_ppr, forward_push
from test_ppr import dense_ppr, random_kg


def exact(m: PPRMatrix, restart: np.ndarray, damping: float) -> np.ndarray:
    t = m.transition.toarray()
    return (1 - damping) * np.linalg.solve(np.eye(len(t)) - damping * t, restart)


def restart_at(m: PPRMatrix, seeds: dict[int, float]) -> np.ndarray:
    r = np.zeros(m.transition.shape[0])
    for e, w in seeds.items():
        r[m.entity_index[e]] += w
    return r / r.sum()


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("eps", [1e-2, 1e-3, 1e-4])
def test_push_falls_short_of_the_exact_walk_by_at_most_its_residual(seed: int, eps: float) -> None:
    m = PPRMatrix.from_graph(random_kg(seed))
    g = PushGraph.of(m.transition)
    restart = restart_at(m, {0: 1.0, 7: 0.5})
    want = exact(m, restart, 0.5)
    p, r = forward_push(g, restart, 0.5, eps)
    assert (p <= want + 1e-12).all()  # an estimate only ever falls short
    assert (r < eps * g.degree).all()  # nothing left worth pushing
    # what is missing is exactly the walk of the residual: p + PPR(r) = PPR(restart)
    assert np.allclose(p + exact(m, r, 0.5), want, atol=1e-12)
    assert p.sum() + r.sum() == pytest.approx(1.0)


def test_a_tiny_threshold_gives_the_exact_walk() -> None:
    m = PPRMatrix.from_graph(random_kg(4))
    g = PushGraph.of(m.transition)
    restart = restart_at(m, {3: 0.9, 17: 0.62})
    p, _ = forward_push(g, restart, 0.5, 1e-14, max_rounds=200)
    assert np.allclose(p, exact(m, restart, 0.5), atol=1e-12)


def test_a_hub_keeps_a_residual_a_leaf_would_push() -> None:
    # a star: hub 0 with 20 leaves; the seed is a leaf, which gives the hub half its mass
    n = 21
    adj = np.zeros((n, n))
    adj[0, 1:] = adj[1:, 0] = 1.0
    from scipy import sparse

    t = sparse.csr_matrix(adj / adj.sum(axis=0, keepdims=True))
    g = PushGraph.of(t)
    restart = np.zeros(n)
    restart[1] = 1.0
    p, r = forward_push(g, restart, 0.5, 0.03)  # the hub (20 edges) needs 0.6 to push, the leaf 0.03
    assert r[0] == pytest.approx(0.5) and p[1] == pytest.approx(0.5)
    assert p[2:].sum() == 0.0  # the other leaves were never reached
    full = approximate_ppr(g, restart, 0.5, 0.03, t.dot, steps=40)  # the steps spread what the hub kept
    assert np.allclose(full, dense_ppr(adj, 1, 0.5), atol=1e-9)


@pytest.mark.parametrize("seed", [1, 2])
def test_steps_after_the_push_shrink_the_shortfall(seed: int) -> None:
    m = PPRMatrix.from_graph(random_kg(seed))
    g = PushGraph.of(m.transition)
    restart = restart_at(m, {5: 1.0})
    want = exact(m, restart, 0.5)
    errors = [np.abs(approximate_ppr(g, restart, 0.5, 1e-2, m.transition.dot, steps=k) - want).sum() for k in range(4)]
    assert errors[0] > 0 and all(b <= 0.5 * a + 1e-15 for a, b in zip(errors, errors[1:]))


def test_chunk_mass_with_push_is_close_to_the_walk_and_kept_apart() -> None:
    m = PPRMatrix.from_graph(random_kg(2))
    seeds = {3: 0.9, 17: 0.62}
    walked = chunk_mass(m, seeds, 0.5)
    pushed = chunk_mass(m, seeds, 0.5, push_eps=1e-7)
    assert pushed is not walked and len(m.memo) == 2  # each kept under its own key
    assert chunk_mass(m, seeds, 0.5, push_eps=1e-7) is pushed and not pushed.flags.writeable
    assert np.allclose(pushed, walked, atol=1e-6) and (pushed <= walked + 1e-6).all()
    assert list(top_chunks(pushed, 5)) == list(top_chunks(walked, 5))


def test_a_round_summed_over_every_node_gives_the_same_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    from hopgraph.graph import ppr_push

    m = PPRMatrix.from_graph(random_kg(3))
    g = PushGraph.of(m.transition)
    restart = restart_at(m, {3: 0.9, 17: 0.62, 40: 0.2})
    monkeypatch.setattr(ppr_push, "DENSE_SHARE", 10**9)  # every round: one bincount over all nodes
    dense = forward_push(g, restart, 0.5, 1e-5)
    monkeypatch.setattr(ppr_push, "DENSE_SHARE", 1)  # every round: the targets sorted
    sparse_ = forward_push(g, restart, 0.5, 1e-5)
    assert np.array_equal(dense[0], sparse_[0]) and np.array_equal(dense[1], sparse_[1])


def test_the_float32_steps_stay_within_float32_rounding_of_float64_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    from hopgraph.graph import ppr

    m = PPRMatrix.from_graph(random_kg(1))
    monkeypatch.setattr(ppr, "SPLIT_ENTRIES", 0)  # the two-block product, in float32
    seeds = {3: 0.9, 17: 0.62}
    order, position, walk = m.walk
    want = approximate_ppr(m.push_graph, ppr._restart(m, tuple(seeds.items()))[order], 0.5, 1e-3, walk.dot)
    got = chunk_mass(m, seeds, 0.5, push_eps=1e-3)
    assert m.walk32.dtype == np.float32
    assert np.allclose(got, want[position[m.n_entities:]], rtol=1e-5, atol=1e-9)


@pytest.mark.parametrize("steps", [0, 1, 2, 3])
def test_the_steps_take_one_product_fewer_and_bank_as_every_step_did(steps: int) -> None:
    m = PPRMatrix.from_graph(random_kg(2))
    g = PushGraph.of(m.transition)
    restart = restart_at(m, {3: 0.9, 17: 0.62})
    calls = []

    def product(x: np.ndarray) -> np.ndarray:
        calls.append(1)
        return m.transition @ x

    got = approximate_ppr(g, restart, 0.5, 1e-2, product, steps=steps)
    p, r = forward_push(g, restart, 0.5, 1e-2)
    for _ in range(steps):  # every step spreading, as the steps were written first
        p += 0.5 * r
        r = 0.5 * (m.transition @ r)
    assert np.array_equal(got, p) and len(calls) == max(steps - 1, 0)


def test_the_push_threshold_is_made_once_per_eps() -> None:
    g = PushGraph.of(PPRMatrix.from_graph(random_kg(1)).transition)
    thr = g.threshold(1e-3)
    assert g.threshold(1e-3) is thr and np.array_equal(thr, 1e-3 * g.degree) and not thr.flags.writeable
    assert np.array_equal(g.threshold(1e-4), 1e-4 * g.degree)


@pytest.mark.parametrize("steps", [0, 1, 2, 3])
def test_the_last_product_at_the_wanted_rows_only_gives_the_same_bits(steps: int) -> None:
    m = PPRMatrix.from_graph(random_kg(3))
    g = PushGraph.of(m.transition)
    restart = restart_at(m, {3: 0.9, 17: 0.62, 40: 0.2})
    rows = np.arange(m.n_entities, m.transition.shape[0])[::-1]  # any rows, in any order
    sub = m.transition[rows]
    full = approximate_ppr(g, restart, 0.5, 1e-3, m.transition.dot, steps=steps)
    got = approximate_ppr(g, restart, 0.5, 1e-3, m.transition.dot, steps=steps, rows=rows, rows_product=sub.dot)
    assert np.array_equal(got, full[rows]) and got.any()
