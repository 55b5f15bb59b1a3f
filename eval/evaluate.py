"""`hopgraph eval`: benchmark -> store -> per-question records -> metrics.json, report.md, plots.

    load_benchmark  (eval/beir.py)         questions of the split with their gold ids
    ensure_store    (eval/store_cache.py)  build the index once, reuse it while fingerprints match
    run_eval        (eval/run.py)          append per_query.jsonl, resumable, threaded
    build_metrics   (eval/aggregate.py)    metrics from the whole per_query.jsonl
    render_report / write_plots            report.md and PNGs
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console

from hopgraph.config import Settings
from hopgraph.errors import UserError
from hopgraph.eval.aggregate import build_metrics, index_summary
from hopgraph.eval.beir import load_benchmark
from hopgraph.eval.plots import write_plots
from hopgraph.eval.records import latest_by_key, load_records
from hopgraph.eval.report import render_report
from hopgraph.eval.run import GRAPH_SYSTEMS, run_eval
from hopgraph.eval.store_cache import ensure_store, store_fingerprints, untitled_copy
from hopgraph.store import now_iso


def default_out_dir(dataset: str, split: str) -> Path:
    return Path("runs") / f"{dataset}-{split}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"


def evaluate(bench_dir: Path, split: str, systems: list[str], settings: Settings, *, store: Path | None = None,
             out: Path | None = None, limit: int | None = None, workers: int = 1, resume: bool = False,
             no_titles: bool = False, baseline: str | None = None, console: Console | None = None,
             show_progress: bool = True, strip_leading_title: bool = False, answers: bool = False) -> dict[str, Any]:
    """Run the whole evaluation and write its files into the out folder; returns metrics.json's content."""
    from hopgraph.facade import HopGraph

    console = console or Console(stderr=True)
    baseline = baseline or systems[0]
    if baseline not in systems:
        raise UserError(f"baseline {baseline!r} is not one of the systems ({', '.join(systems)})")
    if answers and "hops" not in systems:
        raise UserError("--answers scores the hop loop's answer: add hops to --systems")
    if not settings.index.extract and any(s in GRAPH_SYSTEMS for s in systems):
        raise UserError("graph systems need the knowledge graph; drop --no-graph or the graph systems")
    bench = load_benchmark(bench_dir, split, limit)
    if not bench.queries:
        raise UserError(f"{bench_dir}: split {split!r} has no question with gold documents")
    if resume and out is None:
        raise UserError("--resume needs the --out folder of the run to continue")
    out = out or default_out_dir(bench.name, split)
    out.mkdir(parents=True, exist_ok=True)

    no_titles = no_titles or strip_leading_title
    corpus = untitled_copy(bench.corpus_path, strip_leading_title) if no_titles else bench.corpus_path
    store_dir = ensure_store(corpus, settings, store, console)
    hg = HopGraph.open(store_dir, settings)
    try:
        ran = run_eval(hg, bench.queries, systems, out / "per_query.jsonl", workers, resume, console, show_progress,
                       answers=answers)
        console.print(f"ran {ran} (system, question) pairs; results in {out}")
        index = index_summary(hg.store.meta())
    finally:
        hg.close()

    wanted = {q.query_id for q in bench.queries}
    records = [r for r in latest_by_key(load_records(out / "per_query.jsonl")).values()
               if r.system in systems and r.query_id in wanted]
    config = settings.redacted()
    config["eval"] = {"store": str(store_dir), "no_titles": no_titles, "strip_leading_title": strip_leading_title,
                      "answers": answers, "limit": limit, "workers": workers,
                      "baseline": baseline, "skipped_no_gold": bench.skipped_no_gold}
    metrics = build_metrics(records, dataset=bench.name, split=split, systems=systems, baseline=baseline,
                            n_queries=len(bench.queries), created_at=now_iso(), config=config, index=index)
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    plots = write_plots(records, metrics, out)
    (out / "report.md").write_text(render_report(metrics, plots), encoding="utf-8")
    return metrics


def router_report_run(bench_dir: Path, split: str, settings: Settings, *, store: Path | None = None,
                      out: Path | None = None, limit: int | None = None, no_titles: bool = False,
                      strip_leading_title: bool = False, console: Console | None = None) -> dict[str, Any]:
    """Route every question of the split with the store's hop-loop router (no retrieval) and write
    router_report.json, router_report.md and router_failures.jsonl into the out folder; returns the report."""
    from hopgraph.eval.router_report import failures, render_markdown, router_report
    from hopgraph.hops.lazy_models import load_now
    from hopgraph.facade import HopGraph

    console = console or Console(stderr=True)
    bench = load_benchmark(bench_dir, split, limit)
    if not bench.queries:
        raise UserError(f"{bench_dir}: split {split!r} has no question with gold documents")
    no_titles = no_titles or strip_leading_title
    corpus = untitled_copy(bench.corpus_path, strip_leading_title) if no_titles else bench.corpus_path
    if store is not None and store_fingerprints(store) != (None, None):
        store_dir = store  # routing needs only the graph's names: a given store is used as it is
        console.print(f"routing with the graph of {store}")
    else:
        store_dir = ensure_store(corpus, settings, store, console)
    out = out or Path("runs") / f"router-{bench.name}-{split}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
    out.mkdir(parents=True, exist_ok=True)
    hg = HopGraph.open(store_dir, settings)
    try:
        router = hg.hop_loop.router
        load_now(router, bench.queries[0].text)  # untimed: spaCy and whatever the first route loads
        router.route(bench.queries[0].text)
        report, rows = router_report(router, bench.queries)
    finally:
        hg.close()
    report.update({"dataset": bench.name, "split": split, "store": str(store_dir), "no_titles": no_titles,
                   "strip_leading_title": strip_leading_title, "created_at": now_iso()})
    (out / "router_report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    (out / "router_report.md").write_text(render_markdown(report, f"{bench.name} / {split}"), encoding="utf-8")
    with (out / "router_failures.jsonl").open("w", encoding="utf-8") as f:
        for row in failures(rows):
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    with (out / "router_rows.jsonl").open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    report["out"] = str(out)
    return report
