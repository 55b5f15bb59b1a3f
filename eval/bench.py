"""`hopgraph bench`: speed of a fresh index build, graph load and queries, and peak memory.

Builds the corpus of a BEIR folder into a fresh store (a temporary folder unless
--store is given), then times graph loading and each system over the first N
questions of queries.jsonl. Everything lands in bench.json.
"""

from __future__ import annotations

import json
import resource
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from hopgraph.config import Settings
from hopgraph.errors import UserError
from hopgraph.eval.beir import read_queries
from hopgraph.eval.metrics import latency_summary
from hopgraph.eval.run import GRAPH_SYSTEMS, warm_up
from hopgraph.models import IndexStats
from hopgraph.store import now_iso

BENCH_SYSTEMS = ("bm25", "dense", "hybrid", "graph-hybrid")


def indexing_summary(stats: IndexStats) -> dict[str, Any]:
    """Build time and throughput, overall and per stage (chunks/s of the stage alone)."""
    return {
        "documents": stats.documents,
        "chunks": stats.chunks,
        "entities": stats.entities,
        "relations": stats.relations,
        "seconds": stats.seconds,
        "chunks_per_s": stats.chunks_per_second,
        "stage_seconds": dict(stats.stage_seconds),
        "stage_chunks_per_s": {k: (stats.chunks / v if v else None) for k, v in stats.stage_seconds.items()},
    }


def peak_memory_mb() -> float:
    """Peak resident memory of this process (ru_maxrss is in KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def time_queries(engine: Any, system: str, questions: list[str], k: int = 10) -> dict[str, float]:
    """Latency summary of one system over the questions (after one untimed warm-up)."""
    latencies = []
    for q in questions:
        start = time.perf_counter()
        if system == "hops":
            engine.ask(q, k=k, save_trace=False)
        else:
            engine.search(q, k=k, profile=system)
        latencies.append((time.perf_counter() - start) * 1000.0)
    summary = latency_summary(latencies)
    summary["queries_per_s"] = len(latencies) / (sum(latencies) / 1000.0) if latencies else 0.0
    return summary


def run_bench(bench_dir: Path, settings: Settings, systems: list[str], *, store: Path | None = None,
              out: Path | None = None, n_queries: int = 50, console: Console | None = None) -> dict[str, Any]:
    """Measure, write bench.json into the out folder and return its content."""
    from hopgraph.eval.beir import EvalQuery
    from hopgraph.facade import HopGraph

    console = console or Console(stderr=True)
    corpus, queries_path = bench_dir / "corpus.jsonl", bench_dir / "queries.jsonl"
    if not corpus.is_file() or not queries_path.is_file():
        raise UserError(f"{bench_dir}: expected a BEIR folder with corpus.jsonl and queries.jsonl")
    if not settings.index.extract and any(s in GRAPH_SYSTEMS for s in systems):
        raise UserError("graph systems need the knowledge graph; drop --no-graph or the graph systems")
    questions = [q.text for q in read_queries(queries_path).values()][:n_queries]
    if not questions:
        raise UserError(f"{queries_path} has no questions")
    out = out or Path("runs") / f"bench-{bench_dir.resolve().name}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
    out.mkdir(parents=True, exist_ok=True)

    with tempfile.TemporaryDirectory(prefix="hopgraph-bench-") as tmp:
        store_dir = store or Path(tmp) / "store"
        stats = HopGraph.build(corpus, store_dir, settings, show_progress=True, console=console, reuse_vectors=False)
        hg = HopGraph.open(store_dir, settings)
        try:
            graph_load = None
            if settings.index.extract:
                hg.graph  # noqa: B018  (loads the graph and records its load time)
                graph_load = hg.graph_load_seconds
            warm_up(hg, systems, EvalQuery(query_id="warm-up", text=questions[0]))
            latency = {s: time_queries(hg, s, questions) for s in systems}
        finally:
            hg.close()

    result = {
        "dataset": bench_dir.resolve().name,
        "created_at": now_iso(),
        "n_queries": len(questions),
        "indexing": indexing_summary(stats),
        "graph_load_seconds": graph_load,
        "query_latency_ms": latency,
        "peak_memory_mb": peak_memory_mb(),
        "config": settings.redacted(),
        "out": str(out),
    }
    (out / "bench.json").write_text(json.dumps(result, indent=2), encoding="utf-8")
    return result


def bench_table(result: dict[str, Any]) -> Table:
    """A rich table of the headline figures."""
    ix = result["indexing"]
    table = Table(title=f"hopgraph bench: {result['dataset']}", show_header=False)
    table.add_row("documents / chunks", f"{ix['documents']} / {ix['chunks']}")
    table.add_row("entities / relations", f"{ix['entities']} / {ix['relations']}")
    table.add_row("index seconds", f"{ix['seconds']:.1f} ({ix['chunks_per_s']:.1f} chunks/s)")
    for stage, secs in ix["stage_seconds"].items():
        rate = ix["stage_chunks_per_s"].get(stage)
        table.add_row(f"  {stage}", f"{secs:.2f} s" + (f" ({rate:.0f} chunks/s)" if rate else ""))
    gl = result["graph_load_seconds"]
    table.add_row("graph load seconds", "-" if gl is None else f"{gl:.2f}")
    for system, lat in result["query_latency_ms"].items():
        table.add_row(f"{system} latency", f"p50 {lat['latency_ms_p50']:.1f} ms, p95 {lat['latency_ms_p95']:.1f} ms")
    table.add_row("peak memory", f"{result['peak_memory_mb']:.0f} MB")
    return table
