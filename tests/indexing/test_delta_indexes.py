"""An update's FAISS and BM25 made from the previous ones without the database (indexing/delta_indexes.py)."""

from __future__ import annotations

from pathlib import Path

import bm25s
import numpy as np

from hopgraph.indexing.delta_bm25 import bm25_index, save_counts
from hopgraph.indexing.delta_indexes import dense_saved, lexical_saved
from hopgraph.indexing.dense import build_dense_index, load_dense_index, save_dense_index

DOCS = [["ada", "brook"], ["tam", "vell"], ["osk", "tarrow", "osk"], ["brook", "kiln"]]
# row 1 ("tam vell") leaves, a new chunk comes second
ORDER = [("c0", 0), ("new", None), ("c2", 2), ("c3", 3)]


def test_the_previous_vectors_are_reordered_with_the_new_ones(tmp_path: Path) -> None:
    vectors = np.eye(4, dtype=np.float32)
    save_dense_index(build_dense_index(vectors), tmp_path / "before.faiss")
    fresh = np.full(4, 0.5, dtype=np.float32)
    dense_saved(tmp_path / "before.faiss", ORDER, {"new": fresh}, tmp_path / "after.faiss")
    after = load_dense_index(tmp_path / "after.faiss")
    assert np.array_equal(after.reconstruct_n(0, 4), np.stack([vectors[0], fresh, vectors[2], vectors[3]]))


def test_the_previous_term_counts_are_rescored_as_a_fresh_index(tmp_path: Path) -> None:
    first = bm25_index(DOCS)
    first.save(str(tmp_path / "before"))
    save_counts(first, tmp_path / "before")
    new = ["ada", "nevrin"]
    assert lexical_saved(tmp_path / "before", ORDER, {1: new}, tmp_path / "after")
    after = bm25s.BM25.load(str(tmp_path / "after"))
    fresh = bm25_index([DOCS[0], new, DOCS[2], DOCS[3]])
    for query in (["ada"], ["nevrin", "osk"], ["brook", "kiln"]):
        assert np.array_equal(after.get_scores(query), fresh.get_scores(query))
    assert (tmp_path / "after" / "n_docs.txt").read_text() == "4"


def test_an_index_without_term_counts_is_left_to_the_caller(tmp_path: Path) -> None:
    ref = bm25s.BM25(k1=1.2, b=0.75, method="lucene")
    ref.index(DOCS, show_progress=False)
    ref.save(str(tmp_path / "before"))
    assert not lexical_saved(tmp_path / "before", ORDER, {1: ["ada"]}, tmp_path / "after")
    assert not (tmp_path / "after").exists()
