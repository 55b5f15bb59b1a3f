"""A bm25s index built with numpy over whole arrays instead of bm25s's loop per document, and updated in place.

BM25's scores are global (document frequencies, average length), so every score changes with the corpus;
bm25s builds its index in Python, one document at a time (about 10 CPU s at 100k chunks). `bm25_index` gives
the same index: every (document, token) score is computed with the same operations in the same precisions as
bm25s 0.3's "lucene" method (idf with `math.log` per token, the term frequency part in float64 from float32
counts, the product stored as float32), in the same CSC layout. Token ids are numbered in order of first
appearance; bm25s numbers them in the order of a set, which differs from one process to the next, so only the
scores, not the ids, are the index's content.

The index also keeps each (token, document) pair's term count beside its score (`TF_NAME`, aligned with the
CSC data), so an update re-scores instead of re-reading every chunk's tokens (`bm25_update`): the kept
documents' counts move to their new rows, the new documents' counts are added, and every score is computed
again from the counts with `bm25_index`'s operations, so each score is the one a fresh build gives.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import bm25s
import numpy as np

TF_NAME = "tf.csc.index.npy"  # term counts, aligned with data.csc.index.npy (not a bm25s file: it ignores it)


def bm25_index(corpus: list[list[str]], k1: float = 1.2, b: float = 0.75) -> bm25s.BM25:
    """`bm25s.BM25(k1=k1, b=b, method="lucene").index(corpus)` (every document holds at least one token)."""
    vocab: dict[str, int] = {}
    lengths = np.fromiter(map(len, corpus), dtype=np.int64, count=len(corpus))
    ids = np.fromiter((vocab.setdefault(t, len(vocab)) for doc in corpus for t in doc), dtype=np.int64,
                      count=int(lengths.sum()))
    n_docs, n_vocab = len(corpus), len(vocab)
    pairs, tf = np.unique(np.repeat(np.arange(n_docs, dtype=np.int64), lengths) * max(n_vocab, 1) + ids,
                          return_counts=True)
    return scored(pairs // max(n_vocab, 1), pairs % max(n_vocab, 1), tf, vocab, n_docs, k1, b)


def scored(doc: np.ndarray, token: np.ndarray, tf: np.ndarray, vocab: dict[str, int], n_docs: int,
           k1: float = 1.2, b: float = 0.75) -> bm25s.BM25:
    """The index of the (document, token, count) triples, each pair once; `vocab`: token -> id, ids 0..n-1,
    every id held by some pair; every document holds at least one token (its length is the sum of its counts)."""
    retriever = bm25s.BM25(k1=k1, b=b, method="lucene")
    n_vocab = len(vocab)
    lengths = np.bincount(doc, weights=tf, minlength=n_docs).astype(np.int64)
    avg_doc_len = lengths.mean()  # as bm25s computes it (a float64 scalar, from the int lengths)
    df = np.bincount(token, minlength=n_vocab)
    idf = np.array([math.log(1 + (n_docs - f + 0.5) / (f + 0.5)) for f in df.tolist()], dtype=np.float32)
    norm = k1 * ((1 - b) + b * lengths.astype(np.float64) / avg_doc_len)  # per document, float64
    counts = tf.astype(np.float32).astype(np.float64)
    scores = (idf[token].astype(np.float64) * (counts / (norm[doc] + counts))).astype(np.float32)
    order = np.argsort((token.astype(np.int64) << 32) | doc)
    indptr = np.zeros(n_vocab + 1, dtype=np.int64)
    np.cumsum(df, out=indptr[1:])
    retriever.scores = {"data": scores[order], "indices": doc[order].astype(np.int32), "indptr": indptr,
                        "num_docs": n_docs}
    retriever.term_counts = tf[order].astype(np.int32)
    vocab = dict(vocab)
    if "" not in vocab:
        vocab[""] = n_vocab
    retriever.vocab_dict = vocab
    retriever.unique_token_ids_set = set(vocab.values())
    retriever.nonoccurrence_array = None
    return retriever


def save_counts(retriever: bm25s.BM25, path: Path) -> None:
    """Write the term counts beside a saved index (nothing when the index was not built here)."""
    counts = getattr(retriever, "term_counts", None)
    if counts is not None:
        np.save(path / TF_NAME, counts)


def saved_counts(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, int], int] | None:
    """(token, document, count) of every pair and the vocabulary (token -> id, without the "" entry) of the
    index saved at `path`, and its number of documents; None when it has no term counts or they do not fit."""
    try:
        counts = np.load(path / TF_NAME)
        indices = np.load(path / "indices.csc.index.npy")
        indptr = np.load(path / "indptr.csc.index.npy")
        vocab = json.loads((path / "vocab.index.json").read_text(encoding="utf-8"))
        n_docs = int(json.loads((path / "params.index.json").read_text())["num_docs"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if len(counts) != len(indices) or indptr[-1] != len(indices):
        return None
    empty = vocab.pop("", None)
    if empty is not None and empty != len(indptr) - 1:  # "" was a real token: not an index `scored` wrote
        return None
    if len(vocab) != len(indptr) - 1:
        return None
    token = np.repeat(np.arange(len(indptr) - 1, dtype=np.int64), np.diff(indptr))
    return token, indices.astype(np.int64), counts.astype(np.int64), vocab, n_docs


def bm25_update(previous: tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, int], int], new_row: np.ndarray,
                fresh: dict[int, list[str]], n_docs: int, k1: float = 1.2, b: float = 0.75) -> bm25s.BM25:
    """The index of the corpus after an update: `previous` (`saved_counts`), `new_row[r]` the new row of the
    previous row r (-1: gone), `fresh` the tokens of the new rows that are new documents; `n_docs` in all.
    The same scores as `bm25_index` over the new corpus (only the token ids differ)."""
    token, doc, tf, vocab, _n = previous
    moved = new_row[doc]
    keep = moved >= 0
    token, doc, tf = token[keep], moved[keep], tf[keep]
    vocab = dict(vocab)
    rows = sorted(fresh)
    lengths = np.fromiter((len(fresh[r]) for r in rows), dtype=np.int64, count=len(rows))
    ids = np.fromiter((vocab.setdefault(t, len(vocab)) for r in rows for t in fresh[r]), dtype=np.int64,
                      count=int(lengths.sum()))
    width = max(len(vocab), 1)
    pairs, counts = np.unique(np.repeat(np.asarray(rows, dtype=np.int64), lengths) * width + ids, return_counts=True)
    token = np.concatenate([token, pairs % width])
    doc = np.concatenate([doc, pairs // width])
    tf = np.concatenate([tf, counts])
    used = np.bincount(token, minlength=len(vocab)) > 0  # tokens only the removed documents held go
    code = np.cumsum(used) - 1
    names = [""] * len(vocab)
    for t, i in vocab.items():
        names[i] = t
    kept = {names[i]: int(code[i]) for i in np.flatnonzero(used).tolist()}
    return scored(doc, code[token], tf, kept, n_docs, k1, b)
