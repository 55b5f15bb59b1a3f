"""BM25 from cached tokens: a store keeps each chunk's tokens, so a rebuild of the index tokenizes only new chunks.

BM25's statistics (document frequencies, average length) are global, so an update rebuilds the bm25s index
over every chunk; tokenizing is about two thirds of that work, and a chunk's tokens never change. Table
`chunk_tokens` holds them (space-joined: tokens hold no spaces); chunks without a row (new ones, or a store
from before the table) are tokenized and recorded. The result is `LexicalIndex.build` over the same texts.
"""

from __future__ import annotations

import sqlite3

from hopgraph.indexing.delta_bm25 import bm25_index
from hopgraph.indexing.lexical import LexicalIndex, tokenize

SCHEMA = "CREATE TABLE IF NOT EXISTS chunk_tokens (chunk_id TEXT PRIMARY KEY, tokens TEXT) WITHOUT ROWID"
EMPTY = "_empty_"  # a chunk with no token (as `LexicalIndex.build`)


def build_lexical(conn: sqlite3.Connection) -> LexicalIndex:
    """BM25 over every chunk of the store at `conn`, in row order, from cached tokens where there are some."""
    conn.execute(SCHEMA)
    rows = conn.execute("SELECT c.chunk_id, CASE WHEN t.tokens IS NULL THEN c.title END, "  # texts of new chunks only
                        "CASE WHEN t.tokens IS NULL THEN c.text END, t.tokens FROM chunks c "
                        "LEFT JOIN chunk_tokens t ON t.chunk_id = c.chunk_id ORDER BY c.row").fetchall()
    corpus: list[list[str]] = []
    fresh: list[tuple[str, str]] = []
    for chunk_id, title, text, cached in rows:
        if cached is None:
            tokens = tokenize(f"{title}\n{text}" if title else text) or [EMPTY]
            fresh.append((chunk_id, " ".join(tokens)))
        else:
            tokens = cached.split(" ")
        corpus.append(tokens)
    conn.executemany("INSERT INTO chunk_tokens (chunk_id, tokens) VALUES (?, ?)", fresh)
    return LexicalIndex(bm25_index(corpus, k1=1.2, b=0.75), len(corpus))  # bm25s's index, built with numpy


def forget_missing(conn: sqlite3.Connection) -> None:
    """Drop the tokens of chunks no longer in the store (call after deleting chunks, before inserting new ones)."""
    conn.execute(SCHEMA)
    conn.execute("DELETE FROM chunk_tokens WHERE chunk_id NOT IN (SELECT chunk_id FROM chunks)")
