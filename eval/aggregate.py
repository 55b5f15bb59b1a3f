"""Turn per-question records into the content of metrics.json (pure, no I/O)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hopgraph.eval.answers import answer_stats
from hopgraph.eval.hops_stats import hops_stats
from hopgraph.eval.metrics import RECALL_KS, aggregate, complete_at, recall_at
from hopgraph.eval.paired import DEFAULT_RESAMPLES, DEFAULT_SEED, compare
from hopgraph.eval.records import QueryRecord


def system_metrics(records: Sequence[QueryRecord]) -> dict[str, Any]:
    """{"overall", "as_returned", "by_type", "by_style"?, "answers"?, "hops"} for the records of one system.

    "overall" and "by_type" score the document ranking (chunk hits mapped to documents, first
    occurrence kept); "as_returned" scores the first k chunk hits exactly as returned, so a document
    split into several chunks takes several of the k places. "by_style" is there when questions
    carry a metadata.style, "answers" when hops answers were scored (--answers).
    """
    out: dict[str, Any] = {
        "overall": aggregate(_rows(records)),
        "as_returned": as_returned(records),
        "by_type": {t: aggregate(_rows(rs)) for t, rs in _group(records, "type").items()},
    }
    if any(r.style for r in records):
        out["by_style"] = {s or "none": aggregate(_rows(rs)) for s, rs in _group(records, "style").items()}
    answered = [r for r in records if r.answer is not None and r.gold]
    if answered:
        out["answers"] = _answers(answered)
        out["answers"]["by_type"] = {t: _answers(rs) for t, rs in _group(answered, "type").items()}
        if any(r.style for r in answered):
            out["answers"]["by_style"] = {s or "none": _answers(rs) for s, rs in _group(answered, "style").items()}
    out["hops"] = hops_stats(records)
    return out


def as_returned(records: Sequence[QueryRecord]) -> dict[str, float]:
    """recall@k and complete@k over the first k returned chunk hits' documents (records that have them)."""
    rows = [(r.returned, r.gold) for r in records if r.returned is not None and r.gold]
    out: dict[str, float] = {"n": len(rows)}
    if not rows:
        return out
    for k in RECALL_KS:
        out[f"recall@{k}"] = sum(recall_at(ret, gold, k) for ret, gold in rows) / len(rows)
    for k in RECALL_KS:
        out[f"complete@{k}"] = sum(complete_at(ret, gold, k) for ret, gold in rows) / len(rows)
    return out


def _answers(records: Sequence[QueryRecord]) -> dict[str, Any]:
    """answer_stats of records with a scored answer: gold complete@10 and "ended complete" per question."""
    return answer_stats([(r.answer, r.metrics.get("complete@10", 0.0) == 1.0,
                          r.trace is not None and r.trace.get("termination") == "complete") for r in records])


def _rows(records: Sequence[QueryRecord]) -> list[tuple[list[str], list[str], float]]:
    return [(r.ranked, r.gold, r.latency_ms) for r in records]


def _group(records: Sequence[QueryRecord], field: str) -> dict[str, list[QueryRecord]]:
    groups: dict[str, list[QueryRecord]] = {}
    for r in records:
        groups.setdefault(getattr(r, field), []).append(r)
    return dict(sorted(groups.items()))


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
