"""The CSR adjacency gives each node's edges in the order a networkx MultiDiGraph gives them."""

import random

import networkx as nx
import numpy as np

from hopgraph.graph.adjacency import Adjacency


def _random_edges(seed: int, nodes: int, edges: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    ids = rng.sample(range(10_000), nodes)  # sparse, unordered ids
    return [(rng.choice(ids), rng.choice(ids)) for _ in range(edges)]


def test_edges_and_degrees_match_networkx_on_random_multigraphs():
    for seed in range(5):
        pairs = _random_edges(seed, nodes=30, edges=300)  # many repeated pairs and some self-loops
        g = nx.MultiDiGraph()
        for i, (s, t) in enumerate(pairs):
            g.add_edge(s, t, key=i)
        adj = Adjacency([], np.array([s for s, _ in pairs]), np.array([t for _, t in pairs]))
        for node in g.nodes:
            assert adj.out_edges(node).tolist() == [k for _, _, k in g.out_edges(node, keys=True)]
            assert adj.in_edges(node).tolist() == [k for _, _, k in g.in_edges(node, keys=True)]
            assert adj.degree(node) == g.degree(node)


def test_isolated_and_unknown_nodes():
    adj = Adjacency([7, 3], np.array([3]), np.array([5]))
    assert 7 in adj and 5 in adj and 4 not in adj and len(adj) == 3
    assert adj.degree(7) == 0 and adj.out_edges(7).tolist() == [] and adj.degree(3) == 1
    assert adj.degree(4) == 0 and adj.in_edges(4).tolist() == []


def test_positions_and_distinct_by_lookup_and_by_search():
    from hopgraph.graph.adjacency import distinct, positions

    for ids in (np.array([0, 2, 3, 7]), np.array([-5, 2, 4, 10**12])):  # dense ids (a lookup array), sparse (a search)
        values = np.array([ids[2], ids[0], 1, ids[3], -1, 10**13])
        assert positions(ids, values).tolist() == [2, 0, -1, 3, -1, -1]
        assert distinct(ids[::-1], ids[:2]).tolist() == ids.tolist()
