"""benchmarks/backend_recall.py: a store's copy whose vectors another backend made; the store itself untouched."""

from __future__ import annotations

import importlib.util
import sqlite3
import subprocess
import sys
from pathlib import Path
from unittest import mock

import faiss
import numpy as np

from hopgraph.indexing.delta_vectors import retrieval_texts
from store_fixtures import HashEmbedder, build_fake_store

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("backend_recall", REPO / "benchmarks" / "backend_recall.py")
backend_recall = importlib.util.module_from_spec(spec)
sys.modules["backend_recall"] = backend_recall
spec.loader.exec_module(backend_recall)

CORPUS = [
    '{"_id": "d1", "title": "Miravel Lighthouse", "text": "The lighthouse on Miravel point was built by Oren Tash."}',
    '{"_id": "d2", "title": "Oren Tash", "text": "Oren Tash was an engineer born in Velport."}',
    '{"_id": "d3", "title": "", "text": "The Orsk ferry crosses the strait twice a day."}',
]


class OtherEmbedder(HashEmbedder):
    """Another backend's vectors: the hashed words of the text reversed, so every row differs."""

    def encode(self, texts, batch_size=64, progress=False):  # noqa: ANN001
        return super().encode([t[::-1] for t in texts], batch_size, progress)


def test_the_copy_holds_every_chunk_re_encoded_and_records_the_backend(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("\n".join(CORPUS) + "\n", encoding="utf-8")
    store = tmp_path / "store"
    build_fake_store(corpus, store)
    before = (store / "dense.faiss").read_bytes()
    with mock.patch("hopgraph.indexing.embed.get_embedder", lambda name: OtherEmbedder()):
        backend_recall.store_with_backend(store, tmp_path / "copy", "onnx-int8")
    with sqlite3.connect(store / "hopgraph.db") as con:
        texts = retrieval_texts(con)
    assert texts[0].startswith("Miravel Lighthouse\n") and "Orsk ferry" in texts[-1]  # title with text, row order
    copy = faiss.read_index(str(tmp_path / "copy" / "dense.faiss"))
    got = np.vstack([copy.reconstruct(i) for i in range(copy.ntotal)])
    assert np.allclose(got, OtherEmbedder().encode(texts))
    with sqlite3.connect(tmp_path / "copy" / "hopgraph.db") as con:
        assert con.execute("SELECT value FROM meta WHERE key = 'embedding_backend'").fetchone() == ("onnx-int8",)
    with sqlite3.connect(store / "hopgraph.db") as con:
        assert con.execute("SELECT value FROM meta WHERE key = 'embedding_backend'").fetchone() != ("onnx-int8",)
    assert (store / "dense.faiss").read_bytes() == before  # the store itself is only read


def test_a_folder_without_a_store_is_refused_in_one_line(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "benchmarks/backend_recall.py", str(tmp_path), str(tmp_path)],
                       capture_output=True, text=True, cwd=REPO, timeout=120)
    assert r.returncode != 0 and "no hopgraph store" in r.stderr and "Traceback" not in r.stderr
