"""CsrSets (graph/csr_sets.py): a mapping key -> set kept as arrays equals the dict of sets it stands for."""

import numpy as np
import pytest
from hopgraph.graph.csr_sets import CsrSets


def _sets() -> CsrSets:
    # keys 7, 3, 9 (in that order); members in the order they were added
    return CsrSets([7, 3, 9], np.array([0, 2, 2, 5]), np.array([1, 0, 2, 1, 0]), ["a#0", "b#0", "c#0"])


def test_sets_of_named_members_equal_the_dict_of_sets():
    s = _sets()
    assert s == {7: {"b#0", "a#0"}, 3: set(), 9: {"c#0", "b#0", "a#0"}}
    assert s != {7: {"b#0"}, 3: set(), 9: {"c#0", "b#0", "a#0"}}
    assert list(s) == [7, 3, 9] and len(s) == 3 and 3 in s and 4 not in s
    assert s.members(9) == ["c#0", "b#0", "a#0"] and s.members(4) == []


def test_a_set_is_made_once_and_iterates_as_one_built_by_adding_its_members():
    s = CsrSets(["x"], np.array([0, 5]), np.array([40, 8, 16, 0, 24]))
    expected: set[int] = set()
    for m in [40, 8, 16, 0, 24]:  # small ints that collide in a small table: the order depends on additions
        expected.add(m)
    assert list(s["x"]) == list(expected) and s["x"] is s["x"]


def test_missing_keys_behave_as_in_a_dict():
    s = _sets()
    assert s.get(4) is None and s.get(4, set()) == set()
    with pytest.raises(KeyError):
        s[4]
    assert dict(s.items())[7] == {"a#0", "b#0"}
