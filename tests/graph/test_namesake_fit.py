"""Which namesake a name means (graph/namesake_fit.py): weights from document counts and fit with the query."""

from __future__ import annotations

import math

import pytest

from hopgraph.graph.namesake_fit import MAX_PASSAGES, best_fits, fit_weights


def test_the_best_fitting_namesake_keeps_its_document_count_and_the_others_fall_off_with_their_gap() -> None:
    weights = fit_weights({1: 5, 2: 1, 3: 0}, {1: 0.2, 2: 0.5, 3: 0.4}, sharpness=10.0)
    assert weights[2] == pytest.approx(1.0)  # the best fit: its count
    assert weights[1] == pytest.approx(5 * math.exp(-3.0))  # 0.3 behind: five mentions no longer win
    assert weights[3] == pytest.approx(math.exp(-1.0))  # a count of 0 counts as 1
    assert weights[2] > weights[1] > 0


def test_a_namesake_without_a_passage_counts_as_a_whole_unit_of_cosine_behind() -> None:
    weights = fit_weights({1: 2, 2: 9}, {1: 0.3}, sharpness=10.0)
    assert weights == pytest.approx({1: 2.0, 2: 9 * math.exp(-10.0)})


def test_equal_fits_leave_the_document_counts() -> None:
    assert fit_weights({1: 4, 2: 1}, {1: 0.6, 2: 0.6}) == pytest.approx({1: 4.0, 2: 1.0})


def test_best_fits_takes_each_entitys_best_passage_of_its_first_ones_by_id() -> None:
    passages = {1: {"a#0", "a#1"}, 2: {"b#0"}, 3: set(), 4: {f"c#{i:03d}" for i in range(MAX_PASSAGES + 5)}}
    scores = {"a#0": 0.1, "a#1": 0.7, "b#0": 0.3, **{f"c#{i:03d}": 0.05 for i in range(MAX_PASSAGES + 5)}}
    scores[f"c#{MAX_PASSAGES + 4:03d}"] = 0.9  # past the first MAX_PASSAGES: never compared
    asked: list[set[str]] = []

    def cosines(ids: set[str]) -> dict[str, float]:
        asked.append(ids)
        return {c: scores[c] for c in ids}

    fits = best_fits({1, 2, 3, 4}, lambda e: passages[e], cosines)
    assert fits == pytest.approx({1: 0.7, 2: 0.3, 4: 0.05})  # 3 has no passage: no fit
    assert len(asked) == 1 and f"c#{MAX_PASSAGES + 4:03d}" not in asked[0]  # one call for all of them
