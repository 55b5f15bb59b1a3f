"""Retrieval limited to the documents metadata filters keep, and the metadata source of its own.

`filtered_search` runs a profile over the allowed chunks only: dense through a FAISS id selector, BM25 over
a masked score vector, so a constraint never costs recall (nothing outside it competes for the top k).
Graph profiles keep the graph's candidates inside the constraint and fuse them with the restricted hybrid
ranking as `graph-hybrid` does. `metadata_source` answers "which reports mention X after 2022" from SQL: the
allowed documents, newest first, those whose chunks carry the query's words before the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from hopgraph.indexing.lexical import tokenize
from hopgraph.metadata import doc_dates, matching_docs
from hopgraph.models import MetaFilter, SearchHit

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph
    from hopgraph.hops.retrieve import Retriever


def allowed_rows(retriever: Retriever, allowed: set[str]) -> list[int]:
    return [i for i, c in enumerate(retriever.chunks) if c.doc_id in allowed]


def dense_rows(retriever: Retriever, query: str, rows: list[int], k: int, qvec: np.ndarray | None = None) -> list[tuple[int, float]]:
    """(row, cosine) over the given rows only, best first."""
    import faiss

    from hopgraph.indexing.dense import QUERY_THREADS, search_threads

    if not rows or k <= 0:
        return []
    q = retriever.embed_query(query) if qvec is None else qvec
    params = faiss.SearchParameters(sel=faiss.IDSelectorBatch(np.asarray(rows, dtype=np.int64)))
    with search_threads(QUERY_THREADS):  # one query: one thread costs a third of the CPU of two (`dense_search`)
        scores, ids = retriever.dense.search(np.ascontiguousarray(q.reshape(1, -1), dtype=np.float32),
                                             min(k, len(rows)), params=params)
    return [(int(r), float(s)) for r, s in zip(ids[0], scores[0]) if r >= 0]


def bm25_rows(retriever: Retriever, query: str, rows: list[int], k: int) -> list[tuple[int, float]]:
    """(row, BM25 score > 0) over the given rows only, best first."""
    bm = retriever.lexical.retriever
    tokens = [t for t in tokenize(query) if t in bm.vocab_dict]
    if not tokens or not rows:
        return []
    scores = bm.get_scores(tokens)
    ranked = sorted(((r, float(scores[r])) for r in rows if scores[r] > 0), key=lambda t: -t[1])
    return ranked[:k]


def hybrid_rows(hg: HopGraph, query: str, rows: list[int], k: int, qvec: np.ndarray | None = None,
                fusion: str | None = None) -> list[SearchHit]:
    r, cfg = hg.retriever, hg.settings.retrieval
    dense = dense_rows(r, query, rows, max(cfg.dense_top, k), qvec)
    lexical = bm25_rows(r, query, rows, max(cfg.bm25_top, k))
    return [r.hit(row, s, dense_rank=d, bm25_rank=b, rrf_score=s) for row, s, d, b in r.fused(query, dense, lexical, k, fusion)]


def filtered_search(hg: HopGraph, query: str, k: int, profile: str, filters: list[MetaFilter],
                    fusion: str | None = None) -> list[SearchHit]:
    """`profile` retrieval over the documents every filter keeps (no hit from any other document); `fusion`
    overrides `retrieval.fusion`."""
    allowed = matching_docs(hg.store, filters) or set()
    r = hg.retriever
    rows = allowed_rows(r, allowed)
    if not rows:
        return []
    if profile == "dense":
        return [r.hit(row, s, dense_rank=i) for i, (row, s) in enumerate(dense_rows(r, query, rows, k), 1)]
    if profile == "bm25":
        return [r.hit(row, s, bm25_rank=i) for i, (row, s) in enumerate(bm25_rows(r, query, rows, k), 1)]
    if profile in ("hybrid", "hybrid-rerank"):
        hits = hybrid_rows(hg, query, rows, k, fusion=fusion)
        return (r.rerank(query, hits) if profile == "hybrid-rerank" else hits)[:k]
    return _graph_filtered(hg, query, k, rows, allowed, profile, fusion)


def _graph_filtered(hg: HopGraph, query: str, k: int, rows: list[int], allowed: set[str], profile: str,
                    fusion: str | None = None) -> list[SearchHit]:
    gs = hg.graph_searcher
    qvec = hg.retriever.embed_query(query)
    depth = max(k, hg.settings.retrieval.fuse_top)
    graph = [h for h in gs.search_graph(query, hg.settings.graph.candidate_chunks, qvec) if h.doc_id in allowed][:depth]
    hybrid = hybrid_rows(hg, query, rows, depth, qvec, fusion)
    if profile == "graph":
        return graph[:k] if graph else hybrid[:k]
    return gs.fuse(graph, hybrid, k)


def metadata_source(hg: HopGraph, query: str, k: int, filters: list[MetaFilter]) -> list[SearchHit]:
    """The documents the filters keep, one hit (their best chunk for the query) each: documents whose text
    carries the query's words first (by BM25), then the rest; newest first within each group. Without filters
    every document is a candidate."""
    r = hg.retriever
    allowed = matching_docs(hg.store, filters)
    if allowed is None:
        allowed = {c.doc_id for c in r.chunks}
    if not allowed:
        return []
    rows = allowed_rows(r, allowed)
    best: dict[str, tuple[int, float]] = {}
    for row, s in bm25_rows(r, query, rows, len(rows)):
        doc = r.chunks[row].doc_id
        if doc not in best:
            best[doc] = (row, s)
    first_row = {}
    for row in rows:
        first_row.setdefault(r.chunks[row].doc_id, row)
    dates = doc_dates(hg.store, allowed)
    order = sorted(allowed, key=lambda d: (d not in best, _neg_date(dates.get(d, "")), d))
    out = []
    for i, doc in enumerate(order[:k], 1):
        row, score = best.get(doc, (first_row[doc], 0.0))
        out.append(r.hit(row, score, bm25_rank=i if doc in best else None))
    return out


def _neg_date(iso: str) -> str:
    """A sort key putting later ISO dates first (undated last)."""
    if not iso:
        return "~"
    return "".join(chr(ord("9") - int(c) + ord("0")) if c.isdigit() else c for c in iso)
