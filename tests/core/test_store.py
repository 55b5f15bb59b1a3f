"""The store folder (hopgraph/store.py): round trip, refusal of mismatched stores, atomic builds."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from unittest import mock

import numpy as np
import pytest

from hopgraph.config import Settings
from hopgraph.errors import UserError
from hopgraph.facade import HopGraph
from hopgraph.models import Chunk, Document, Entity, Relation
from hopgraph.indexing.dense import build_dense_index, save_dense_index
from hopgraph.indexing.lexical import LexicalIndex
from hopgraph.store import BM25_DIR, FAISS_NAME, SCHEMA, SCHEMA_VERSION, Store, building

DOCS = [
    Document(doc_id="d1", title="Lorn", text="Lorn is a city. It lies on the Sable.", metadata={"kind": "city"}),
    Document(doc_id="d2", title="Sable", text="The Sable is a river."),
]
CHUNKS = [
    Chunk(chunk_id="d1#0", doc_id="d1", title="Lorn", text="Lorn is a city.", start=0, end=15, content_hash="h1", position=0),
    Chunk(chunk_id="d1#1", doc_id="d1", title="Lorn", text="It lies on the Sable.", start=16, end=37, content_hash="h2", position=1),
    Chunk(chunk_id="d2#0", doc_id="d2", title="Sable", text="The Sable is a river.", start=0, end=21, content_hash="h3", position=0),
]
ENTITIES = [
    Entity(entity_id=0, name="Lorn", type="GPE", aliases=["Lorn", "City of Lorn"], doc_freq=1),
    Entity(entity_id=1, name="Sable", type="LOC", aliases=["Sable River"], doc_freq=2),
]
RELATIONS = [
    Relation(source_id=0, predicate="lie on", target_id=1, chunk_id="d1#1", sentence="It lies on the Sable."),
    Relation(source_id=0, predicate="cooccur", target_id=1, chunk_id="d1#1", sentence="It lies on the Sable.", weight=2.0, kind="cooccur"),
]
MENTIONS = [
    {"entity_id": 0, "chunk_id": "d1#0", "start": 0, "end": 4, "text": "Lorn"},
    {"entity_id": 1, "chunk_id": "d1#1", "start": 15, "end": 20, "text": "Sable"},
    {"entity_id": 1, "chunk_id": "d2#0", "start": 4, "end": 9, "text": "Sable"},
]


def write_store(root: Path, model: str = "all-MiniLM-L6-v2", chunks: list[Chunk] = CHUNKS) -> Path:
    """A complete small store: the tables above, a FAISS index (one random unit vector per chunk) and BM25."""
    with building(root) as w:
        vectors = np.random.default_rng(0).normal(size=(len(chunks), 8)).astype(np.float32)
        save_dense_index(build_dense_index(vectors / np.linalg.norm(vectors, axis=1, keepdims=True)), w.root / FAISS_NAME)
        LexicalIndex.build([c.text for c in chunks]).save(w.root / BM25_DIR)
        w.write_documents(DOCS)
        w.write_chunks(chunks)
        w.write_graph(ENTITIES, MENTIONS, RELATIONS, {0: "lorn", 1: "sable"}, [("lorn", 0), ("city of lorn", 0), ("sable", 1), ("sable river", 1)])
        w.write_meta({"embedding_model": model, "dimension": 8})
    return root


def leftovers(parent: Path) -> list[str]:
    return [p.name for p in parent.iterdir() if p.name.startswith(".")]


def test_round_trip(tmp_path: Path) -> None:
    store = Store.open(write_store(tmp_path / "store"))
    assert store.all_chunks() == CHUNKS
    assert store.chunk_ids_by_row() == ["d1#0", "d1#1", "d2#0"]
    assert store.get_chunks(["d2#0", "missing"]) == {"d2#0": CHUNKS[2]}
    assert store.get_chunk("nope") is None
    assert store.get_document("d1") == DOCS[0]
    assert store.all_entities() == ENTITIES
    assert store.get_entity(1) == ENTITIES[1]
    assert store.all_relations() == RELATIONS
    assert store.relations_of(1) == RELATIONS
    assert sorted(store.aliases()) == [("city of lorn", 0), ("lorn", 0), ("sable", 1), ("sable river", 1)]
    assert sorted(store.all_mentions()) == [(0, "d1#0"), (1, "d1#1"), (1, "d2#0")]
    assert store.lead_mentions() == [(0, "d1#0")]
    meta = store.meta()
    assert meta["schema_version"] == str(SCHEMA_VERSION)
    assert meta["embedding_model"] == "all-MiniLM-L6-v2" and meta["dimension"] == "8"
    assert (store.count("documents"), store.chunk_count(), store.count("relations")) == (2, 3, 2)
    assert leftovers(tmp_path) == []


def test_traces_and_llm_cache_are_written_after_build(tmp_path: Path) -> None:
    store = Store.open(write_store(tmp_path / "store"))
    store.save_trace("t1", "q?", '{"x": 1}')
    store.cache_put("k", "m", "response")
    store.close()
    reopened = Store.open(tmp_path / "store")
    assert reopened.get_trace("t1") == '{"x": 1}'
    assert reopened.cache_get("k") == "response"
    assert reopened.get_trace("t2") is None and reopened.cache_get("k2") is None


def test_missing_store_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="no hopgraph store at .*hopgraph index PATH"):
        Store.open(tmp_path / "nothing")


def test_wrong_schema_version_says_rebuild(tmp_path: Path) -> None:
    root = write_store(tmp_path / "store")
    with sqlite3.connect(root / "hopgraph.db") as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(UserError, match=rf"schema version {SCHEMA_VERSION + 1}.*rebuild"):
        Store.open(root)


def test_embedding_model_mismatch_is_refused(tmp_path: Path) -> None:
    root = write_store(tmp_path / "store", model="all-MiniLM-L6-v2")
    with pytest.raises(UserError, match="built with embedding model 'all-MiniLM-L6-v2'.*'other-model'"):
        Store.open(root, embedding_model="other-model")
    Store.open(root, embedding_model="all-MiniLM-L6-v2").close()  # same model is fine


def test_facade_refuses_only_an_explicitly_chosen_model(tmp_path: Path) -> None:
    root = write_store(tmp_path / "store", model="some-custom-model")
    HopGraph.open(root, Settings(store=root)).close()  # default model, not chosen: the store's model wins
    explicit = Settings(store=root, index={"embedding_model": "all-MiniLM-L6-v2"})
    with pytest.raises(UserError, match="rebuild the store"):
        HopGraph.open(root, explicit)


def test_failure_inside_building_keeps_previous_store(tmp_path: Path) -> None:
    root = write_store(tmp_path / "store")
    with pytest.raises(RuntimeError, match="boom"):
        with building(root) as w:
            w.write_documents([Document(doc_id="new", text="new text")])
            assert w.root.exists() and w.root != root
            raise RuntimeError("boom")
    store = Store.open(root)
    assert [d for d in ("d1", "d2", "new") if store.get_document(d)] == ["d1", "d2"]
    assert leftovers(tmp_path) == []


def test_failed_first_build_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt):
        with building(tmp_path / "store"):
            raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


def test_successful_rebuild_replaces_the_store(tmp_path: Path) -> None:
    root = write_store(tmp_path / "store")
    write_store(root, model="second-model", chunks=CHUNKS[:1])
    store = Store.open(root)
    assert store.meta()["embedding_model"] == "second-model"
    assert store.chunk_ids_by_row() == ["d1#0"]
    assert leftovers(tmp_path) == []


# ---------------------------------------------------------------- the swap (hopgraph/swap.py) and readers
def test_build_records_its_version_and_a_build_id(tmp_path: Path) -> None:
    from hopgraph import __version__

    first = Store.open(write_store(tmp_path / "store")).meta()
    second = Store.open(write_store(tmp_path / "store")).meta()
    assert first["hopgraph_version"] == __version__
    assert len(first["build_id"]) == 32 and first["build_id"] != second["build_id"]


def test_rebuild_keeps_traces_and_cache_and_new_rows_win(tmp_path: Path) -> None:
    store = Store.open(write_store(tmp_path / "store"))
    store.save_trace("t1", "q1", "old result")
    store.cache_put("k1", "m", "old reply")
    store.close()
    with building(tmp_path / "store") as w:
        w.write_documents(DOCS)
        w.db.conn.execute("INSERT INTO llm_cache VALUES ('k1', 'm', 'fresh reply', 'now')")
        w.write_meta({"embedding_model": "all-MiniLM-L6-v2"})
    assert w.carried == {"traces": 1, "llm_cache": 0}
    rebuilt = Store.open(tmp_path / "store")
    assert rebuilt.get_trace("t1") == "old result" and rebuilt.cache_get("k1") == "fresh reply"


def test_carry_over_takes_shared_columns_and_skips_an_unreadable_old_store(tmp_path: Path) -> None:
    from hopgraph.swap import carry_over

    old, new = tmp_path / "old.db", tmp_path / "new.db"
    with sqlite3.connect(old) as conn:  # an older layout: no created_at, one extra column
        conn.execute("CREATE TABLE traces (trace_id TEXT PRIMARY KEY, question TEXT, result TEXT, extra TEXT)")
        conn.execute("INSERT INTO traces VALUES ('t1', 'q', 'r', 'x')")
    with sqlite3.connect(new) as conn:
        conn.executescript(SCHEMA)
    assert carry_over(old, new) == {"traces": 1}
    with sqlite3.connect(new) as conn:
        assert conn.execute("SELECT trace_id, question, result, created_at FROM traces").fetchall() == [("t1", "q", "r", None)]
    old.write_bytes(b"not a database at all" * 100)
    assert carry_over(old, new) == {}
    assert carry_over(tmp_path / "absent.db", new) == {}


def test_swap_without_an_atomic_exchange_falls_back_to_two_renames(tmp_path: Path) -> None:
    write_store(tmp_path / "store")
    with mock.patch("hopgraph.swap.exchange", return_value=False):
        write_store(tmp_path / "store", chunks=CHUNKS[:2])
    assert Store.open(tmp_path / "store").chunk_count() == 2
    assert leftovers(tmp_path) == []


def test_a_store_whose_database_was_deleted_says_so(tmp_path: Path) -> None:
    root = write_store(tmp_path / "store")
    (root / "hopgraph.db").unlink()
    with pytest.raises(UserError, match=r"hopgraph.db is missing.*--force"):
        Store.open(root)
    from hopgraph.guard import check_destination

    with pytest.raises(UserError, match="add --force"):
        check_destination(root)  # what `hopgraph index` runs first
    write_store(root)  # with --force (StoreWriter itself only refuses what is no store)
    assert Store.open(root).chunk_count() == 3
