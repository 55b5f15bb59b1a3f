"""Re-indexing without redoing work: what the previous store already computed is reused by content hash.

* Vectors: embedding dominates indexing time, so a rebuild encodes only chunks whose retrieval text is
  new. Vectors are reused only from a store built with the same embedding model.
* Extractions: every store keeps, per document, its content hash and what the extractor found in its
  chunks (table `doc_state`). A rebuild re-extracts only documents whose id, title or text changed, and
  only when the previous store was built with the same extraction settings and code
  (`extraction_fingerprint`); entity resolution, the graph and BM25 are then recomputed over the whole
  corpus, so the result equals a fresh build.
"""

from __future__ import annotations

import hashlib
import sqlite3
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from hopgraph.indexing.dense import load_dense_index
from hopgraph.indexing.embed import embedder_id
from pydantic import TypeAdapter

from hopgraph.errors import UserError
from hopgraph.models import ChunkExtraction, Document
from hopgraph.store import Store

STATE_TABLE = "doc_state"
STATE_SCHEMA = f"CREATE TABLE IF NOT EXISTS {STATE_TABLE} (doc_id TEXT PRIMARY KEY, doc_hash TEXT, extraction BLOB)"
_EXTRACTIONS = TypeAdapter(list[ChunkExtraction])


def text_key(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def doc_hash(doc: Document) -> str:
    """What decides a document's chunks and extraction: its id, title and text."""
    h = hashlib.sha1()
    for part in (doc.doc_id, doc.title, doc.text):
        h.update(part.encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()


def pack_extractions(extractions: list[ChunkExtraction]) -> bytes:
    return zlib.compress(_EXTRACTIONS.dump_json(extractions), 1)


def unpack_extractions(blob: bytes) -> list[ChunkExtraction]:
    return _EXTRACTIONS.validate_json(zlib.decompress(blob))


@dataclass
class Previous:
    """What a rebuild may take from the store it replaces (all empty when there is none)."""

    doc_hashes: dict[str, str] = field(default_factory=dict)  # doc_id -> doc_hash of the previous store
    extraction_blobs: dict[str, bytes] = field(default_factory=dict)  # doc_hash -> packed extractions
    vectors: dict[str, np.ndarray] = field(default_factory=dict)  # text_key(retrieval text) -> vector

    def extractions(self, hash_: str) -> list[ChunkExtraction] | None:
        blob = self.extraction_blobs.get(hash_)
        return unpack_extractions(blob) if blob else None


def previous_state(store_dir: Path, embedding_model: str, extraction_fp: str | None,
                   wanted: set[str] | None = None, vectors: bool = True) -> Previous:
    """Read what can be reused from the store at `store_dir`: document hashes always, extractions when its
    meta `extraction_fingerprint` equals `extraction_fp` (only those whose hash is in `wanted`, when given),
    vectors when `vectors` and the embedding model is the same."""
    try:
        store = Store.open(store_dir)
    except UserError:
        return Previous()
    try:
        meta = store.meta()
        prev = Previous(doc_hashes=_doc_hashes(store))
        if extraction_fp and meta.get("extraction_fingerprint") == extraction_fp and _has_state(store.conn):
            rows = store.conn.execute(f"SELECT doc_hash, extraction FROM {STATE_TABLE}").fetchall()
            prev.extraction_blobs = {r[0]: r[1] for r in rows if r[1] and (wanted is None or r[0] in wanted)}
        # `embedding_model` is an embedder id (`embed.embedder_id`): vectors of another backend are not reused
        built_with = embedder_id(meta.get("embedding_model", ""), meta.get("embedding_backend", "torch"))
        if vectors and built_with == embedding_model:
            prev.vectors = _vectors(store)
        return prev
    except sqlite3.DatabaseError:  # a damaged previous store: rebuild from scratch
        return Previous()
    finally:
        store.close()


def _has_state(conn: sqlite3.Connection) -> bool:
    q = "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?"
    return conn.execute(q, (STATE_TABLE,)).fetchone() is not None


def _doc_hashes(store: Store) -> dict[str, str]:
    """doc_id -> doc_hash of a store (computed from its documents when it predates `doc_state`)."""
    if _has_state(store.conn):
        return {r[0]: r[1] for r in store.conn.execute(f"SELECT doc_id, doc_hash FROM {STATE_TABLE}")}
    rows = store.conn.execute("SELECT doc_id, title, text FROM documents").fetchall()
    return {r[0]: doc_hash(Document(doc_id=r[0], title=r[1] or "", text=r[2] or "")) for r in rows}


def _vectors(store: Store) -> dict[str, np.ndarray]:
    if not store.faiss_path.exists():
        return {}
    index = load_dense_index(store.faiss_path)
    chunks = store.all_chunks()
    if index.ntotal != len(chunks):
        return {}
    vectors = index.reconstruct_n(0, index.ntotal)
    return {text_key(c.retrieval_text): vectors[i] for i, c in enumerate(chunks)}


def previous_vectors(store_dir: Path, embedding_model: str) -> dict[str, np.ndarray]:
    """Retrieval-text hash -> vector from the store at `store_dir`; empty when there is none to reuse."""
    return previous_state(store_dir, embedding_model, None).vectors


def write_state(conn: sqlite3.Connection, rows: Iterable[tuple[str, str, bytes | None]]) -> None:
    """(doc_id, doc_hash, packed extraction or None) rows into the new store's `doc_state` table."""
    conn.execute(STATE_SCHEMA)
    conn.executemany(f"INSERT INTO {STATE_TABLE} (doc_id, doc_hash, extraction) VALUES (?, ?, ?)", rows)
    conn.commit()


def encode_missing(texts: list[str], known: dict[str, np.ndarray],
                   encode: Callable[[list[str]], np.ndarray]) -> tuple[np.ndarray, int]:
    """Vectors for `texts` in order, encoding only those not in `known`; returns (vectors, n_encoded)."""
    keys = [text_key(t) for t in texts]
    todo = [i for i, k in enumerate(keys) if k not in known]
    fresh = encode([texts[i] for i in todo]) if todo else np.zeros((0, 0), dtype=np.float32)
    fresh_by_row = dict(zip(todo, fresh))
    rows = [fresh_by_row[i] if i in fresh_by_row else known[k] for i, k in enumerate(keys)]
    return np.vstack(rows).astype(np.float32), len(todo)
