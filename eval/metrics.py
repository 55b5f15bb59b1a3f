"""Ranking metrics over document ids: pure functions, binary relevance.

Retrieval returns chunks; `dedupe_docs` maps them to document ids with the first
occurrence winning, and every metric below is computed on that document
ranking. Conventions (those of trec_eval / BEIR):

- recall@k    share of gold documents in the top k
- complete@k  1 when every gold document is in the top k
- hits@k      1 when any gold document is in the top k
- mrr@k       1 / rank of the first gold document in the top k (0 if none)
- map@k       sum of precision@i at each gold rank i <= k, divided by |gold|
- ndcg@k      DCG with gain 1/log2(rank + 1), normalised by the ideal ranking of min(|gold|, k) golds
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

RECALL_KS = (2, 5, 10)
HITS_KS = (4, 10)
RANK_K = 10


def dedupe_docs(doc_ids: Iterable[str]) -> list[str]:
    """Document ids in rank order, each kept at its first occurrence."""
    seen: set[str] = set()
    out: list[str] = []
    for d in doc_ids:
        if d not in seen:
            seen.add(d)
            out.append(d)
    return out


def recall_at(ranked: Sequence[str], gold: Sequence[str], k: int) -> float:
    gold_set = set(gold)
    return len(gold_set.intersection(ranked[:k])) / len(gold_set)


def complete_at(ranked: Sequence[str], gold: Sequence[str], k: int) -> float:
    return 1.0 if set(gold) <= set(ranked[:k]) else 0.0


def hits_at(ranked: Sequence[str], gold: Sequence[str], k: int) -> float:
    return 1.0 if set(gold).intersection(ranked[:k]) else 0.0


def mrr_at(ranked: Sequence[str], gold: Sequence[str], k: int = RANK_K) -> float:
    gold_set = set(gold)
    for i, d in enumerate(ranked[:k], 1):
        if d in gold_set:
            return 1.0 / i
    return 0.0


def map_at(ranked: Sequence[str], gold: Sequence[str], k: int = RANK_K) -> float:
    gold_set = set(gold)
    found, total = 0, 0.0
    for i, d in enumerate(ranked[:k], 1):
        if d in gold_set:
            found += 1
            total += found / i
    return total / len(gold_set)


def ndcg_at(ranked: Sequence[str], gold: Sequence[str], k: int = RANK_K) -> float:
    gold_set = set(gold)
    dcg = sum(1.0 / math.log2(i + 1) for i, d in enumerate(ranked[:k], 1) if d in gold_set)
    ideal = sum(1.0 / math.log2(i + 1) for i in range(1, min(len(gold_set), k) + 1))
    return dcg / ideal


def question_metrics(ranked: Sequence[str], gold: Sequence[str]) -> dict[str, float]:
    """Every metric for one question; `ranked` must already be deduplicated, `gold` non-empty."""
    if not gold:
        raise ValueError("a question without gold documents cannot be scored")
    m: dict[str, float] = {}
    for k in RECALL_KS:
        m[f"recall@{k}"] = recall_at(ranked, gold, k)
    for k in RECALL_KS:
        m[f"complete@{k}"] = complete_at(ranked, gold, k)
    m[f"mrr@{RANK_K}"] = mrr_at(ranked, gold)
    m[f"map@{RANK_K}"] = map_at(ranked, gold)
    m[f"ndcg@{RANK_K}"] = ndcg_at(ranked, gold)
    for k in HITS_KS:
        m[f"hits@{k}"] = hits_at(ranked, gold, k)
    return m


def recall_curve(ranked: Sequence[str], gold: Sequence[str], max_k: int = RANK_K) -> list[float]:
    """recall@1 .. recall@max_k for one question."""
    return [recall_at(ranked, gold, k) for k in range(1, max_k + 1)]


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile (q in 0..100) of a non-empty list."""
    xs = sorted(values)
    if not xs:
        raise ValueError("percentile of an empty list")
    pos = (len(xs) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def latency_summary(latencies_ms: Sequence[float]) -> dict[str, float]:
    """p50, p95 and mean of per-question latencies in milliseconds."""
    if not latencies_ms:
        return {}
    return {
        "latency_ms_p50": percentile(latencies_ms, 50),
        "latency_ms_p95": percentile(latencies_ms, 95),
        "latency_ms_mean": sum(latencies_ms) / len(latencies_ms),
    }


def aggregate(rows: Iterable[tuple[Sequence[str], Sequence[str], float]]) -> dict[str, float]:
    """Mean of every metric over (ranked doc ids, gold ids, latency ms) rows.

    Rows without gold are skipped and counted in `skipped_no_gold`; `n` is the
    number of questions scored. Ranked ids are deduplicated here, so callers may
    pass raw chunk-order doc ids.
    """
    sums: dict[str, float] = {}
    latencies: list[float] = []
    n = skipped = 0
    for ranked, gold, latency_ms in rows:
        if not gold:
            skipped += 1
            continue
        n += 1
        for name, value in question_metrics(dedupe_docs(ranked), gold).items():
            sums[name] = sums.get(name, 0.0) + value
        latencies.append(latency_ms)
    out: dict[str, float] = {name: total / n for name, total in sums.items()}
    out.update(latency_summary(latencies))
    out["n"] = n
    out["skipped_no_gold"] = skipped
    return out
