"""Personalized PageRank (graph/ppr.py) against an independent dense computation."""

from __future__ import annotations

import numpy as np
import pytest

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.ppr import PPRMatrix, chunk_mass, personalized_pagerank, top_chunks
from hopgraph.models import Entity, Relation
from kg_fixtures import small_kg


def chain() -> KnowledgeGraph:
    """A -typed- B -cooccur- C, each entity mentioned by its own chunk."""
    entities = {i: Entity(entity_id=i, name=n) for i, n in enumerate("ABC")}
    relations = [
        Relation(source_id=0, predicate="knows", target_id=1, chunk_id="cA"),
        Relation(source_id=1, predicate="cooccur", target_id=2, chunk_id="cB", kind="cooccur"),
    ]
    return KnowledgeGraph.from_parts(entities, relations, [(0, "cA"), (1, "cB"), (2, "cC")], [])


def dense_ppr(adj: np.ndarray, seed: int, damping: float) -> np.ndarray:
    """Closed form p = (1 - d) (I - d T)^-1 r with T the column-normalised adjacency."""
    transition = adj / adj.sum(axis=0, keepdims=True)
    restart = np.zeros(len(adj))
    restart[seed] = 1.0
    return (1 - damping) * np.linalg.solve(np.eye(len(adj)) - damping * transition, restart)


def test_chain_matches_closed_form() -> None:
    # nodes: A B C cA cB cC; typed edges weigh 1, co-occurrence 0.5, mentions 1
    adj = np.zeros((6, 6))
    for a, b, w in [(0, 1, 1.0), (1, 2, 0.5), (0, 3, 1.0), (1, 4, 1.0), (2, 5, 1.0)]:
        adj[a, b] = adj[b, a] = w
    expected = dense_ppr(adj, seed=0, damping=0.5)
    scores = personalized_pagerank(PPRMatrix.from_graph(chain()), {0: 1.0}, damping=0.5, iterations=200, tol=1e-14)
    assert scores == pytest.approx({"cA": expected[3], "cB": expected[4], "cC": expected[5]}, rel=1e-9)


def test_closer_chunks_rank_higher_and_mass_is_at_most_one() -> None:
    scores = personalized_pagerank(PPRMatrix.from_graph(chain()), {0: 1.0})
    assert sorted(scores, key=scores.get, reverse=True) == ["cA", "cB", "cC"]
    assert 0 < sum(scores.values()) <= 1.0


def test_exact_ranking_on_the_small_graph() -> None:
    kg = small_kg()
    scores = personalized_pagerank(PPRMatrix.from_graph(kg), {1: 1.0}, damping=0.5)
    assert sum(scores.values()) <= 1.0
    order = sorted(scores, key=lambda c: (-scores[c], c))
    # the seed's chunks first (studio#0 wins: Saltmoor Studios sends half its mass back to it,
    # while Oskar spreads his over five neighbours), then Oskar's two chunks (one hop, a tie:
    # both mention exactly Oskar and Tamsel), Tamsel's home (two hops), Kestrel Bay (three hops)
    assert order == ["studio#0", "film#0", "misc#0", "oskar#0", "tamsel#0", "kb#0"]
    assert scores["misc#0"] == pytest.approx(scores["oskar#0"])


def test_seed_weights_are_normalised_and_unknown_seeds_ignored() -> None:
    m = PPRMatrix.from_graph(chain())
    assert personalized_pagerank(m, {0: 5.0}) == pytest.approx(personalized_pagerank(m, {0: 1.0}))
    assert personalized_pagerank(m, {0: 1.0, 99: 3.0}) == pytest.approx(personalized_pagerank(m, {0: 1.0}))
    assert personalized_pagerank(m, {99: 1.0}) == {}
    assert personalized_pagerank(m, {}) == {}


def test_two_seeds_split_the_restart() -> None:
    m = PPRMatrix.from_graph(chain())
    both = personalized_pagerank(m, {0: 1.0, 2: 1.0})
    only_a, only_c = personalized_pagerank(m, {0: 1.0}), personalized_pagerank(m, {2: 1.0})
    # the walk is linear in the restart vector: half of each single-seed walk
    assert both == pytest.approx({c: (only_a[c] + only_c[c]) / 2 for c in only_a})
    assert only_c["cA"] < both["cA"] < only_a["cA"]


def test_matrix_is_column_stochastic() -> None:
    m = PPRMatrix.from_graph(small_kg())
    sums = np.asarray(m.transition.sum(axis=0)).ravel()
    connected = sums > 0
    assert np.allclose(sums[connected], 1.0)
    assert m.n_entities == 8 and m.chunk_ids == sorted(m.chunk_ids)


def test_top_chunks_equals_a_full_sort_with_ties_in_position_order() -> None:
    mass = np.array([0.1, 0.0, 0.3, 0.1, 0.3, 0.05, 0.1, 0.0])
    full = sorted((i for i in range(len(mass)) if mass[i] > 0), key=lambda i: (-mass[i], i))
    for n in range(0, 9):
        assert top_chunks(mass, n).tolist() == full[:n]
    assert top_chunks(mass, 4).tolist() == [2, 4, 0, 3]  # the tie at 0.1 is cut by position
    assert top_chunks(np.zeros(3), 2).tolist() == []


def test_top_chunks_on_random_masses_with_many_ties() -> None:
    rng = np.random.default_rng(7)
    mass = rng.integers(0, 6, size=500) / 10.0  # values 0.0 .. 0.5: large tie groups
    full = sorted((i for i in range(len(mass)) if mass[i] > 0), key=lambda i: (-mass[i], i))
    for n in (1, 25, 80, 499, 600):
        assert top_chunks(mass, n).tolist() == full[:n]


def test_chunk_mass_is_kept_per_seed_set_and_read_only() -> None:
    m = PPRMatrix.from_graph(chain())
    first = chunk_mass(m, {0: 1.0, 2: 0.5})
    again = chunk_mass(m, {2: 0.5, 0: 1.0, 99: 1.0})  # same seeds in another order, plus one not in the graph
    assert again is first and len(m.memo) == 1
    assert not first.flags.writeable
    assert chunk_mass(m, {0: 1.0, 2: 0.25}) is not first  # other weights walk otherwise
    assert chunk_mass(m, {99: 1.0}) is None and chunk_mass(m, {0: 0.0}) is None
    scores = personalized_pagerank(m, {0: 1.0, 2: 0.5})
    assert scores == {c: float(first[i]) for i, c in enumerate(m.chunk_ids) if first[i] > 0}
    assert m.chunk_index == {c: i for i, c in enumerate(m.chunk_ids)}


def random_kg(seed: int) -> KnowledgeGraph:
    """Entities joined by typed, co-occurrence and weaker topic edges (some repeated), each mentioned in chunks."""
    rng = np.random.default_rng(seed)
    entities = {i: Entity(entity_id=i, name=f"e{i}") for i in range(80)}
    relations = []
    for _ in range(220):
        a, b = (int(x) for x in rng.integers(0, 80, size=2))
        kind = "typed" if rng.random() < 0.4 else "cooccur"
        relations.append(Relation(source_id=a, predicate="p", target_id=b, chunk_id=f"c{a % 30}", kind=kind,
                                  weight=float(rng.choice([1.0, 0.7, 0.3]))))
    mentions = [(int(e), f"c{int(c)}") for e, c in zip(rng.integers(0, 80, size=200), rng.integers(0, 30, size=200))]
    return KnowledgeGraph.from_parts(entities, relations, mentions, [])


def plain_walk(m: PPRMatrix, seeds: dict[int, float], damping: float = 0.5, iterations: int = 30,
               tol: float = 1e-8) -> np.ndarray:
    """The power iteration in node order, written out plainly."""
    restart = np.zeros(m.transition.shape[0])
    for e, w in sorted(seeds.items()):
        restart[m.entity_index[e]] += w
    restart /= restart.sum()
    p = restart.copy()
    for _ in range(iterations):
        nxt = (1 - damping) * restart + damping * (m.transition @ p)
        done = np.abs(nxt - p).sum() < tol
        p = nxt
        if done:
            break
    return p[m.n_entities:]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_renumbered_walk_gives_the_same_bits_as_the_walk_in_node_order(seed: int) -> None:
    m = PPRMatrix.from_graph(random_kg(seed))
    order, position, walk = m.walk
    assert not np.array_equal(order, np.arange(len(order)))  # the nodes were renumbered
    assert np.array_equal(position[order], np.arange(len(order)))
    for seeds in ({0: 1.0}, {3: 0.9, 17: 0.62}, {5: 1.0, 40: 1.0, 77: 0.3}):
        for damping, tol in ((0.5, 1e-8), (0.85, 1e-12)):
            got = chunk_mass(m, seeds, damping, 60, tol)
            assert np.array_equal(got, plain_walk(m, seeds, damping, 60, tol))  # bit for bit, not approximately


@pytest.mark.parametrize("seed", [1, 2])
def test_the_walk_split_in_two_row_blocks_gives_the_same_bits(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from hopgraph.graph import ppr

    m = PPRMatrix.from_graph(random_kg(seed))
    product = ppr._halves(m.walk[2])
    assert product is not None
    p = np.random.default_rng(seed).random(m.walk[2].shape[0])
    assert np.array_equal(product(p), m.walk[2] @ p)
    monkeypatch.setattr(ppr, "SPLIT_ENTRIES", 0)  # every walk split, as a large graph's
    for seeds in ({0: 1.0}, {3: 0.9, 17: 0.62}):
        assert np.array_equal(chunk_mass(m, seeds, 0.5, 60, 1e-12), plain_walk(m, seeds, 0.5, 60, 1e-12))


@pytest.mark.parametrize("split", [0, 10**9])  # the product in two row blocks or in one
def test_pushed_mass_is_the_chunks_part_of_the_whole_push(split: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from hopgraph.graph import ppr
    from hopgraph.graph.ppr_push import approximate_ppr

    monkeypatch.setattr(ppr, "SPLIT_ENTRIES", split)
    m = PPRMatrix.from_graph(random_kg(2))
    order, position, _ = m.walk
    for seeds in ({3: 0.9, 17: 0.62}, {5: 1.0}, {1: 0.3, 8: 0.7, 40: 0.55}):
        key = tuple(sorted(seeds.items()))
        assert np.array_equal(ppr._restart_walk(m, key), ppr._restart(m, key)[order])
        walk = m.walk32
        whole = approximate_ppr(m.push_graph, ppr._restart(m, key)[order], 0.5, 1e-4,
                                lambda x: walk @ x.astype(np.float32))
        got = chunk_mass(m, seeds, 0.5, push_eps=1e-4)
        assert np.array_equal(got, whole[position[m.n_entities:]]) and got.any()
    rows, sub = m.chunk_rows32
    x = np.random.default_rng(0).random(m.transition.shape[0]).astype(np.float32)
    assert np.array_equal(sub @ x, (m.walk32 @ x)[rows])
