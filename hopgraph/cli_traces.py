"""`hopgraph traces`: list saved `ask` traces and prune them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape
from rich.table import Table

from hopgraph.cli_common import StoreOpt, console, open_hopgraph
from hopgraph.errors import UserError

traces_app = typer.Typer(help="List and prune the saved traces of `ask` (replay one with `hopgraph trace ID`).",
                         no_args_is_help=False, invoke_without_command=True)

LimitOpt = typer.Option(20, "--limit", "-n", help="How many to show, newest first.")
MatchOpt = typer.Option(None, "--match", "-m", help="Only questions containing this text.")
JsonOpt = typer.Option(False, "--json", help="Print the rows as JSON.")


@traces_app.callback()
def _default(
    ctx: typer.Context,
    limit: int = LimitOpt,
    match: Optional[str] = MatchOpt,
    as_json: bool = JsonOpt,
    store: Optional[Path] = StoreOpt,
) -> None:
    """Without a subcommand: list saved traces (as `hopgraph traces list`)."""
    if ctx.invoked_subcommand is None:
        list_cmd(limit=limit, match=match, as_json=as_json, store=store)


@traces_app.command("list")
def list_cmd(
    limit: int = LimitOpt,
    match: Optional[str] = MatchOpt,
    as_json: bool = JsonOpt,
    store: Optional[Path] = StoreOpt,
) -> None:
    """Saved traces, newest first: id, time, question."""
    from hopgraph.traces import count_traces, list_traces

    if limit < 1:
        raise UserError(f"--limit must be at least 1 (got {limit})")
    hg = open_hopgraph(store)
    rows = list_traces(hg.store, limit, match)
    if as_json:
        print(json.dumps([r.model_dump() for r in rows], indent=2))
        return
    total = count_traces(hg.store)
    if not rows:
        why = f"no saved trace asks about {match!r}" if match and total else "no saved traces (every `hopgraph ask` saves one)"
        console.print(f"{why}; {total} traces in {escape(str(hg.store.root))}", highlight=False)
        return
    table = Table(title=f"{len(rows)} of {total} saved traces (keep {hg.settings.traces.keep or 'all'})")
    for col in ("trace", "saved (UTC)", "question"):
        table.add_column(col, overflow="fold")
    for r in rows:
        table.add_row(r.trace_id, r.created_at, escape(r.question))
    console.print(table)


@traces_app.command("prune")
def prune_cmd(
    keep: Optional[int] = typer.Option(None, "--keep", help="Keep only the newest N traces."),
    older_than: Optional[float] = typer.Option(None, "--older-than", help="Delete traces saved more than this many days ago."),
    store: Optional[Path] = StoreOpt,
) -> None:
    """Delete saved traces by count (--keep) and/or age (--older-than DAYS)."""
    from hopgraph.traces import count_traces, prune_traces

    if keep is None and older_than is None:
        raise UserError("say what to prune: --keep N and/or --older-than DAYS")
    if keep is not None and keep < 0:
        raise UserError(f"--keep must be 0 or more (got {keep})")
    if older_than is not None and older_than < 0:
        raise UserError(f"--older-than must be 0 or more days (got {older_than})")
    hg = open_hopgraph(store)
    removed = prune_traces(hg.store, keep=keep, older_than_days=older_than)
    console.print(f"deleted {removed} traces; {count_traces(hg.store)} left in {escape(str(hg.store.root))}", highlight=False)


def register(app: typer.Typer) -> None:
    app.add_typer(traces_app, name="traces")
