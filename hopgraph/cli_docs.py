"""`hopgraph add` and `hopgraph remove`: incremental updates of an existing store."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape
from rich.table import Table

from hopgraph.cli_common import StoreOpt, console, err, settings_for
from hopgraph.models import IndexStats


def add(
    path: Path = typer.Argument(..., help="Documents to add: a corpus folder, corpus.jsonl, a JSON list or one text file (as `index` reads them)."),
    store: Path | None = StoreOpt,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bars."),
) -> None:
    """Add documents to a store; a document with an id already in the store replaces it.

    Only new and changed documents are extracted and embedded; entities, relations, BM25 and the vector index
    are updated for the whole store, which afterwards equals a fresh `index` of its documents. The update is
    atomic: interrupted, the store is the previous one."""
    from hopgraph.indexing.incremental import add_documents
    from hopgraph.indexing.load import load_corpus

    settings = settings_for(store)
    loaded = load_corpus(path)
    for line in loaded.unreadable:
        err.print(escape(f"warning: skipped {line}"), highlight=False)
    stats = add_documents(settings.store, loaded.documents, settings, show_progress=not quiet, console=err)
    console.print(summary(f"Added {path} -> {settings.store}", stats))


def remove(
    doc_ids: list[str] = typer.Argument(..., help="Ids of the documents to remove (as `hopgraph search` shows them)."),
    store: Path | None = StoreOpt,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bars."),
) -> None:
    """Remove documents from a store by id; entities left with no mention and their relations go with them.

    Atomic: interrupted, the store is the previous one."""
    from hopgraph.indexing.incremental import remove_documents

    settings = settings_for(store)
    stats = remove_documents(settings.store, doc_ids, settings, show_progress=not quiet, console=err)
    console.print(summary(f"Removed {len(set(doc_ids))} from {settings.store}", stats))


def summary(title: str, stats: IndexStats) -> Table:
    table = Table(title=escape(title), show_header=False)
    table.add_row("documents", f"{stats.documents} ({stats.documents_added} added, {stats.documents_replaced} replaced, "
                               f"{stats.documents_removed} removed)")
    table.add_row("chunks", f"{stats.chunks} ({stats.chunks_extracted} extracted, {stats.chunks_embedded} embedded, "
                            "the rest reused)")
    table.add_row("entities / relations", f"{stats.entities} / {stats.relations}")
    table.add_row("seconds", f"{stats.seconds:.1f}")
    for stage, secs in stats.stage_seconds.items():
        table.add_row(f"  {stage}", f"{secs:.2f} s")
    return table


def register(app: typer.Typer) -> None:
    app.command("add")(add)
    app.command("remove")(remove)
