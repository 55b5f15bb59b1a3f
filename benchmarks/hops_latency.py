"""Hop-loop latency per question (wall and CPU time) and the exact results, to compare before/after a speed-up.

Asks a benchmark's questions through `HopGraph.ask` (no LLM) after an untimed warm-up, one question at a time,
the cross-question caches (queries, PPR walks) emptied before each question (so every question pays for its own
retrieval). Prints p50/p95/mean of wall and process CPU milliseconds, hops R@5 and C@5, and the load average;
`--out` keeps every question's ranked doc ids, returned chunk ids with their scores and the sub-queries run.
`--compare A.json` checks that this run returned the same thing as an earlier one: the same ranked doc ids and
chunk ids for every question (scores within `--tol`). `--profile` writes a cProfile of the timed loop.
`--world CORPUS` asks `scaling.py`'s invented-world questions about CORPUS instead of a benchmark's (`--limit` of
them, default 40; no gold, so R@5 and C@5 read 0): the questions of the 100k latency target.

    .venv/bin/python benchmarks/hops_latency.py --world MIXED/corpus.jsonl --store STORE --out world.json
    .venv/bin/python benchmarks/hops_latency.py --bench /work/shared/bench/2wiki --store S --out before.json
    .venv/bin/python benchmarks/hops_latency.py --bench /work/shared/bench/2wiki --store S --compare before.json
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from hopgraph.config import load_settings
from hopgraph.eval.beir import EvalQuery, load_benchmark
from hopgraph.eval.metrics import dedupe_docs, question_metrics
from hopgraph.eval.run import warm_hops
from hopgraph.facade import HopGraph

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scaling import forget, questions  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..1) of a non-empty list (pure)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def summary(values: list[float]) -> dict[str, float]:
    return {"p50": percentile(values, 0.5), "p95": percentile(values, 0.95), "mean": statistics.mean(values)}


def record(result: Any, k: int) -> dict[str, Any]:
    """What must stay identical: final hits (doc ids in rank order, chunk ids, scores) and the sub-queries."""
    return {
        "ranked": dedupe_docs(h.doc_id for h in result.hits)[:k],
        "chunks": [h.chunk_id for h in result.hits],
        "scores": [h.score for h in result.hits],
        "queries": [t.query for t in result.traces],
        "termination": result.termination_reason,
    }


def differences(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]], tol: float) -> list[str]:
    """One line per question whose results differ (pure)."""
    out = []
    for qid, a in before.items():
        b = after.get(qid)
        if b is None:
            out.append(f"{qid}: missing")
            continue
        for key in ("ranked", "chunks", "queries", "termination"):
            if a[key] != b[key]:
                out.append(f"{qid}: {key} differ: {a[key]} vs {b[key]}")
        if len(a["scores"]) == len(b["scores"]) and any(abs(x - y) > tol for x, y in zip(a["scores"], b["scores"])):
            out.append(f"{qid}: scores differ beyond {tol}")
    return out


def world_queries(corpus: Path, n: int) -> list[EvalQuery]:
    """`scaling.py`'s `n` questions about the invented-world documents of `corpus` (ids w0, w1 …; no gold)."""
    return [EvalQuery(query_id=f"w{i}", text=text) for i, text in enumerate(questions(corpus, n))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--bench", type=Path)
    source.add_argument("--world", type=Path, help="a corpus with invented-world documents: scaling.py's questions")
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--split", default="dev")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("-k", type=int, default=10)
    parser.add_argument("--out", type=Path, default=None, help="write per-question results and timings (JSON)")
    parser.add_argument("--compare", type=Path, default=None, help="an earlier --out file to compare results with")
    parser.add_argument("--tol", type=float, default=1e-9, help="largest score difference still 'the same'")
    parser.add_argument("--profile", type=Path, default=None, help="write a cProfile of the timed questions here")
    parser.add_argument("--keep-cache", action="store_true",
                        help="keep the cross-question caches, queries and PPR walks (as `hopgraph eval`)")
    args = parser.parse_args()

    if args.world is not None and not args.world.is_file():
        raise SystemExit(f"not a corpus file: {args.world}")
    queries = (world_queries(args.world, args.limit or 40) if args.world is not None
               else load_benchmark(args.bench, args.split, args.limit).queries)
    hg = HopGraph.open(args.store, load_settings())
    warm_hops(hg, queries[0])
    cache = hg.hop_loop.services.cache
    if cache is not None:
        cache.clear()  # the warm-up question must not start the run cached
    wall, cpu, results, r5, c5 = [], [], {}, [], []
    profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU time: the machine is shared
    for q in queries:
        if not args.keep_cache:
            forget(hg, cache)  # the query cache and the PPR walks kept per seed set
        w0, c0 = time.perf_counter(), time.process_time()
        if profiler:
            profiler.enable()
        result = hg.ask(q.text, k=args.k, save_trace=False)
        if profiler:
            profiler.disable()
        wall.append((time.perf_counter() - w0) * 1000.0)
        cpu.append((time.process_time() - c0) * 1000.0)
        results[q.query_id] = record(result, args.k)
        if q.gold:  # the invented-world questions have none
            m = question_metrics(results[q.query_id]["ranked"], q.gold)
            r5.append(m["recall@5"])
            c5.append(m["complete@5"])
    report = {
        "questions": len(wall), "wall_ms": summary(wall), "cpu_ms": summary(cpu),
        "recall@5": 100 * statistics.mean(r5 or [0]), "complete@5": 100 * statistics.mean(c5 or [0]),
        "loadavg": os.getloadavg(),
    }
    print(json.dumps(report, indent=1))
    if profiler:
        profiler.dump_stats(str(args.profile))
    if args.out:
        args.out.write_text(json.dumps({"report": report, "results": results, "wall_ms": wall, "cpu_ms": cpu}))
    if args.compare:
        before = json.loads(args.compare.read_text())["results"]
        if args.limit:  # a shorter run compares the questions it asked
            before = {qid: r for qid, r in before.items() if qid in results}
        diffs = differences(before, results, args.tol)
        print(f"{len(diffs)} of {len(results)} questions differ from {args.compare}")
        for line in diffs[:20]:
            print("  " + line)
        sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
