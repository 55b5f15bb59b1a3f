"""Re-indexing without re-embedding: vectors of unchanged chunks come from the previous store.

Embedding dominates indexing time, so a rebuild (after editing a few documents, or after an
extractor change) encodes only chunks whose retrieval text is new. Vectors are reused only
from a store built with the same embedding model.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

from hopgraph.errors import UserError
from hopgraph.indexing.dense import load_dense_index
from hopgraph.store import Store


def text_key(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def previous_vectors(store_dir: Path, embedding_model: str) -> dict[str, np.ndarray]:
    """Retrieval-text hash -> vector from the store at `store_dir`; empty when there is none to reuse."""
    try:
        store = Store.open(store_dir)
    except UserError:
        return {}
    try:
        if store.meta().get("embedding_model") != embedding_model or not store.faiss_path.exists():
            return {}
        index = load_dense_index(store.faiss_path)
        chunks = store.all_chunks()
        if index.ntotal != len(chunks):
            return {}
        vectors = index.reconstruct_n(0, index.ntotal)
        return {text_key(c.retrieval_text): vectors[i] for i, c in enumerate(chunks)}
    finally:
        store.close()


def encode_missing(texts: list[str], known: dict[str, np.ndarray],
                   encode: Callable[[list[str]], np.ndarray]) -> tuple[np.ndarray, int]:
    """Vectors for `texts` in order, encoding only those not in `known`; returns (vectors, n_encoded)."""
    keys = [text_key(t) for t in texts]
    todo = [i for i, k in enumerate(keys) if k not in known]
    fresh = encode([texts[i] for i in todo]) if todo else np.zeros((0, 0), dtype=np.float32)
    fresh_by_row = dict(zip(todo, fresh))
    rows = [fresh_by_row[i] if i in fresh_by_row else known[k] for i, k in enumerate(keys)]
    return np.vstack(rows).astype(np.float32), len(todo)
