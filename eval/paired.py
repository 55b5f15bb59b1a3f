"""Paired comparison of two systems on the same questions: mean delta with a bootstrap 95% CI.

The questions are resampled with replacement (a fixed seed makes the interval
reproducible); the interval is the 2.5th..97.5th percentile of the resampled
mean deltas.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

PAIRED_METRICS = ("recall@5", "complete@5", "mrr@10")
DEFAULT_RESAMPLES = 10_000
DEFAULT_SEED = 13


def bootstrap_ci(deltas: Sequence[float], resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED,
                 batch: int = 1000) -> tuple[float, float]:
    """95% percentile-bootstrap interval of the mean of `deltas` (non-empty)."""
    values = np.asarray(deltas, dtype=float)
    if values.size == 0:
        raise ValueError("bootstrap of no values")
    rng = np.random.default_rng(seed)
    means = np.empty(resamples)
    for start in range(0, resamples, batch):  # bounded memory for large question sets
        size = min(batch, resamples - start)
        idx = rng.integers(0, values.size, size=(size, values.size))
        means[start : start + size] = values[idx].mean(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return float(lo), float(hi)


def paired_deltas(system: Mapping[str, Mapping[str, float]], baseline: Mapping[str, Mapping[str, float]],
                  metric: str) -> list[float]:
    """Per-question `system - baseline` for the question ids both scored, in sorted id order."""
    common = sorted(set(system) & set(baseline))
    return [system[q][metric] - baseline[q][metric] for q in common]


def compare(system: Mapping[str, Mapping[str, float]], baseline: Mapping[str, Mapping[str, float]],
            metrics: Sequence[str] = PAIRED_METRICS, resamples: int = DEFAULT_RESAMPLES,
            seed: int = DEFAULT_SEED) -> dict[str, dict[str, object]]:
    """{metric: {"delta", "ci95": [lo, hi], "n"}} from per-question metric dicts keyed by query id."""
    out: dict[str, dict[str, object]] = {}
    for metric in metrics:
        deltas = paired_deltas(system, baseline, metric)
        if not deltas:
            out[metric] = {"delta": None, "ci95": [None, None], "n": 0}
            continue
        lo, hi = bootstrap_ci(deltas, resamples, seed)
        out[metric] = {"delta": float(np.mean(deltas)), "ci95": [lo, hi], "n": len(deltas)}
    return out
