"""Incremental updates (indexing/incremental.py): an updated store equals a fresh build of the final corpus.

Stores are built from the sample corpus (invented) with real spaCy extraction and the hash embedder.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import faiss
import numpy as np
import pytest
from hopgraph.indexing.incremental import (
    add_documents,
    merge_documents,
    remove_documents,
)
from hopgraph.indexing.lexical import LexicalIndex
from hopgraph.indexing.load import load_corpus
from hopgraph.indexing.pipeline import build_index
from hopgraph.indexing.reuse import unpack_extractions
from store_fixtures import SAMPLE, HashEmbedder, fake_settings, sample_queries

from hopgraph.errors import UserError
from hopgraph.models import Document
from hopgraph.store import Store

TABLES = {
    "documents": "doc_id, title, text, metadata",
    "chunks": 'chunk_id, row, doc_id, title, text, start, "end", content_hash, position',
    "entities": "entity_id, name, norm, type, aliases, doc_freq",
    "aliases": "alias, entity_id",
    "mentions": 'entity_id, chunk_id, start, "end", text',
    "relations": "id, source_id, predicate, target_id, chunk_id, sentence, weight, kind",
    "name_votes": "norm, labels, texts, mid, type",
    "doc_keys": "key, doc",
    "lower_words": "word, docs",
}
QUESTIONS = [q["text"] for q in sample_queries()[:8]]
PROFILES = ("dense", "bm25", "hybrid", "graph", "graph-hybrid")


@pytest.fixture(autouse=True)
def hash_embedder() -> Iterator[None]:
    fake = lambda name: HashEmbedder()
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", fake), \
            mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        yield


def settings():
    return fake_settings(extract=True)


def corpus_docs() -> list[Document]:
    return load_corpus(SAMPLE).documents


def write_corpus(path: Path, docs: list[Document]) -> Path:
    path.write_text(json.dumps([{"id": d.doc_id, "title": d.title, "text": d.text, "metadata": d.metadata}
                                for d in docs]), encoding="utf-8")
    return path


#: Graph tables with each entity id replaced by the entity's (name, norm, type): an update keeps the ids of the
#: entities it does not change, where a fresh build numbers entities in order of first mention.
BY_NAME = {
    "entities": "e.name, e.norm, e.type, e.aliases, e.doc_freq FROM entities e",
    "aliases": "a.alias, e.name, e.norm, e.type FROM aliases a JOIN entities e USING (entity_id)",
    "mentions": 'e.name, e.norm, e.type, m.chunk_id, m.start, m."end", m.text FROM mentions m JOIN entities e USING (entity_id)',
    "relations": "s.name, s.norm, s.type, r.predicate, t.name, t.norm, t.type, r.chunk_id, r.sentence, r.weight, r.kind "
                 "FROM relations r JOIN entities s ON s.entity_id = r.source_id JOIN entities t ON t.entity_id = r.target_id",
    "entity_votes": "e.name, e.norm, e.type, v.doc_id, v.labels, v.evidence FROM entity_votes v JOIN entities e USING (entity_id)",
}


def undirected(row: tuple) -> tuple:
    """A co-occurrence relation row with its two ends in a fixed order (`resolve` writes it from the smaller id)."""
    return (*min(row[:3], row[4:7]), row[3], *max(row[:3], row[4:7]), *row[7:]) if row[-1] == "cooccur" else row


def table_rows(root: Path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(root / "hopgraph.db")
    try:
        out = {t: sorted(conn.execute(f"SELECT {cols} FROM {t}").fetchall(), key=repr) for t, cols in TABLES.items()
               if t not in BY_NAME}
        out.update({t: sorted(conn.execute(f"SELECT {q}").fetchall(), key=repr) for t, q in BY_NAME.items()})
        out["relations"] = sorted((undirected(r) for r in out["relations"]), key=repr)
        out["row counts"] = [conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone() for t in BY_NAME]
        state = conn.execute("SELECT doc_id, doc_hash, extraction FROM doc_state ORDER BY doc_id").fetchall()
        out["doc_state"] = [(d, h, unpack_extractions(x)) for d, h, x in state]
        return out
    finally:
        conn.close()


def search_results(root: Path) -> dict[tuple[str, str], list[tuple[str, float]]]:
    from hopgraph.facade import HopGraph

    hg = HopGraph.open(root, settings())
    try:
        return {(p, q): [(h.chunk_id, round(h.score, 5)) for h in hg.search(q, k=5, profile=p)]
                for p in PROFILES for q in QUESTIONS}
    finally:
        hg.close()


def assert_same_store(a: Path, b: Path) -> None:
    """Same rows in every table (entities by name), same vectors, same BM25 size, same search results."""
    rows_a, rows_b = table_rows(a), table_rows(b)
    for table in rows_a:
        assert rows_a[table] == rows_b[table], f"table {table} differs"
    va, vb = faiss.read_index(str(a / "dense.faiss")), faiss.read_index(str(b / "dense.faiss"))
    assert va.ntotal == vb.ntotal
    assert np.allclose(va.reconstruct_n(0, va.ntotal), vb.reconstruct_n(0, vb.ntotal))
    assert LexicalIndex.load(a / "bm25").n_docs == LexicalIndex.load(b / "bm25").n_docs
    assert search_results(a) == search_results(b)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Fresh builds of A (the sample documents but the last 12, B) and of A∪B (all of them)."""
    base = tmp_path_factory.mktemp("fresh")
    docs = corpus_docs()
    out = {}
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: HashEmbedder()):
        for name, part in (("A", docs[:-12]), ("AB", docs)):
            build_index(write_corpus(base / f"{name}.json", part), base / name, settings(), show_progress=False)
            out[name] = base / name
    return out


def test_add_then_remove_equals_fresh_builds(tmp_path: Path, fresh: dict[str, Path]) -> None:
    docs = corpus_docs()
    store = tmp_path / "store"
    build_index(write_corpus(tmp_path / "a.json", docs[:-12]), store, settings(), show_progress=False)

    stats = add_documents(store, docs[-12:], settings())
    assert (stats.documents, stats.documents_added, stats.documents_replaced, stats.documents_removed) == \
        (len(docs), 12, 0, 0)
    b_chunks = sum(1 for c in Store.open(fresh["AB"]).all_chunks() if c.doc_id in {d.doc_id for d in docs[-12:]})
    assert stats.chunks_extracted == b_chunks and stats.chunks_embedded == b_chunks  # only B's work was done
    assert_same_store(store, fresh["AB"])

    stats = remove_documents(store, [d.doc_id for d in docs[-12:]], settings())
    assert (stats.documents, stats.documents_removed, stats.chunks_extracted, stats.chunks_embedded) == \
        (len(docs) - 12, 12, 0, 0)
    assert_same_store(store, fresh["A"])


def test_replacing_a_document_equals_a_fresh_build(tmp_path: Path, fresh: dict[str, Path]) -> None:
    docs = corpus_docs()[:-12]
    changed = docs[3].model_copy(update={"text": docs[3].text + " It was later renamed Varrow Point by the Tesselby council."})
    store = tmp_path / "store"
    build_index(write_corpus(tmp_path / "a.json", docs), store, settings(), show_progress=False)
    stats = add_documents(store, [changed], settings())
    assert (stats.documents, stats.documents_added, stats.documents_replaced) == (len(docs), 0, 1)
    assert 1 <= stats.chunks_extracted <= 3

    final = [changed if d.doc_id == changed.doc_id else d for d in docs]
    build_index(write_corpus(tmp_path / "final.json", final), tmp_path / "fresh", settings(), show_progress=False)
    assert_same_store(store, tmp_path / "fresh")
    assert "Varrow Point" in {n for (n,) in sqlite3.connect(store / "hopgraph.db").execute("SELECT name FROM entities")}


def test_index_over_a_store_redoes_only_changed_documents(tmp_path: Path, fresh: dict[str, Path]) -> None:
    """`hopgraph index PATH` on an existing store: unchanged documents reuse their extraction, vanished ones go."""
    docs = corpus_docs()
    store = tmp_path / "store"
    build_index(write_corpus(tmp_path / "ab.json", docs[:-7]), store, settings(), show_progress=False)
    stats = build_index(write_corpus(tmp_path / "a.json", docs[:-12]), store, settings(), show_progress=False)
    assert (stats.documents_removed, stats.documents_added, stats.chunks_extracted, stats.chunks_embedded) == (5, 0, 0, 0)
    assert_same_store(store, fresh["A"])


def test_failed_update_keeps_the_previous_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                fresh: dict[str, Path]) -> None:
    docs = corpus_docs()
    store = tmp_path / "store"
    build_index(write_corpus(tmp_path / "a.json", docs[:-12]), store, settings(), show_progress=False)
    before = table_rows(store)

    def broken(self, path: Path) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(LexicalIndex, "save", broken)
    with pytest.raises(RuntimeError, match="disk full"):
        add_documents(store, docs[-12:], settings())
    assert table_rows(store) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_bad_requests_change_nothing(tmp_path: Path, fresh: dict[str, Path]) -> None:
    store = fresh["A"]
    before = table_rows(store)
    with pytest.raises(UserError, match="not in the store: 'no-such-doc'"):
        remove_documents(store, ["no-such-doc"], settings())
    with pytest.raises(UserError, match="empty"):
        remove_documents(store, [d.doc_id for d in corpus_docs()[:-12]], settings())
    with pytest.raises(UserError, match="has no text"):
        add_documents(store, [Document(doc_id="blank", text="  ")], settings())
    with pytest.raises(UserError, match="no hopgraph store"):
        add_documents(tmp_path / "nowhere", [Document(doc_id="x", text="Some text.")], settings())
    assert table_rows(store) == before


def test_traces_survive_an_update(tmp_path: Path) -> None:
    docs = corpus_docs()[:10]
    store = tmp_path / "store"
    build_index(write_corpus(tmp_path / "a.json", docs), store, settings(), show_progress=False)
    s = Store.open(store)
    s.save_trace("t1", "who?", "{}")
    s.cache_put("k1", "m", "reply")
    s.close()
    add_documents(store, [Document(doc_id="new", title="Orrin Vale", text="Orrin Vale is a painter from Tesselby.")],
                  settings())
    s = Store.open(store)
    assert s.get_trace("t1") == "{}" and s.cache_get("k1") == "reply"


def test_merge_keeps_order_and_replaces_in_place() -> None:
    cur = [Document(doc_id=i, text=i) for i in "abc"]
    merged = merge_documents(cur, [Document(doc_id="d", text="d"), Document(doc_id="b", text="B")])
    assert [(d.doc_id, d.text) for d in merged] == [("a", "a"), ("b", "B"), ("c", "c"), ("d", "d")]
    with pytest.raises(UserError, match="twice"):
        merge_documents(cur, [Document(doc_id="d", text="d"), Document(doc_id="d", text="e")])


def test_an_update_holds_the_writer_lock_from_read_to_swap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two updates never start from the same documents: the store's writer lock is held while reading."""
    guard = pytest.importorskip("hopgraph.guard")
    from hopgraph.indexing import delta_update

    store = tmp_path / "store"
    build_index(write_corpus(tmp_path / "a.json", corpus_docs()[:5]), store, settings(), show_progress=False)

    seen = []
    real = delta_update.Store.open

    def reading(root: Path, *args):
        if Path(root) == store:  # the live store (the build's temporary folder is opened too, to save graph arrays)
            seen.append(guard.lock_path(root).exists())
        return real(root, *args)

    monkeypatch.setattr(delta_update.Store, "open", reading)
    add_documents(store, [Document(doc_id="new", text="Orrin Vale is a painter from Tesselby.")], settings())
    assert seen and all(seen)
    assert not guard.lock_path(store).exists()


def test_python_api_add_and_remove_reload_the_hopgraph(tmp_path: Path) -> None:
    from hopgraph.facade import HopGraph

    store = tmp_path / "store"
    build_index(write_corpus(tmp_path / "a.json", corpus_docs()[:5]), store, settings(), show_progress=False)
    hg = HopGraph.open(store, settings())
    assert hg.search("glassblower kiln", k=3, profile="bm25") == []
    stats = hg.add([{"id": "n1", "title": "Orrin Vale", "text": "Orrin Vale is a glassblower who runs the Quenby kiln."}])
    assert (stats.documents, stats.documents_added) == (6, 1)
    assert [h.doc_id for h in hg.search("glassblower kiln", k=3, profile="bm25")] == ["n1"]
    assert any(e.name == "Orrin Vale" for e in hg.graph.entities.values())
    hg.remove("n1")
    assert hg.search("glassblower kiln", k=3, profile="bm25") == []
    assert not any(e.name == "Orrin Vale" for e in hg.graph.entities.values())
    hg.close()
