"""The graph's arrays saved in the store's database (graph/graph_files.py): what a build writes, that opening
reads them and gets the very graph computed from the rows, and that missing, stale or damaged ones are not used."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import numpy as np
import pytest
from hopgraph.graph import graph_files
from hopgraph.graph.arrays import GraphArrays, graph_arrays
from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.ppr import PPRMatrix
from hopgraph.indexing.incremental import add_documents, remove_documents
from hopgraph.indexing.pipeline import build_index
from hopgraph.indexing.load import load_corpus
from store_fixtures import SAMPLE, HashEmbedder, fake_settings
from test_build import RELATIONS, _from_models, _store

from hopgraph.models import Document, Relation
from hopgraph.store import Store
from hopgraph.store_layout import GRAPH_TABLE


def same_arrays(a: GraphArrays, b: GraphArrays) -> None:
    assert a.arrays.keys() == b.arrays.keys() and a.strings == b.strings and a.meta == b.meta
    for name in a.arrays:
        assert np.array_equal(a.arrays[name], b.arrays[name]), name


def same_graph(kg: KnowledgeGraph, ref: KnowledgeGraph) -> None:
    """Equal, and every side table's keys and each set's members iterate in the same order."""
    for name in ("entity_chunks", "chunk_entities", "alias_index", "home_chunks", "relations_by_chunk"):
        a, b = getattr(kg, name), getattr(ref, name)
        assert list(a) == list(b), name
        assert all(list(a[k]) == list(b[k]) for k in b), name
    assert kg.titled_share == ref.titled_share and dict(kg.entities) == dict(ref.entities)
    assert list(kg.relations) == list(ref.relations)
    for eid in ref.entities:
        assert kg.edges_of(eid) == ref.edges_of(eid)
    x, y = PPRMatrix.from_graph(kg).transition, PPRMatrix.from_graph(ref).transition
    assert (x.indptr.tolist(), x.indices.tolist(), x.data.tolist()) == (y.indptr.tolist(), y.indices.tolist(), y.data.tolist())


def _sql(store: Store, sql: str, *params: object) -> list[tuple]:
    conn = sqlite3.connect(store.root / "hopgraph.db")
    try:
        with conn:
            return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def test_a_build_saves_the_arrays_of_its_database(tmp_path: Path):
    store = _store(tmp_path / "s")
    (manifest,), = _sql(store, f"SELECT data FROM {GRAPH_TABLE} WHERE name = 'manifest'")
    assert json.loads(manifest)["build_id"] == store.meta()["build_id"]
    saved = graph_files.load(store)
    assert saved is not None
    same_arrays(saved, graph_arrays(store))


@pytest.mark.parametrize("lazy_members", [400_000, 0])  # a small graph's dicts of sets, or a large one's CsrSets
def test_opening_reads_the_saved_arrays_and_gets_the_graph_of_the_rows(tmp_path: Path, lazy_members: int,
                                                                       monkeypatch: pytest.MonkeyPatch):
    from hopgraph.graph import build
    from hopgraph.graph.csr_sets import CsrSets

    monkeypatch.setattr(build, "LAZY_MEMBERS", lazy_members)
    store = _store(tmp_path / "s")
    with mock.patch("hopgraph.graph.arrays.graph_arrays", side_effect=AssertionError("computed")):
        kg = KnowledgeGraph.from_store(store)  # read, not computed
    assert isinstance(kg.entity_chunks, CsrSets) == (lazy_members == 0)
    same_graph(kg, _from_models(store))


def test_a_store_without_saved_arrays_opens_the_same_graph(tmp_path: Path):
    store = _store(tmp_path / "s")
    _sql(store, f"DROP TABLE {GRAPH_TABLE}")  # as a store built before they were saved
    assert graph_files.load(store) is None
    same_graph(KnowledgeGraph.from_store(store), _from_models(store))


def test_arrays_of_another_build_are_not_used(tmp_path: Path):
    store = _store(tmp_path / "s")
    _sql(store, "UPDATE meta SET value = 'another' WHERE key = 'build_id'")  # rows changed by a later build
    _sql(store, "DELETE FROM relations WHERE id = (SELECT MAX(id) FROM relations)")
    assert graph_files.load(store) is None
    assert list(KnowledgeGraph.from_store(store).relations) == RELATIONS[:-1]


def test_damaged_arrays_are_not_used(tmp_path: Path):
    store = _store(tmp_path / "s")
    _sql(store, f"UPDATE {GRAPH_TABLE} SET data = x'0102' WHERE name = 'out_keys'")
    assert graph_files.load(store) is None
    same_graph(KnowledgeGraph.from_store(store), _from_models(store))
    _sql(store, f"UPDATE {GRAPH_TABLE} SET data = '{{' WHERE name = 'manifest'")
    assert graph_files.load(store) is None


def test_a_failure_to_save_them_does_not_fail_the_build(tmp_path: Path):
    with mock.patch("hopgraph.graph.graph_files.graph_arrays", side_effect=MemoryError):
        store = _store(tmp_path / "s")
    assert graph_files.load(store) is None
    same_graph(KnowledgeGraph.from_store(store), _from_models(store))


# ------------------------------------------------------------ updates
@pytest.fixture
def hash_embedder() -> Iterator[None]:
    fake = lambda name: HashEmbedder()  # noqa: E731
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", fake), \
            mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        yield


def _saved_equals_rows(root: Path) -> KnowledgeGraph:
    store = Store.open(root)
    saved = graph_files.load(store)
    assert saved is not None
    same_arrays(saved, graph_arrays(store))
    return KnowledgeGraph.from_store(store)


def test_after_an_add_and_a_remove_the_saved_arrays_are_those_of_the_new_rows(tmp_path: Path, hash_embedder: None):
    settings = fake_settings(extract=True)
    docs = load_corpus(SAMPLE).documents[:-12]
    corpus = tmp_path / "a.json"
    corpus.write_text(json.dumps([{"id": d.doc_id, "title": d.title, "text": d.text} for d in docs]), encoding="utf-8")
    build_index(corpus, tmp_path / "store", settings, show_progress=False)
    before = _saved_equals_rows(tmp_path / "store")
    new = Document(doc_id="new-1", title="Orrin Quillby",
                   text="Orrin Quillby is a glassblower. Orrin Quillby founded the Yarrowmere Kiln Works.")
    add_documents(tmp_path / "store", [new], settings)
    added = _saved_equals_rows(tmp_path / "store")
    assert added.lookup("Orrin Quillby") and not before.lookup("Orrin Quillby")
    remove_documents(tmp_path / "store", ["new-1"], settings)
    removed = _saved_equals_rows(tmp_path / "store")
    assert not removed.lookup("Orrin Quillby")
    assert all(isinstance(r, Relation) for r in removed.relations)


@pytest.mark.parametrize("array_offer", [32, 0])  # short lists through a dict, or every list through numpy
def test_traversal_over_the_saved_arrays_scores_as_over_dicts_of_sets(tmp_path: Path, array_offer: int,
                                                                      monkeypatch: pytest.MonkeyPatch):
    from hopgraph.graph import build, traverse
    from hopgraph.graph.traverse import _ChunkBest, traverse_chunks

    monkeypatch.setattr(traverse, "ARRAY_OFFER", array_offer)
    monkeypatch.setattr(build, "LAZY_MEMBERS", 0)  # the side tables of a large graph
    store = _store(tmp_path / "s")
    kg, ref = KnowledgeGraph.from_store(store), _from_models(store)
    assert _ChunkBest(kg).arrays and not _ChunkBest(ref).arrays
    for seeds in ({0: 1.0}, {2: 0.8}, {1: 0.6, 3: 0.9}):
        for terms in (frozenset(), frozenset({"founded"}), frozenset({"based"})):
            got, want = traverse_chunks(kg, seeds, terms, 2), traverse_chunks(ref, seeds, terms, 2)
            assert got == want and got[0]  # the same chunk and entity scores
