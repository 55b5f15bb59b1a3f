"""Graph profiles (graph/search.py): score combination and GraphSearcher over the hand-made graph.

The store behind the graph is built with the hash embedder, so these tests need no model.
"""

from __future__ import annotations

import pytest

from hopgraph.graph.search import W_COSINE, W_PPR, W_TRAVERSE, GraphSearcher, combine_scores, stored_vectors
from hopgraph.hops.retrieve import Retriever
from hopgraph.store import Store
from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.link import link_entities
from kg_fixtures import ALIASES, DOCS, ENTITIES, MENTIONS, RELATIONS, small_kg, write_small_corpus
from store_fixtures import HashEmbedder, build_fake_store, fake_settings


def test_combine_scores_is_a_weighted_sum_of_max_normalised_scores() -> None:
    combined = combine_scores({"a": 2.0, "b": 1.0}, {"b": 0.4, "c": 0.1}, {"a": 0.5, "b": -0.3, "z": 0.9})
    assert combined == pytest.approx({
        "a": W_TRAVERSE * 1.0 + W_COSINE * 0.5,
        "b": W_TRAVERSE * 0.5 + W_PPR * 1.0,  # negative cosine counts as 0
        "c": W_PPR * 0.25,
    })
    assert "z" not in combined  # cosine alone never makes a candidate
    assert combine_scores({}, {}, {"a": 1.0}) == {}


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> GraphSearcher:
    base = tmp_path_factory.mktemp("graph-search")
    build_fake_store(write_small_corpus(base / "docs.json"), base / "store")
    settings = fake_settings()
    retriever = Retriever(Store.open(base / "store"), settings, embedder=HashEmbedder())
    return GraphSearcher(retriever, small_kg(), settings)


def test_graph_profile_follows_the_bridge(searcher: GraphSearcher) -> None:
    hits = searcher.search_graph("Where was the director of The Glass Harbor born?", 10)
    ranked = [h.chunk_id for h in hits]
    assert ranked[0] == "film#0"
    assert ranked.index("oskar#0") < ranked.index("tamsel#0")  # one hop before two hops
    assert [h.graph_rank for h in hits] == list(range(1, len(hits) + 1))
    assert all(h.graph_score == h.score for h in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert all(h.dense_rank is None and h.bm25_rank is None for h in hits)


def test_nothing_linked_means_no_graph_hits(searcher: GraphSearcher) -> None:
    assert searcher.search_graph("which river is the longest?", 5) == []


def test_low_confidence_links_are_not_seeds(searcher: GraphSearcher) -> None:
    searcher.settings.graph.seed_min_confidence = 0.95
    try:
        assert searcher.link("Where was Oskar Brandtt born?") == []  # fuzzy: below 0.9
        assert [e.entity_id for e in searcher.link("Where was Oskar Brandt born?")] == [0]
    finally:
        searcher.settings.graph.seed_min_confidence = 0.5


def test_a_name_two_entities_share_goes_to_the_one_whose_passage_fits_the_question(searcher: GraphSearcher) -> None:
    # Greta Brandt (one document) named in the port city's passage; Oskar Brandt in three
    kg = KnowledgeGraph.from_parts({e.entity_id: e for e in ENTITIES}, list(RELATIONS), [*MENTIONS, (7, "kb#0")],
                                   list(ALIASES), {f"{d}#0": t for d, (t, _) in DOCS.items()})
    near_port = GraphSearcher(searcher.retriever, kg, searcher.settings)
    by_count = {e.entity_id: e.confidence for e in link_entities("Brandt of the port city harbour", kg)}
    by_fit = {e.entity_id: e.confidence for e in near_port.link("Brandt of the port city harbour")}
    assert by_count[0] > by_count[7]  # by document counts alone: Oskar
    assert by_fit[7] > by_fit[0]  # the passage about the port city fits the question: Greta
    by_fit = {e.entity_id: e.confidence for e in near_port.link("Brandt directed the film")}
    assert by_fit[0] > by_fit[7]


def test_graph_hybrid_fuses_graph_and_hybrid(searcher: GraphSearcher) -> None:
    q = "Where was the director of The Glass Harbor born?"
    k, w = searcher.settings.graph.fusion_k, searcher.settings.graph.fusion_weight
    graph = {h.chunk_id: h.graph_rank for h in searcher.search_graph(q, 30)}
    hybrid = {h.chunk_id: i for i, h in enumerate(searcher.retriever.search_hybrid(q, 30), 1)}
    hits = searcher.search_graph_hybrid(q, 4)
    assert len(hits) == 4
    for h in hits:
        g, b = graph.get(h.chunk_id), hybrid.get(h.chunk_id)
        expected = (w / (k + g) if g else 0.0) + (1 / (k + b) if b else 0.0)
        assert h.score == pytest.approx(expected)
        assert h.graph_rank == graph.get(h.chunk_id)
    assert any(h.rrf_score is not None for h in hits)


@pytest.mark.parametrize("k", [1, 3, 4, 10, 40])
@pytest.mark.parametrize("q", ["Where was the director of The Glass Harbor born?", "port city harbour",
                               "Who directed The Glass Harbor and where was Oskar Brandt born?"])
def test_graph_hybrid_makes_the_hits_fuse_makes(searcher: GraphSearcher, q: str, k: int) -> None:
    depth = max(k, searcher.settings.retrieval.fuse_top)
    qvec = searcher.retriever.embed_query(q)
    expected = searcher.fuse(searcher.search_graph(q, depth, qvec), searcher.retriever.search_hybrid(q, depth, qvec=qvec), k)
    got = searcher.search_graph_hybrid(q, k)
    assert [h.model_dump() for h in got] == [h.model_dump() for h in expected]
    assert [h.model_fields_set for h in got] == [h.model_fields_set for h in expected]  # the same fields set
    assert any(h.graph_rank is not None and h.dense_rank is not None for h in got) or "port" in q or k < 4


def test_graph_hybrid_without_links_is_the_hybrid_order(searcher: GraphSearcher) -> None:
    q = "port city harbour"
    hits = searcher.search_graph_hybrid(q, 3)
    assert [h.chunk_id for h in hits] == [h.chunk_id for h in searcher.retriever.search_hybrid(q, 3)]
    assert all(h.graph_rank is None for h in hits)


def test_top_equals_the_first_n_of_a_full_sort_with_ties_by_id() -> None:
    import random

    from hopgraph.graph.search import _top

    rng = random.Random(3)
    for size in (0, 1, 5, 40, 300):
        scores = {f"doc{rng.randrange(10_000)}#{i}": rng.choice([0.1, 0.25, 0.5, 0.5, 0.9, rng.random()])
                  for i in range(size)}
        for n in (0, 1, 7, 50, 400):
            expected = {c for c, _ in sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:n]}
            assert _top(scores, n) == expected
    assert _top({"b": 1.0, "a": 1.0, "c": 0.5}, 1) == {"a"}  # a tie goes to the smaller id


def test_stored_vectors_are_the_rows_reconstruct_copies() -> None:
    import faiss
    import numpy as np

    from hopgraph.indexing.dense import reconstruct

    rng = np.random.default_rng(0)
    data = rng.standard_normal((50, 8)).astype(np.float32)
    flat = faiss.IndexFlatIP(8)
    assert stored_vectors(flat) is None  # empty
    flat.add(data)
    view = stored_vectors(flat)
    rows = [7, 0, 49, 7, 13]
    assert view is not None and not view.flags.writeable
    assert np.array_equal(view[rows], reconstruct(flat, rows))
    q = rng.standard_normal(8).astype(np.float32)
    assert np.array_equal(view[rows] @ q, reconstruct(flat, rows) @ q)  # the same bits either way
    assert stored_vectors(faiss.IndexHNSWFlat(8, 4)) is None  # not a flat index: callers reconstruct


def test_on_a_corpus_not_titled_by_its_subjects_the_graph_only_breaks_hybrids_ties(searcher: GraphSearcher) -> None:
    q = "Where was the director of The Glass Harbor born?"
    assert searcher.kg.paged and searcher.graph_weight == searcher.settings.graph.fusion_weight
    shared = searcher.kg.titled_share
    searcher.kg.titled_share = 0.0  # headlines, minutes and notes
    try:
        assert not searcher.kg.paged
        assert searcher.graph_weight == searcher.settings.graph.untitled_fusion_weight
        hybrid = [h.chunk_id for h in searcher.retriever.search_hybrid(q, 5)]
        assert [h.chunk_id for h in searcher.search_graph_hybrid(q, 5)] == hybrid
    finally:
        searcher.kg.titled_share = shared



def test_ppr_is_pushed_only_on_graphs_of_at_least_ppr_push_above_nodes(searcher: GraphSearcher) -> None:
    q = "Where was the director of The Glass Harbor born?"
    qvec = searcher.retriever.embed_query(q)
    nodes = searcher.ppr_matrix.transition.shape[0]
    graph = searcher.settings.graph
    for above, push in ((nodes + 1, None), (nodes, graph.ppr_push_eps)):
        settings = searcher.settings.model_copy(update={"graph": graph.model_copy(update={"ppr_push_above": above})})
        s = GraphSearcher(searcher.retriever, searcher.kg, settings)
        assert s.graph_scores(q, qvec)
        assert [key[-1] for key in s.ppr_matrix.memo._data] == [push]  # the walk's key names how it was made
