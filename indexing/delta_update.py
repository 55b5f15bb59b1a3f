"""Add, replace and remove documents as changes to the store, at a cost that follows the change.

Only the added and replaced documents are chunked, extracted and embedded. The update works on a copy of
the store's database (`hopgraph.store_delta.DeltaWriter`): rows of the documents that left or changed are
deleted, the new ones inserted, chunk rows renumbered to a fresh build's order; entity resolution runs over
the changed documents' neighbourhood only (`delta_resolve`), keeping the ids of entities it does not change;
FAISS is the previous vectors re-ordered plus the new ones, BM25 is the previous index's term counts
re-scored with the new chunks' (`lexical_cache.rescored`); both are made in a second thread while
resolution runs (`delta_indexes`). The copy is swapped in at the end, so an interrupted update leaves the previous store.

Used where it gives what a fresh build gives: the store has the key tables (`name_keys`) and was built with
the extraction and index code and settings in use now (fingerprints); otherwise `try_update` returns None and
the caller rebuilds (`pipeline.index_documents`, which reuses extractions and vectors).
"""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from hopgraph.config import Settings
from hopgraph.errors import UserError
from hopgraph.indexing import name_keys, name_votes, votes
from hopgraph.indexing.delta_vectors import renumber_chunks
from hopgraph.indexing.delta_indexes import dense_saved, lexical_saved
from hopgraph.indexing.lexical_cache import build_lexical, forget_missing, new_tokens
from hopgraph.indexing.reuse import STATE_TABLE, doc_hash, pack_extractions, unpack_extractions
from hopgraph.indexing.sql_batches import batches, marks
from hopgraph.models import Chunk, ChunkExtraction, Document, IndexStats
from hopgraph.store import BM25_DIR, DB_NAME, Store


class _Clock:
    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def timed(self, name: str, fn, *args):
        """`fn(*args)`, its wall seconds counted as stage `name` (from any thread)."""
        with self.stage(name):
            return fn(*args)

    @contextmanager
    def stage(self, name: str):
        t = time.perf_counter()
        yield
        self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - t


def try_update(root: Path, upserts: list[Document], removals: list[str], settings: Settings,
               meta_extra: dict[str, str]) -> IndexStats | None:
    """Apply the change to the store at `root` (writer lock held by the caller); None when only a rebuild can."""
    from hopgraph.indexing.incremental import store_settings
    from hopgraph.indexing.fingerprints import extraction_fingerprint, index_config_fingerprint

    started = time.perf_counter()
    clock = _Clock()
    live = Store.open(root)
    try:
        meta = live.meta()
        st = store_settings(settings, meta)
        if not name_keys.has_tables(live.conn) or not votes.has_table(live.conn) or meta.get("config_fingerprint") != index_config_fingerprint(st) \
                or (st.index.extract and meta.get("extraction_fingerprint") != extraction_fingerprint(st)):
            return None
        with clock.stage("previous"):
            hashes = {r[0]: r[1] for r in live.conn.execute(f"SELECT doc_id, doc_hash FROM {STATE_TABLE}")}
            total = len(hashes)
            _check(upserts, removals, hashes)
            changed = [d for d in upserts if hashes.get(d.doc_id) != doc_hash(d)]
            gone = set(removals) | {d.doc_id for d in changed if d.doc_id in hashes}
        stats = IndexStats(documents=total + sum(d.doc_id not in hashes for d in changed) - len(set(removals)),
                           documents_added=sum(d.doc_id not in hashes for d in changed),
                           documents_replaced=sum(d.doc_id in hashes for d in changed),
                           documents_removed=len(set(removals)))
        if not changed and not removals:
            return _unchanged(live, stats, started)
        from hopgraph.gc_pause import collector_paused

        # The whole update, not only resolution and the graph write: the name tables (every name's type, word
        # counts, short forms), the merge totals and the graph arrays are hundreds of thousands of objects in
        # no cycle, and the collector's full passes walked them (2.4 of 43.7 CPU s of a remove at 100k).
        with collector_paused():
            return _apply(root, live, st, changed, gone, set(removals), stats, clock, started, meta_extra)
    finally:
        live.close()


def _check(upserts: list[Document], removals: list[str], hashes: dict[str, str]) -> None:
    """The errors `incremental.merge_documents` / `drop_documents` give, without reading the documents."""
    seen: set[str] = set()
    for d in upserts:
        if d.doc_id in seen:
            raise UserError(f"document id {d.doc_id!r} is given twice")
        if not d.doc_id.strip():
            raise UserError("a document has an empty id")
        seen.add(d.doc_id)
    if removals:
        missing = [i for i in dict.fromkeys(removals) if i not in hashes]
        if missing:
            more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
            raise UserError(f"not in the store: {', '.join(repr(m) for m in missing[:5])}{more}")
        if len(set(removals)) >= len(hashes):
            raise UserError("removing these would leave the store empty; delete the store folder instead")


def _unchanged(live: Store, stats: IndexStats, started: float) -> IndexStats:
    stats.chunks = live.count("chunks")
    stats.entities, stats.relations = live.count("entities"), live.count("relations")
    stats.seconds = time.perf_counter() - started
    return stats


def _work(docs: list[Document], st: Settings, clock: _Clock) -> tuple[list[Chunk], dict[str, list[ChunkExtraction]],
                                                                   dict[str, np.ndarray]]:
    """Chunks, extractions (by document) and vectors (by chunk) of the added and replaced documents;
    embedding runs in a second thread while extraction runs here."""
    from hopgraph.indexing import pipeline
    from hopgraph.indexing.embed import embedder_id, set_torch_threads
    from hopgraph.indexing.executor import ChunkStage, ExtractStage, by_document, make_executor

    ix = st.index
    with clock.stage("chunk"):
        chunks = ChunkStage(ix.chunk_words, ix.chunk_overlap_words)(docs)
    if not chunks:  # a removal: no embedder to load (its torch and transformers imports cost seconds)
        return chunks, {d.doc_id: [] for d in docs}, {}
    embedder = pipeline.get_embedder(embedder_id(ix.embedding_model, ix.embedding_backend))
    set_torch_threads(ix.embed_threads)

    def encode() -> np.ndarray:
        t = time.perf_counter()
        out = embedder.encode([c.retrieval_text for c in chunks], ix.embed_batch_size) if chunks else []
        clock.seconds["embed"] = time.perf_counter() - t
        return out

    extractions: dict[str, list[ChunkExtraction]] = {d.doc_id: [] for d in docs}
    with ThreadPoolExecutor(1, thread_name_prefix="embed") as background:
        vectors = background.submit(encode)
        if ix.extract and chunks:
            with clock.stage("extract"):
                executor = make_executor("local")
                for _n, part in executor.stream(ExtractStage, {"spacy_model": ix.spacy_model,
                                                               "batch_size": ix.extract_batch_size},
                                                by_document(chunks, ix.extract_batch_size)):
                    doc_of = {c.chunk_id: c.doc_id for c in chunks}
                    for e in part:
                        extractions[doc_of[e.chunk_id]].append(e)
                executor.close()
        fresh = dict(zip((c.chunk_id for c in chunks), vectors.result()))
    set_torch_threads(1)
    return chunks, extractions, fresh


def _apply(root: Path, live: Store, st: Settings, changed: list[Document], gone: set[str], removed: set[str],
           stats: IndexStats, clock: _Clock, started: float, meta_extra: dict[str, str]) -> IndexStats:
    from hopgraph.store_delta import delta_building

    old = live.conn
    # the store's names as they stand, made beside the extraction, the copy and the writes (`adjust` needs them)
    side = ThreadPoolExecutor(1, thread_name_prefix="names")
    names_before = side.submit(name_votes.corpus_names_made, live.root / DB_NAME)
    side.shutdown(wait=False)
    chunks, extractions, fresh_vectors = _work(changed, st, clock)
    with clock.stage("previous"):
        old_chunks = _old_chunks(old, gone)
        old_state = _rows_by_doc(old, f"SELECT doc_id, extraction FROM {STATE_TABLE} WHERE doc_id IN", gone)
        old_rowids = _rows_by_doc(old, "SELECT doc_id, rowid FROM documents WHERE doc_id IN", gone)
        old_keys, old_exts = {}, {}
        for d in gone:
            exts = unpack_extractions(old_state[d]) if old_state.get(d) else []
            old_keys[d] = (name_keys.doc_name_keys(old_chunks[d], exts), name_keys.lower_words(old_chunks[d]))
            old_exts.update((e.chunk_id, e) for e in exts)
    by_doc: dict[str, list[Chunk]] = {d.doc_id: [] for d in changed}
    for c in chunks:
        by_doc[c.doc_id].append(c)
    with delta_building(root) as writer, ThreadPoolExecutor(1, thread_name_prefix="dense") as background:
        conn = writer.conn
        with clock.stage("write"):
            _write_documents(conn, changed, removed, gone, by_doc, extractions, st.index.extract)
            order = renumber_chunks(conn)
        # FAISS and BM25 need only the new row order, vectors and the new chunks' tokens: they are made and saved
        # beside resolution (mostly numpy and FAISS, which release the GIL), and waited for before the store is
        # committed (or removed, on a failure)
        dense = background.submit(clock.timed, "dense", dense_saved, live.faiss_path, order, fresh_vectors,
                                  writer.root / "dense.faiss")
        lexical = background.submit(clock.timed, "bm25", lexical_saved, live.root / BM25_DIR, order,
                                    new_tokens(conn, order), writer.root / BM25_DIR)
        with clock.stage("write"):
            new_rowids = _rows_by_doc(conn, "SELECT doc_id, rowid FROM documents WHERE doc_id IN", by_doc)
            for d, (keys, words) in old_keys.items():
                name_keys.remove_doc(conn, old_rowids[d], keys, words)
            new_keys = {d: (name_keys.doc_name_keys(by_doc[d], extractions[d]), name_keys.lower_words(by_doc[d]))
                        for d in by_doc}
            before = name_keys.known_words(old, {w for _k, ws in new_keys.values() for w in ws})
            for d, (keys, words) in new_keys.items():
                name_keys.add_doc(conn, new_rowids[d], keys, words)
            flipped = name_keys.drop_unused_words(conn, {w for _k, ws in old_keys.values() for w in ws})
            flipped |= {w for _k, ws in new_keys.values() for w in ws} - before
            moved, corpus = name_votes.adjust(conn, name_votes.count([c for d in gone for c in old_chunks[d]], old_exts),
                                      name_votes.count(chunks, {e.chunk_id: e for es in extractions.values() for e in es}),
                                      names_before.result())
        resolved_docs = 0
        if st.index.extract:
            from hopgraph.indexing.delta_write import apply_graph
            from hopgraph.indexing.delta_resolve import resolve_changed
            from hopgraph.gc_pause import collector_paused

            changed_keys = {k for keys, _w in list(old_keys.values()) + list(new_keys.values()) for k in keys}
            removed_chunks = [c.chunk_id for d in gone for c in old_chunks[d]]
            res = resolve_changed(conn, old, changed_keys, flipped, extractions, gone, removed_chunks, moved, corpus)
            for name, s in res.seconds.items():
                clock.seconds[name] = clock.seconds.get(name, 0.0) + s
            with clock.stage("write"), collector_paused():  # the graph's rows, in no cycle (`resolve_changed`)
                apply_graph(conn, res.graph, res.placement, res.old_chunks, res.docs, res.whole)
            resolved_docs = res.documents
            meta_extra = {**meta_extra, "resolve_rounds": json.dumps(res.sizes)}
        dense.result()
        if not lexical.result():  # a previous index without term counts: built again
            with clock.stage("bm25"):
                build_lexical(conn).save(writer.root / BM25_DIR)
        with clock.stage("write"):
            stats = _finish(conn, writer, stats, chunks, clock, started, resolved_docs, meta_extra)
    stats.seconds = time.perf_counter() - started
    return stats


def _old_chunks(old, doc_ids: set[str]) -> dict[str, list[Chunk]]:
    out: dict[str, list[Chunk]] = {d: [] for d in doc_ids}
    for part in batches(sorted(doc_ids)):
        q = (f'SELECT chunk_id, doc_id, title, text, start, "end", content_hash, position FROM chunks '
             f"WHERE doc_id IN ({marks(part)}) ORDER BY row")
        for r in old.execute(q, part):
            out[r[1]].append(Chunk(chunk_id=r[0], doc_id=r[1], title=r[2], text=r[3], start=r[4], end=r[5],
                                   content_hash=r[6], position=r[7]))
    return out


def _rows_by_doc(conn, select_in: str, doc_ids) -> dict:
    out = {}
    for part in batches(sorted(doc_ids)):
        out.update((r[0], r[1]) for r in conn.execute(f"{select_in} ({marks(part)})", part))
    return out


def _write_documents(conn, changed: list[Document], removed: set[str], gone: set[str], by_doc, extractions,
                     extract: bool) -> None:
    """Documents (a replaced one keeps its place), their metadata rows, `doc_state` and chunks."""
    from hopgraph.metadata import SCHEMA as META_SCHEMA, write_doc_meta

    conn.executescript(META_SCHEMA)
    for table in ("documents", STATE_TABLE, "chunks", "doc_meta"):
        conn.executemany(f"DELETE FROM {table} WHERE doc_id = ?", ((d,) for d in (removed if table == "documents"
                                                                                 else gone)))
    forget_missing(conn)  # tokens of the chunks just deleted (a replaced document's chunk ids come back)
    for d in changed:
        values = (d.title, d.text, json.dumps(d.metadata), d.doc_id)
        if conn.execute("UPDATE documents SET title = ?, text = ?, metadata = ? WHERE doc_id = ?", values).rowcount == 0:
            conn.execute("INSERT INTO documents (title, text, metadata, doc_id) VALUES (?, ?, ?, ?)", values)
    write_doc_meta(conn, changed)
    conn.executemany(f"INSERT INTO {STATE_TABLE} (doc_id, doc_hash, extraction) VALUES (?, ?, ?)",
                     ((d.doc_id, doc_hash(d), pack_extractions(extractions[d.doc_id]) if extract else None)
                      for d in changed))
    conn.executemany('INSERT INTO chunks (chunk_id, row, doc_id, title, text, start, "end", content_hash, position) '
                     "VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?)",
                     ((c.chunk_id, c.doc_id, c.title, c.text, c.start, c.end, c.content_hash, c.position)
                      for d in changed for c in by_doc[d.doc_id]))


def _finish(conn, writer, stats: IndexStats, chunks: list[Chunk], clock: _Clock, started: float,
            resolved_docs: int, meta_extra: dict[str, str]) -> IndexStats:
    from hopgraph.indexing.load import stored_fingerprint

    count = lambda t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]  # noqa: E731
    stats = stats.model_copy(update={"documents": count("documents"), "chunks": count("chunks"), "chunks_embedded": len(chunks),
                                     "chunks_extracted": len(chunks), "entities": count("entities"),
                                     "relations": count("relations")})
    stats.stage_seconds = dict(clock.seconds)
    writer.write_meta({
        "corpus_fingerprint": stored_fingerprint(conn), "documents": stats.documents, "chunks": stats.chunks,
        "entities": stats.entities, "relations": stats.relations, "chunks_embedded": len(chunks),
        "chunks_extracted": len(chunks), "resolved_documents": resolved_docs,
        "stage_seconds": json.dumps({k: round(v, 3) for k, v in clock.seconds.items()}),
        "index_seconds": round(time.perf_counter() - started, 3), **meta_extra})
    conn.commit()
    return stats
