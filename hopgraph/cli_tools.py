"""`hopgraph tools`: the tool registry (built-in sources, entry-point tools, configured HTTP tools)."""

from __future__ import annotations

import json

import typer
from rich.markup import escape
from rich.table import Table


def tools(
    as_json: bool = typer.Option(False, "--json", help="Print the registry as JSON (every field of every tool)."),
    examples: bool = typer.Option(False, "--examples", "-e", help="Also show when to use each tool and when not."),
) -> None:
    """List the retrieval tools the router can send a sub-query to: name, kind, description (and triggers)."""
    from hopgraph.cli import console, err
    from hopgraph.config import load_settings
    from hopgraph.tools.registry import load_registry

    registry = load_registry(load_settings())
    for problem in registry.problems:
        err.print(escape(f"warning: {problem}"), highlight=False)
    if as_json:
        print(json.dumps({"tools": [s.model_dump() for s in registry.specs()], "problems": registry.problems}, indent=2))
        return
    table = Table(title="Retrieval tools")
    for column in ("name", "kind", "description", "triggers", *(("use for", "not for") if examples else ())):
        table.add_column(column, overflow="fold")
    for s in registry.specs():
        row = [s.name, s.kind, s.description, ", ".join(s.triggers) or "-"]
        if examples:
            row += ["; ".join(s.when_to_use) or "-", "; ".join(s.when_not_to_use) or "-"]
        table.add_row(*(escape(c) for c in row))
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("tools")(tools)
