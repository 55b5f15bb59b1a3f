"""`hopgraph add` and `hopgraph remove` (hopgraph/cli_docs.py)."""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

from cli_fixtures import one_line_error, run_cli
from kg_fixtures import write_small_corpus
from store_fixtures import HashEmbedder, build_fake_store
from typer.testing import CliRunner

from hopgraph.cli import app
from hopgraph.store import Store

runner = CliRunner()


def test_add_and_remove(tmp_path: Path) -> None:
    store = tmp_path / "store"
    build_fake_store(write_small_corpus(tmp_path / "docs.json"), store)
    new = tmp_path / "new.json"
    new.write_text(json.dumps([{"id": "harbour", "title": "Wrenfield Harbour", "text": "Wrenfield Harbour is a small port."}]))
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: HashEmbedder()):
        result = runner.invoke(app, ["add", str(new), "--store", str(store), "-q"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        assert "7 (1 added, 0 replaced, 0 removed)" in result.output
        assert "1 embedded" in result.output
        result = runner.invoke(app, ["remove", "harbour", "misc", "--store", str(store), "-q"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        assert "5 (0 added, 0 replaced, 2 removed)" in result.output
    assert {c.doc_id for c in Store.open(store).all_chunks()} == {"film", "oskar", "tamsel", "kb", "studio"}


def test_errors_are_one_line(tmp_path: Path) -> None:
    store = tmp_path / "store"
    build_fake_store(write_small_corpus(tmp_path / "docs.json"), store)
    one_line_error(run_cli("remove", "no-such-doc", "--store", str(store), cwd=tmp_path), "not in the store: 'no-such-doc'")
    one_line_error(run_cli("add", str(tmp_path / "missing.json"), "--store", str(store), cwd=tmp_path), "corpus not found")
    one_line_error(run_cli("remove", "film", "--store", str(tmp_path / "nostore"), cwd=tmp_path), "no hopgraph store")
