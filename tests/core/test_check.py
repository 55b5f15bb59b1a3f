"""`hopgraph check` (hopgraph/check.py) and one line, never a traceback, for every command on a damaged store."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from unittest import mock

import numpy as np
import pytest
from typer.testing import CliRunner

from hopgraph.check import BM25_FILES, check_store
from hopgraph.cli import app
from hopgraph.errors import StoreDamaged, UserError
from hopgraph.facade import HopGraph
from hopgraph.indexing.dense import build_dense_index, save_dense_index
from hopgraph.store import SCHEMA_VERSION, Store
from cli_fixtures import run_cli
from store_fixtures import HashEmbedder, build_fake_store, fake_settings

DOCS = [
    {"id": "k1", "title": "Brannock Mill", "text": "Brannock Mill grinds barley for the village of Esk. It was built in 1822."},
    {"id": "k2", "title": "Esk", "text": "Esk is a village by the river Tarn. The miller of Esk is Hedda Lune."},
    {"id": "k3", "title": "Hedda Lune", "text": "Hedda Lune was born in Esk and runs Brannock Mill."},
]
runner = CliRunner()


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("check")
    source = base / "docs.json"
    source.write_text(json.dumps(DOCS), encoding="utf-8")
    build_fake_store(source, base / "store")
    return base / "store"


@pytest.fixture
def store(pristine: Path, tmp_path: Path) -> Path:
    """A fresh copy of a healthy store, to damage."""
    shutil.copytree(pristine, tmp_path / "store")
    return tmp_path / "store"


def statuses(root: Path) -> dict[str, str]:
    return {f.name: f.status for f in check_store(root, fake_settings())}


def failed(root: Path) -> list:
    return [f for f in check_store(root, fake_settings()) if f.status == "fail"]


def test_a_healthy_store_passes_every_check(store: Path) -> None:
    assert statuses(store) == {"store": "ok", "database": "ok", "schema": "ok", "tables": "ok", "dense": "ok",
                               "bm25": "ok", "models": "ok"}
    from hopgraph.indexing.delta_bm25 import TF_NAME  # term counts an update re-scores: optional, not checked

    assert sorted(p.name for p in (store / "bm25").iterdir()) == sorted((*BM25_FILES, TF_NAME))  # what missing_files expects
    result = runner.invoke(app, ["check", "--store", str(store)])
    assert result.exit_code == 0 and "all checks passed" in result.stdout
    report = json.loads(runner.invoke(app, ["check", "--json", "--store", str(store)]).stdout)
    assert report["ok"] is True and [c["name"] for c in report["checks"]][:3] == ["store", "database", "schema"]


def test_missing_dense_index(store: Path) -> None:
    (store / "dense.faiss").unlink()
    [problem] = failed(store)
    assert (problem.name, problem.detail) == ("dense", "dense.faiss is missing")
    corpus = Store.open(store).meta()["corpus_path"]
    assert corpus.endswith("docs.json") and problem.advice == f"rebuild it: hopgraph index {corpus} --store {store}"
    with pytest.raises(StoreDamaged, match=r"dense.faiss is missing; run `hopgraph check --store"):
        HopGraph.open(store, fake_settings())


def test_missing_bm25_file(store: Path) -> None:
    (store / "bm25" / "vocab.index.json").unlink()
    [problem] = failed(store)
    assert (problem.name, problem.detail) == ("bm25", "bm25/vocab.index.json is missing")
    with pytest.raises(StoreDamaged, match="bm25/vocab.index.json is missing"):
        HopGraph.open(store, fake_settings())


def test_dense_index_of_the_wrong_size_or_unreadable(store: Path) -> None:
    save_dense_index(build_dense_index(np.eye(2, 256, dtype=np.float32)), store / "dense.faiss")
    [problem] = failed(store)
    assert problem.detail == "dense.faiss holds 2 vectors for 3 chunks"
    (store / "dense.faiss").write_bytes((store / "dense.faiss").read_bytes()[:100])
    assert failed(store)[0].detail.startswith("dense.faiss cannot be read")
    hg = HopGraph.open(store, fake_settings())  # the file is there: the damage shows when it loads
    with mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        with pytest.raises(StoreDamaged, match="dense.faiss cannot be read"):
            hg.search("barley", profile="bm25")


def test_truncated_database(store: Path) -> None:
    db = store / "hopgraph.db"
    db.write_bytes(db.read_bytes()[: db.stat().st_size // 2])
    findings = check_store(store, fake_settings())
    assert [f.name for f in findings] == ["store", "database"] and findings[1].status == "fail"
    assert "malformed" in findings[1].detail and findings[1].advice.endswith("--force")
    with pytest.raises(StoreDamaged, match="its database cannot be read"):
        Store.open(store)


def test_counts_that_differ_from_the_build(store: Path) -> None:
    with sqlite3.connect(store / "hopgraph.db") as conn:
        conn.execute("DELETE FROM documents WHERE doc_id = 'k3'")
    [problem] = failed(store)
    assert problem.name == "tables" and "documents 2 (recorded 3)" in problem.detail


def test_schema_and_model_versions(store: Path) -> None:
    settings = fake_settings()
    settings.index.spacy_model = "xx_other_model"
    with sqlite3.connect(store / "hopgraph.db") as conn:
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('spacy_model', 'en_core_web_sm')")
    warn = [f for f in check_store(store, settings) if f.status == "warn"]
    assert [f.name for f in warn] == ["models"] and "'en_core_web_sm'" in warn[0].detail
    chosen = fake_settings(embedding_model="some-other-model")
    [problem] = [f for f in check_store(store, chosen) if f.status == "fail"]
    assert problem.name == "models" and "the config asks for 'some-other-model'" in problem.detail
    with sqlite3.connect(store / "hopgraph.db") as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    [problem] = failed(store)
    assert problem.name == "schema" and problem.advice.endswith("--force")


def test_not_a_store(tmp_path: Path) -> None:
    (tmp_path / "papers").mkdir()
    (tmp_path / "papers" / "draft.txt").write_text("a draft")
    for root, fragment in ((tmp_path / "papers", "not a hopgraph store"), (tmp_path / "papers" / "draft.txt", "is a file"),
                           (tmp_path / "nothing", "no store at")):
        [finding] = check_store(root)
        assert finding.status == "fail" and fragment in finding.detail
        assert f"--store {root}" not in finding.advice or fragment == "no store at"
    result = runner.invoke(app, ["check", "--store", str(tmp_path / "papers")])
    assert result.exit_code == 1 and "1 check failed" in result.stdout


def test_every_command_on_a_damaged_store_is_one_line(store: Path, tmp_path: Path) -> None:
    (store / "bm25" / "params.index.json").unlink()
    db_copy = tmp_path / "truncated"
    shutil.copytree(store, db_copy)
    (db_copy / "bm25" / "params.index.json").write_text("{}")
    db = db_copy / "hopgraph.db"
    db.write_bytes(db.read_bytes()[:4096])
    commands = [["stats"], ["search", "barley"], ["ask", "who runs the mill?"], ["entities"], ["serve", "--port", "8799"]]
    for damaged, fragment in ((store, "bm25/params.index.json is missing"), (db_copy, "database cannot be read")):
        for command in commands:
            result = run_cli(*command, "--store", str(damaged), cwd=tmp_path)
            lines = result.stderr.strip().splitlines()
            assert result.returncode == 1 and len(lines) == 1, (command, result.stderr)
            assert lines[0].startswith("error: store") and fragment in lines[0] and "Traceback" not in result.stderr
        check = run_cli("check", "--store", str(damaged), cwd=tmp_path)
        assert check.returncode == 1 and "FAIL" in check.stdout and "Traceback" not in check.stderr


def test_refusals_are_user_errors(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(UserError, match="is a file, not a hopgraph store folder"):
        Store.open(tmp_path / "notes.txt")


@pytest.mark.slow
def test_the_sample_store_built_with_the_real_models_passes_every_check(tmp_path_factory: pytest.TempPathFactory) -> None:
    from hopgraph.config import Settings
    from store_fixtures import sample_store

    root = sample_store(tmp_path_factory.getbasetemp())
    findings = check_store(root, Settings(store=root))
    assert [(f.name, f.status) for f in findings if f.status != "ok"] == []
    assert {f.name for f in findings} == {"store", "database", "schema", "tables", "dense", "bm25", "models"}
