"""Rank fusion: pure functions over ranked lists of ids."""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def rrf(rankings: Sequence[Sequence[Hashable]], k: int = 60, weights: Sequence[float] | None = None) -> list[tuple[Hashable, float]]:
    """Reciprocal rank fusion: score(d) = sum_i w_i / (k + rank_i(d)), ranks 1-based.

    Ties keep the order in which ids were first seen (earlier rankings first).
    """
    weights = list(weights) if weights is not None else [1.0] * len(rankings)
    scores: dict[Hashable, float] = {}
    for ranking, w in zip(rankings, weights):
        for rank, item in enumerate(ranking, 1):
            scores[item] = scores.get(item, 0.0) + w / (k + rank)
    order = {item: i for i, item in enumerate(scores)}
    return sorted(scores.items(), key=lambda kv: (-kv[1], order[kv[0]]))
