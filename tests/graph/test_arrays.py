"""The pure helpers of graph/arrays.py: grouping, first pairs, groups in order of first appearance."""

import numpy as np
from hopgraph.graph.arrays import by_first_seen, first_pairs, grouped


def test_grouped_gives_each_run_of_equal_keys():
    keys, ptr = grouped(np.array([2, 2, 5, 9, 9, 9]))
    assert keys.tolist() == [2, 5, 9] and ptr.tolist() == [0, 2, 3, 6]
    keys, ptr = grouped(np.array([], dtype=np.int64))
    assert keys.tolist() == [] and ptr.tolist() == [0]


def test_first_pairs_keeps_the_first_of_each_pair_in_sequence_order():
    a, b = np.array([1, 1, 2, 1, 2, 0]), np.array([3, 4, 3, 3, 3, 3])
    assert first_pairs(a, b).tolist() == [True, True, True, False, False, True]


def test_by_first_seen_orders_groups_by_their_first_appearance():
    keys, ptr, members = by_first_seen(np.array([5, 1, 5, 0, 1]), np.array([10, 11, 12, 13, 14]))
    assert keys.tolist() == [5, 1, 0] and ptr.tolist() == [0, 2, 4, 5]
    assert members.tolist() == [10, 12, 11, 14, 13]


def test_sorted_contains_is_isin_for_an_ascending_array():
    import numpy as np

    from hopgraph.graph.arrays import sorted_contains

    rng = np.random.default_rng(2)
    ordered = np.sort(rng.integers(0, 50, 30))
    values = rng.integers(-5, 60, 200)
    assert (sorted_contains(ordered, values) == np.isin(values, ordered)).all()
    assert not sorted_contains(ordered[:0], values).any()
