"""Incremental updates: add, replace and remove documents of an existing store.

An update is applied as changes to the store where it can (`hopgraph.indexing.delta_update`: only the
changed documents are extracted and embedded, entity resolution runs over their neighbourhood, untouched
entities keep their ids). Otherwise (a store without the key tables, or built by other indexing code or
settings) it is the ordinary build (`pipeline.index_documents`) over the store's own documents with some
added, replaced (same id, new content) or dropped: extraction runs only for the new and changed documents
and embedding only for their chunks (the rest come from the previous store by content hash,
`hopgraph.indexing.reuse`), while the global steps are recomputed over every document. Either way the result
equals a fresh build of the final corpus (entity ids aside). Document order is kept: a replaced document
keeps its place, new ones go to the end.

The new store is written into a temporary folder and swapped in (`hopgraph.store.building`), so an
interrupted update leaves the previous store; traces and the LLM reply cache are carried over (`StoreWriter.commit`).
The store's own index settings (embedding and spaCy model, graph on or off, chunk sizes) are used,
whatever the current configuration says, so an update never silently changes how a store was built.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from rich.console import Console

from hopgraph.config import Settings
from hopgraph.errors import UserError
from hopgraph.models import Document, IndexStats
from hopgraph.store import DB_NAME, Store

#: Updates as changes to the store (`delta_update`); False: always the rebuild that reuses extractions and vectors.
DELTA_UPDATES = True


def stored_documents(store_dir: Path) -> tuple[list[Document], dict[str, str]]:
    """The documents of the store at `store_dir` in their build order, and its metadata."""
    store = Store.open(store_dir)
    try:
        rows = store.conn.execute("SELECT doc_id, title, text, metadata FROM documents ORDER BY rowid").fetchall()
        docs = [Document(doc_id=r[0], title=r[1] or "", text=r[2] or "", metadata=json.loads(r[3] or "{}"))
                for r in rows]
        return docs, store.meta()
    finally:
        store.close()


def store_settings(settings: Settings, meta: dict[str, str]) -> Settings:
    """`settings` with the index settings the store was built with (where its metadata records them)."""
    out = settings.model_copy(deep=True)
    ix = out.index
    if meta.get("embedding_model"):
        ix.embedding_model = meta["embedding_model"]
    if meta.get("embedding_backend"):
        ix.embedding_backend = meta["embedding_backend"]
        ix.embedding_backend = meta.get("embedding_backend", "torch")  # type: ignore[assignment]
    ix.extract = bool(meta.get("spacy_model"))
    if ix.extract:
        ix.spacy_model = meta["spacy_model"]
    for key in ("chunk_words", "chunk_overlap_words"):  # recorded by stores built since incremental updates
        if meta.get(key, "").isdigit():
            setattr(ix, key, int(meta[key]))
    return out


def as_documents(docs: Iterable[Document | dict] | Path | str) -> list[Document]:
    """Documents from Documents, {id or _id, title, text, metadata} dicts, or a corpus path (`load_corpus`)."""
    from hopgraph.indexing.load import load_corpus

    if isinstance(docs, (str, Path)):
        return load_corpus(docs).documents
    out = []
    for d in docs:
        if isinstance(d, Document):
            out.append(d)
        elif isinstance(d, dict):
            doc_id = d.get("doc_id", d.get("id", d.get("_id")))
            if doc_id is None or not isinstance(d.get("text"), str):
                raise UserError("a document needs an id and a text")
            out.append(Document(doc_id=str(doc_id), title=d.get("title") or "", text=d["text"],
                                metadata=d.get("metadata") or {}))
        else:
            raise UserError(f"not a document: {type(d).__name__}")
    return out


def merge_documents(current: list[Document], new: Iterable[Document]) -> list[Document]:
    """`current` with each new document replacing the one of the same id in place, or appended."""
    incoming: dict[str, Document] = {}
    for d in new:
        if d.doc_id in incoming:
            raise UserError(f"document id {d.doc_id!r} is given twice")
        if not d.doc_id.strip():
            raise UserError("a document has an empty id")
        incoming[d.doc_id] = d
    merged = [incoming.pop(d.doc_id, d) for d in current]
    return merged + list(incoming.values())


def drop_documents(current: list[Document], doc_ids: Iterable[str]) -> list[Document]:
    """`current` without `doc_ids`; every id must be in the store and something must be left."""
    drop = list(dict.fromkeys(doc_ids))
    if not drop:
        raise UserError("no document ids given")
    known = {d.doc_id for d in current}
    missing = [i for i in drop if i not in known]
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise UserError(f"not in the store: {', '.join(repr(m) for m in missing[:5])}{more}")
    left = [d for d in current if d.doc_id not in set(drop)]
    if not left:
        raise UserError("removing these would leave the store empty; delete the store folder instead")
    return left


def add_documents(store_dir: Path | str, docs: Iterable[Document], settings: Settings, show_progress: bool = False,
                  console: Console | None = None, encode_group: int | None = None) -> IndexStats:
    """Add `docs` to the store at `store_dir`, replacing documents with the same id."""
    docs = list(docs)
    empty = [d.doc_id for d in docs if not d.text.strip()]
    if empty:
        raise UserError(f"document {empty[0]!r} has no text")
    if not docs:
        raise UserError("no documents to add")
    return _update(store_dir, lambda current: merge_documents(current, docs), settings, show_progress, console,
                   encode_group, f"add {len(docs)}", upserts=docs)


def remove_documents(store_dir: Path | str, doc_ids: Iterable[str], settings: Settings, show_progress: bool = False,
                     console: Console | None = None, encode_group: int | None = None) -> IndexStats:
    """Remove the documents `doc_ids` (all must be in the store) from the store at `store_dir`."""
    doc_ids = list(doc_ids)
    return _update(store_dir, lambda current: drop_documents(current, doc_ids), settings, show_progress, console,
                   encode_group, f"remove {len(set(doc_ids))}", removals=doc_ids)


def _update(store_dir: Path | str, change: Callable[[list[Document]], list[Document]], settings: Settings,
            show_progress: bool, console: Console | None, encode_group: int | None, what: str,
            upserts: list[Document] = (), removals: list[str] = ()) -> IndexStats:
    """Apply the change as changes to the store (`delta_update`, cost following the change) where it can,
    else read the store's documents, `change` them and build the result in place; all under the store's
    writer lock, so two updates never both start from the same documents."""
    from hopgraph.indexing.delta_update import try_update
    from hopgraph.indexing.pipeline import ENCODE_GROUP, index_documents

    root = Path(store_dir)
    if not (root / DB_NAME).exists():
        raise UserError(f"no hopgraph store at {root} (run `hopgraph index PATH --store {root}` first)")
    with _writer_lock(root):
        if DELTA_UPDATES:
            stats = try_update(root, list(upserts), list(removals), settings, {"last_update": what})
            if stats is not None:
                return stats
        current, meta = stored_documents(root)
        docs = change(current)
        extra = {k: meta[k] for k in ("corpus_path",) if k in meta}
        extra["last_update"] = what
        return index_documents(docs, root, store_settings(settings, meta), show_progress=show_progress,
                               console=console, meta=extra, encode_group=encode_group or ENCODE_GROUP)


def _writer_lock(root: Path) -> AbstractContextManager:
    """The store's one-writer lock (`hopgraph.guard`), where this installation has it."""
    try:
        from hopgraph.guard import writer_lock
    except ImportError:
        return nullcontext()
    return writer_lock(root)
