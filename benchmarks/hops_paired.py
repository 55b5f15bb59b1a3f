"""Paired before/after of the hop loop's CPU per question on a busy machine: two worker processes, one importing
hopgraph from a copy of the code before a change (`--before-tree`), one from this checkout, answer the same
question one right after the other (which goes first alternates), so both see nearly the same load. Prints each
side's p50/p95/mean CPU and wall ms, the median and total of the per-question CPU ratios after/before, the load
average, and how many questions' hits (chunk ids and scores) differ between the two sides.

Separate runs of `hops_latency.py` on the shared 2-core machine differed by ±10% at load 7 with the same code;
the paired ratio is steadier. The copy holds the source folders of a checkout (hopgraph, eval, graph, hops,
indexing, router), e.g. `git archive <commit> hopgraph eval graph hops indexing router | tar -x -C DIR`:

    .venv/bin/python benchmarks/hops_paired.py --bench /work/shared/bench/2wiki --store S --before-tree DIR

`--after-tree DIR2` runs the other side from a second copy instead of this checkout (whose files others may be
editing), e.g. the same archive with the changed files copied in.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: One question per stdin line (its index); replies [cpu ms, wall ms, chunk ids, scores]. The editable install
#: maps hopgraph's packages to this checkout's folders; the worker points that mapping at `tree` first.
WORKER = r"""
import json, sys, time
import __editable___hopgraph_0_1_0_finder as finder
tree, root, bench_dir, store, limit = sys.argv[1:6]
for name, path in list(finder.MAPPING.items()):
    finder.MAPPING[name] = path.replace(root, tree, 1)
from hopgraph.config import load_settings
from hopgraph.eval.beir import load_benchmark
from hopgraph.eval.run import warm_hops
from hopgraph.facade import HopGraph
bench = load_benchmark(bench_dir, "dev", int(limit) or None)
hg = HopGraph.open(store, load_settings())
warm_hops(hg, bench.queries[0])
cache = hg.hop_loop.services.cache
print(json.dumps(len(bench.queries)), flush=True)
for line in sys.stdin:
    if cache is not None:
        cache.clear()
    w0, c0 = time.perf_counter(), time.process_time()
    result = hg.ask(bench.queries[int(line)].text, k=10, save_trace=False)
    cpu, wall = (time.process_time() - c0) * 1000, (time.perf_counter() - w0) * 1000
    print(json.dumps([cpu, wall, [h.chunk_id for h in result.hits], [h.score for h in result.hits]]), flush=True)
"""


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..1) of a non-empty list (pure), as hops_latency.py."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def paired(before: list[float], after: list[float]) -> dict[str, float]:
    """Median of the per-question ratios after/before and the ratio of the totals (pure)."""
    return {"median_ratio": statistics.median(a / b for a, b in zip(after, before)),
            "total_ratio": sum(after) / sum(before)}


def worker(tree: Path, args: argparse.Namespace) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WORKER, str(tree), str(ROOT), str(args.bench), str(args.store),
                             str(args.limit or 0)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench", type=Path, required=True)
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--before-tree", type=Path, required=True, help="a copy of the source folders before the change")
    parser.add_argument("--after-tree", type=Path, default=ROOT,
                        help="a copy of the source folders after the change (default: this checkout, as it is now; "
                        "a copy keeps others' uncommitted edits out of the comparison)")
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    for tree in (args.before_tree, args.after_tree):
        if not (tree / "hopgraph" / "facade.py").is_file():
            raise SystemExit(f"not a copy of hopgraph's source folders: {tree}")
    sides = {"before": worker(args.before_tree.resolve(), args), "after": worker(args.after_tree.resolve(), args)}
    counts = {name: json.loads(p.stdout.readline()) for name, p in sides.items()}
    n = min(counts.values())
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
    differ, loads = 0, [os.getloadavg()[0]]
    for i in range(n):
        replies = {}
        for name in (("before", "after") if i % 2 == 0 else ("after", "before")):
            sides[name].stdin.write(f"{i}\n")
            sides[name].stdin.flush()
            replies[name] = json.loads(sides[name].stdout.readline())
        for name, reply in replies.items():
            times[name].append((reply[0], reply[1]))
        differ += replies["before"][2:] != replies["after"][2:]
        loads.append(os.getloadavg()[0])
    for p in sides.values():
        p.stdin.close()
        p.wait()
    report = {}
    for name, pairs in times.items():
        cpu, wall = [c for c, _ in pairs], [w for _, w in pairs]
        report[name] = {"cpu_p50": percentile(cpu, 0.5), "cpu_p95": percentile(cpu, 0.95), "cpu_mean": statistics.mean(cpu),
                        "wall_p50": percentile(wall, 0.5), "wall_p95": percentile(wall, 0.95)}
    report["cpu after/before"] = paired([c for c, _ in times["before"]], [c for c, _ in times["after"]])
    report.update(questions=n, questions_differing=differ, load_min_max=[min(loads), max(loads)])
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
