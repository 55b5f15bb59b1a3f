"""Fusion of rankings: pure functions over ranked lists of ids (RRF) or of (id, score) pairs (z-scores)."""

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


def zscore_fuse(rankings: Sequence[Sequence[tuple[Hashable, float]]],
                weights: Sequence[float] | None = None) -> list[tuple[Hashable, float]]:
    """Score fusion: score(d) = sum_i w_i * z_i(d), where z_i are ranking i's scores standardised over that
    ranking (mean 0, standard deviation 1) and an id ranking i lacks gets its lowest z-score.

    Unlike RRF, which gives every ranking's first hit the same share, the fused order follows how far a hit
    stands out from the rest of its ranking: a hit far above the others (an exact name match in BM25, say)
    outweighs the leader of a ranking whose scores fall evenly. Ties keep the order in which ids were first
    seen (earlier rankings first).
    """
    weights = list(weights) if weights is not None else [1.0] * len(rankings)
    standardised = [_zscores([s for _, s in ranking]) for ranking in rankings]
    order: dict[Hashable, int] = {}
    for ranking in rankings:
        for item, _ in ranking:
            order.setdefault(item, len(order))
    scores = dict.fromkeys(order, 0.0)
    for ranking, z, w in zip(rankings, standardised, weights):
        if not ranking:
            continue
        present = {item: zi for (item, _), zi in zip(ranking, z)}
        floor = min(z)
        for item in scores:
            scores[item] += w * present.get(item, floor)
    return sorted(scores.items(), key=lambda kv: (-kv[1], order[kv[0]]))


def _zscores(values: Sequence[float]) -> list[float]:
    """`values` standardised to mean 0 and standard deviation 1 (all 0 when they are all equal)."""
    if not values:
        return []
    mean = sum(values) / len(values)
    sd = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5
    return [(v - mean) / sd if sd > 0 else 0.0 for v in values]


def fusion_for(method: str, query_words: int, zscore_min_words: int) -> str:
    """The fusion a query of `query_words` content words gets: "auto" is z-scores from `zscore_min_words`
    words on and RRF below. A short query (a planned sub-query, a search-box query) has few terms, so its BM25
    scores fall into a few tiers and standardising them magnifies small differences; ranks are steadier. A
    long question's BM25 scores spread, and a chunk that matches several of its rarer words stands out."""
    if method != "auto":
        return method
    return "zscore" if query_words >= zscore_min_words else "rrf"


def fuse_dense_bm25(dense: Sequence[tuple[Hashable, float]], lexical: Sequence[tuple[Hashable, float]],
                    method: str, rrf_k: int) -> list[tuple[Hashable, float]]:
    """Hybrid search's fusion of a dense and a BM25 ranking of (id, score), best first: `method` is
    "zscore" (`zscore_fuse`) or "rrf" (`rrf` with constant `rrf_k`)."""
    if method == "rrf":
        return rrf([[i for i, _ in dense], [i for i, _ in lexical]], k=rrf_k)
    return zscore_fuse([dense, lexical])
