"""BM25 from cached tokens: a store keeps each chunk's tokens, so a rebuild of the index tokenizes only new chunks.

BM25's statistics (document frequencies, average length) are global, so every score changes with the corpus;
tokenizing is about two thirds of a build's work, and a chunk's tokens never change. Table `chunk_tokens`
holds them (space-joined: tokens hold no spaces); chunks without a row (new ones, or a store from before the
table) are tokenized and recorded. The result is `LexicalIndex.build` over the same texts. An update reads
only its new chunks' tokens (`new_tokens`) and re-scores the previous index's term counts (`rescored`, by
`delta_bm25.bm25_update`); an index saved without them is built again with `build_lexical`.
"""

from __future__ import annotations

import sqlite3

from pathlib import Path

from hopgraph.indexing.delta_bm25 import bm25_index, bm25_update, saved_counts
from hopgraph.indexing.lexical import LexicalIndex, tokenize

SCHEMA = "CREATE TABLE IF NOT EXISTS chunk_tokens (chunk_id TEXT PRIMARY KEY, tokens TEXT) WITHOUT ROWID"
EMPTY = "_empty_"  # a chunk with no token (as `LexicalIndex.build`)


_ROWS = ("SELECT c.row, c.chunk_id, CASE WHEN t.tokens IS NULL THEN c.title END, "  # texts of new chunks only
         "CASE WHEN t.tokens IS NULL THEN c.text END, t.tokens FROM chunks c "
         "LEFT JOIN chunk_tokens t ON t.chunk_id = c.chunk_id")


def build_lexical(conn: sqlite3.Connection) -> LexicalIndex:
    """BM25 over every chunk of the store at `conn`, in row order, from cached tokens where there are some."""
    conn.execute(SCHEMA)
    corpus = list(_tokens(conn, conn.execute(f"{_ROWS} ORDER BY c.row").fetchall()).values())
    return LexicalIndex(bm25_index(corpus, k1=1.2, b=0.75), len(corpus))  # bm25s's index, built with numpy


def new_tokens(conn: sqlite3.Connection, order: list[tuple[str, int | None]]) -> dict[int, list[str]]:
    """row -> tokens of the new chunks of `order` (those without a previous row), recorded where made."""
    conn.execute(SCHEMA)
    new_ids = [chunk_id for chunk_id, row in order if row is None]
    rows = []
    for k in range(0, len(new_ids), 500):
        part = new_ids[k : k + 500]
        rows += conn.execute(f"{_ROWS} WHERE c.chunk_id IN ({','.join('?' * len(part))})", part).fetchall()
    return _tokens(conn, rows)


def rescored(previous: Path, order: list[tuple[str, int | None]], fresh: dict[int, list[str]]) -> LexicalIndex | None:
    """BM25 after an update: the index saved at `previous` (the folder of the index before it) re-scored for
    the chunks of `order` (chunk id, previous row or None for a new chunk, in the new row order:
    `delta_vectors.renumber_chunks`), the new ones with the tokens `fresh` (`new_tokens`); reads no database,
    so it may run beside other work. None when that index has no term counts or is not the index of these
    chunks (then `build_lexical`)."""
    import numpy as np

    before = saved_counts(previous)
    if before is None:
        return None
    new_row = np.full(before[4], -1, dtype=np.int64)
    for i, (_chunk_id, row) in enumerate(order):
        if row is not None:
            if row >= len(new_row):
                return None
            new_row[row] = i
    return LexicalIndex(bm25_update(before, new_row, fresh, len(order)), len(order))


def _tokens(conn: sqlite3.Connection, rows: list[tuple]) -> dict[int, list[str]]:
    """row -> tokens of the chunk rows (row, chunk_id, title, text, cached tokens), in the given order; tokens
    not cached yet are made and recorded."""
    out: dict[int, list[str]] = {}
    fresh: list[tuple[str, str]] = []
    for row, chunk_id, title, text, cached in rows:
        if cached is None:
            tokens = tokenize(f"{title}\n{text}" if title else text) or [EMPTY]
            fresh.append((chunk_id, " ".join(tokens)))
        else:
            tokens = cached.split(" ")
        out[row] = tokens
    conn.executemany("INSERT INTO chunk_tokens (chunk_id, tokens) VALUES (?, ?)", fresh)
    return out


def forget_missing(conn: sqlite3.Connection) -> None:
    """Drop the tokens of chunks no longer in the store (call after deleting chunks, before inserting new ones)."""
    conn.execute(SCHEMA)
    conn.execute("DELETE FROM chunk_tokens WHERE chunk_id NOT IN (SELECT chunk_id FROM chunks)")
