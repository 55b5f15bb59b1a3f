"""What a store folder is: its file names, SQLite schema and version, and what to say of a path that holds none.

Layout of a store folder::

    hopgraph.db   documents, chunks, entities, aliases, mentions, relations, traces, llm_cache, meta, and
                  graph_arrays: the knowledge graph's arrays, computed from the graph tables at build time
                  (optional: a store without them, or with those of another build, computes them when opened)
    dense.faiss   inner-product index; row i is the chunk with chunks.row = i
    bm25/         lexical index files

Reading a store is hopgraph/store.py, writing a new one hopgraph/store_writer.py.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

SCHEMA_VERSION = 1
DB_NAME = "hopgraph.db"
FAISS_NAME = "dense.faiss"
BM25_DIR = "bm25"
GRAPH_TABLE = "graph_arrays"  # name, dtype, data: graph/graph_files.py

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS documents (doc_id TEXT PRIMARY KEY, title TEXT, text TEXT, metadata TEXT);
CREATE TABLE IF NOT EXISTS chunks (
    chunk_id TEXT PRIMARY KEY, row INTEGER UNIQUE, doc_id TEXT, title TEXT, text TEXT,
    start INTEGER, "end" INTEGER, content_hash TEXT, position INTEGER);
CREATE TABLE IF NOT EXISTS entities (
    entity_id INTEGER PRIMARY KEY, name TEXT, norm TEXT, type TEXT, aliases TEXT, doc_freq INTEGER);
CREATE TABLE IF NOT EXISTS aliases (alias TEXT, entity_id INTEGER);
CREATE TABLE IF NOT EXISTS mentions (entity_id INTEGER, chunk_id TEXT, start INTEGER, "end" INTEGER, text TEXT);
CREATE TABLE IF NOT EXISTS relations (
    id INTEGER PRIMARY KEY, source_id INTEGER, predicate TEXT, target_id INTEGER,
    chunk_id TEXT, sentence TEXT, weight REAL, kind TEXT);
CREATE TABLE IF NOT EXISTS traces (trace_id TEXT PRIMARY KEY, question TEXT, created_at TEXT, result TEXT);
CREATE TABLE IF NOT EXISTS llm_cache (key TEXT PRIMARY KEY, model TEXT, response TEXT, created_at TEXT);
"""

INDEXES = """
CREATE INDEX IF NOT EXISTS idx_chunks_doc ON chunks(doc_id);
CREATE INDEX IF NOT EXISTS idx_entities_norm ON entities(norm);
CREATE INDEX IF NOT EXISTS idx_aliases_alias ON aliases(alias);
CREATE INDEX IF NOT EXISTS idx_mentions_entity ON mentions(entity_id);
CREATE INDEX IF NOT EXISTS idx_mentions_chunk ON mentions(chunk_id);
CREATE INDEX IF NOT EXISTS idx_relations_source ON relations(source_id);
CREATE INDEX IF NOT EXISTS idx_relations_target ON relations(target_id);
CREATE INDEX IF NOT EXISTS idx_relations_chunk ON relations(chunk_id);
"""


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def not_a_store(root: Path) -> str:
    """Why `root` holds no store; advises `hopgraph index` only where it may write (missing or empty)."""
    if not root.exists() or (root.is_dir() and not any(root.iterdir())):
        return f"no hopgraph store at {root} (run `hopgraph index PATH --store {root}` first)"
    if not root.is_dir():
        return f"{root} is a file, not a hopgraph store folder: give --store the folder `hopgraph index` built"
    if {p.name for p in root.iterdir()} <= {FAISS_NAME, BM25_DIR}:
        return damaged(root, f"{DB_NAME} is missing", force=True)
    return f"{root} is not a hopgraph store (it has no {DB_NAME}): give --store the folder `hopgraph index` built"


def damaged(root: Path, what: str, corpus: str | None = None, force: bool = False) -> str:
    """The one line for a store that cannot be used as it is, with what to run."""
    corpus = corpus or "CORPUS"
    return (f"store {root} is damaged: {what}; run `hopgraph check --store {root}`, or rebuild it with "
            f"`hopgraph index {corpus} --store {root}{' --force' if force else ''}`")
