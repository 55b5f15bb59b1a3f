"""Relation columns patched from a previous store's arrays (graph/arrays_delta.py) are those a fresh read gives."""

from __future__ import annotations

import numpy as np

from hopgraph.graph.arrays_delta import first_seen
from hopgraph.graph.relation_table import codes_of


def test_codes_renumbered_by_first_appearance_are_those_of_a_fresh_read() -> None:
    names = ["spouse", "born_in", "employer", "sibling"]
    sequence = ["employer", "spouse", "employer", "sibling", "spouse"]  # "born_in" is not used any more
    codes = np.array([names.index(n) for n in sequence], dtype=np.int64)
    got, got_names = first_seen(codes, names)
    want, index = codes_of(sequence)
    assert got_names == list(index) == ["employer", "spouse", "sibling"]
    assert got.dtype == want.dtype == np.int32
    assert got.tolist() == want.tolist() == [0, 1, 0, 2, 1]


def test_no_codes_give_no_names() -> None:
    got, names = first_seen(np.zeros(0, dtype=np.int64), ["spouse"])
    assert len(got) == 0 and names == []
