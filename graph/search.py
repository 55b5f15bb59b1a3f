"""Graph retrieval profiles: `graph` and `graph-hybrid`.

graph:        link question entities -> traverse to chunks (edge relevance, path
              length, seed confidence) + PPR mass -> re-score the candidates
              against the question embedding ("back to vectors").
graph-hybrid: weighted RRF of the graph ranking and the hybrid (dense + BM25) ranking;
              the graph ranking weighs more, hybrid fills in when nothing links. On a
              corpus not titled by its subjects the graph only breaks hybrid's ties.
"""

from __future__ import annotations

from functools import cached_property

import faiss
import numpy as np

from hopgraph.cache.lru import LRU
from hopgraph.cache.query_cache import cached
from hopgraph.config import Settings
from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.chunk_scores import ChunkScores
from hopgraph.graph.link import Weigh, doc_freq_weights, link_entities
from hopgraph.graph.namesake_fit import best_fits, fit_weights
from hopgraph.models import LinkedEntity
from hopgraph.graph.ppr import PPRMatrix, chunk_mass, top_chunks
from hopgraph.graph.predicates import relation_terms
from hopgraph.graph.traverse import traverse_scores
from hopgraph.hops.fuse import rrf
from hopgraph.hops.retrieve import Retriever
from hopgraph.indexing.dense import reconstruct
from hopgraph.models import SearchHit

# weights of the graph score: traversal, PPR, cosine with the question
W_TRAVERSE, W_PPR, W_COSINE = 0.5, 0.15, 0.35
#: Traversals a searcher keeps (each ~12 bytes per chunk reached: ~70 kB on the 100k store).
TRAVERSALS_KEPT = 64


def combine_scores(traversal: dict[str, float], ppr: dict[str, float], cosine: dict[str, float]) -> dict[str, float]:
    """Weighted sum of max-normalised scores (pure)."""

    def norm(d: dict[str, float]) -> dict[str, float]:
        top = max(d.values(), default=0.0)
        return {k: v / top for k, v in d.items()} if top > 0 else {}

    t, p, c = norm(traversal), norm(ppr), cosine
    keys = set(t) | set(p)
    return {k: W_TRAVERSE * t.get(k, 0.0) + W_PPR * p.get(k, 0.0) + W_COSINE * max(c.get(k, 0.0), 0.0) for k in keys}


class GraphSearcher:
    def __init__(self, retriever: Retriever, kg: KnowledgeGraph, settings: Settings):
        self.retriever = retriever
        self.kg = kg
        self.settings = settings

    @property
    def graph_weight(self) -> float:
        """The graph ranking's weight in graph-hybrid: full on pages titled by their subject; on news, minutes
        and notes (`KnowledgeGraph.paged` false) only enough to break ties of the hybrid ranking."""
        cfg = self.settings.graph
        return cfg.fusion_weight if self.kg.paged else cfg.untitled_fusion_weight

    @cached_property
    def ppr_matrix(self) -> PPRMatrix:
        return PPRMatrix.from_graph(self.kg)

    @cached_property
    def traversals(self) -> LRU:
        """(seeds, question terms, hops) -> the traversal's `ChunkScores` (a question's sub-queries often link the
        same seeds with the same relation words: a pure function of the graph, reused)."""
        return LRU(TRAVERSALS_KEPT)

    def traversal(self, seeds: dict[int, float], terms: frozenset[str], max_hops: int) -> ChunkScores:
        key = (tuple(seeds.items()), terms, max_hops)
        scores = self.traversals.get(key)
        if scores is None:
            scores = traverse_scores(self.kg, seeds, terms, max_hops)[0]
            self.traversals.put(key, scores)
        return scores

    def link(self, question: str, qvec: np.ndarray | None = None) -> list[LinkedEntity]:
        """The entities `question` names that may seed the graph; a name several entities share goes mostly to
        those whose passages fit the question (`namesake_fit`; `qvec` is the question's vector, embedded when
        not given). The same text links alike until the store changes, so the result is cached by the text."""
        def compute() -> list[LinkedEntity]:
            weigh = self.namesake_weigher(self.retriever.embed_query(question) if qvec is None else qvec)
            return [e for e in link_entities(question, self.kg, weigh=weigh)
                    if e.confidence >= self.settings.graph.seed_min_confidence]
        return cached("link", ("seeds", question), compute, list)

    def namesake_weigher(self, qvec: np.ndarray) -> Weigh:
        """Weights of the entities one name may mean: document count times fit with the query (`fit_weights`)."""
        kg, by_count = self.kg, doc_freq_weights(self.kg)

        def weigh(ids: set[int]) -> dict[int, float]:
            doc_freq = {e: kg.entities[e].doc_freq for e in ids if e in kg.entities}
            if len(doc_freq) < 2:  # one entity: nothing to choose between
                return by_count(ids)
            return fit_weights(doc_freq, best_fits(set(doc_freq), kg.chunks_of, lambda c: self.cosines(qvec, c)))
        return weigh

    def graph_scores(self, question: str, qvec: np.ndarray, seeds: dict[int, float] | None = None) -> dict[str, float]:
        """Chunk id -> combined graph score for the question (empty when nothing links)."""
        if seeds is None:
            seeds = {}
            for e in self.link(question, qvec):
                seeds[e.entity_id] = max(seeds.get(e.entity_id, 0.0), e.confidence)
        if not seeds:
            return {}
        cfg = self.settings.graph
        reached = self.traversal(seeds, relation_terms(question), cfg.max_hops)
        m = self.ppr_matrix
        push = cfg.ppr_push_eps if m.transition.shape[0] >= cfg.ppr_push_above else None  # large graphs only
        mass = chunk_mass(m, seeds, cfg.ppr_damping, push_eps=push)
        candidates = reached.top(cfg.candidate_chunks)  # = _top(reached.as_dict(), …), no dict of every chunk
        if mass is not None:
            candidates |= {m.chunk_ids[i] for i in top_chunks(mass, cfg.candidate_chunks // 2)}
        traversal = reached.scores_of(candidates)  # = {c: reached.get(c)} of those it reached, in this order
        ppr = {}
        if mass is not None:  # the walk's mass of the candidates it reached
            at = m.chunk_index
            ppr = {c: float(mass[i]) for c in candidates if (i := at.get(c)) is not None and mass[i] > 0}
        return combine_scores(traversal, ppr, self.cosines(qvec, candidates))

    def cosines(self, qvec: np.ndarray, chunk_ids: set[str]) -> dict[str, float]:
        ids = [c for c in chunk_ids if c in self.retriever.row_of]
        rows = [self.retriever.row_of[c] for c in ids]
        stored = stored_vectors(self.retriever.dense)
        vectors = stored[rows] if stored is not None and rows else reconstruct(self.retriever.dense, rows)
        return dict(zip(ids, (vectors @ qvec).tolist())) if ids else {}

    def search_graph(self, question: str, k: int, qvec: np.ndarray | None = None) -> list[SearchHit]:
        qvec = self.retriever.embed_query(question) if qvec is None else qvec
        return [self.retriever.hit(self.retriever.row_of[c], s, graph_score=s, graph_rank=i)
                for c, s, i in self.graph_ranking(question, k, qvec)]

    def graph_ranking(self, question: str, k: int, qvec: np.ndarray) -> list[tuple[str, float, int]]:
        """(chunk id, graph score, graph rank) of `search_graph`'s hits, before any hit is made."""
        scores = self.graph_scores(question, qvec)
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:k]
        return [(c, s, i) for i, (c, s) in enumerate(ranked, 1) if c in self.retriever.row_of]

    def search_graph_hybrid(self, question: str, k: int, fusion: str | None = None) -> list[SearchHit]:
        """`fuse(search_graph(...), search_hybrid(...), k)`, making hits only for the k it keeps: the same hits,
        every field set as `fuse` sets it (a hybrid hit with the graph's scores assigned, then the fused score).
        `fusion` overrides `retrieval.fusion` for the hybrid ranking."""
        r = self.retriever
        qvec = r.embed_query(question)
        depth = max(k, self.settings.retrieval.fuse_top)
        graph = self.graph_ranking(question, depth, qvec)
        hybrid = r.hybrid_candidates(question, depth, qvec, fusion)[:depth]
        rows = r.chunks.rows
        by_id = {rows[row][0]: (row, s, d, b) for row, s, d, b in hybrid}
        graph_of = {c: (s, i) for c, s, i in graph}
        cfg = self.settings.graph
        fused = rrf([[c for c, _, _ in graph], [rows[row][0] for row, _, _, _ in hybrid]], k=cfg.fusion_k,
                    weights=[self.graph_weight, 1.0])
        out = []
        for cid, score in fused[:k]:
            if cid in by_id:
                row, s, d, b = by_id[cid]
                hit = r.hit(row, s, dense_rank=d, bm25_rank=b, rrf_score=s)
                if cid in graph_of:
                    hit.graph_score, hit.graph_rank = graph_of[cid]
            else:
                s, i = graph_of[cid]
                hit = r.hit(r.row_of[cid], s, graph_score=s, graph_rank=i)
            hit.score = score
            out.append(hit)
        return out

    def fuse(self, graph: list[SearchHit], hybrid: list[SearchHit], k: int) -> list[SearchHit]:
        """Graph and hybrid hits fused by weighted RRF; a chunk in both keeps its hybrid hit with the graph scores."""
        by_id = {h.chunk_id: h for h in hybrid}
        for h in graph:
            if h.chunk_id in by_id:
                by_id[h.chunk_id].graph_score, by_id[h.chunk_id].graph_rank = h.graph_score, h.graph_rank
            else:
                by_id[h.chunk_id] = h
        cfg = self.settings.graph
        fused = rrf([[h.chunk_id for h in graph], [h.chunk_id for h in hybrid]], k=cfg.fusion_k,
                    weights=[self.graph_weight, 1.0])
        out = []
        for cid, s in fused[:k]:
            hit = by_id[cid]
            hit.score = s
            out.append(hit)
        return out


def stored_vectors(index: faiss.Index) -> np.ndarray | None:
    """The vectors a flat FAISS index stores, as a read-only (ntotal, d) float32 view without a copy (the rows
    `reconstruct` copies out one call each); None for any other index. Made on each call: adding vectors may
    move the index's storage."""
    if not isinstance(index, faiss.IndexFlat) or index.ntotal == 0 or index.code_size != 4 * index.d:
        return None
    view = faiss.rev_swig_ptr(index.get_xb(), index.ntotal * index.d).reshape(index.ntotal, index.d)
    view.flags.writeable = False
    return view


def _top(scores: dict[str, float], n: int) -> set[str]:
    """The n best-scored ids (ties by id), as a set: the first n of sorting by (-score, id). Only the ids
    scored at least the n-th best score (found with numpy) are sorted."""
    if n <= 0:
        return set()
    if len(scores) <= n:
        return set(scores)
    values = np.fromiter(scores.values(), dtype=np.float64, count=len(scores))
    nth = float(np.partition(values, len(values) - n)[len(values) - n])
    ids = list(scores)
    best = [(ids[i], v) for i, v in zip(np.flatnonzero(values >= nth).tolist(), values[values >= nth].tolist())]
    return {c for c, _ in sorted(best, key=lambda kv: (-kv[1], kv[0]))[:n]}
