"""Where `hopgraph index` may write, the writer lock, and what a re-index keeps (hopgraph/guard.py, swap.py)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest

from hopgraph.errors import StoreBusy, UserError
from hopgraph.facade import HopGraph
from hopgraph.guard import check_destination, inspect_destination, lock_path, writer_lock
from hopgraph.store import SCHEMA_VERSION, Store
from cli_fixtures import one_line_error, run_cli
from store_fixtures import HashEmbedder, fake_settings

WORLD_A = [
    {"id": "a1", "title": "Quillon", "text": "Quillon is a harbour town on the Marrow coast. Its lighthouse is painted green."},
    {"id": "a2", "title": "Marrow coast", "text": "The Marrow coast faces the Tessel Sea and has many small harbours."},
]
WORLD_B = WORLD_A + [
    {"id": "b1", "title": "Ostrava Vell", "text": "Ostrava Vell is a glassblower who was born in Quillon in 1931."},
]


def corpus(path: Path, docs: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(docs), encoding="utf-8")
    return path


@pytest.fixture
def fake_models() -> Iterator[None]:
    """Builds and searches with the hash embedder instead of sentence-transformers."""
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: HashEmbedder()), \
            mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        yield


def build(source: Path, store: Path, force: bool = False):
    return HopGraph.build(source, store, fake_settings(), force=force)


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# ---------------------------------------------------------------- destinations
def test_destinations_are_classified(tmp_path: Path, fake_models: None) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "thesis.tex").write_text("chapter one")
    (tmp_path / "file.txt").write_text("a file")
    (tmp_path / "other-db").mkdir()
    sqlite3.connect(tmp_path / "other-db" / "hopgraph.db").execute("CREATE TABLE notes (x)").connection.commit()
    (tmp_path / "truncated").mkdir()
    (tmp_path / "truncated" / "hopgraph.db").write_bytes(b"SQLite format 3\x00" + b"\x00" * 40)
    store = tmp_path / "store"
    build(corpus(tmp_path / "a.json", WORLD_A), store)
    kinds = {name: inspect_destination(tmp_path / name).kind
             for name in ("missing", "empty", "mine", "file.txt", "other-db", "truncated", "store")}
    assert kinds == {"missing": "missing", "empty": "empty", "mine": "folder", "file.txt": "file",
                     "other-db": "foreign", "truncated": "unreadable", "store": "store"}
    (store / "notes.md").write_text("my notes")
    assert inspect_destination(store) == inspect_destination(store).__class__("mixed", "notes.md")


@pytest.mark.parametrize("name", ["mine", "file.txt", "other-db"])
def test_refused_destinations_are_left_untouched_even_with_force(tmp_path: Path, fake_models: None, name: str) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "thesis.tex").write_text("chapter one")
    (tmp_path / "file.txt").write_text("a file")
    (tmp_path / "other-db").mkdir()
    sqlite3.connect(tmp_path / "other-db" / "hopgraph.db").execute("CREATE TABLE notes (x)").connection.commit()
    source = corpus(tmp_path / "in" / "a.json", WORLD_A)
    before = sorted(p.name for p in tmp_path.iterdir())
    target = tmp_path / name
    snapshot = target.read_bytes() if target.is_file() else tree(target)
    for force in (False, True):
        with pytest.raises(UserError, match="nothing was written"):
            build(source, target, force=force)
    assert (target.read_bytes() if target.is_file() else tree(target)) == snapshot
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no temp folder, no lock file left


def test_a_store_with_other_files_in_it_is_refused(tmp_path: Path, fake_models: None) -> None:
    source = corpus(tmp_path / "a.json", WORLD_A)
    build(source, tmp_path / "store")
    (tmp_path / "store" / "notes.md").write_text("my notes")
    with pytest.raises(UserError, match=r"not part of a hopgraph store \(notes.md\)"):
        build(source, tmp_path / "store", force=True)
    assert (tmp_path / "store" / "notes.md").read_text() == "my notes"


def test_never_into_onto_or_above_the_corpus(tmp_path: Path, fake_models: None) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.txt").write_text("Quillon is a harbour town on the Marrow coast.")
    cases = {docs: "is the corpus itself", docs / "index": "is inside the corpus", tmp_path: "contains the corpus"}
    for target, message in cases.items():
        with pytest.raises(UserError, match=message):
            build(docs, target, force=True)
    assert sorted(p.name for p in docs.iterdir()) == ["a.txt"]
    check_destination(tmp_path / "store", docs)  # a sibling is fine


def test_force_replaces_a_store_of_another_schema_version(tmp_path: Path, fake_models: None) -> None:
    source = corpus(tmp_path / "a.json", WORLD_A)
    build(source, tmp_path / "store")
    with sqlite3.connect(tmp_path / "store" / "hopgraph.db") as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(UserError, match=rf"schema version {SCHEMA_VERSION + 1}.*add --force"):
        build(source, tmp_path / "store")
    build(source, tmp_path / "store", force=True)
    assert Store.open(tmp_path / "store").meta()["schema_version"] == str(SCHEMA_VERSION)


def test_force_replaces_a_store_whose_database_cannot_be_read(tmp_path: Path, fake_models: None) -> None:
    source = corpus(tmp_path / "a.json", WORLD_A)
    build(source, tmp_path / "store")
    db = tmp_path / "store" / "hopgraph.db"
    db.write_bytes(db.read_bytes()[:5000])
    with pytest.raises(UserError, match="looks like a damaged hopgraph store.*add --force"):
        build(source, tmp_path / "store")
    build(source, tmp_path / "store", force=True)
    assert Store.open(tmp_path / "store").count("documents") == 2


def test_cli_refuses_with_one_line_and_stats_advises_nothing_destructive(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.txt").write_text("Quillon is a harbour town on the Marrow coast.")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "keep.txt").write_text("keep me")
    (tmp_path / "notes.txt").write_text("keep me too")
    line = one_line_error(run_cli("index", "docs", "--store", "mine", cwd=tmp_path))
    assert "not a hopgraph store (it holds keep.txt)" in line
    assert "is the corpus itself" in one_line_error(run_cli("index", "docs", "--store", "docs", cwd=tmp_path))
    assert "is a file" in one_line_error(run_cli("index", "docs", "--store", "notes.txt", "--force", cwd=tmp_path))
    for target in ("notes.txt", "mine"):
        line = one_line_error(run_cli("stats", "--store", target, cwd=tmp_path))
        assert "not a hopgraph store" in line and "--store" in line and f"--store {target}" not in line
    assert (tmp_path / "mine" / "keep.txt").read_text() == "keep me"
    assert (tmp_path / "notes.txt").read_text() == "keep me too"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs", "mine", "notes.txt"]


# ---------------------------------------------------------------- the writer lock
def test_the_lock_is_reentrant_in_a_thread_and_exclusive_across_threads(tmp_path: Path) -> None:
    store = tmp_path / "store"
    outcome: list[str] = []

    def second_writer() -> None:
        try:
            with writer_lock(store, wait=0.3):
                outcome.append("got it")
        except StoreBusy as e:
            outcome.append(str(e))

    with writer_lock(store):
        with writer_lock(store, wait=0):
            assert lock_path(store).exists()
        worker = threading.Thread(target=second_writer)
        worker.start()
        worker.join()
    assert len(outcome) == 1 and "another hopgraph index" in outcome[0] and f"pid {os.getpid()}" in outcome[0]
    assert not lock_path(store).exists()
    second_writer()
    assert outcome[-1] == "got it"


def test_a_second_index_process_fails_with_one_line(tmp_path: Path, fake_models: None) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.txt").write_text("Quillon is a harbour town on the Marrow coast.")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from hopgraph.guard import writer_lock\n"
                               "with writer_lock(sys.argv[1]):\n    print('held', flush=True); time.sleep(600)",
         str(tmp_path / "store")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        line = one_line_error(run_cli("index", "docs", "--store", "store", cwd=tmp_path))
        assert f"another hopgraph index (pid {holder.pid}) is writing the store" in line
        assert time.monotonic() - started < 60
        with pytest.raises(StoreBusy):
            build(tmp_path / "docs", tmp_path / "store")
    finally:
        holder.kill()
        holder.wait()
    build(tmp_path / "docs", tmp_path / "store")  # the kernel dropped the dead holder's lock
    assert Store.open(tmp_path / "store").count("documents") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs", "store"]


def test_what_a_dead_writer_left_is_cleaned_up(tmp_path: Path, fake_models: None) -> None:
    source = corpus(tmp_path / "in" / "a.json", WORLD_A)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    half = tmp_path / f".store.building-{pid}-0badc0de"
    half.mkdir()
    (half / "hopgraph.db").write_bytes(b"half written")
    build(source, tmp_path / "store")
    assert not half.exists()
    # killed between the two renames of the fallback swap: the old store is aside and the path is empty
    (tmp_path / "store").rename(tmp_path / f".store.old-{pid}-0badc0de")
    with writer_lock(tmp_path / "store"):
        pass
    assert Store.open(tmp_path / "store").count("documents") == 2


# ---------------------------------------------------------------- what a re-index keeps, and readers
def test_traces_and_the_llm_cache_survive_reindexing(tmp_path: Path, fake_models: None) -> None:
    build(corpus(tmp_path / "a.json", WORLD_A), tmp_path / "store")
    store = Store.open(tmp_path / "store")
    store.save_trace("t-old", "where is Quillon?", '{"x": 1}')
    store.cache_put("key-1", "some-model", "a cached reply")
    store.close()
    build(corpus(tmp_path / "b.json", WORLD_B), tmp_path / "store")
    new = Store.open(tmp_path / "store")
    assert new.count("documents") == 3
    assert new.get_trace("t-old") == '{"x": 1}' and new.cache_get("key-1") == "a cached reply"


def test_a_reader_keeps_the_old_store_and_its_writes_reach_the_new_one(tmp_path: Path, fake_models: None) -> None:
    build(corpus(tmp_path / "a.json", WORLD_A), tmp_path / "store")
    reader = HopGraph.open(tmp_path / "store", fake_settings())
    before = [h.doc_id for h in reader.search("glassblower Ostrava", k=3, profile="bm25")]
    assert not reader.store.replaced()
    build(corpus(tmp_path / "b.json", WORLD_B), tmp_path / "store")
    assert reader.store.replaced()
    assert [h.doc_id for h in reader.search("glassblower Ostrava", k=3, profile="bm25")] == before == []
    assert reader.store.count("documents") == 2  # still the old store's rows
    reader.store.save_trace("t-after", "asked after the swap", "{}")
    assert Store.open(tmp_path / "store").get_trace("t-after") == "{}"
    fresh = HopGraph.open(tmp_path / "store", fake_settings())
    assert [h.doc_id for h in fresh.search("glassblower Ostrava", k=3, profile="bm25")] == ["b1"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json", "store"]
