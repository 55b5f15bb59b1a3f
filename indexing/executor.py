"""Executors: where the per-document stages of indexing (chunk, extract, embed) run.

A stage is a class built once per worker (it loads its model in `__init__`) and called on a batch:
`ChunkStage` (documents -> chunks), `ExtractStage` (the chunks of whole documents -> extractions),
`EmbedStage` (texts -> vectors). An executor streams a list of *groups* (batches) through a stage and
yields, in input order, `(items in the group, results)` so the caller can show progress:

* `LocalExecutor`: in this process, one stage object per stage (the pipeline overlaps extraction and
  embedding by running the embed stream in a second thread; spaCy holds the GIL, ONNX Runtime and
  torch release it, so the two stages use one core each).
* `RayExecutor` (`hopgraph.indexing.executor_ray`): each stream is a Ray Data `map_batches` over the
  groups with an actor pool, so spaCy and the embedder load once per worker.

Resolution, graph merge and the store write are not stages: they need the whole corpus at once and
run on the driver (see `executor_ray`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

import numpy as np

from hopgraph.models import Chunk, ChunkExtraction, Document


class ChunkStage:
    def __init__(self, chunk_words: int, overlap_words: int):
        self.chunk_words, self.overlap_words = chunk_words, overlap_words

    def __call__(self, docs: Sequence[Document]) -> list[Chunk]:
        from hopgraph.indexing.chunk import chunk_documents

        return chunk_documents(list(docs), self.chunk_words, self.overlap_words)


class ExtractStage:
    """A document's mode is decided on its first chunk, so a group must hold whole documents in order."""

    parallel = True  # the local executor may run it in worker processes (`index.extract_processes`)
    # spaCy's thinc imports torch whenever it is installed (about 2.5 s of a process's start-up); extraction never
    # runs a torch model, so a worker process of this stage is started without it, and in this process the stage
    # is built with it hidden (`hidden_while_built`)
    unused_modules = ("torch",)

    def __init__(self, spacy_model: str, batch_size: int):
        from hopgraph.indexing.extract import SpacyExtractor

        self.extractor = SpacyExtractor(spacy_model, batch_size)

    def __call__(self, chunks: Sequence[Chunk]) -> list[ChunkExtraction]:
        return self.extractor.extract(list(chunks))


class EmbedStage:
    """`embedder`: an embedder id (`embed.embedder_id`, loaded here) or an embedder object (local runs)."""

    def __init__(self, embedder: Any, batch_size: int, threads: int):
        from hopgraph.indexing.embed import get_embedder, set_torch_threads

        set_torch_threads(threads)
        self.embedder = get_embedder(embedder) if isinstance(embedder, str) else embedder
        self.batch_size = batch_size

    def __call__(self, texts: Sequence[str]) -> list[np.ndarray]:
        from hopgraph.indexing.embed import follow_torch_threads

        follow_torch_threads()  # a local build raises the count when extraction ends, in its main thread
        return list(self.embedder.encode(list(texts), self.batch_size))


class Executor(Protocol):
    def stream(self, stage: type, kwargs: dict[str, Any], groups: Sequence[Sequence[Any]]) -> Iterator[tuple[int, list]]:
        """Run `stage(**kwargs)` over each group; yield (len(group), results) in input order."""
        ...

    def close(self) -> None: ...


_worker_stage: list[Callable] = []  # the stage object of a worker process


def _start_worker(stage: type, kwargs: dict[str, Any]) -> None:
    for name in getattr(stage, "unused_modules", ()):
        sys.modules.setdefault(name, None)  # `import name` now raises ImportError, which thinc handles
    _worker_stage.append(stage(**kwargs))


@contextmanager
def hidden_while_built(names: Sequence[str]) -> Iterator[None]:
    """Within the block, `import name` of the `names` not imported yet raises ImportError (which thinc handles:
    spaCy then loads without torch); afterwards they import as usual, so a later torch embedder still works."""
    hidden = [n for n in names if n not in sys.modules]
    for n in hidden:
        sys.modules[n] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        for n in hidden:
            if sys.modules.get(n, 0) is None:
                del sys.modules[n]


def _run_in_worker(group: Sequence[Any]) -> list:
    return _worker_stage[0](group)


class LocalExecutor:
    """Stages in this process; a stage object is kept per (stage, kwargs), so models load once.

    With `processes` > 1, a stage marked `parallel` (extraction: spaCy and the rule code hold the GIL) runs
    in that many spawned worker processes, each building the stage once; results keep the input order."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self._stages: dict[tuple, Callable] = {}

    def stream(self, stage: type, kwargs: dict[str, Any], groups: Sequence[Sequence[Any]]) -> Iterator[tuple[int, list]]:
        if self.processes > 1 and getattr(stage, "parallel", False) and len(groups) > 1:
            yield from self._in_processes(stage, kwargs, groups)
            return
        key = (stage, tuple(sorted(kwargs.items())))
        if key not in self._stages:
            with hidden_while_built(getattr(stage, "unused_modules", ())):
                self._stages[key] = stage(**kwargs)
        fn = self._stages[key]
        for group in groups:
            yield len(group), fn(group)

    def _in_processes(self, stage: type, kwargs: dict[str, Any], groups: Sequence[Sequence[Any]]) -> Iterator[tuple[int, list]]:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        # spawn, not fork: the parent runs torch / ONNX Runtime threads, which a forked child must not inherit
        with ProcessPoolExecutor(min(self.processes, len(groups)), mp_context=multiprocessing.get_context("spawn"),
                                 initializer=_start_worker, initargs=(stage, kwargs)) as pool:
            for group, result in zip(groups, pool.map(_run_in_worker, groups)):
                yield len(group), result

    def close(self) -> None:
        self._stages.clear()


def by_count(items: Sequence[Any], size: int) -> list[Sequence[Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def by_document(chunks: Sequence[Chunk], size: int) -> list[list[Chunk]]:
    """Groups of about `size` chunks that never split a document (chunks of a document are adjacent)."""
    groups: list[list[Chunk]] = []
    current: list[Chunk] = []
    for i, c in enumerate(chunks):
        current.append(c)
        last_of_doc = i + 1 == len(chunks) or chunks[i + 1].doc_id != c.doc_id
        if last_of_doc and len(current) >= size:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def make_executor(kind: str, address: str | None = None, workers: int | None = None, processes: int = 1) -> Executor:
    """'local' (with `processes` extraction workers) or 'ray' (a UserError naming the extra to install when
    Ray is missing)."""
    if kind == "local":
        return LocalExecutor(processes)
    from hopgraph.indexing.executor_ray import RayExecutor

    return RayExecutor(address, workers)
