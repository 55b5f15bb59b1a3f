"""Updates as changes to the store (indexing/delta_update.py): ids, orphans, vectors, interruption, fallback.

Equality with fresh builds is in test_incremental.py; these tests check what only the change path has.
Stores are built from the sample corpus (invented) with real spaCy extraction and the hash embedder.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import faiss
import numpy as np
import pytest
from hopgraph.indexing import delta_write
from hopgraph.indexing.incremental import add_documents, remove_documents
from hopgraph.indexing.pipeline import build_index
from store_fixtures import HashEmbedder, fake_settings
from test_incremental import corpus_docs, table_rows, write_corpus

from hopgraph.models import Document
from hopgraph.store import Store

NEW = Document(doc_id="new-1", title="Orrin Quillby",
               text="Orrin Quillby is a glassblower. Orrin Quillby founded the Yarrowmere Kiln Works.")


@pytest.fixture(autouse=True)
def hash_embedder() -> Iterator[None]:
    fake = lambda name: HashEmbedder()
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", fake), \
            mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        yield


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("base")
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: HashEmbedder()):
        build_index(write_corpus(root / "a.json", corpus_docs()[:-12]), root / "store", fake_settings(extract=True),
                    show_progress=False)
    return root / "store"


@pytest.fixture
def store(base: Path, tmp_path: Path) -> Path:
    shutil.copytree(base, tmp_path / "store")
    return tmp_path / "store"


def entity_rows(root: Path) -> dict[int, tuple]:
    conn = sqlite3.connect(root / "hopgraph.db")
    try:
        return {r[0]: r[1:] for r in conn.execute("SELECT entity_id, name, norm, type, aliases, doc_freq FROM entities")}
    finally:
        conn.close()


def test_an_addition_about_new_names_keeps_every_entity_and_id(store: Path) -> None:
    before = entity_rows(store)
    stats = add_documents(store, [NEW], fake_settings(extract=True))
    after = entity_rows(store)
    assert {i: after[i] for i in before} == before  # same ids, same rows
    new = {after[i][0] for i in after.keys() - before.keys()}
    assert {"Orrin Quillby", "Yarrowmere Kiln Works"} <= new
    assert min(after.keys() - before.keys()) > max(before)
    meta = Store.open(store).meta()
    assert int(meta["resolved_documents"]) < stats.documents // 2  # only the neighbourhood was resolved
    assert stats.chunks_extracted == stats.chunks_embedded == 1


def test_removal_deletes_entities_left_without_mentions(store: Path) -> None:
    add_documents(store, [NEW], fake_settings(extract=True))
    remove_documents(store, [NEW.doc_id], fake_settings(extract=True))
    conn = sqlite3.connect(store / "hopgraph.db")
    names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    assert "Orrin Quillby" not in names and "Yarrowmere Kiln Works" not in names
    dangling = conn.execute("SELECT COUNT(*) FROM mentions WHERE entity_id NOT IN (SELECT entity_id FROM entities)")
    assert dangling.fetchone()[0] == 0
    ends = conn.execute("SELECT COUNT(*) FROM relations WHERE source_id NOT IN (SELECT entity_id FROM entities) "
                        "OR target_id NOT IN (SELECT entity_id FROM entities)")
    assert ends.fetchone()[0] == 0
    unused = conn.execute("SELECT COUNT(*) FROM entities WHERE entity_id NOT IN (SELECT entity_id FROM mentions) "
                          "AND entity_id NOT IN (SELECT source_id FROM relations) "
                          "AND entity_id NOT IN (SELECT target_id FROM relations)")
    assert unused.fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM doc_keys WHERE key = 'n:orrin quillby'").fetchone()[0] == 0


def test_faiss_row_i_is_the_vector_of_chunk_row_i_after_a_removal_in_the_middle(store: Path) -> None:
    middle = corpus_docs()[5].doc_id
    remove_documents(store, [middle], fake_settings(extract=True))
    add_documents(store, [NEW], fake_settings(extract=True))
    s = Store.open(store)
    chunks = s.all_chunks()
    assert [r for (r,) in s.conn.execute("SELECT row FROM chunks ORDER BY row")] == list(range(len(chunks)))
    assert middle not in {c.doc_id for c in chunks} and chunks[-1].doc_id == NEW.doc_id
    index = faiss.read_index(str(store / "dense.faiss"))
    expected = HashEmbedder().encode([c.retrieval_text for c in chunks])
    assert index.ntotal == len(chunks) and np.allclose(index.reconstruct_n(0, index.ntotal), expected)


@pytest.mark.parametrize("where", ["resolve", "graph"])
def test_an_interrupted_update_leaves_the_previous_store(store: Path, monkeypatch: pytest.MonkeyPatch,
                                                         where: str) -> None:
    before = table_rows(store)
    files = sorted(p.name for p in store.parent.iterdir())

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    if where == "resolve":
        monkeypatch.setattr("hopgraph.indexing.resolve.resolve", interrupted)
    else:
        monkeypatch.setattr(delta_write, "relation_row", interrupted)  # after the deletes
    with pytest.raises(KeyboardInterrupt):
        add_documents(store, [NEW], fake_settings(extract=True))
    assert table_rows(store) == before
    assert sorted(p.name for p in store.parent.iterdir()) == files  # no half-written folder left


def test_a_store_without_key_tables_is_rebuilt_once_then_updated_as_changes(store: Path) -> None:
    conn = sqlite3.connect(store / "hopgraph.db")
    conn.executescript("DROP TABLE doc_keys; DROP TABLE lower_words;")
    conn.close()
    add_documents(store, [NEW], fake_settings(extract=True))
    assert "resolved_documents" not in Store.open(store).meta()  # the rebuild path
    stats = remove_documents(store, [NEW.doc_id], fake_settings(extract=True))
    assert stats.documents_removed == 1 and "resolved_documents" in Store.open(store).meta()


def test_a_previous_bm25_without_term_counts_is_built_again_by_an_update(store: Path) -> None:
    from hopgraph.indexing.delta_bm25 import TF_NAME
    from hopgraph.indexing.lexical import LexicalIndex

    (store / "bm25" / TF_NAME).unlink()  # an index saved before the counts were kept
    add_documents(store, [NEW], fake_settings(extract=True))
    assert (store / "bm25" / TF_NAME).is_file()
    index = LexicalIndex.load(store / "bm25")
    assert index.n_docs == Store.open(store).count("chunks")
    new_row = Store.open(store).conn.execute("SELECT row FROM chunks WHERE doc_id = ?", (NEW.doc_id,)).fetchone()[0]
    assert new_row in [r for r, _s in index.search("Quillby glassblower", 3)]


def saved_arrays_match_rows(root: Path) -> bool:
    from hopgraph.graph.arrays import graph_arrays
    from hopgraph.graph.graph_files import load

    store = Store.open(root)
    try:
        saved, fresh = load(store), graph_arrays(store)
    finally:
        store.close()
    assert saved is not None
    assert saved.strings == fresh.strings and saved.meta == fresh.meta
    assert list(saved.arrays) == list(fresh.arrays)
    for name, array in fresh.arrays.items():
        assert saved.arrays[name].dtype == array.dtype and np.array_equal(saved.arrays[name], array), name
    return True


def test_an_update_patches_the_previous_graph_arrays_into_those_of_its_rows(store: Path) -> None:
    from hopgraph.graph import arrays_delta

    patched: dict[str, list] = {"relation_columns": [], "mention_pairs": []}

    def spy(name: str):
        real = getattr(arrays_delta, name)
        return lambda *args: patched[name].append(real(*args)) or patched[name][-1]

    with mock.patch.object(arrays_delta, "relation_columns", spy("relation_columns")), \
            mock.patch.object(arrays_delta, "mention_pairs", spy("mention_pairs")):
        add_documents(store, [NEW], fake_settings(extract=True))
        assert saved_arrays_match_rows(store)
        remove_documents(store, [NEW.doc_id, corpus_docs()[0].doc_id], fake_settings(extract=True))
        assert saved_arrays_match_rows(store)
    for name, got in patched.items():  # both patched, not read again
        assert len(got) == 2 and all(p is not None for p in got), name


def test_an_update_writes_its_mention_rows_after_every_previous_rowid(store: Path) -> None:
    def mention_rows() -> list[tuple]:
        conn = sqlite3.connect(store / "hopgraph.db")
        try:
            return conn.execute("SELECT rowid, chunk_id, entity_id FROM mentions ORDER BY rowid").fetchall()
        finally:
            conn.close()

    add_documents(store, [NEW], fake_settings(extract=True))
    before = mention_rows()
    assert NEW.doc_id in before[-1][1]  # the new document's rows are the last ones
    # its text changes: its rows (those with the highest rowids) are deleted, yet their rowids are not taken again
    changed = NEW.model_copy(update={"text": "Orrin Quillby is a potter. Orrin Quillby left Yarrowmere Kiln Works."})
    add_documents(store, [changed], fake_settings(extract=True))
    after = mention_rows()
    new = [r for r in after if NEW.doc_id in r[1]]
    assert new and new[0][0] == before[-1][0] + 1
    assert [r for r in after if r[0] <= before[-1][0]] == [r for r in before if NEW.doc_id not in r[1]]
    assert saved_arrays_match_rows(store)


def test_an_update_rewrites_only_the_chunks_whose_rows_changed(store: Path) -> None:
    seen = []
    real = delta_write.changed_chunks

    def spy(conn, table, old_chunks, new):
        seen.append((table, len(set(old_chunks) | new.keys()), real(conn, table, old_chunks, new)))
        return seen[-1][2]

    with mock.patch.object(delta_write, "changed_chunks", spy):
        add_documents(store, [NEW], fake_settings(extract=True))
    mentions = next(s for s in seen if s[0] == "mentions")
    assert any(c.startswith("new-1") for c in mentions[2])  # the new document's chunk is written
    assert len(mentions[2]) < mentions[1]  # and not every chunk of the neighbourhood
