"""The cross-question cache: a benchmark's dev questions asked twice through the hop loop.

Pass 1 fills the cache (sub-query results, entity links, route decisions); pass 2 asks the same questions
again. Prints p50/p95 latency of both passes, the cache hit rates of each, and whether every result of pass 2
equals pass 1's (route, traces with their hits and decisions, final hits, termination; not the trace id, the
timings or the call counts, which differ by design).

    HOPGRAPH_CACHE=/tmp/me/cache .venv/bin/python benchmarks/cache_bench.py --bench /work/shared/bench/2wiki
    .venv/bin/python benchmarks/cache_bench.py --bench /work/shared/bench/2wiki --store /path/to/2wiki/store

Without --store the store comes from `hopgraph eval`'s store cache ($HOPGRAPH_CACHE), built once if missing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from pathlib import Path
from typing import Any

from hopgraph.cache.query_cache import KINDS
from hopgraph.config import load_settings
from hopgraph.eval.beir import load_benchmark
from hopgraph.eval.run import warm_hops
from hopgraph.eval.store_cache import ensure_store
from hopgraph.facade import HopGraph


def comparable(result: Any) -> dict[str, Any]:
    data = result.model_dump(exclude={"trace_id", "elapsed_s", "stage_calls"})
    for t in data["traces"]:
        t.pop("elapsed_s", None)
        t.pop("stage_calls", None)
    return data


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run_pass(hg: HopGraph, questions: list[str]) -> tuple[list[float], list[dict[str, Any]], Counter]:
    latencies, results, calls = [], [], Counter()
    for text in questions:
        start = time.perf_counter()
        result = hg.ask(text, save_trace=False)
        latencies.append((time.perf_counter() - start) * 1000.0)
        results.append(comparable(result))
        calls.update(result.stage_calls)
    return latencies, results, calls


def hit_rates(calls: Counter) -> dict[str, float | None]:
    out = {}
    for kind in KINDS:
        hits, misses = calls[f"cache_{kind}_hits"], calls[f"cache_{kind}_misses"]
        out[kind] = hits / (hits + misses) if hits + misses else None
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench", type=Path, required=True, help="BEIR folder (e.g. /work/shared/bench/2wiki)")
    parser.add_argument("--split", default="dev")
    parser.add_argument("--store", type=Path, default=None, help="a built store of the benchmark's corpus")
    parser.add_argument("--limit", type=int, default=None, help="first N questions only")
    parser.add_argument("--out", type=Path, default=None, help="write the figures as JSON here")
    args = parser.parse_args()

    bench = load_benchmark(args.bench, args.split, args.limit)
    settings = load_settings()
    store = args.store or ensure_store(bench.corpus_path, settings, None)
    hg = HopGraph.open(store, settings)
    warm_hops(hg, bench.queries[0])  # models, indexes, graph and the router's spaCy pipeline, untimed
    hg.hop_loop.services.cache.clear()  # the warm-up question must not start pass 1 cached
    questions = [q.text for q in bench.queries]

    first_ms, first, first_calls = run_pass(hg, questions)
    second_ms, second, second_calls = run_pass(hg, questions)
    differing = [bench.queries[i].query_id for i, (a, b) in enumerate(zip(first, second)) if a != b]
    figures = {
        "benchmark": f"{bench.name}/{bench.split}", "questions": len(questions), "store": str(store),
        "pass1_ms": {"p50": statistics.median(first_ms), "p95": percentile(first_ms, 0.95), "mean": statistics.mean(first_ms)},
        "pass2_ms": {"p50": statistics.median(second_ms), "p95": percentile(second_ms, 0.95), "mean": statistics.mean(second_ms)},
        "pass1_hit_rates": hit_rates(first_calls), "pass2_hit_rates": hit_rates(second_calls),
        "identical": not differing, "differing": differing,
        "cache_entries": {k: v["entries"] for k, v in hg.hop_loop.services.cache.stats().items()},
    }
    rate = lambda r: "-" if r is None else f"{100 * r:.1f}%"  # noqa: E731
    print(f"{figures['benchmark']}: {len(questions)} questions, store {store}")
    for name in ("pass1", "pass2"):
        ms, rates = figures[f"{name}_ms"], figures[f"{name}_hit_rates"]
        print(f"  {name}: p50 {ms['p50']:.2f} ms, p95 {ms['p95']:.2f} ms, mean {ms['mean']:.2f} ms; hit rates "
              + ", ".join(f"{k} {rate(v)}" for k, v in rates.items()))
    print(f"  pass 2 identical to pass 1: {figures['identical']}" + (f" (differ: {differing[:10]})" if differing else ""))
    print(f"  cache entries: {figures['cache_entries']}")
    if args.out:
        args.out.write_text(json.dumps(figures, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
