"""Turn per-question records into the content of metrics.json (pure, no I/O)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hopgraph.eval.hops_stats import hops_stats
from hopgraph.eval.metrics import aggregate
from hopgraph.eval.paired import DEFAULT_RESAMPLES, DEFAULT_SEED, compare
from hopgraph.eval.records import QueryRecord


def system_metrics(records: Sequence[QueryRecord]) -> dict[str, Any]:
    """{"overall", "by_type", "hops"} for the records of one system."""
    rows = [(r.ranked, r.gold, r.latency_ms) for r in records]
    by_type: dict[str, list[QueryRecord]] = {}
    for r in records:
        by_type.setdefault(r.type, []).append(r)
    return {
        "overall": aggregate(rows),
        "by_type": {t: aggregate([(r.ranked, r.gold, r.latency_ms) for r in rs]) for t, rs in sorted(by_type.items())},
        "hops": hops_stats(records),
    }


def per_question(records: Sequence[QueryRecord]) -> dict[str, dict[str, float]]:
    """{query_id: metrics} for the scored records of one system."""
    return {r.query_id: r.metrics for r in records if r.gold and r.metrics}


def index_summary(meta: dict[str, str]) -> dict[str, float | int | None]:
    """Index size and build time from a store's meta table."""
    def num(key: str, cast=float):
        try:
            return cast(meta[key])
        except (KeyError, ValueError):
            return None

    seconds, chunks = num("index_seconds"), num("chunks", int)
    return {
        "seconds": seconds,
        "chunks": chunks,
        "entities": num("entities", int),
        "relations": num("relations", int),
        "chunks_per_s": chunks / seconds if seconds and chunks is not None else None,
    }


def build_metrics(records: Sequence[QueryRecord], *, dataset: str, split: str, systems: Sequence[str],
                  baseline: str, n_queries: int, created_at: str, config: dict[str, Any],
                  index: dict[str, Any], resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """metrics.json: per-system metrics and every system's paired comparison with the baseline."""
    by_system = {s: [r for r in records if r.system == s] for s in systems}
    paired = {
        f"{s}-vs-{baseline}": compare(per_question(by_system[s]), per_question(by_system[baseline]),
                                      resamples=resamples, seed=seed)
        for s in systems if s != baseline
    }
    return {
        "dataset": dataset,
        "split": split,
        "n_queries": n_queries,
        "created_at": created_at,
        "config": config,
        "index": index,
        "systems": {s: system_metrics(by_system[s]) for s in systems},
        "paired": paired,
    }
