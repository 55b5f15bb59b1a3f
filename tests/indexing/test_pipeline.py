"""The indexing pipeline (indexing/pipeline.py): what a build writes, and that failures write nothing."""

from __future__ import annotations

from pathlib import Path

import faiss
import pytest

from hopgraph.indexing.chunk import chunk_documents
from hopgraph.indexing.lexical import LexicalIndex
from hopgraph.indexing.load import load_corpus
from hopgraph.indexing.fingerprints import index_config_fingerprint
from hopgraph.store import Store
from kg_fixtures import write_small_corpus
from store_fixtures import FAKE_MODEL, SAMPLE, build_fake_store, fake_settings, sample_store


def leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name.startswith("."))


def test_build_writes_a_complete_store(tmp_path: Path) -> None:
    settings = fake_settings(chunk_words=40, chunk_overlap_words=10)
    stats = build_fake_store(SAMPLE, tmp_path / "store", settings)

    docs = load_corpus(SAMPLE).documents
    expected = chunk_documents(docs, 40, 10)
    assert (stats.documents, stats.skipped_empty, stats.chunks) == (69, 0, len(expected))
    assert (stats.entities, stats.relations) == (0, 0)  # extraction switched off
    assert stats.seconds > 0 and stats.chunks_per_second > 0
    assert {"load", "chunk", "embed", "dense", "bm25", "write"} <= set(stats.stage_seconds)

    store = Store.open(tmp_path / "store")
    assert store.all_chunks() == expected
    assert store.count("documents") == 69
    meta = store.meta()
    assert meta["embedding_model"] == FAKE_MODEL and meta["dimension"] == "256"
    assert meta["chunks"] == str(len(expected))
    assert meta["corpus_fingerprint"] == load_corpus(SAMPLE).fingerprint
    assert meta["config_fingerprint"] == index_config_fingerprint(settings)
    index = faiss.read_index(str(store.faiss_path))
    assert (index.ntotal, index.d) == (len(expected), 256)
    assert LexicalIndex.load(store.bm25_path).n_docs == len(expected)
    assert leftovers(tmp_path) == []


def test_rebuild_is_deterministic(tmp_path: Path) -> None:
    corpus = write_small_corpus(tmp_path / "docs.json")
    build_fake_store(corpus, tmp_path / "a")
    build_fake_store(corpus, tmp_path / "b")
    a, b = Store.open(tmp_path / "a"), Store.open(tmp_path / "b")
    assert a.all_chunks() == b.all_chunks()
    assert a.meta()["corpus_fingerprint"] == b.meta()["corpus_fingerprint"]


def test_empty_documents_are_counted(tmp_path: Path) -> None:
    corpus = tmp_path / "docs.json"
    corpus.write_text('[{"id": "a", "text": "Some text here."}, {"id": "b", "text": "  "}]')
    stats = build_fake_store(corpus, tmp_path / "store")
    assert (stats.documents, stats.skipped_empty, stats.chunks) == (1, 1, 1)


def test_failure_during_build_keeps_the_previous_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = write_small_corpus(tmp_path / "docs.json")
    build_fake_store(corpus, tmp_path / "store")
    before = Store.open(tmp_path / "store").all_chunks()

    def broken(self, path: Path) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(LexicalIndex, "save", broken)
    with pytest.raises(RuntimeError, match="disk full"):
        build_fake_store(SAMPLE, tmp_path / "store")
    assert Store.open(tmp_path / "store").all_chunks() == before
    assert leftovers(tmp_path) == []


@pytest.mark.slow
def test_real_build_of_the_sample_corpus_has_a_graph(tmp_path_factory: pytest.TempPathFactory) -> None:
    store = Store.open(sample_store(tmp_path_factory.getbasetemp()))
    meta = store.meta()
    assert meta["embedding_model"] == "all-MiniLM-L6-v2" and meta["dimension"] == "384"
    assert store.count("documents") == 69
    assert store.count("entities") > 50 and store.count("relations") > 50
    typed = [r for r in store.all_relations() if r.kind == "typed"]
    assert typed and all(store.get_chunk(r.chunk_id) is not None for r in typed)


def test_onnx_and_bf16_embedding_use_one_thread_beside_extraction_processes() -> None:
    from hopgraph.config import Settings
    from hopgraph.indexing.pipeline import _overlap_threads

    s = Settings()
    s.index.embed_threads, s.index.extract_processes, s.index.embedding_backend = 2, 2, "onnx-int8"
    assert _overlap_threads(s) == 1
    s.index.extract_processes = 1  # extraction in this process: the embedder keeps its threads
    assert _overlap_threads(s) == 2
    s.index.extract_processes, s.index.embedding_backend = 2, "torch-bf16"  # keeps pace with extraction on one
    assert _overlap_threads(s) == 1
    s.index.embedding_backend = "torch"  # slower than extraction: keeps its threads
    assert _overlap_threads(s) == 2
