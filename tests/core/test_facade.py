"""The HopGraph facade (hopgraph/facade.py): input checks (fast) and end to end on the sample store (slow)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hopgraph.errors import UserError
from hopgraph.facade import HopGraph
from hopgraph.models import SearchHit
from kg_fixtures import write_small_corpus
from store_fixtures import build_fake_store, fake_settings, sample_qrels, sample_queries, sample_store


@pytest.fixture(scope="module")
def fake_hg(tmp_path_factory: pytest.TempPathFactory) -> HopGraph:
    base = tmp_path_factory.mktemp("facade")
    build_fake_store(write_small_corpus(base / "docs.json"), base / "store")
    return HopGraph.open(base / "store", fake_settings())


@pytest.mark.parametrize("question, k, profile, message", [
    ("q", 5, "nope", "unknown profile 'nope' \\(choose from dense, bm25, hybrid, hybrid-rerank, graph, graph-hybrid\\)"),
    ("   ", 5, "hybrid", "the question is empty"),
    ("q", 0, "hybrid", "k must be at least 1"),
])
def test_search_rejects_bad_input_before_loading_anything(fake_hg: HopGraph, question: str, k: int, profile: str, message: str) -> None:
    with pytest.raises(UserError, match=message):
        fake_hg.search(question, k=k, profile=profile)
    assert "retriever" not in fake_hg.__dict__  # nothing heavy was loaded


def test_search_rejects_an_unknown_fusion_before_loading_anything(fake_hg: HopGraph) -> None:
    with pytest.raises(UserError, match="unknown fusion 'sum' \\(choose from auto, zscore, rrf\\)"):
        fake_hg.search("q", k=5, profile="hybrid", fusion="sum")
    assert "retriever" not in fake_hg.__dict__


def test_ask_rejects_an_empty_question(fake_hg: HopGraph) -> None:
    with pytest.raises(UserError, match="empty"):
        fake_hg.ask("")


def test_stats_of_a_store(fake_hg: HopGraph) -> None:
    stats = fake_hg.stats()
    assert (stats["documents"], stats["chunks"], stats["entities"], stats["relations"]) == (6, 6, 0, 0)
    assert stats["schema_version"] == "1" and stats["dimension"] == "256"
    assert {"corpus_fingerprint", "created_at", "index_seconds", "store"} <= set(stats)


def test_open_missing_store(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="no hopgraph store"):
        HopGraph.open(tmp_path / "none")


# ---------------------------------------------------------------- end to end on the sample corpus


@pytest.fixture(scope="module")
def hg(tmp_path_factory: pytest.TempPathFactory) -> HopGraph:
    root = sample_store(tmp_path_factory.getbasetemp())
    return HopGraph.open(root)


def recall_at(hits: list[SearchHit], gold: set[str]) -> float:
    return len({h.doc_id for h in hits} & gold) / len(gold)


@pytest.mark.slow
def test_single_hop_gold_document_in_hybrid_top5(hg: HopGraph) -> None:
    qrels = sample_qrels()
    singles = [q for q in sample_queries() if q["metadata"]["type"] == "single-hop"]
    assert len(singles) == 5
    for q in singles:
        docs = [h.doc_id for h in hg.search(q["text"], k=5, profile="hybrid")]
        assert qrels[q["_id"]] <= set(docs), (q["text"], docs)


@pytest.mark.slow
def test_graph_hybrid_recalls_bridge_gold_at_least_as_well_as_hybrid(hg: HopGraph) -> None:
    qrels = sample_qrels()
    bridges = [q for q in sample_queries() if q["metadata"]["type"] == "bridge"]
    hybrid = [recall_at(hg.search(q["text"], k=5, profile="hybrid"), qrels[q["_id"]]) for q in bridges]
    graph = [recall_at(hg.search(q["text"], k=5, profile="graph-hybrid"), qrels[q["_id"]]) for q in bridges]
    mean_h, mean_g = sum(hybrid) / len(hybrid), sum(graph) / len(graph)
    print(f"bridge recall@5 on {len(bridges)} questions: hybrid {mean_h:.3f}, graph-hybrid {mean_g:.3f}")
    assert mean_g >= mean_h
    assert mean_g >= 0.8


@pytest.mark.slow
@pytest.mark.parametrize("profile, must_have", [
    ("dense", ("dense_rank",)),
    ("bm25", ("bm25_rank",)),
    ("hybrid", ("rrf_score",)),
    ("graph", ("graph_rank", "graph_score")),
    ("graph-hybrid", ()),
])
def test_profiles_return_typed_hits_with_their_rank_fields(hg: HopGraph, profile: str, must_have: tuple[str, ...]) -> None:
    hits = hg.search("Where was the director of The Glass Harbor born?", k=5, profile=profile)
    assert len(hits) == 5
    assert all(isinstance(h, SearchHit) and h.chunk_id.startswith(h.doc_id + "#") and h.text for h in hits)
    for field in must_have:
        assert all(getattr(h, field) is not None for h in hits), field
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    if profile == "hybrid":
        assert all(h.dense_rank is not None or h.bm25_rank is not None for h in hits)
    if profile == "graph-hybrid":
        assert any(h.graph_rank is not None for h in hits)
        assert any(h.rrf_score is not None for h in hits)
    if profile in ("dense", "bm25"):
        assert all(h.graph_rank is None and h.rrf_score is None for h in hits)


@pytest.mark.slow
def test_components_load_once(hg: HopGraph) -> None:
    assert hg.retriever is hg.retriever
    assert hg.graph is hg.graph and hg.graph_load_seconds is not None
    assert hg.graph_searcher.kg is hg.graph
    assert len(hg.graph.entities) == hg.stats()["entities"]
