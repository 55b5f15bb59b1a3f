"""Exact shortcuts of the PPR walk (graph/ppr_local.py): products over the reached rows, the stopping test."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import sparse

from hopgraph.graph import ppr_local
from hopgraph.graph.ppr import PPRMatrix, chunk_mass
from hopgraph.graph.ppr_local import Columns, LocalProducts, settled


def symmetric(n: int, density: float, seed: int) -> sparse.csr_matrix:
    """A random column-stochastic matrix with a symmetric structure (as the walk's), some nodes isolated."""
    rng = np.random.default_rng(seed)
    a = sparse.random(n, n, density=density, random_state=rng, format="csr")
    a = (a + a.T).tocsr()
    a.setdiag(0)
    a.eliminate_zeros()
    out = np.asarray(a.sum(axis=0)).ravel()
    out[out == 0] = 1.0
    return (a @ sparse.diags(1.0 / out)).tocsr()


def test_columns_list_the_rows_of_each_column() -> None:
    m = sparse.csr_matrix(np.array([[0, 2.0, 0], [1.0, 0, 3.0], [0, 0, 4.0]]))
    c = Columns.of(m)
    assert [c.rows[c.indptr[j]:c.indptr[j + 1]].tolist() for j in range(3)] == [[1], [0], [1, 2]]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_local_products_give_the_bits_of_the_full_product_until_they_stop(seed: int) -> None:
    walk = symmetric(300, 0.01, seed)
    start = np.array([5, 17])
    local = LocalProducts(walk, Columns.of(walk), start, share=1.0)  # never too many rows: local to the end
    p = np.zeros(300)
    p[start] = [0.7, 0.3]
    teleport = 0.5 * p
    for _ in range(12):
        got, full = local.product(p), walk @ p
        assert got is not None and np.array_equal(got, full)  # bit for bit
        p = 0.5 * full + teleport
    assert local.support.tolist() == np.flatnonzero(p).tolist()  # the reached rows are where the mass is


def test_local_products_stop_once_the_reached_rows_hold_too_many_entries() -> None:
    walk = symmetric(300, 0.02, 3)
    local = LocalProducts(walk, Columns.of(walk), np.array([0]), share=0.2)
    p = np.zeros(300)
    p[0] = 1.0
    answers = []
    for _ in range(8):
        got = local.product(p)
        answers.append(got is not None)
        p = 0.5 * (walk @ p)
        p[0] += 0.5
    assert answers[0] and not answers[-1]
    assert answers == sorted(answers, reverse=True)  # once stopped, never local again


@pytest.mark.parametrize("share", [0.0, 0.08, 1.0])
def test_walks_with_and_without_local_products_give_the_same_bits(share: float, monkeypatch: pytest.MonkeyPatch) -> None:
    from test_ppr import plain_walk, random_kg

    monkeypatch.setattr(ppr_local, "LOCAL_SHARE", share)
    for seed in (1, 2):
        m = PPRMatrix.from_graph(random_kg(seed))
        for seeds in ({0: 1.0}, {3: 0.9, 17: 0.62}, {5: 1.0, 40: 1.0, 77: 0.3}):
            assert np.array_equal(chunk_mass(m, seeds, 0.5, 60, 1e-12), plain_walk(m, seeds, 0.5, 60, 1e-12))


def test_the_stopping_test_decides_as_the_sum_in_node_order_even_at_the_tolerance() -> None:
    rng = np.random.default_rng(4)
    for _ in range(50):
        n = int(rng.integers(50, 3000))
        p, nxt = rng.random(n) * 1e-3, rng.random(n) * 1e-3
        position = rng.permutation(n)
        exact = np.abs(nxt - p)[position].sum()
        for tol in (exact, np.nextafter(exact, 0), np.nextafter(exact, 1), exact * 2, exact / 2):
            assert settled(nxt, p, position, tol) == bool(exact < tol)
            assert settled(nxt, p, position, tol, np.full(n, np.nan)) == bool(exact < tol)  # scratch overwritten


def test_a_seed_without_edges_keeps_its_restart_mass_only() -> None:
    walk = sparse.csr_matrix(np.array([[0, 1.0, 0], [1.0, 0, 0], [0, 0, 0]]))
    local = LocalProducts(walk, Columns.of(walk), np.array([2]), share=1.0)
    p = np.array([0.0, 0.0, 1.0])
    assert np.array_equal(local.product(p), walk @ p)  # all 0.0: nothing reaches node 2's row
    assert local.support.tolist() == [2]
