"""Scaling table: invented-world corpora of several sizes, each built cold, then opened and queried.

    nice -n 10 .venv/bin/python benchmarks/scaling.py --sizes 1000,10000 --work /tmp/me/scale

Per size (corpus from `invented_world.generate`, seed 7): index wall seconds and each stage's seconds (the
store's `stage_seconds`; extraction and embedding overlap, so stages add up to more than the wall time), peak
resident memory of the build process (its own process, `ru_maxrss`), store size on disk, the seconds to open the
store with its indexes and embedder, then to load the graph, then to make the hop loop (fresh process; each
also in CPU seconds in the JSON line), and p50/p95 milliseconds of `search` with the hybrid and graph-hybrid
profiles and of `ask` (the hop loop, no LLM) over questions written from the corpus' titles ("Where was X
born?", "Who founded Y?"), one at a time, the cross-question caches (queries, PPR walks) emptied before each.
The query child alone: `scaling.py _query CORPUS STORE N 0 ''` (a last argument `keep-walks` keeps the walks).
Prints one JSON line per size and, at the end, the table in Markdown. Uses the settings of the environment
(`HOPGRAPH_INDEX__EMBEDDING_BACKEND=onnx-int8` for the fast embedder).

With `--real DIR,...` the real BEIR sets are buried in the invented world (burying.py) and their dev questions
are scored (Recall@5, hybrid and hops) on the mixed store; `burying.py --own` gives their own-corpus figure.
The build row is saved in WORK/build-<store>.json as soon as the build ends; `--skip-build` queries that store
again. A build interrupted while embedding reuses its vectors when re-run (the store path is the cache key).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import threading
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUESTIONS = {"pe": "Where was {} born?", "or": "Who founded {}?", "wo": "Who made {}?", "pl": "Which region is {} in?"}


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..1) of a non-empty list (pure)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def questions(corpus: Path, n: int, seed: int = 0) -> list[str]:
    """`n` questions about invented-world documents of the corpus (ids `w-<kind>…`), by the kind its id names
    (pure but for reading the file)."""
    docs = [d for d in map(json.loads, corpus.open(encoding="utf-8")) if d["_id"].startswith("w-")]
    picked = random.Random(seed).sample(docs, min(n, len(docs)))
    return [QUESTIONS[d["_id"][2:4]].format(d["title"]) for d in picked]


def cpu_seconds() -> float:
    """CPU seconds (user + system) this process has used so far: beside wall seconds on a shared machine."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def dir_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def run_child(args: list[str]) -> tuple[dict, int, float]:
    """Run this script in a child process; its last stdout line (JSON), its peak RSS in bytes and its CPU seconds."""
    proc = subprocess.Popen([sys.executable, __file__, *args], stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    _pid, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        raise SystemExit(f"child {args[0]} failed (status {status})")
    return json.loads(out.strip().splitlines()[-1]), usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime


def _log_rss(every: float = 10.0) -> None:
    """Log this process's resident memory every `every` seconds (stderr), so a peak can be put in its stage."""
    import logging

    while True:
        status = Path("/proc/self/status").read_text()
        rss = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
        logging.getLogger("hopgraph.index").info("rss: %d MB", rss // 1024)
        time.sleep(every)


def child_build(corpus: Path, store: Path) -> None:
    import logging

    logging.basicConfig(format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    logging.getLogger("hopgraph.index").setLevel(logging.INFO)  # the stage lines (rates, ETA) go to stderr
    from hopgraph.config import load_settings
    from hopgraph.facade import HopGraph
    from hopgraph.store import Store

    threading.Thread(target=_log_rss, daemon=True).start()  # resident memory beside the stage lines
    t = time.perf_counter()
    HopGraph.build(corpus, store, load_settings(store=store), show_progress=True)  # stage lines on stderr
    wall = time.perf_counter() - t
    meta = Store.open(store).meta()
    print(json.dumps({"index_seconds": round(wall, 1), "stages": json.loads(meta.get("stage_seconds", "{}")),
                      "chunks": int(meta.get("chunks", 0)), "entities": int(meta.get("entities", 0)),
                      "relations": int(meta.get("relations", 0))}))


def forget(hg: object, cache: object, keep_walks: bool = False) -> None:
    """Empty the cross-question caches before a timed question: the query cache and, unless `keep_walks`, the PPR
    walks the graph's matrix keeps per seed set and the traversals the graph searcher keeps (hops asked after
    graph-hybrid on the same questions would otherwise reuse them: until 2026-12 the figures were measured that
    way, `keep-walks` repeats them)."""
    if cache is not None:
        cache.clear()
    searcher = hg.__dict__.get("graph_searcher")
    if searcher is None or keep_walks:
        return
    for kept in (searcher.__dict__.get("ppr_matrix"), searcher.__dict__.get("traversals")):
        if kept is not None:
            (kept.memo if hasattr(kept, "memo") else kept).clear()


def child_query(corpus: Path, store: Path, n: int, buried_limit: int = 0, real: list[Path] | None = None,
                keep_walks: bool = False) -> None:
    from hopgraph.config import load_settings
    from hopgraph.facade import HopGraph

    t, c = time.perf_counter(), cpu_seconds()
    hg = HopGraph.open(store, load_settings(store=store))
    _ = hg.retriever
    opened, opened_cpu = time.perf_counter() - t, cpu_seconds() - c
    t, c = time.perf_counter(), cpu_seconds()
    _ = hg.graph
    graph_load, graph_cpu = time.perf_counter() - t, cpu_seconds() - c
    qs = questions(corpus, n)
    t, c = time.perf_counter(), cpu_seconds()
    cache = hg.hop_loop.services.cache  # the hop loop: spaCy, the router (which reads the graph's predicates)
    hop_loop, hop_loop_cpu = time.perf_counter() - t, cpu_seconds() - c
    runs = {"hybrid": lambda q: hg.search(q, profile="hybrid"),
            "graph-hybrid": lambda q: hg.search(q, profile="graph-hybrid"),
            "hops": lambda q: hg.ask(q, save_trace=False)}
    out = {"open_seconds": round(opened, 2), "graph_load_seconds": round(graph_load, 2), "questions": len(qs),
           "open_cpu_seconds": round(opened_cpu, 2), "graph_load_cpu_seconds": round(graph_cpu, 2),
           "hop_loop_seconds": round(hop_loop, 2), "hop_loop_cpu_seconds": round(hop_loop_cpu, 2)}
    for name, run in runs.items():
        run(qs[0])  # warm-up, untimed
        ms, cpu = [], []
        for q in qs:
            forget(hg, cache, keep_walks)
            t, c = time.perf_counter(), time.process_time()
            run(q)
            ms.append(1000 * (time.perf_counter() - t))
            cpu.append(1000 * (time.process_time() - c))
        out[name] = {"p50_ms": round(percentile(ms, 0.5), 1), "p95_ms": round(percentile(ms, 0.95), 1),
                     "cpu_p50_ms": round(percentile(cpu, 0.5), 1), "cpu_mean_ms": round(sum(cpu) / len(cpu), 1)}
    print(json.dumps(out), flush=True)
    if real:
        sys.path.insert(0, str(HERE))
        from burying import recall_at_5

        aliases = json.loads((corpus.parent / "aliases.json").read_text(encoding="utf-8"))
        out["buried"] = {}
        for bench in real:
            if cache is not None:
                cache.clear()
            out["buried"][bench.name] = recall_at_5(hg, bench, ("hybrid", "hops"), buried_limit, aliases)
            print(json.dumps({bench.name: out["buried"][bench.name]}), file=sys.stderr, flush=True)
        print(json.dumps(out))


def make_corpus(size: int, work: Path, real: list[Path]) -> Path:
    """The invented world of `size` passages, or with `real` sets buried in it (burying.py); written once."""
    sys.path.insert(0, str(HERE))
    from burying import write_mixed
    from invented_world import generate

    corpus_dir = work / (f"mixed-{size}" if real else f"world-{size}")
    corpus = corpus_dir / "corpus.jsonl"
    if corpus.exists():
        return corpus
    if real:
        return write_mixed(real, size, corpus_dir)
    corpus_dir.mkdir(parents=True, exist_ok=True)
    with corpus.open("w", encoding="utf-8") as f:
        for doc in generate(size, 7):
            f.write(json.dumps(doc, ensure_ascii=False) + "\n")
    return corpus


def measure(size: int, work: Path, n_questions: int, real: list[Path], buried_limit: int, skip_build: bool) -> dict:
    corpus = make_corpus(size, work, real)
    store = work / (f"store-mixed-{size}" if real else f"store-{size}")
    build_file = work / f"build-{store.name}.json"
    if skip_build and build_file.exists():
        build = json.loads(build_file.read_text())
    else:
        shutil.rmtree(store, ignore_errors=True)  # the partial embed cache (keyed by this path) outlives it
        build, peak, cpu = run_child(["_build", str(corpus), str(store)])
        build.update(index_cpu_seconds=round(cpu, 1), peak_rss_mb=round(peak / 2**20),
                     store_mb=round(dir_bytes(store) / 2**20, 1), build_load_average=[round(x, 1) for x in os.getloadavg()])
        build_file.write_text(json.dumps(build))
        print(json.dumps({"passages": size, **build}), flush=True)
    query, _, qcpu = run_child(["_query", str(corpus), str(store), str(n_questions), str(buried_limit),
                                ",".join(map(str, real))])
    return {"passages": size, **build, **query, "query_cpu_seconds": round(qcpu, 1),
            "load_average": [round(x, 1) for x in os.getloadavg()]}


def _pq(row: dict, name: str) -> str:
    return f"{row[name]['p50_ms']:.0f} / {row[name]['p95_ms']:.0f}"


def table(rows: list[dict]) -> str:
    head = ("| passages | index s (CPU s) | extract s | embed s | resolve s | write s | peak RSS MB | store MB | open s | "
            "graph load s | hybrid p50/p95 ms | graph-hybrid p50/p95 ms | hops p50/p95 ms | load avg |\n"
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    lines = [head]
    for r in rows:
        s = r["stages"]
        lines.append(f"| {r['passages']:,} | {r['index_seconds']:.0f} ({r['index_cpu_seconds']:.0f}) | {s.get('extract', 0):.0f} | {s.get('embed', 0):.0f} "
                     f"| {s.get('resolve', 0):.0f} | {s.get('write', 0):.0f} | {r['peak_rss_mb']:,} | {r['store_mb']} "
                     f"| {r['open_seconds']} | {r['graph_load_seconds']} | {_pq(r, 'hybrid')} | {_pq(r, 'graph-hybrid')} "
                     f"| {_pq(r, 'hops')} | {r['load_average'][0]} |")
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "_build":
        return child_build(Path(sys.argv[2]), Path(sys.argv[3]))
    if len(sys.argv) > 1 and sys.argv[1] == "_query":
        return child_query(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
                           [Path(p) for p in sys.argv[6].split(",") if p], sys.argv[7:8] == ["keep-walks"])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000", help="passages per corpus, comma-separated")
    ap.add_argument("--work", type=Path, required=True, help="folder for the corpora and stores")
    ap.add_argument("--questions", type=int, default=40)
    ap.add_argument("--out", type=Path, help="also write the rows as JSON lines here")
    ap.add_argument("--real", default="", help="BEIR folders to bury in the invented world (burying.py), "
                    "comma-separated; their dev questions are scored on the mixed store")
    ap.add_argument("--buried-limit", type=int, default=0, help="at most this many dev questions per real set (0: all)")
    ap.add_argument("--skip-build", action="store_true", help="query the store an earlier run built (its build row kept)")
    args = ap.parse_args()
    real = [Path(p) for p in args.real.split(",") if p]
    missing = [str(d) for d in real if not (d / "qrels" / "dev.tsv").is_file()]
    if missing:
        raise SystemExit(f"not a BEIR folder with qrels/dev.tsv: {', '.join(missing)}")
    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        rows.append(measure(size, args.work, args.questions, real, args.buried_limit, args.skip_build))
        print(json.dumps(rows[-1]), flush=True)
        if args.out:
            with args.out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(rows[-1]) + "\n")
    print(table(rows))


if __name__ == "__main__":
    main()
