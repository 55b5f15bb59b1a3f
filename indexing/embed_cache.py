"""The partial embed cache: vectors of an unfinished build, so a re-run does not encode them again.

While the embed stage runs, every finished group of vectors is written to the hopgraph cache, in
`$HOPGRAPH_CACHE/embed-partial/<key of store path and embedder>/<n>.npz` (the texts' content hashes
`text_key` and their vectors; each file written atomically), never beside the store. A build interrupted there (Ctrl-C, a crash, a killed machine) leaves the
groups it finished; the next build of the same store with the same embedder loads them as known vectors
(`encode_missing` skips them) and removes the folder once the store is written, since the store itself
then holds every vector (`reuse.previous_state` reads them from there).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import threading
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from hopgraph.indexing.reuse import text_key


class EmbedInterrupted(Exception):
    """The embed stage stopped because the stage running beside it failed."""


class EmbedCache:
    def __init__(self, store_dir: Path, embedder: str):
        key = hashlib.sha256(f"{store_dir.resolve()}\0{embedder}".encode()).hexdigest()[:16]
        self.folder = cache_dir() / "embed-partial" / key
        self._count = 0

    def load(self) -> dict[str, np.ndarray]:
        """Content hash -> vector of every group an unfinished build left. Files a killed build was still
        writing (`*.tmp.npz`) are not read; a damaged or truncated group file is skipped."""
        known: dict[str, np.ndarray] = {}
        if not self.folder.is_dir():
            return known
        for f in sorted(self.folder.glob("*.npz")):
            if f.name.endswith(".tmp.npz"):
                continue
            try:
                with np.load(f) as data:
                    known.update(zip(data["keys"].tolist(), data["vectors"]))
            except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
                continue
            self._count += 1
        return known

    def save(self, texts: Sequence[str], vectors: Sequence[np.ndarray]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self._count += 1
        final = self.folder / f"{os.getpid()}-{threading.get_ident()}-{self._count:06d}.npz"
        tmp = final.with_suffix(".tmp.npz")
        np.savez(tmp, keys=np.array([text_key(t) for t in texts]), vectors=np.asarray(vectors, dtype=np.float32))
        os.replace(tmp, final)

    def recording(self, groups: Sequence[Sequence[str]], stream: Iterator[tuple[int, list]],
                  stop: threading.Event | None = None) -> Iterator[tuple[int, list]]:
        """Pass an embed stream through, saving each group's vectors; stop between groups when `stop` is set."""
        for group, (n, vectors) in zip(groups, stream):
            if len(vectors):
                self.save(group, vectors)
            yield n, vectors
            if stop is not None and stop.is_set():
                raise EmbedInterrupted("embedding stopped: the extraction beside it failed")

    def clear(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def cache_dir() -> Path:
    """$HOPGRAPH_CACHE, else $XDG_CACHE_HOME/hopgraph, else ~/.cache/hopgraph (as the eval store cache)."""
    if os.environ.get("HOPGRAPH_CACHE"):
        return Path(os.environ["HOPGRAPH_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hopgraph"
