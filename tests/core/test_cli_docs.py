"""`hopgraph add` and `hopgraph remove` (hopgraph/cli_docs.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

from kg_fixtures import write_small_corpus
from store_fixtures import HashEmbedder, build_fake_store
from typer.testing import CliRunner

from hopgraph.cli import app
from hopgraph.store import Store

HOPGRAPH = Path(sys.executable).parent / "hopgraph"
runner = CliRunner()


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOPGRAPH_")}
    return subprocess.run([str(HOPGRAPH), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def one_line_error(result: subprocess.CompletedProcess[str], fragment: str) -> None:
    assert result.returncode == 1, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and fragment in lines[0], result.stderr


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
