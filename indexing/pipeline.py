"""The indexing pipeline: load -> chunk -> extract -> resolve -> embed -> dense -> BM25 -> store.

Each stage is a function over a batch (chunk_documents, Extractor.extract,
Embedder.encode); this module only decides how batches run (in-process, in
order) and reports progress. The store is written into a temporary folder and
swapped into place at the end.

Every build is incremental where that cannot change the result (`hopgraph.indexing.reuse`):
extraction runs only for documents whose content is new, embedding only for chunks whose text is
new; resolution, the graph, BM25 and FAISS are rebuilt over the whole corpus. So a build over a
store equals a fresh build of the same documents, and `hopgraph.indexing.incremental` (add, remove)
is this same build over the store's documents with some added, replaced or dropped.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
from rich.console import Console

from hopgraph.config import Settings
from hopgraph.gc_pause import collector_paused
from hopgraph.indexing import fingerprints
from hopgraph.indexing.dense import build_dense_index, save_dense_index
from hopgraph.indexing.embed import (SentenceTransformerEmbedder, embedder_id, get_embedder, prepare_query_export,
                                    set_torch_threads, suggest_bf16)
from hopgraph.indexing.embed_cache import EmbedCache
from hopgraph.indexing.extraction_spool import Spool, compact
from hopgraph.indexing.executor import ChunkStage, EmbedStage, Executor, ExtractStage, by_count, by_document, make_executor
from hopgraph.indexing.lexical_cache import build_lexical
from hopgraph.indexing.stages import Stages
from hopgraph.indexing.delta_merges import write as write_doc_merges
from hopgraph.indexing.votes import write_all as write_votes
from hopgraph.indexing.load import corpus_fingerprint, load_corpus
from hopgraph.indexing.reuse import (Previous, doc_hash, encode_missing, pack_extractions, previous_state,
                                     write_state)
from hopgraph.models import Chunk, ChunkExtraction, Document, IndexStats, ResolvedGraph
from hopgraph.store import building

ENCODE_GROUP = 512  # texts per encoder call (see build_index)


def extract_graph(chunks: list[Chunk], docs: list[Document], settings: Settings, stages: Stages,
                  previous: Previous, executor: Executor | None = None
                  ) -> tuple[ResolvedGraph, list[tuple[str, str, bytes | None]], int, list[ChunkExtraction], dict]:
    """Extract the chunks of documents the previous store has no extraction for, reuse the others',
    then resolve entities across the whole corpus.

    Returns the graph, the `doc_state` rows of the new store, the number of chunks extracted, the
    extractions (in chunk order) and each document's merge inputs (`delta_merges`)."""
    from hopgraph.indexing.resolve import resolve

    by_doc: dict[str, list[Chunk]] = {}
    for c in chunks:
        by_doc.setdefault(c.doc_id, []).append(c)
    hashes = {d.doc_id: doc_hash(d) for d in docs}
    reused: dict[str, ChunkExtraction] = {}
    reused_docs: set[str] = set()
    with stages.single("reuse"), collector_paused():  # ~100k documents' extractions read: no cycles among them
        for d in docs:
            ext = previous.extractions(hashes[d.doc_id])
            if ext is not None and [e.chunk_id for e in ext] == [c.chunk_id for c in by_doc.get(d.doc_id, [])]:
                reused.update((e.chunk_id, compact(e)) for e in ext)
                reused_docs.add(d.doc_id)
    todo = [c for c in chunks if c.doc_id not in reused_docs]
    fresh: dict[str, ChunkExtraction] = {}
    spool = Spool(todo)  # packs each document's blob as it arrives, keeps compact extractions (extraction_spool)
    if todo:
        ix = settings.index
        executor = executor or make_executor("local")
        extracted = stages.run_stream("extract", len(todo), spool.stream(executor.stream(
            ExtractStage, {"spacy_model": ix.spacy_model, "batch_size": ix.extract_batch_size},
            by_document(todo, ix.extract_batch_size))))
        fresh = {e.chunk_id: e for e in extracted}
    extractions = [reused.get(c.chunk_id) or fresh[c.chunk_id] for c in chunks]
    rows = []
    for d in docs:
        h = hashes[d.doc_id]
        if d.doc_id in reused_docs:
            rows.append((d.doc_id, h, previous.extraction_blobs[h]))
        else:
            rows.append((d.doc_id, h, spool.blobs.get(d.doc_id) or pack_extractions([])))
    with stages.single("resolve"):
        merges: dict = {}  # each document's merge inputs, kept for updates (`delta_merges`)
        return resolve(chunks, extractions, record=merges), rows, len(todo), extractions, merges


def build_index(corpus: Path | str, store_dir: Path | str, settings: Settings, show_progress: bool = True,
                console: Console | None = None, reuse_vectors: bool = True) -> IndexStats:
    """Build a complete store for `corpus` at `store_dir`; the previous store survives any failure.

    With `reuse_vectors`, the work the previous store at `store_dir` holds is reused: documents whose
    content is unchanged keep their extractions, chunks whose text is unchanged their vectors; the
    result equals a fresh build. `reuse_vectors=False` re-extracts and re-embeds everything.
    """
    started = time.perf_counter()
    loaded = load_corpus(corpus)  # before any progress output: bad input fails with one line
    stats = IndexStats(skipped_empty=loaded.skipped_empty, skipped_unreadable=len(loaded.unreadable),
                       unreadable=loaded.unreadable, ignored=loaded.ignored)
    return index_documents(loaded.documents, Path(store_dir), settings, show_progress=show_progress,
                           console=console, reuse=reuse_vectors, stats=stats, started=started,
                           meta={"corpus_path": str(Path(corpus).resolve())})


def index_documents(docs: list[Document], store_dir: Path, settings: Settings, *, show_progress: bool = False,
                    console: Console | None = None, reuse: bool = True, stats: IndexStats | None = None,
                    started: float | None = None, meta: dict[str, str] | None = None,
                    encode_group: int = ENCODE_GROUP) -> IndexStats:
    """Write a complete store holding exactly `docs` (in this order) at `store_dir`, atomically.

    Every stage runs over the whole corpus except extraction and embedding, which run only for documents
    and chunks the previous store at `store_dir` has no result for (`reuse`). Traces and the LLM cache of
    the previous store are carried over by `StoreWriter.commit`. `meta` adds to the store's metadata."""
    started = time.perf_counter() if started is None else started
    stats = stats or IndexStats()
    stages = Stages(show_progress, console)
    stages.seconds["load"] = time.perf_counter() - started
    if stages.lines:
        stages.lines.done("load", len(docs), started)
    ix = settings.index
    eid = embedder_id(ix.embedding_model, ix.embedding_backend)
    executor = make_executor(ix.executor, ix.ray_address, processes=ix.extract_processes)
    with stages.progress, ThreadPoolExecutor(1, thread_name_prefix="embed") as background:
        with stages.single("previous"):
            fp = fingerprints.extraction_fingerprint(settings) if ix.extract else None
            previous = previous_state(store_dir, eid, fp, {doc_hash(d) for d in docs}) \
                if reuse else Previous()
        chunks: list[Chunk] = stages.run_stream("chunk", len(docs), executor.stream(
            ChunkStage, {"chunk_words": ix.chunk_words, "overlap_words": ix.chunk_overlap_words}, by_count(docs, 500)))
        # Embedding runs in a second thread while extraction runs here: one core each (see executor.py).
        # Local stages use the embedder loaded here; Ray workers load it by id.
        embedder = get_embedder(eid) if ix.executor == "local" else None
        if embedder is not None:
            suggest_bf16(ix.embedding_backend, len(chunks))
        threads = _overlap_threads(settings)
        set_torch_threads(threads)
        texts = [c.retrieval_text for c in chunks]
        cache = EmbedCache(Path(store_dir), eid)  # groups encoded by an interrupted build of this store
        stop = threading.Event()

        def encode(todo: list[str]) -> np.ndarray:
            # Hand the encoder large groups: it sorts each group by length, so its batches hold texts of
            # similar length and pad little (71 vs 32 passages/s here with groups of 512 vs 16).
            groups = by_count(todo, encode_group)
            stream = executor.stream(EmbedStage, {"embedder": embedder or eid, "batch_size": ix.embed_batch_size,
                                                  "threads": threads}, groups)
            return np.vstack(stages.run_stream("embed", len(todo), cache.recording(groups, stream, stop)))

        known = {**cache.load(), **previous.vectors} if reuse else {}
        embedding = background.submit(encode_missing, texts, known, encode)
        try:
            if ix.extract:
                graph, state_rows, extracted, extractions, merges = extract_graph(chunks, docs, settings, stages, previous,
                                                                          executor)
            else:
                graph, extracted, extractions, merges = ResolvedGraph(), 0, [], {}
                state_rows = [(d.doc_id, doc_hash(d), None) for d in docs]
        except BaseException:
            stop.set()  # the embed thread stops after its current group (what it did stays in the cache)
            raise
        set_torch_threads(ix.embed_threads)  # extraction is done: the ONNX embedder takes the free cores
        vectors, encoded = embedding.result()
        executor.close()
        if isinstance(embedder, SentenceTransformerEmbedder):  # torch is loaded: export what queries run on, once
            prepare_query_export(eid, settings.retrieval.query_runtime)
        with building(Path(store_dir)) as writer:
            with stages.single("dense"):
                save_dense_index(build_dense_index(vectors), writer.root / "dense.faiss")
            with stages.single("write"):
                writer.write_documents(docs)
                writer.write_chunks(chunks)
                writer.write_graph(graph.entities, graph.mentions, graph.relations, graph.norm_of, graph.alias_rows)
                write_state(writer.db.conn, state_rows)
                write_key_tables(writer.db.conn, chunks, extractions)  # what updates look up (`name_keys`)
                write_votes(writer.db.conn, graph.votes)  # entities' type votes per document (`votes`)
                write_doc_merges(writer.db.conn, merges)  # each document's merge inputs (`delta_merges`)
            with stages.single("bm25"):  # chunk tokens kept in the store, for updates (`lexical_cache`)
                build_lexical(writer.db.conn).save(writer.root / "bm25")
                writer.db.conn.commit()
            _count_changes(stats, previous.doc_hashes, state_rows)
            stats = stats.model_copy(update={
                "documents": len(docs), "chunks": len(chunks), "chunks_embedded": encoded,
                "chunks_extracted": extracted, "entities": len(graph.entities), "relations": len(graph.relations)})
            writer.write_meta({
                "embedding_model": ix.embedding_model, "embedding_backend": ix.embedding_backend,
                "dimension": vectors.shape[1] if len(vectors) else getattr(embedder, "dimension", 0),
                "corpus_fingerprint": corpus_fingerprint(docs),
                "config_fingerprint": fingerprints.index_config_fingerprint(settings),
                "extraction_fingerprint": fingerprints.extraction_fingerprint(settings) if ix.extract else "",
                "spacy_model": ix.spacy_model if ix.extract else "",
                "chunk_words": ix.chunk_words, "chunk_overlap_words": ix.chunk_overlap_words,
                "documents": stats.documents, "chunks": stats.chunks, "entities": stats.entities,
                "relations": stats.relations, "stage_seconds": _json(stages.seconds),
                "index_seconds": round(time.perf_counter() - started, 3), "chunks_embedded": encoded,
                "chunks_extracted": extracted, **(meta or {}),
            })
    cache.clear()  # the store holds every vector now
    set_torch_threads(1)  # back to query mode
    stats.stage_seconds = dict(stages.seconds)
    stats.seconds = time.perf_counter() - started
    return stats


def write_key_tables(conn, chunks: list[Chunk], extractions: list[ChunkExtraction]) -> None:
    from hopgraph.indexing.name_keys import write_all

    rowid = {d: r for r, d in conn.execute("SELECT rowid, doc_id FROM documents")}
    chunks_of: dict[str, list[Chunk]] = {d: [] for d in rowid}
    exts_of: dict[str, list[ChunkExtraction]] = {d: [] for d in rowid}
    for c in chunks:
        chunks_of[c.doc_id].append(c)
    by_chunk = {c.chunk_id: c.doc_id for c in chunks}
    for e in extractions:
        exts_of[by_chunk[e.chunk_id]].append(e)
    docs = list(rowid)
    write_all(conn, [rowid[d] for d in docs], [chunks_of[d] for d in docs], [exts_of[d] for d in docs])


def _count_changes(stats: IndexStats, before: dict[str, str], rows: list[tuple[str, str, bytes | None]]) -> None:
    """Documents added, replaced (same id, new content) and removed relative to the previous store."""
    after = {doc_id: h for doc_id, h, _ in rows}
    stats.documents_added = sum(1 for d in after if d not in before)
    stats.documents_replaced = sum(1 for d, h in after.items() if d in before and before[d] != h)
    stats.documents_removed = sum(1 for d in before if d not in after)


def _overlap_threads(settings: Settings) -> int:
    """Embedding threads while extraction runs. Extraction worker processes (`extract_processes` > 1) take the
    cores then, and a second ONNX Runtime thread only adds synchronisation (1,101 2wiki chunks, onnx-int8:
    38.5-41.9 CPU s on one thread against 45.6-46.5 on two, the same vectors), so the ONNX and torch-bf16
    embedders run on one thread until extraction is done and on `embed_threads` after. torch keeps its thread
    count per calling thread, so the embedding stage applies the count set last before each group
    (`follow_torch_threads`): without that the torch-bf16 embedding thread stayed on one thread to the end. Plain
    torch, slower than extraction, keeps `embed_threads` throughout."""
    ix = settings.index
    if ix.extract and ix.executor == "local" and ix.extract_processes > 1 and ix.embedding_backend != "torch":
        return 1
    return ix.embed_threads


def _json(d: dict[str, float]) -> str:
    import json

    return json.dumps({k: round(v, 3) for k, v in d.items()})
