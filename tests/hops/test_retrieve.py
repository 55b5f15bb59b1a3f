"""Single-shot retrieval (hops/retrieve.py): dense, BM25, hybrid (z-score and RRF fusion) and the rerank path.

Fast tests use a store built with the hash embedder (no model); the real
cross-encoder path runs on the sample store and is marked slow.
"""

from __future__ import annotations


import pytest

from hopgraph.config import Settings
from hopgraph.hops.retrieve import Retriever
from hopgraph.store import Store
from kg_fixtures import write_small_corpus
from store_fixtures import HashEmbedder, build_fake_store, fake_settings, sample_store, tiny_cross_encoder


@pytest.fixture(scope="module")
def retriever(tmp_path_factory: pytest.TempPathFactory) -> Retriever:
    base = tmp_path_factory.mktemp("retrieve")
    corpus = write_small_corpus(base / "docs.json")
    build_fake_store(corpus, base / "store")
    return Retriever(Store.open(base / "store"), fake_settings(), embedder=HashEmbedder())


def test_dense_ranks_and_scores(retriever: Retriever) -> None:
    hits = retriever.search_dense("Kestrel Bay port city harbour", 3)
    assert hits[0].chunk_id == "kb#0" and hits[0].title == "Kestrel Bay"
    assert [h.dense_rank for h in hits] == [1, 2, 3]
    assert all(h.bm25_rank is None and h.rrf_score is None for h in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert 0.5 < hits[0].score <= 1.0 + 1e-6  # cosine of normalised vectors


def test_bm25_ranks(retriever: Retriever) -> None:
    hits = retriever.search_bm25("Saltmoor Studios produced", 10)
    assert hits[0].chunk_id == "studio#0"
    assert [h.bm25_rank for h in hits] == list(range(1, len(hits) + 1))
    assert all(h.dense_rank is None for h in hits)
    assert {h.chunk_id for h in hits} == {"studio#0"}  # only chunks that share a word


def _with_fusion(retriever: Retriever, fusion: str, rrf_k: int = 60) -> Retriever:
    settings = fake_settings()
    settings.retrieval.fusion = fusion
    settings.retrieval.rrf_k = rrf_k
    return Retriever(retriever.store, settings, embedder=retriever.embedder)


def test_hybrid_fuses_z_scores_when_asked(retriever: Retriever) -> None:
    q = "Who directed The Glass Harbor?"
    retriever = _with_fusion(retriever, "zscore")
    dense = [(h.chunk_id, h.score) for h in retriever.search_dense(q, 20)]
    bm25 = [(h.chunk_id, h.score) for h in retriever.search_bm25(q, 20)]

    def z(ranking: list[tuple[str, float]]) -> dict[str, float]:
        values = [s for _, s in ranking]
        mean = sum(values) / len(values)
        sd = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5
        return {c: (s - mean) / sd for c, s in ranking}

    zd, zb = z(dense), z(bm25)
    hits = retriever.search_hybrid(q, 6)
    for h in hits:
        expected = zd.get(h.chunk_id, min(zd.values())) + zb.get(h.chunk_id, min(zb.values()))
        assert h.rrf_score == pytest.approx(expected, abs=1e-5) and h.score == h.rrf_score
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_auto_fusion_follows_the_length_of_the_query(retriever: Retriever) -> None:
    assert retriever.settings.retrieval.fusion == "auto" and retriever.settings.retrieval.zscore_min_words == 6
    short = "Glass Harbor director"  # three content words: ranks
    long = "Which studio produced the film about the harbour that the director of The Glass Harbor made next?"
    for query, fusion in ((short, "rrf"), (long, "zscore")):
        assert [h.rrf_score for h in retriever.search_hybrid(query, 5)] == \
            [h.rrf_score for h in _with_fusion(retriever, fusion).search_hybrid(query, 5)]
    assert retriever.search_hybrid(long, 5)[0].rrf_score > 1  # a sum of z-scores, not 1/(60 + rank)


def test_hybrid_is_exact_rrf_of_dense_and_bm25(retriever: Retriever) -> None:
    q = "Who directed The Glass Harbor?"
    rrf_retriever = _with_fusion(retriever, "rrf")
    k = rrf_retriever.settings.retrieval.rrf_k
    hits = rrf_retriever.search_hybrid(q, 6)
    dense = {h.chunk_id: h.dense_rank for h in retriever.search_dense(q, 20)}
    bm25 = {h.chunk_id: h.bm25_rank for h in retriever.search_bm25(q, 20)}
    assert len(hits) == 6
    for h in hits:
        assert h.dense_rank == dense.get(h.chunk_id) and h.bm25_rank == bm25.get(h.chunk_id)
        expected = sum(1 / (k + r) for r in (h.dense_rank, h.bm25_rank) if r is not None)
        assert h.rrf_score == pytest.approx(expected) and h.score == h.rrf_score
    assert [h.rrf_score for h in hits] == sorted((h.rrf_score for h in hits), reverse=True)
    assert hits[0].chunk_id == "film#0"  # first in both lists: 2/(60+1)
    assert hits[0].rrf_score == pytest.approx(2 / 61)


def test_hybrid_respects_k_and_rrf_setting(retriever: Retriever) -> None:
    assert len(retriever.search_hybrid("Tamsel", 2)) == 2
    small_k = _with_fusion(retriever, "rrf", rrf_k=1)
    top = small_k.search_hybrid("Who directed The Glass Harbor?", 1)[0]
    assert top.rrf_score == pytest.approx(2 / 2)


def test_rerank_without_model_changes_nothing(retriever: Retriever) -> None:
    plain = retriever.search_hybrid("Tamsel founded", 5)
    reranked = retriever.search_hybrid("Tamsel founded", 5, rerank=True)
    assert [h.chunk_id for h in reranked] == [h.chunk_id for h in plain]
    assert all(h.rerank_score is None for h in reranked)


def test_rerank_orders_by_reranker_scores(retriever: Retriever, monkeypatch: pytest.MonkeyPatch) -> None:
    class LengthReranker:
        def score(self, query: str, texts: list[str]) -> list[float]:
            return [float(len(t)) for t in texts]

    monkeypatch.setattr("hopgraph.hops.rerank.get_reranker", lambda name: LengthReranker())
    settings = fake_settings()
    settings.retrieval.reranker_model = "length"
    r = Retriever(retriever.store, settings, embedder=retriever.embedder)
    hits = r.search_hybrid("Tamsel founded", 3, rerank=True)
    chunks = {c.chunk_id: c for c in r.chunks}
    assert [h.rerank_score for h in hits] == [float(len(chunks[h.chunk_id].retrieval_text)) for h in hits]
    assert [h.rerank_score for h in hits] == sorted((h.rerank_score for h in hits), reverse=True)
    assert all(h.score == h.rerank_score and h.rrf_score is not None for h in hits)
    # the reranker saw every fused candidate, not just the first k
    longest = max(r.chunks, key=lambda c: len(c.retrieval_text))
    assert hits[0].chunk_id == longest.chunk_id


@pytest.mark.slow
def test_hybrid_rerank_with_a_tiny_cross_encoder(tmp_path_factory: pytest.TempPathFactory) -> None:
    from hopgraph.facade import HopGraph
    from hopgraph.hops.rerank import get_reranker

    root = sample_store(tmp_path_factory.getbasetemp())
    model = tiny_cross_encoder(tmp_path_factory.mktemp("tiny-ce"))
    settings = Settings(store=root, retrieval={"reranker_model": str(model)})
    hg = HopGraph.open(root, settings)
    question = "Which river flows through Orsk Halden?"
    hits = hg.search(question, k=8, profile="hybrid-rerank")
    assert len(hits) == 8
    assert all(h.rerank_score is not None and h.score == h.rerank_score for h in hits)
    assert [h.rerank_score for h in hits] == sorted((h.rerank_score for h in hits), reverse=True)
    expected = get_reranker(str(model)).score(question, [hg.retriever.chunks[hg.retriever.row_of[h.chunk_id]].retrieval_text for h in hits])
    assert [h.rerank_score for h in hits] == pytest.approx(expected)
    assert all(h.rrf_score is not None for h in hits)


def test_hybrid_candidates_are_the_hits_of_search_hybrid(retriever: Retriever) -> None:
    for q, k in (("Tamsel", 2), ("Who directed The Glass Harbor?", 5), ("port city harbour", 40)):
        hits = retriever.search_hybrid(q, k)
        candidates = retriever.hybrid_candidates(q, k)
        assert len(candidates) >= len(hits)
        assert [(retriever.chunks.rows[r][0], s, d, b) for r, s, d, b in candidates[:k]] == [
            (h.chunk_id, h.score, h.dense_rank, h.bm25_rank) for h in hits]


def test_a_fusion_passed_in_overrides_the_setting(retriever: Retriever) -> None:
    long = "Which studio produced the film about the harbour that the director of The Glass Harbor made next?"
    assert retriever.fusion_method(long) == "zscore" and retriever.fusion_method(long, "rrf") == "rrf"
    assert [h.chunk_id for h in retriever.search_hybrid(long, 5, fusion="rrf")] == \
        [h.chunk_id for h in _with_fusion(retriever, "rrf").search_hybrid(long, 5)]
