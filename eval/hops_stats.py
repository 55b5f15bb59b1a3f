"""Hop-loop statistics: trace summaries per question and their aggregate, with calibration and the figures
of questions the router read surely and unsurely.

Calibration asks whether the loop knows when it is done: the 2x2 confusion of
"ended complete" (termination_reason == "complete") against "gold complete"
(every gold document in the top 10), with precision (of the questions that ended
complete, the share that really were) and recall (of the gold-complete
questions, the share the loop declared complete).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from hopgraph.cache.query_cache import KINDS
from hopgraph.eval.metrics import aggregate
from hopgraph.eval.records import QueryRecord
from hopgraph.router.understand import CONFIDENT


def trace_summary(result: Any) -> dict[str, Any]:
    """The per_query.jsonl summary of an AgenticRetrievalResult."""
    route = getattr(result, "route", None)
    return {
        "hops": int(result.total_hops),
        "corrections": int(result.correction_count),
        "termination": str(result.termination_reason),
        "route": route.route if route is not None else "none",
        "shape": getattr(route, "shape", "") if route is not None else "",
        "confidence": float(route.confidence) if route is not None else None,
        "stage_calls": dict(result.stage_calls or {}),
    }


def calibration(pairs: Sequence[tuple[bool, bool]]) -> dict[str, Any]:
    """Confusion of (ended complete, gold complete) pairs with precision and recall (None when undefined)."""
    tp = sum(1 for ended, gold in pairs if ended and gold)
    fp = sum(1 for ended, gold in pairs if ended and not gold)
    fn = sum(1 for ended, gold in pairs if not ended and gold)
    tn = sum(1 for ended, gold in pairs if not ended and not gold)
    return {
        "ended_complete_gold_complete": tp,
        "ended_complete_gold_incomplete": fp,
        "ended_other_gold_complete": fn,
        "ended_other_gold_incomplete": tn,
        "precision": tp / (tp + fp) if tp + fp else None,
        "recall": tp / (tp + fn) if tp + fn else None,
    }


def cache_hit_rates(stage_totals: dict[str, int]) -> dict[str, float]:
    """Per cache kind (retrieve, link, route, grade, conflicts): hits / (hits + misses) over the
    `cache_<kind>_hits` / `cache_<kind>_misses` stage calls; kinds never looked up are left out (pure)."""
    out = {}
    for kind in KINDS:
        hits, misses = stage_totals.get(f"cache_{kind}_hits", 0), stage_totals.get(f"cache_{kind}_misses", 0)
        if hits + misses:
            out[kind] = hits / (hits + misses)
    return out


def hops_stats(records: Sequence[QueryRecord]) -> dict[str, Any]:
    """Aggregate of the trace summaries of scored hops records (records without a trace are ignored)."""
    traced = [r for r in records if r.trace is not None and r.gold]
    if not traced:
        return {}
    n = len(traced)
    stage_totals: Counter[str] = Counter()
    for r in traced:
        stage_totals.update({k: int(v) for k, v in r.trace.get("stage_calls", {}).items()})
    token_keys = [k for k in stage_totals if "token" in k.lower()]
    out: dict[str, Any] = {
        "n": n,
        "mean_hops": sum(r.trace["hops"] for r in traced) / n,
        "correction_rate": sum(1 for r in traced if r.trace["corrections"] > 0) / n,
        "mean_corrections": sum(r.trace["corrections"] for r in traced) / n,
        "routes": dict(Counter(r.trace["route"] for r in traced)),
        "termination": dict(Counter(r.trace["termination"] for r in traced)),
        "stage_calls": dict(stage_totals),
        "stage_calls_per_query": {k: v / n for k, v in stage_totals.items()},
        "cache_hit_rates": cache_hit_rates(stage_totals),
        "calibration": calibration(
            [(r.trace["termination"] == "complete", r.metrics.get("complete@10", 0.0) == 1.0) for r in traced]
        ),
    }
    if token_keys:
        out["llm_tokens"] = sum(stage_totals[k] for k in token_keys)
    if (by_reading := reading_figures(traced)):
        out["by_reading"] = by_reading
    return out


def reading_figures(records: Sequence[QueryRecord]) -> dict[str, Any]:
    """Recall and completeness of the questions the router read surely (confidence >= CONFIDENT: its plan is
    trusted and may end "complete") and unsurely (a generic bridge search runs beside it and the final list is
    ranked by what every run saw), apart; {} for records without a confidence (written by older versions)."""
    read = [r for r in records if r.trace.get("confidence") is not None]
    groups = {"sure": [r for r in read if r.trace["confidence"] >= CONFIDENT],
              "unsure": [r for r in read if r.trace["confidence"] < CONFIDENT]}
    return {name: aggregate([(r.ranked, r.gold, r.latency_ms) for r in rs]) for name, rs in groups.items() if rs}
