"""Single-shot retrieval over a store: dense, BM25, hybrid (z-score or RRF fusion), hybrid-rerank.

`Retriever` loads the FAISS and BM25 indexes and the embedder once and serves
every query of the process. Graph profiles are provided by
`hopgraph.graph.search.GraphSearcher`, which builds on this class.
"""

from __future__ import annotations

import numpy as np

from hopgraph.config import Settings
from hopgraph.hops.fuse import fuse_dense_bm25, fusion_for
from hopgraph.indexing.dense import dense_search, load_dense_index
from hopgraph.indexing.dense_prefilter import prepare as prepare_prefilter
from hopgraph.indexing.embed import Embedder, embedder_id, load_query_embedder, set_torch_threads
from hopgraph.indexing.lexical import LexicalIndex
from hopgraph.models import SearchHit
from hopgraph.router.spans import content_words
from hopgraph.store import Store
from hopgraph.store_rows import ChunkRows


class Retriever:
    def __init__(self, store: Store, settings: Settings, embedder: Embedder | None = None):
        set_torch_threads(1)  # one short query at a time: a single thread is fastest
        self.store = store
        self.settings = settings
        meta = store.meta()  # queries use the model the store was built with, in the runtime `query_runtime` picks
        built_with = embedder_id(meta.get("embedding_model", settings.index.embedding_model),
                                 meta.get("embedding_backend", "torch"))
        self.embedder = embedder or load_query_embedder(built_with, settings.retrieval.query_runtime)
        self.dense = load_dense_index(store.faiss_path)
        prepare_prefilter(self.dense)  # a large flat index's float16 copy, made while the rest loads
        self.lexical = LexicalIndex.load(store.bm25_path)
        self.chunks: ChunkRows = store.chunk_rows()  # row order; each model made on first access
        self.row_of = self.chunks.row_of()

    # ------------------------------------------------------------ primitives
    def embed_query(self, query: str) -> np.ndarray:
        return self.embedder.encode([query])[0]

    def dense_ranking(self, query: str, k: int, qvec: np.ndarray | None = None) -> list[tuple[int, float]]:
        return dense_search(self.dense, self.embed_query(query) if qvec is None else qvec, k)

    def bm25_ranking(self, query: str, k: int) -> list[tuple[int, float]]:
        return self.lexical.search(query, k)

    def hit(self, row: int, score: float, **scores: object) -> SearchHit:
        chunk_id, doc_id, title, text = self.chunks.rows[row][:4]
        return SearchHit(chunk_id=chunk_id, doc_id=doc_id, title=title, text=text, score=score, **scores)

    # ------------------------------------------------------------ profiles
    def search_dense(self, query: str, k: int) -> list[SearchHit]:
        return [self.hit(r, s, dense_rank=i) for i, (r, s) in enumerate(self.dense_ranking(query, k), 1)]

    def search_bm25(self, query: str, k: int) -> list[SearchHit]:
        return [self.hit(r, s, bm25_rank=i) for i, (r, s) in enumerate(self.bm25_ranking(query, k), 1)]

    def search_hybrid(self, query: str, k: int, rerank: bool = False, qvec: np.ndarray | None = None,
                      fusion: str | None = None) -> list[SearchHit]:
        fused = self.hybrid_candidates(query, k, qvec, fusion)
        if not rerank:
            fused = fused[:k]  # the hits a caller gets: no model made for the rest
        hits = [self.hit(r, s, dense_rank=d, bm25_rank=b, rrf_score=s) for r, s, d, b in fused]
        if rerank:
            hits = self.rerank(query, hits)
        return hits[:k]

    def hybrid_candidates(self, query: str, k: int, qvec: np.ndarray | None = None,
                          fusion: str | None = None) -> list[tuple[int, float, int | None, int | None]]:
        """(row, fused score, dense rank, BM25 rank) of the fused dense and BM25 rankings, best first: the
        max(fuse_top, k) candidates `search_hybrid` makes its hits of. `fusion` overrides `retrieval.fusion`
        (the hop loop passes `hops.fusion`)."""
        cfg = self.settings.retrieval
        dense = self.dense_ranking(query, max(cfg.dense_top, k), qvec)
        lexical = self.bm25_ranking(query, max(cfg.bm25_top, k))
        return self.fused(query, dense, lexical, k, fusion)

    def fused(self, query: str, dense: list[tuple[int, float]], lexical: list[tuple[int, float]], k: int,
              fusion: str | None = None) -> list[tuple[int, float, int | None, int | None]]:
        """(row, fused score, dense rank, BM25 rank) of the query's dense and BM25 rankings of (row, score), best
        first, the first max(fuse_top, k)."""
        dense_rank = {r: i for i, (r, _) in enumerate(dense, 1)}
        bm25_rank = {r: i for i, (r, _) in enumerate(lexical, 1)}
        cfg = self.settings.retrieval
        fused = fuse_dense_bm25(dense, lexical, self.fusion_method(query, fusion), cfg.rrf_k)[: max(cfg.fuse_top, k)]
        return [(int(r), s, dense_rank.get(r), bm25_rank.get(r)) for r, s in fused]

    def fusion_method(self, query: str, fusion: str | None = None) -> str:
        """"zscore" or "rrf": the fusion `fusion` (else `retrieval.fusion`) gives this query (`fusion_for`)."""
        cfg = self.settings.retrieval
        return fusion_for(fusion or cfg.fusion, len(content_words(query, limit=cfg.zscore_min_words)), cfg.zscore_min_words)

    def rerank(self, query: str, hits: list[SearchHit]) -> list[SearchHit]:
        name = self.settings.retrieval.reranker_model
        if not name:
            return hits
        from hopgraph.hops.rerank import get_reranker

        scores = get_reranker(name).score(query, [self.chunks[self.row_of[h.chunk_id]].retrieval_text for h in hits])
        for h, s in zip(hits, scores):
            h.rerank_score = s
            h.score = s
        return sorted(hits, key=lambda h: -h.score)
