"""`hopgraph eval` and `hopgraph bench`: retrieval quality and speed on BEIR-layout benchmarks."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from hopgraph.config import load_settings
from hopgraph.errors import UserError

console = Console()
err = Console(stderr=True, soft_wrap=True)

DEFAULT_SYSTEMS = "bm25,dense,hybrid,graph-hybrid,hops"


def _settings(no_graph: bool):
    settings = load_settings()
    if no_graph:
        settings.index.extract = False
    return settings


def eval_command(
    bench_dir: Path = typer.Argument(..., help="BEIR folder: corpus.jsonl, queries.jsonl, qrels/<split>.tsv (read only)."),
    split: str = typer.Option("dev", "--split", help="qrels split to evaluate (qrels/<split>.tsv)."),
    systems: str = typer.Option(DEFAULT_SYSTEMS, "--systems", help="Comma-separated: bm25, dense, hybrid, hybrid-rerank, graph, graph-hybrid, hops."),
    store: Optional[Path] = typer.Option(None, "--store", "-s", help="Store folder (default: ~/.cache/hopgraph/stores/<corpus>-<config>); built once, reused while it matches."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Output folder (default: runs/<dataset>-<split>-<timestamp>)."),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Only the first N questions."),
    workers: int = typer.Option(1, "--workers", min=1, help="Questions run in parallel threads over one loaded index."),
    resume: bool = typer.Option(False, "--resume", help="Continue the per_query.jsonl in --out, skipping finished questions."),
    no_titles: bool = typer.Option(False, "--no-titles", help="Evaluate on a copy of the corpus with every title blanked."),
    baseline: Optional[str] = typer.Option(None, "--baseline", help="System the others are compared with (default: the first listed)."),
    no_graph: bool = typer.Option(False, "--no-graph", help="Build the store without the knowledge graph (non-graph systems only)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Evaluate retrieval systems on a benchmark split: metrics.json, per_query.jsonl, report.md and plots."""
    from hopgraph.eval.evaluate import evaluate
    from hopgraph.eval.run import parse_systems

    names = parse_systems(systems)
    metrics = evaluate(bench_dir, split, names, _settings(no_graph), store=store, out=out, limit=limit,
                       workers=workers, resume=resume, no_titles=no_titles, baseline=baseline, console=err,
                       show_progress=not quiet)
    console.print(summary_table(metrics))


def summary_table(metrics: dict) -> Table:
    table = Table(title=f"{metrics['dataset']} / {metrics['split']} ({metrics['n_queries']} questions)")
    for col in ("system", "R@2", "R@5", "R@10", "C@5", "MRR@10", "nDCG@10", "p50 ms"):
        table.add_column(col, justify="left" if col == "system" else "right")
    for name, m in metrics["systems"].items():
        o = m["overall"]
        pcts = [f"{100 * o[k]:.1f}" if k in o else "-" for k in
                ("recall@2", "recall@5", "recall@10", "complete@5", "mrr@10", "ndcg@10")]
        table.add_row(name, *pcts, f"{o.get('latency_ms_p50', 0):.1f}")
    return table


def bench_command(
    bench_dir: Path = typer.Argument(..., help="BEIR folder (corpus.jsonl, queries.jsonl)."),
    store: Optional[Path] = typer.Option(None, "--store", "-s", help="Where to build the fresh store (default: a temporary folder)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Output folder for bench.json (default: runs/bench-<dataset>-<timestamp>)."),
    queries: int = typer.Option(50, "--queries", min=1, help="Questions timed per system."),
    systems: str = typer.Option(",".join(("bm25", "dense", "hybrid", "graph-hybrid")), "--systems", help="Systems to time."),
    no_graph: bool = typer.Option(False, "--no-graph", help="Build without the knowledge graph."),
) -> None:
    """Speed: indexing throughput per stage, graph load, query latency per system, peak memory."""
    from hopgraph.eval.bench import bench_table, run_bench
    from hopgraph.eval.run import parse_systems

    if not bench_dir.is_dir():
        raise UserError(f"benchmark folder not found: {bench_dir}")
    result = run_bench(bench_dir, _settings(no_graph), parse_systems(systems), store=store, out=out,
                       n_queries=queries, console=err)
    console.print(bench_table(result))
    err.print(f"saved {result['out']}/bench.json")


def register(app: typer.Typer) -> None:
    app.command("eval")(eval_command)
    app.command("bench")(bench_command)
