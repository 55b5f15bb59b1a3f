"""`hopgraph ask` (multi-hop retrieval through the hop loop) and `hopgraph trace` (replay a saved run)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape
from rich.tree import Tree

from hopgraph.errors import UserError
from hopgraph.hops.answer import is_quotable
from hopgraph.models import AgenticRetrievalResult


def register(app: typer.Typer) -> None:
    from hopgraph.cli import StoreOpt, console, hits_table, open_hopgraph, snippet

    @app.command()
    def ask(
        question: str = typer.Argument(..., help="A (multi-hop) question."),
        k: int = typer.Option(10, "-k", help="Number of final hits."),
        as_json: bool = typer.Option(False, "--json", help="Print the whole AgenticRetrievalResult as JSON."),
        trace: bool = typer.Option(False, "--trace", help="Show every hop: query, source, top hits, verdict, time."),
        answer: bool = typer.Option(False, "--answer", help="Add a short answer citing chunk ids (extractive without an LLM)."),
        store: Optional[Path] = StoreOpt,
        where: Optional[list[str]] = typer.Option(None, "--where", "-w", help="Metadata filter KEY OP VALUE for every source, repeatable: --where 'date>=2021-01-01' --where source=gazette."),
    ) -> None:
        """Route the question, retrieve hop by hop, bind evidence to requirements; print the final hits."""
        if k < 1:
            raise UserError(f"k must be at least 1 (got {k})")
        hg = open_hopgraph(store)
        result = hg.ask(question, k=k, answer=answer, where=where)
        if as_json:
            print(result.model_dump_json(indent=2))
            return
        show_result(result, console, hits_table, snippet, trace)

    @app.command("trace")
    def trace_cmd(
        trace_id: str = typer.Argument(..., help="A trace id printed by `hopgraph ask`."),
        as_json: bool = typer.Option(False, "--json", help="Print the saved AgenticRetrievalResult as JSON."),
        store: Optional[Path] = StoreOpt,
    ) -> None:
        """Replay a saved hop-loop run: its route, every hop and the final hits."""
        hg = open_hopgraph(store)
        raw = hg.store.get_trace(trace_id)
        if raw is None:
            raise UserError(f"no trace {trace_id!r} in store {hg.store.root}")
        result = AgenticRetrievalResult.model_validate_json(raw)
        if as_json:
            print(json.dumps(json.loads(raw), indent=2))
            return
        show_result(result, console, hits_table, snippet, trace=True)


def show_result(result: AgenticRetrievalResult, console, hits_table, snippet, trace: bool) -> None:
    route = result.route
    if route is not None:
        console.print(f"[bold]{route.route}[/bold] · shape [bold]{route.shape}[/bold] · read with confidence "
                      f"{route.confidence:.1f} · {escape(route.reason)}", highlight=False)
        for r in route.requirements:
            dep = f" (needs {r.depends_on})" if r.depends_on else ""
            console.print(escape(f"  {r.id}: {r.description}{dep}"), highlight=False)
    if trace:
        console.print(trace_tree(result, snippet))
    if result.hits:
        console.print(hits_table(result.hits, title=f"ask: {result.question}", requirement=True))
    else:
        console.print(escape(f"no hits: no chunk matched the question in any hop ({result.termination_reason})"), highlight=False)
    if result.answer:
        console.print(result.answer, highlight=False, markup=False)
    for note in result.notes:
        console.print(f"[dim]{escape(note)}[/dim]", highlight=False)
    console.print(
        f"termination: [bold]{result.termination_reason}[/bold] · hops {result.total_hops} · corrections "
        f"{result.correction_count} · {result.elapsed_s * 1000:.0f} ms · trace {result.trace_id}",
        highlight=False,
    )


def trace_tree(result: AgenticRetrievalResult, snippet) -> Tree:
    """A readable tree: hop -> query (source, time) -> top hits and the grader's verdict."""
    tree = Tree(f"[bold]{escape(result.question)}[/bold]")
    for step, t in enumerate(result.traces, 1):
        kind = "correction" if t.is_correction else "hop"
        req = f" · {t.requirement_id}" if t.requirement_id else ""
        node = tree.add(f"{step}. {kind} {t.hop}{escape(req)}: [cyan]{escape(t.query)}[/cyan] ({t.source}, {t.elapsed_s * 1000:.0f} ms)")
        for h in t.hits[:3]:
            node.add(escape(f"{h.chunk_id} · {h.title} · {snippet(h.text, 90)}"))
        for note in t.notes:
            node.add(f"[dim]{escape(note)}[/dim]")
        if t.decision is not None:
            d = t.decision
            verdict = node.add(f"[bold]{d.verdict}[/bold]: {escape(d.reason)}")
            for a in d.assessments:
                extra = f" -> {', '.join(a.bridge_entities)}" if a.bridge_entities else ""
                why = f" ({a.failure_reason})" if a.failure_reason else ""
                line = verdict.add(escape(f"{a.requirement_id} {a.status} {' '.join(a.evidence_chunk_ids)}{extra}{why}"))
                if a.evidence_sentence:  # a document's sentence is quoted; a grader's note is not
                    said = " ".join(a.evidence_sentence.split())
                    line.add(f"[dim]{escape(f'“{said}”' if is_quotable(said) else f'note: {said}')}[/dim]")
    return tree
