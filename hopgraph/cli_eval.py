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
    strip_leading_title: bool = typer.Option(False, "--strip-leading-title", help="With --no-titles (implied): also remove the title where a passage's text opens with it, in full or without its '(...)' disambiguator (the strict no-titles check)."),
    answers: bool = typer.Option(False, "--answers", help="Also score the hops answer (as `ask --answer`) against metadata.answer and its aliases: exact match, token F1, answered when evidence is incomplete. Adds the answer step's time to hops latency."),
    baseline: Optional[str] = typer.Option(None, "--baseline", help="System the others are compared with (default: the first listed)."),
    no_graph: bool = typer.Option(False, "--no-graph", help="Build the store without the knowledge graph (non-graph systems only)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Evaluate retrieval systems on a benchmark split: metrics.json, per_query.jsonl, report.md and plots.

    Metrics per system overall, per metadata.type and per metadata.style (when queries have one), on the
    document ranking and on the first k hits as returned ("R@5 ret"); for hops also apart for the questions
    the router read surely and unsurely. `hopgraph router-report` evaluates the router's parse alone.
    """
    from hopgraph.eval.evaluate import evaluate
    from hopgraph.eval.run import parse_systems_for

    settings = _settings(no_graph)
    names = parse_systems_for(systems, settings)
    metrics = evaluate(bench_dir, split, names, settings, store=store, out=out, limit=limit,
                       workers=workers, resume=resume, no_titles=no_titles or strip_leading_title,
                       strip_leading_title=strip_leading_title, baseline=baseline, console=err,
                       show_progress=not quiet, answers=answers)
    console.print(summary_table(metrics))
    for extra in (style_summary(metrics), reading_summary(metrics), answers_summary(metrics)):
        if extra is not None:
            console.print(extra)


def _pct(d: dict, key: str) -> str:
    return f"{100 * d[key]:.1f}" if d.get(key) is not None else "-"


def summary_table(metrics: dict) -> Table:
    """Overall metrics per system; "R@5 ret" scores the first 5 chunk hits as returned (see report.md)."""
    table = Table(title=f"{metrics['dataset']} / {metrics['split']} ({metrics['n_queries']} questions)")
    for col in ("system", "R@2", "R@5", "R@5 ret", "R@10", "C@5", "MRR@10", "nDCG@10", "p50 ms"):
        table.add_column(col, justify="left" if col == "system" else "right")
    for name, m in metrics["systems"].items():
        o, r = m["overall"], m.get("as_returned", {})
        table.add_row(name, _pct(o, "recall@2"), _pct(o, "recall@5"), _pct(r, "recall@5"), _pct(o, "recall@10"),
                      _pct(o, "complete@5"), _pct(o, "mrr@10"), _pct(o, "ndcg@10"),
                      f"{o.get('latency_ms_p50', 0):.1f}")
    return table


def style_summary(metrics: dict) -> Table | None:
    """R@5 / C@5 per metadata.style and system, or None when the questions carry no style."""
    styled = {name: m["by_style"] for name, m in metrics["systems"].items() if m.get("by_style")}
    if not styled:
        return None
    table = Table(title="by style (R@5 / C@5)")
    table.add_column("style")
    table.add_column("n", justify="right")
    for name in styled:
        table.add_column(name, justify="right")
    for style in sorted({s for by in styled.values() for s in by}):
        n = next(by[style]["n"] for by in styled.values() if style in by)
        table.add_row(style, str(n), *(f"{_pct(by[style], 'recall@5')} / {_pct(by[style], 'complete@5')}"
                                       if style in by else "-" for by in styled.values()))
    return table


def reading_summary(metrics: dict) -> Table | None:
    """R@5 / C@5 of the hops questions the router read surely and unsurely, or None without hops records that
    carry the reading's confidence."""
    by_reading = {name: m["hops"]["by_reading"] for name, m in metrics["systems"].items()
                  if m.get("hops", {}).get("by_reading")}
    if not by_reading:
        return None
    table = Table(title="by reading (R@5 / C@5)")
    for col in ("system", "read", "n", "R@5 / C@5"):
        table.add_column(col, justify="left" if col in ("system", "read") else "right")
    for name, groups in by_reading.items():
        for reading, m in groups.items():
            table.add_row(name, reading, str(m["n"]), f"{_pct(m, 'recall@5')} / {_pct(m, 'complete@5')}")
    return table


def answers_summary(metrics: dict) -> Table | None:
    """EM / F1 / answered rates of scored answers, or None when --answers was not given."""
    rows = {name: m["answers"] for name, m in metrics["systems"].items() if m.get("answers")}
    if not rows:
        return None
    table = Table(title="answers")
    for col in ("system", "source", "n", "EM", "F1", "answered", "answered | gold incomplete",
                "answered | not complete"):
        table.add_column(col, justify="left" if col in ("system", "source") else "right")
    for name, a in rows.items():
        table.add_row(name, ",".join(sorted(a["sources"])), str(a["n"]), _pct(a, "em"), _pct(a, "f1"),
                      _pct(a, "answered_rate"), _pct(a, "answered_when_gold_incomplete"),
                      _pct(a, "answered_when_not_complete"))
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


def router_report_command(
    bench_dir: Path = typer.Argument(..., help="BEIR folder: corpus.jsonl, queries.jsonl, qrels/<split>.tsv (read only)."),
    split: str = typer.Option("dev", "--split", help="qrels split whose questions are routed."),
    store: Optional[Path] = typer.Option(None, "--store", "-s", help="Store whose graph feeds the router; an existing store is used as it is (default: the cached store `hopgraph eval` uses, built when missing)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Output folder (default: runs/router-<dataset>-<split>-<timestamp>)."),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Only the first N questions."),
    no_titles: bool = typer.Option(False, "--no-titles", help="Use the store of the title-blanked corpus copy."),
    strip_leading_title: bool = typer.Option(False, "--strip-leading-title", help="Use the strict title-blanked copy (implies --no-titles)."),
) -> None:
    """Route every question without retrieval: route and shape distribution, and (when queries carry gold
    metadata.evidence triples) the share whose parsed relation chains equal the gold ones, overall, per type
    and per style. Writes router_report.json/.md, router_failures.jsonl (mismatches) and router_rows.jsonl."""
    from hopgraph.eval.evaluate import router_report_run

    report = router_report_run(bench_dir, split, _settings(False), store=store, out=out, limit=limit,
                               no_titles=no_titles, strip_leading_title=strip_leading_title, console=err)
    console.print(router_table(report))
    err.print(f"saved {report['out']}/router_report.md and router_failures.jsonl")


def router_table(report: dict) -> Table:
    """Chain match (when there is gold evidence) and route/shape distribution: overall, per type, per style."""
    table = Table(title=f"router: {report['dataset']} / {report['split']} "
                        f"(p50 {report['overall'].get('latency_ms_p50', 0):.1f} ms per question)")
    scored = "chain_match" in report["overall"]
    cols = ("group", "n", *(("chain match", "relations match") if scored else ()), "routes", "shapes")
    for col in cols:
        table.add_column(col, justify="right" if col in ("n", "chain match", "relations match") else "left")
    groups = [("all", report["overall"]), *((f"type {k}", v) for k, v in report["by_type"].items()),
              *((f"style {k}", v) for k, v in report.get("by_style", {}).items())]
    for name, g in groups:
        match = (_pct(g, "chain_match"), _pct(g, "relations_match")) if scored else ()
        table.add_row(name, str(g["n"]), *match, ", ".join(f"{k} {v}" for k, v in g["routes"].items()),
                      ", ".join(f"{k} {v}" for k, v in g["shapes"].items()))
    return table


def register(app: typer.Typer) -> None:
    app.command("eval")(eval_command)
    app.command("router-report")(router_report_command)
    app.command("bench")(bench_command)
