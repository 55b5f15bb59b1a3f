"""The `hopgraph` command line: parse, call the facade, render with rich.

User mistakes (missing path, bad corpus, no store, unknown profile) print one
line on stderr and exit 1; there is never a traceback for them.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from hopgraph.cli_common import StoreOpt, console, err, open_hopgraph, settings_for  # noqa: F401  (used by the command modules too)
from hopgraph.config import load_settings
from hopgraph.errors import UserError
from hopgraph.models import PROFILES, SearchHit

app = typer.Typer(
    name="hopgraph",
    help="GraphRAG for relational multi-hop retrieval: index a corpus, search it, ask multi-hop questions, explore its graph.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
MAX_LISTED = 20  # unreadable files named one per line by `index` before "… and N more"



def _version(value: bool) -> None:
    if value:
        from hopgraph import __version__

        print(f"hopgraph {__version__}")
        raise typer.Exit()


@app.callback()
def _global_options(
    log_level: Optional[str] = typer.Option(None, "--log-level", help="debug | info | warning | error (default: info; index logs one line per stage when stderr is not a terminal)."),
    verbose: int = typer.Option(0, "-v", count=True, help="More log output: -v debug."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """GraphRAG for relational multi-hop retrieval: index a corpus, search it, ask multi-hop questions, explore its graph."""
    from hopgraph.logs import setup_logging

    setup_logging(log_level, verbose)


@app.command()
def index(
    path: Path = typer.Argument(..., help="Corpus: a folder of .txt/.md/.markdown/.rst/.html files, a BEIR folder or corpus.jsonl, or a JSON list of {id, title, text}."),
    store: Optional[Path] = StoreOpt,
    no_graph: bool = typer.Option(False, "--no-graph", help="Skip entity and relation extraction (hybrid retrieval only)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bars."),
    fresh: bool = typer.Option(False, "--fresh", help="Re-extract and re-embed everything instead of reusing unchanged documents and chunks from the existing store."),
    verbose: bool = typer.Option(False, "--verbose", help="Also list the files and folders not read (hidden, other types, links leaving the corpus)."),
    force: bool = typer.Option(False, "--force", help="Replace a store of another schema version, or one whose database cannot be read (never a folder of other files)."),
) -> None:
    """Build a store from a corpus (load, chunk, extract, embed, BM25). The previous store survives a failed build.

    A folder corpus reads .txt, .md/.markdown, .rst and .html/.htm files (any case); binary and non-UTF-8 files
    are skipped with a warning, hidden folders (.git/) and links leaving the corpus are not read."""
    from hopgraph.facade import HopGraph

    settings = settings_for(store)
    if no_graph:
        settings.index.extract = False
    stats = HopGraph.build(path, settings.store, settings, show_progress=not quiet, console=err, reuse_vectors=not fresh,
                           force=force)
    for line in stats.unreadable[:MAX_LISTED]:
        err.print(escape(f"warning: skipped {line}"), highlight=False)
    if len(stats.unreadable) > MAX_LISTED:
        err.print(f"warning: … and {len(stats.unreadable) - MAX_LISTED} more unreadable files skipped")
    if verbose:
        for line in stats.ignored:
            err.print(escape(f"ignored {line}"), highlight=False)
    table = Table(title=escape(f"Indexed {path} -> {settings.store}"), show_header=False)
    skipped = f"{stats.skipped_empty} empty, {stats.skipped_unreadable} unreadable skipped"
    if stats.ignored:
        skipped += f"; {len(stats.ignored)} other files ignored" + ("" if verbose else ", --verbose lists them")
    table.add_row("documents", f"{stats.documents} ({skipped})")
    table.add_row("chunks", f"{stats.chunks} ({stats.chunks_embedded} embedded, {stats.chunks - stats.chunks_embedded} reused)")
    if stats.documents_added + stats.documents_replaced + stats.documents_removed < stats.documents:  # over a store
        table.add_row("changes", f"{stats.documents_added} added, {stats.documents_replaced} replaced, "
                                 f"{stats.documents_removed} removed; {stats.chunks_extracted} chunks extracted")
    table.add_row("entities / relations", f"{stats.entities} / {stats.relations}")
    table.add_row("seconds", f"{stats.seconds:.1f}")
    table.add_row("chunks/s", f"{stats.chunks_per_second:.1f}")
    for stage, secs in stats.stage_seconds.items():
        table.add_row(f"  {stage}", f"{secs:.2f} s")
    console.print(table)


@app.command()
def search(
    question: str = typer.Argument(..., help="The query."),
    profile: Optional[str] = typer.Option(None, "--profile", "-p", help=f"One of: {', '.join(PROFILES)} (default: config retrieval.default_profile)."),
    k: int = typer.Option(10, "-k", help="Number of hits."),
    as_json: bool = typer.Option(False, "--json", help="Print hits as JSON."),
    store: Optional[Path] = StoreOpt,
    where: Optional[list[str]] = typer.Option(None, "--where", "-w", help="Metadata filter KEY OP VALUE (OP: = != >= <= > <), repeatable: --where 'date>=2021-01-01' --where source=gazette."),
    fusion: Optional[str] = typer.Option(None, "--fusion", help="How hybrid profiles fuse dense and BM25: auto (z-scores from six content words, else ranks), zscore or rrf (default: config retrieval.fusion)."),
) -> None:
    """Single-shot retrieval: every hit with its chunk id, doc id, title, snippet and scores."""
    from hopgraph.explain import lexical_note, why_no_hits

    hg = open_hopgraph(store)
    hits = hg.search(question, k=k, profile=profile, where=where, fusion=fusion)
    if as_json:
        print(json.dumps([h.model_dump() for h in hits], indent=2))
        return
    profile = profile or hg.settings.retrieval.default_profile
    if not hits:
        console.print(why_no_hits(hg, question, profile), highlight=False, markup=False)
        return
    console.print(hits_table(hits, title=f"{profile}: {question}"))
    note = lexical_note(hg, question, profile)
    if note:
        console.print(note, style="dim", highlight=False, markup=False)


def hits_table(hits: list[SearchHit], title: str = "", requirement: bool = False):
    """Hits as a table on wide terminals, as a numbered list (scores, then the snippet) on narrow ones."""
    if console.size.width < 140:
        return _hits_list(hits, title, requirement)
    table = Table(title=escape(title))
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("chunk", no_wrap=True)
    table.add_column("title", max_width=24, overflow="ellipsis", no_wrap=True)
    if requirement:
        table.add_column("req/hop", no_wrap=True)
    for name in ("dense", "bm25", "fused", "graph/rerank"):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("snippet", overflow="ellipsis", no_wrap=True, max_width=70)
    for i, h in enumerate(hits, 1):
        row = [str(i), h.chunk_id, escape(h.title)]
        if requirement:
            row.append(f"{h.requirement_id or '-'}/{h.hop if h.hop is not None else '-'}")
        row += [_fmt(h.dense_rank), _fmt(h.bm25_rank), _fmt(h.rrf_score), _fmt(_other_score(h)), escape(snippet(h.text))]
        table.add_row(*row)
    return table


def _hits_list(hits: list[SearchHit], title: str, requirement: bool) -> Group:
    lines: list[Text] = [Text(title, style="bold")] if title else []
    for i, h in enumerate(hits, 1):
        head = Text(f"{i:>2}. {h.chunk_id}  {h.title}", style="bold")
        if requirement and (h.requirement_id or h.hop is not None):
            head.append(f"  [{h.requirement_id or '-'} / hop {h.hop if h.hop is not None else '-'}]", style="cyan")
        scores = f"dense {_fmt(h.dense_rank)} · bm25 {_fmt(h.bm25_rank)} · fused {_fmt(h.rrf_score)} · graph/rerank {_fmt(_other_score(h))}"
        lines += [head, Text(f"    {scores}", style="dim"), Text(f"    {snippet(h.text, 2 * console.size.width - 10)}")]
    return Group(*lines)


def _other_score(h: SearchHit) -> float | None:
    return h.rerank_score if h.rerank_score is not None else h.graph_score


def snippet(text: str, n: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _fmt(v: object) -> str:
    if v is None:
        return "-"
    return f"{v:.4f}" if isinstance(v, float) else str(v)


@app.command()
def stats(
    store: Optional[Path] = StoreOpt,
    as_json: bool = typer.Option(False, "--json", help="Print the counts and metadata as JSON."),
) -> None:
    """Counts and metadata of a store."""
    hg = open_hopgraph(store)
    if as_json:
        print(json.dumps(hg.stats(), indent=2, default=str))
        return
    table = Table(show_header=False, title="hopgraph store")
    for key, value in hg.stats().items():
        table.add_row(key, str(value))
    console.print(table)


@app.command("config")
def show_config(
    reference: bool = typer.Option(False, "--reference", help="Print every setting with its default and meaning (Markdown)."),
) -> None:
    """Print the effective configuration (hopgraph.toml + HOPGRAPH_* env + defaults); secrets masked."""
    if reference:
        from hopgraph.config import reference_rows

        print("| key | default | meaning |\n|---|---|---|")
        for key, default, doc in reference_rows():
            print(f"| `{key}` | `{default}` | {doc} |")
        return
    print(json.dumps(load_settings().redacted(), indent=2))


def _register_stage_commands() -> None:
    """Commands that live next to their stage (graph exploration, hop loop, eval, server)."""
    from hopgraph import cli_ask, cli_docs, cli_eval, cli_graph, cli_serve, cli_store, cli_traces

    for module in (cli_graph, cli_ask, cli_eval, cli_serve, cli_traces, cli_docs, cli_store):
        module.register(app)
    from hopgraph import cli_tools

    cli_tools.register(app)  # hopgraph tools: the retrieval tool registry
    from hopgraph import cli_chat

    cli_chat.register(app)  # hopgraph chat: follow-up questions in a session


_register_stage_commands()


def main() -> None:
    try:
        code = app(standalone_mode=False)
        if isinstance(code, int) and code:  # a command's typer.Exit(n) comes back as its return value
            sys.exit(code)
    except UserError as e:
        err.print(f"[red]error:[/red] {e}", highlight=False)
        sys.exit(1)
    except (typer.Abort, KeyboardInterrupt):
        err.print("interrupted")
        sys.exit(130)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except sqlite3.DatabaseError as e:  # a store damaged past what opening it checks
        err.print(f"[red]error:[/red] the store's database cannot be read ({e}): run `hopgraph check`", highlight=False)
        sys.exit(1)
    except Exception as e:  # click usage errors carry their own exit codes
        if isinstance(e, _click_errors()):
            e.show()
            sys.exit(e.exit_code)
        raise


def _click_errors() -> tuple[type[Exception], ...]:
    """Usage-error classes: click's, and the copy of click that recent typer releases vendor."""
    import click

    errors: tuple[type[Exception], ...] = (click.ClickException,)
    try:
        from typer._click.exceptions import ClickException as TyperClickException
    except ImportError:
        return errors
    return (*errors, TyperClickException)


if __name__ == "__main__":
    main()
