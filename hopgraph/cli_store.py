"""`hopgraph check`: verify a store (hopgraph/check.py) and print each check with what to do."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from hopgraph.cli_common import StoreOpt, console, settings_for

MARKS = {"ok": "[green]ok  [/green]", "warn": "[yellow]warn[/yellow]", "fail": "[red]FAIL[/red]"}


def check(
    store: Optional[Path] = StoreOpt,
    as_json: bool = typer.Option(False, "--json", help="Print the findings as JSON."),
) -> None:
    """Verify a store: SQLite integrity, FAISS and BM25 files against the chunks, schema and model versions.

    Prints each check and, for a problem, what to run; exits 1 when any check fails."""
    from hopgraph.check import check_store

    settings = settings_for(store)
    findings = check_store(Path(settings.store), settings)
    failed = any(f.status == "fail" for f in findings)
    if as_json:
        print(json.dumps({"store": str(settings.store), "ok": not failed,
                          "checks": [f.__dict__ for f in findings]}, indent=2))
    else:
        width = max(len(f.name) for f in findings)
        for f in findings:
            console.print(f"{MARKS[f.status]} {f.name:<{width}}  {escape(f.detail)}", highlight=False, soft_wrap=True)
            if f.advice:
                console.print(f"     {'':<{width}}  -> {escape(f.advice)}", highlight=False, soft_wrap=True)
        n = sum(f.status == "fail" for f in findings)
        console.print(f"{n} check{'s' if n > 1 else ''} failed" if n else "all checks passed",
                      style="red" if n else "green", highlight=False)
    if failed:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("check")(check)
