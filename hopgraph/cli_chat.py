"""`hopgraph chat`: ask questions one after another in a session, so follow-ups ("And when did he die?") are
resolved against the previous questions' entities and answers (`hopgraph.session`).

Lines starting with "/" are commands: /memory shows what the session remembers, /clear forgets it, /trace
shows the last question's hops, /quit (or end of input) leaves.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

HELP = "commands: /memory (what the session remembers), /clear (forget it), /trace (last question's hops), /quit"


def register(app: typer.Typer) -> None:
    from hopgraph.cli import StoreOpt, console, hits_table, open_hopgraph, snippet

    @app.command()
    def chat(
        store: Optional[Path] = StoreOpt,
        k: int = typer.Option(5, "-k", help="Hits shown per question."),
        where: Optional[list[str]] = typer.Option(None, "--where", "-w", help="Metadata filter for every question, repeatable (see `ask --where`)."),
        session: Optional[str] = typer.Option(None, "--session", help="Session id (default: a new one)."),
    ) -> None:
        """Ask questions in a session: follow-ups are resolved against the previous questions' entities and answers."""
        from hopgraph.cli_ask import show_result, trace_tree
        from hopgraph.errors import UserError
        from hopgraph.metadata import as_filters
        from hopgraph.session import sessions

        hg = open_hopgraph(store)
        filters = as_filters(where)
        sid = session or uuid.uuid4().hex[:12]
        console.print(f"[dim]session {sid} · {HELP}[/dim]", highlight=False)
        last = None
        while True:
            try:
                line = input("? ")
            except (EOFError, KeyboardInterrupt):
                break
            line = line.strip()
            if not line:
                continue
            if line in ("/quit", "/exit", "/q"):
                break
            if line == "/clear":
                sessions(hg).clear(sid)
                console.print("[dim]memory cleared[/dim]")
                continue
            if line == "/memory":
                items = sessions(hg).memory(sid)
                if not items:
                    console.print("[dim]nothing remembered yet[/dim]")
                for m in items:
                    extra = f", {m.gender}" if m.gender else ""
                    console.print(escape(f"  turn {m.turn}: {m.name} ({m.role}, {m.type or 'untyped'}{extra})"), highlight=False)
                continue
            if line == "/trace":
                if last is not None:
                    console.print(trace_tree(last, snippet))
                continue
            if line.startswith("/"):
                console.print(f"[dim]unknown command {escape(line)}; {HELP}[/dim]", highlight=False)
                continue
            try:
                last = hg.ask(line, k=k, answer=True, where=filters, session_id=sid)
            except UserError as e:
                console.print(f"[red]error:[/red] {escape(str(e))}", highlight=False)
                continue
            if last.session is not None and last.session.replaced:
                console.print(f"[cyan]read as:[/cyan] {escape(last.session.resolved)}", highlight=False)
            show_result(last, console, hits_table, snippet, trace=False)
