"""Executors: the Ray executor builds the same store as the local one; groups never split a document."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hopgraph.errors import UserError
from hopgraph.indexing.executor import LocalExecutor, by_count, by_document, make_executor
from hopgraph.models import Chunk
from store_fixtures import SAMPLE


def _chunk(doc: str, pos: int) -> Chunk:
    return Chunk(chunk_id=f"{doc}#{pos}", doc_id=doc, title="", text="x", start=0, end=1, content_hash="h", position=pos)


def test_groups_by_document_keep_documents_whole_and_in_order() -> None:
    chunks = [_chunk("a", 0), _chunk("a", 1), _chunk("a", 2), _chunk("b", 0), _chunk("c", 0), _chunk("c", 1)]
    groups = by_document(chunks, 2)
    assert [[c.chunk_id for c in g] for g in groups] == [["a#0", "a#1", "a#2"], ["b#0", "c#0", "c#1"]]
    assert [c for g in groups for c in g] == chunks
    assert by_count([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]


class _Double:
    made = 0

    def __init__(self, factor: int):
        _Double.made += 1
        self.factor = factor

    def __call__(self, batch: list[int]) -> list[int]:
        return [x * self.factor for x in batch]


def test_local_executor_builds_a_stage_once_and_streams_in_order() -> None:
    ex = LocalExecutor()
    out = list(ex.stream(_Double, {"factor": 2}, [[1, 2], [3]])) + list(ex.stream(_Double, {"factor": 2}, [[4]]))
    assert out == [(2, [2, 4]), (1, [6]), (1, [8])]
    assert _Double.made == 1


class _TripleElsewhere:
    parallel = True

    def __init__(self, factor: int):
        self.factor = factor

    def __call__(self, batch: list[int]) -> list[tuple[int, int]]:
        import os

        return [(x * self.factor, os.getpid()) for x in batch]


def test_local_executor_runs_a_parallel_stage_in_worker_processes_keeping_order() -> None:
    import os

    out = list(LocalExecutor(processes=2).stream(_TripleElsewhere, {"factor": 3}, [[1, 2], [3], [4, 5, 6]]))
    assert [(n, [v for v, _ in res]) for n, res in out] == [(2, [3, 6]), (1, [9]), (3, [12, 15, 18])]
    assert os.getpid() not in {pid for _, res in out for _, pid in res}


class _NeedsNoTorch:
    parallel = True
    unused_modules = ("torch",)

    def __init__(self) -> None:
        pass

    def __call__(self, batch: list[int]) -> list[bool]:
        try:
            import torch  # noqa: F401
        except ImportError:
            return [False for _ in batch]
        return [True for _ in batch]


def test_a_worker_starts_without_the_modules_its_stage_does_not_use() -> None:
    out = list(LocalExecutor(processes=2).stream(_NeedsNoTorch, {}, [[1], [2]]))
    assert [res for _, res in out] == [[False], [False]]
    import torch  # noqa: F401  (this process is untouched)


class _BuiltWithoutColorsys:
    unused_modules = ("colorsys",)

    def __init__(self) -> None:
        try:
            import colorsys  # noqa: F401
        except ImportError:
            self.saw = False
        else:
            self.saw = True

    def __call__(self, batch: list[int]) -> list[bool]:
        return [self.saw for _ in batch]


def test_a_stage_built_in_this_process_does_not_see_its_unused_modules_but_later_imports_do() -> None:
    import sys

    sys.modules.pop("colorsys", None)
    out = list(LocalExecutor().stream(_BuiltWithoutColorsys, {}, [[1]]))
    assert out == [(1, [False])]
    import colorsys  # noqa: F401  (hidden only while the stage was built)

    assert sys.modules["colorsys"] is not None


def test_a_stage_built_after_its_unused_module_was_imported_sees_it() -> None:
    import colorsys  # noqa: F401

    assert list(LocalExecutor().stream(_BuiltWithoutColorsys, {}, [[1]])) == [(1, [True])]


@pytest.mark.slow
def test_extraction_in_worker_processes_equals_extraction_in_this_process() -> None:
    from hopgraph.config import Settings
    from hopgraph.indexing.chunk import chunk_documents
    from hopgraph.indexing.executor import ExtractStage
    from hopgraph.indexing.load import load_corpus

    ix = Settings().index
    chunks = chunk_documents(load_corpus(SAMPLE).documents, ix.chunk_words, ix.chunk_overlap_words)
    groups = by_document(chunks, max(1, len(chunks) // 3))
    kwargs = {"spacy_model": ix.spacy_model, "batch_size": ix.extract_batch_size}
    here = [x for _, part in LocalExecutor().stream(ExtractStage, kwargs, groups) for x in part]
    there = [x for _, part in LocalExecutor(processes=2).stream(ExtractStage, kwargs, groups) for x in part]
    assert len(groups) > 1 and here and [x.model_dump() for x in there] == [x.model_dump() for x in here]


def test_ray_executor_without_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        if name == "ray" or name.startswith("ray."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(UserError, match=r"pip install 'hopgraph\[ray\]'"):
        make_executor("ray")


def _contents(store: Path) -> tuple[set, set, list, np.ndarray]:
    from hopgraph.indexing.dense import load_dense_index

    conn = sqlite3.connect(store / "hopgraph.db")
    names = {(r[0], r[1]) for r in conn.execute("SELECT entity_id, name FROM entities")}
    relations = {tuple(r) for r in conn.execute("SELECT source_id, predicate, target_id, chunk_id, kind FROM relations")}
    chunks = [r[0] for r in conn.execute("SELECT chunk_id FROM chunks ORDER BY row")]
    conn.close()
    index = load_dense_index(store / "dense.faiss")
    return names, relations, chunks, index.reconstruct_n(0, index.ntotal)


@pytest.mark.slow
def test_ray_executor_builds_the_same_store_as_the_local_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ray  # in the dev extra
    from hopgraph.config import Settings
    from hopgraph.indexing.pipeline import build_index

    monkeypatch.setenv("HOPGRAPH_CACHE", str(tmp_path / "cache"))
    local = Settings()
    build_index(SAMPLE, tmp_path / "local", local, show_progress=False)
    assert list((tmp_path / "cache" / "onnx").glob("*/model.onnx"))  # made while torch was loaded, for queries
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = Settings()
        on_ray.index.executor = "ray"
        stats = build_index(SAMPLE, tmp_path / "ray", on_ray, show_progress=False)
    finally:
        ray.shutdown()
    a, b = _contents(tmp_path / "local"), _contents(tmp_path / "ray")
    assert stats.entities > 50 and stats.relations > 50
    assert a[0] == b[0] and a[1] == b[1] and a[2] == b[2]
    assert a[3].shape == b[3].shape and np.allclose(a[3], b[3], atol=1e-5)


@pytest.mark.slow
def test_the_embedding_thread_takes_the_thread_count_the_build_raises_when_extraction_ends() -> None:
    """torch keeps a thread count per calling thread: the build's embedding thread, which started on one thread
    beside extraction, encodes on the count the main thread sets later."""
    script = """
import threading, torch
from hopgraph.indexing.embed import set_torch_threads
from hopgraph.indexing.executor import EmbedStage

class Recording:
    seen = []
    def encode(self, texts, batch_size):
        self.seen.append(torch.get_num_threads())
        return [torch.zeros(2).numpy() for _ in texts]

ready, raised = threading.Event(), threading.Event()
def embed_thread():
    stage = EmbedStage(Recording(), batch_size=8, threads=1)
    torch.ones(64, 64) @ torch.ones(64, 64)
    stage(["a"])
    ready.set()
    raised.wait()
    stage(["b"])

worker = threading.Thread(target=embed_thread)
worker.start()
ready.wait()
set_torch_threads(2)
raised.set()
worker.join()
print(*Recording.seen)
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["1", "2"]
