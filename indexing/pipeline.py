"""The indexing pipeline: load -> chunk -> extract -> resolve -> embed -> dense -> BM25 -> store.

Each stage is a function over a batch (chunk_documents, Extractor.extract,
Embedder.encode); this module only decides how batches run (in-process, in
order) and reports progress. The store is written into a temporary folder and
swapped into place at the end.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from hopgraph.config import Settings
from hopgraph.indexing.chunk import chunk_documents
from hopgraph.indexing.dense import build_dense_index, save_dense_index
from hopgraph.indexing.embed import get_embedder, set_torch_threads
from hopgraph.indexing.lexical import LexicalIndex
from hopgraph.indexing.load import load_corpus
from hopgraph.indexing.reuse import encode_missing, previous_vectors
from hopgraph.models import Chunk, ChunkExtraction, IndexStats, ResolvedGraph
from hopgraph.store import building

ENCODE_GROUP = 512  # texts per encoder call (see build_index)
T = TypeVar("T")
R = TypeVar("R")


def batched(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


class _Stages:
    """Progress bars and timings, one per stage."""

    def __init__(self, show: bool, console: Console | None):
        self.progress = Progress(
            TextColumn("{task.description:<10}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), TimeRemainingColumn(), console=console or Console(stderr=True),
            disable=not show, transient=False,
        )
        self.seconds: dict[str, float] = {}

    def run_batches(self, name: str, items: Sequence[T], size: int, fn: Callable[[Sequence[T]], list[R]]) -> list[R]:
        task = self.progress.add_task(name, total=len(items))
        out: list[R] = []
        start = time.perf_counter()
        for batch in batched(items, size):
            out.extend(fn(batch))
            self.progress.advance(task, len(batch))
        self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start
        return out

    @contextmanager
    def single(self, name: str) -> Iterator[None]:
        task = self.progress.add_task(name, total=1)
        start = time.perf_counter()
        yield
        self.progress.advance(task)
        self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start


def extract_graph(chunks: list[Chunk], settings: Settings, stages: _Stages) -> ResolvedGraph:
    """Run the extractor over batches, then resolve entities across the corpus."""
    from hopgraph.indexing.extract import SpacyExtractor
    from hopgraph.indexing.resolve import resolve

    extractor = SpacyExtractor(settings.index.spacy_model, settings.index.extract_batch_size)
    extractions: list[ChunkExtraction] = stages.run_batches(
        "extract", chunks, settings.index.extract_batch_size, lambda b: extractor.extract(list(b))
    )
    with stages.single("resolve"):
        return resolve(chunks, extractions)


def build_index(corpus: Path | str, store_dir: Path | str, settings: Settings, show_progress: bool = True,
                console: Console | None = None, reuse_vectors: bool = True) -> IndexStats:
    """Build a complete store for `corpus` at `store_dir`; the previous store survives any failure.

    With `reuse_vectors`, chunks whose text is unchanged keep their vectors from the previous store.
    """
    started = time.perf_counter()
    stages = _Stages(show_progress, console)
    loaded = load_corpus(corpus)  # before any progress output: bad input fails with one line
    stages.seconds["load"] = time.perf_counter() - started
    with stages.progress:
        docs = loaded.documents
        ix = settings.index
        chunks: list[Chunk] = stages.run_batches(
            "chunk", docs, 500, lambda b: chunk_documents(b, ix.chunk_words, ix.chunk_overlap_words)
        )
        graph = extract_graph(chunks, settings, stages) if ix.extract else ResolvedGraph()
        embedder = get_embedder(ix.embedding_model)
        set_torch_threads(ix.embed_threads)
        texts = [c.retrieval_text for c in chunks]
        known = previous_vectors(Path(store_dir), ix.embedding_model) if reuse_vectors else {}

        def encode(todo: list[str]) -> np.ndarray:
            # Hand the encoder large groups: it sorts each group by length, so its batches hold texts of
            # similar length and pad little (71 vs 32 passages/s here with groups of 512 vs 16).
            return np.vstack(stages.run_batches("embed", todo, ENCODE_GROUP,
                                                lambda b: list(embedder.encode(list(b), ix.embed_batch_size))))

        vectors, encoded = encode_missing(texts, known, encode)
        with building(Path(store_dir)) as writer:
            with stages.single("dense"):
                save_dense_index(build_dense_index(vectors), writer.root / "dense.faiss")
            with stages.single("bm25"):
                LexicalIndex.build(texts).save(writer.root / "bm25")
            with stages.single("write"):
                writer.write_documents(docs)
                writer.write_chunks(chunks)
                writer.write_graph(graph.entities, graph.mentions, graph.relations, graph.norm_of, graph.alias_rows)
            stats = IndexStats(
                documents=len(docs), skipped_empty=loaded.skipped_empty, chunks=len(chunks), chunks_embedded=encoded,
                skipped_unreadable=len(loaded.unreadable), unreadable=loaded.unreadable, ignored=loaded.ignored,
                entities=len(graph.entities), relations=len(graph.relations),
            )
            writer.write_meta({
                "embedding_model": ix.embedding_model, "dimension": embedder.dimension,
                "corpus_path": str(Path(corpus).resolve()), "corpus_fingerprint": loaded.fingerprint,
                "config_fingerprint": index_config_fingerprint(settings),
                "spacy_model": ix.spacy_model if ix.extract else "",
                "documents": stats.documents, "chunks": stats.chunks, "entities": stats.entities,
                "relations": stats.relations, "stage_seconds": _json(stages.seconds),
                "index_seconds": round(time.perf_counter() - started, 3), "chunks_embedded": encoded,
            })
    set_torch_threads(1)  # back to query mode
    stats.stage_seconds = dict(stages.seconds)
    stats.seconds = time.perf_counter() - started
    return stats


def index_config_fingerprint(settings: Settings) -> str:
    """Hash of what decides an index's contents: the index settings, the hopgraph version, the store
    schema and the indexing code itself (`indexing_code_hash`), so a changed extractor never reuses a
    store built by the old one."""
    import hashlib

    from hopgraph import __version__
    from hopgraph.store import SCHEMA_VERSION

    content = settings.index.model_dump(exclude={"embed_batch_size", "embed_threads", "extract_batch_size"})
    key = f"{sorted(content.items())}|{__version__}|{SCHEMA_VERSION}|{indexing_code_hash()}"
    return hashlib.sha256(key.encode()).hexdigest()[:16]


@functools.cache
def indexing_code_hash() -> str:
    """sha256 over the bytes of the indexing package's .py files and graph/build.py (name-sorted);
    computed once per process."""
    import hashlib

    import hopgraph.graph.build as graph_build
    import hopgraph.indexing as indexing

    files = sorted(Path(indexing.__file__).parent.glob("*.py")) + [Path(graph_build.__file__)]
    digest = hashlib.sha256()
    for path in files:
        digest.update(f"{path.parent.name}/{path.name}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _json(d: dict[str, float]) -> str:
    import json

    return json.dumps({k: round(v, 3) for k, v in d.items()})
