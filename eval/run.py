"""Run systems over benchmark questions and append one record per (system, question).

`run_question` works with any engine that has `search(q, k, profile)` and (for
the `hops` system) `ask(q, k, save_trace)`, so tests can pass a fake instead
of a loaded HopGraph. `run_eval` writes records to per_query.jsonl as they
finish, skips pairs already there when resuming, and can run questions in
parallel threads over one shared engine.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn,
                           TimeRemainingColumn)
from rich.text import Text

from hopgraph.errors import UserError
from hopgraph.eval.answers import score_answer
from hopgraph.eval.beir import EvalQuery
from hopgraph.eval.hops_stats import trace_summary
from hopgraph.eval.metrics import dedupe_docs, question_metrics
from hopgraph.eval.records import QueryRecord, append_record, drop_partial_tail, load_records
from hopgraph.models import PROFILES

SYSTEMS: tuple[str, ...] = (*PROFILES, "hops")
GRAPH_SYSTEMS = ("graph", "graph-hybrid", "hops")
TOP_K = 10


class Engine(Protocol):
    def search(self, question: str, k: int = 10, profile: str | None = None) -> list[Any]: ...

    def ask(self, question: str, k: int | None = None, answer: bool = False, save_trace: bool = True) -> Any: ...


def parse_systems(text: str) -> list[str]:
    """'bm25,dense' -> ['bm25', 'dense']; unknown or repeated names are a UserError."""
    names = [s.strip() for s in text.split(",") if s.strip()]
    if not names:
        raise UserError("no systems given (e.g. --systems bm25,dense,hybrid)")
    for name in names:
        if name not in SYSTEMS:
            raise UserError(f"unknown system {name!r} (choose from {', '.join(SYSTEMS)})")
    if len(set(names)) != len(names):
        raise UserError(f"a system is listed twice in {text!r}")
    return names


def parse_systems_for(text: str, settings: Any) -> list[str]:
    """`parse_systems`, refusing hybrid-rerank when no reranker is configured (it would equal hybrid)."""
    names = parse_systems(text)
    if "hybrid-rerank" in names and not settings.retrieval.reranker_model:
        from hopgraph.facade import RERANK_UNSET

        raise UserError(RERANK_UNSET)
    return names


def run_question(engine: Engine, system: str, query: EvalQuery, k: int = TOP_K, answers: bool = False) -> QueryRecord:
    """Retrieve for one question with one system, time it, and score it.

    With `answers` (hops only, when the question has a gold answer) the hop loop also composes its
    answer, which is scored (eval/answers.py); its time counts in the latency.
    """
    start = time.perf_counter()
    trace = answer = None
    if system == "hops":
        want_answer = answers and bool(query.answer)
        result = engine.ask(query.text, k=k, answer=want_answer, save_trace=False)
        hits = result.hits
        trace = trace_summary(result)
        if want_answer:
            answer = score_answer(result.answer or "", answer_source(engine), query.answer, query.answer_aliases)
    else:
        hits = engine.search(query.text, k=k, profile=system)
    latency_ms = (time.perf_counter() - start) * 1000.0
    ranked = dedupe_docs(h.doc_id for h in hits)
    return QueryRecord(
        system=system, query_id=query.query_id, type=query.type, style=query.style, question=query.text,
        ranked=ranked, returned=[h.doc_id for h in hits][:k], gold=list(query.gold),
        metrics=question_metrics(ranked, query.gold) if query.gold else {}, latency_ms=latency_ms, trace=trace,
        answer=answer,
    )


def answer_source(engine: Engine) -> str:
    """"llm" when the engine's settings configure an LLM (its answer step writes the answer), else "extractive"."""
    settings = getattr(engine, "settings", None)
    return "llm" if settings is not None and settings.llm.enabled else "extractive"


def pending_tasks(queries: Sequence[EvalQuery], systems: Sequence[str],
                  done: set[tuple[str, str]]) -> list[tuple[str, EvalQuery]]:
    """(system, question) pairs still to run, system by system."""
    return [(s, q) for s in systems for q in queries if (s, q.query_id) not in done]


def warm_up(engine: Engine, systems: Sequence[str], query: EvalQuery) -> None:
    """Load models and indexes before timing: one untimed search per profile; for hops every component
    the loop uses (indexes, embedder, graph, router with its spaCy pipeline, grader, corrector)."""
    for system in systems:
        if system != "hops":
            engine.search(query.text, k=1, profile=system)
    if "hops" in systems:
        warm_hops(engine, query)


def warm_hops(engine: Engine, query: EvalQuery) -> None:
    """Untimed: the engine's own warm-up, the profiles the loop retrieves with (dense, bm25, graph), one
    question through the whole loop, and what the router and grader load lazily (`hops.lazy_models.load_now`)."""
    if callable(getattr(engine, "warm_up", None)):
        engine.warm_up()
    for profile in ("dense", "bm25", "graph-hybrid" if _has_graph(engine) else "hybrid"):
        engine.search(query.text, k=1, profile=profile)
    engine.ask(query.text, k=1, save_trace=False)
    router = getattr(getattr(engine, "hop_loop", None), "router", None)
    if router is not None:
        from hopgraph.hops.lazy_models import load_now

        load_now(router, query.text)


def _has_graph(engine: Engine) -> bool:
    store = getattr(engine, "store", None)
    try:
        return bool(store.count("entities")) if store is not None else False
    except Exception:  # noqa: BLE001 - a fake or closed store: warm the graph-free profiles only
        return False


def run_eval(engine: Engine, queries: Sequence[EvalQuery], systems: Sequence[str], out_path: Path,
             workers: int = 1, resume: bool = False, console: Console | None = None,
             show_progress: bool = True, answers: bool = False) -> int:
    """Run every pending pair, appending records to `out_path`; returns how many ran.

    Without `resume` an existing file is an error (never mixed silently).
    """
    if out_path.exists() and out_path.stat().st_size and not resume:
        raise UserError(f"{out_path} already exists: pass --resume to continue it or choose another --out")
    drop_partial_tail(out_path)
    done = {(r.system, r.query_id) for r in load_records(out_path)}
    tasks = pending_tasks(queries, systems, done)
    if not tasks:
        return 0
    warm_up(engine, sorted({s for s, _ in tasks}, key=list(systems).index), tasks[0][1])
    progress = _progress(console, show_progress)
    with progress, out_path.open("a", encoding="utf-8") as f:
        bar = progress.add_task("questions", total=len(tasks))
        if workers <= 1:
            for system, query in tasks:
                append_record(f, run_question(engine, system, query, answers=answers))
                progress.advance(bar)
        else:
            _run_parallel(engine, tasks, workers, lambda rec: (append_record(f, rec), progress.advance(bar)), answers)
    return len(tasks)


def _run_parallel(engine: Engine, tasks: list[tuple[str, EvalQuery]], workers: int, on_done,
                  answers: bool = False) -> None:
    """Keep at most `workers` questions in flight; results are written by this (the main) thread only."""
    pool = ThreadPoolExecutor(max_workers=workers)
    todo = iter(tasks)
    running: set[Future] = set()
    try:
        for system, query in todo:
            running.add(pool.submit(run_question, engine, system, query, TOP_K, answers))
            if len(running) >= workers:
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for fut in finished:
                    on_done(fut.result())
        for fut in list(running):
            on_done(fut.result())
            running.discard(fut)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


class _RateColumn(ProgressColumn):
    """Questions per second."""

    def render(self, task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.2f} q/s" if speed else "-- q/s", style="progress.data.speed")


def _progress(console: Console | None, show: bool) -> Progress:
    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), _RateColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(), console=console or Console(stderr=True), disable=not show,
    )
