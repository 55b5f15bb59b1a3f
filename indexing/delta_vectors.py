"""Chunk rows, FAISS and BM25 after an update, without re-encoding anything.

A store's chunk rows follow the documents' order (`documents` rowid) and each document's chunk positions,
as a fresh build numbers them; FAISS row i and BM25 row i are the chunk with row i. After an update the
kept chunks are renumbered to that order (`renumber_chunks`), the FAISS index is the previous vectors
gathered in the new order plus the new ones (`dense_in_order`: a copy of the float array, no encoding) and
BM25 is built again over the chunk texts (`LexicalIndex.build`; its statistics (document frequencies,
average length) are global, so every score changes anyway).
"""

from __future__ import annotations

import sqlite3

import faiss  # noqa: F401  (the index type)
import numpy as np

from hopgraph.indexing.dense import build_dense_index


def renumber_chunks(conn: sqlite3.Connection) -> list[tuple[str, int | None]]:
    """Give every chunk its row in the fresh-build order; returns (chunk_id, previous row or None for a new
    chunk) in the new row order. New chunks must have been inserted with a NULL row."""
    order = conn.execute("SELECT c.chunk_id, c.row FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
                         "ORDER BY d.rowid, c.position").fetchall()
    moved = [(-1 - i, chunk_id) for i, (chunk_id, row) in enumerate(order) if row != i]
    conn.executemany("UPDATE chunks SET row = ? WHERE chunk_id = ?", moved)  # negative: no clash on UNIQUE(row)
    conn.execute("UPDATE chunks SET row = -1 - row WHERE row < 0")
    return [(chunk_id, row) for chunk_id, row in order]


def dense_in_order(previous: faiss.Index, order: list[tuple[str, int | None]], fresh: dict[str, np.ndarray]) -> faiss.Index:
    """An index whose row i is the vector of `order[i]`: the previous index's row, or `fresh[chunk_id]`. The
    previous vectors are read in place (a flat index's own array) and copied in runs of consecutive rows: an
    update shifts most rows by the same amount."""
    out = np.empty((len(order), previous.d), dtype=np.float32)
    rows = np.fromiter((-1 if row is None else row for _c, row in order), dtype=np.int64, count=len(order))
    kept = np.flatnonzero(rows >= 0)
    if len(kept):
        old = _vectors(previous)
        source = rows[kept]
        # a run: consecutive new rows holding consecutive previous rows
        breaks = np.flatnonzero((np.diff(kept) != 1) | (np.diff(source) != 1)) + 1
        for start, stop in zip(np.concatenate(([0], breaks)).tolist(), np.concatenate((breaks, [len(kept)])).tolist()):
            out[kept[start]:kept[stop - 1] + 1] = old[source[start]:source[stop - 1] + 1]
    for i in np.flatnonzero(rows < 0).tolist():
        out[i] = fresh[order[i][0]]
    return build_dense_index(out)


def _vectors(index: faiss.Index) -> np.ndarray:
    """The stored vectors (ntotal x d): a flat float index's own array without a copy, else reconstructed."""
    if isinstance(index, faiss.IndexFlat) and index.ntotal:
        return faiss.rev_swig_ptr(index.get_xb(), index.ntotal * index.d).reshape(index.ntotal, index.d)
    return index.reconstruct_n(0, index.ntotal) if index.ntotal else np.zeros((0, index.d), np.float32)


def retrieval_texts(conn: sqlite3.Connection) -> list[str]:
    """Every chunk's retrieval text (`Chunk.retrieval_text`) in row order."""
    return [f"{t}\n{x}" if t else x for t, x in conn.execute("SELECT title, text FROM chunks ORDER BY row")]
