"""The `hopgraph` command line (hopgraph/cli.py).

Exit codes and the one-line error contract are checked on the real entry point
(`.venv/bin/hopgraph`, i.e. `main()`) in a subprocess; output of successful
commands through typer's CliRunner.
"""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

import pytest
from typer.testing import CliRunner

from hopgraph.cli import app
from cli_fixtures import one_line_error, run_cli
from kg_fixtures import write_small_corpus
from store_fixtures import HashEmbedder, build_fake_store, sample_store

runner = CliRunner()


@pytest.fixture(scope="module")
def fake_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("cli")
    build_fake_store(write_small_corpus(base / "docs.json"), base / "store")
    return base / "store"


def test_index_missing_corpus(tmp_path: Path) -> None:
    one_line_error(run_cli("index", "MISSING", "--store", "s", cwd=tmp_path), "corpus not found: MISSING")
    assert list(tmp_path.iterdir()) == []


def test_index_empty_corpus(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_text('{"_id": "a", "text": ""}\n')
    one_line_error(run_cli("index", "empty.jsonl", "--store", "s", cwd=tmp_path), "no non-empty documents")
    assert not (tmp_path / "s").exists()


def test_index_malformed_corpus_names_the_line(tmp_path: Path) -> None:
    (tmp_path / "c.jsonl").write_text('{"_id": "a", "text": "x"}\n{oops\n')
    one_line_error(run_cli("index", "c.jsonl", "--store", "s", cwd=tmp_path), "c.jsonl:2: invalid JSON")


def test_search_without_a_store(tmp_path: Path) -> None:
    (tmp_path / "EMPTYDIR").mkdir()
    one_line_error(run_cli("search", "q", "--store", "EMPTYDIR", cwd=tmp_path), "no hopgraph store at EMPTYDIR")


def test_search_unknown_profile(tmp_path: Path, fake_store: Path) -> None:
    result = run_cli("search", "q", "--profile", "nope", "--store", str(fake_store), cwd=tmp_path)
    one_line_error(result, "unknown profile 'nope'")


def test_search_unknown_fusion(tmp_path: Path, fake_store: Path) -> None:
    result = run_cli("search", "q", "--fusion", "sum", "--store", str(fake_store), cwd=tmp_path)
    one_line_error(result, "unknown fusion 'sum'")


def test_bad_config_value_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "hopgraph.toml").write_text("[retrieval]\nrrf_k = 0\n")
    one_line_error(run_cli("config", cwd=tmp_path), "retrieval.rrf_k")


def test_usage_error_exits_2(tmp_path: Path) -> None:
    result = run_cli("search", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_index_success_reports_counts_and_throughput(tmp_path: Path) -> None:
    corpus = write_small_corpus(tmp_path / "docs.json")
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: HashEmbedder()):
        result = runner.invoke(app, ["index", str(corpus), "--store", str(tmp_path / "store"), "--no-graph", "--quiet"],
                               env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.output
    for label in ("documents", "chunks", "seconds", "chunks/s"):
        assert label in out
    assert "6 (0 empty, 0 unreadable skipped)" in out
    assert (tmp_path / "store" / "hopgraph.db").exists()


def test_stats_command(fake_store: Path) -> None:
    result = runner.invoke(app, ["stats", "--store", str(fake_store)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "documents" in result.output and "chunks" in result.output and "hash-embedder-test" in result.output


def test_config_command_is_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["config"], env={"HOPGRAPH_RETRIEVAL__RRF_K": "10", "HOPGRAPH_LLM__API_KEY": "sk-secret"})
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["retrieval"]["rrf_k"] == 10 and data["llm"]["api_key"] == "***"
    assert "sk-secret" not in result.output


# ---------------------------------------------------------------- on the real sample store


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return sample_store(tmp_path_factory.getbasetemp())


@pytest.mark.slow
def test_search_json_parses(store: Path) -> None:
    result = runner.invoke(app, ["search", "Which river flows through Orsk Halden?", "--json", "-k", "3", "--store", str(store)])
    assert result.exit_code == 0, result.output
    hits = json.loads(result.output)
    assert len(hits) == 3
    assert hits[0]["doc_id"] == "d04"
    assert {"chunk_id", "doc_id", "title", "text", "score", "dense_rank", "bm25_rank", "rrf_score"} <= set(hits[0])


@pytest.mark.slow
def test_search_fusion_option_picks_how_hybrid_fuses(store: Path) -> None:
    question = "Which river flows through the town where the founder of Pelican Works was born?"  # 6+ content words
    scores = {}
    for fusion in ("rrf", "zscore", "auto"):
        result = runner.invoke(app, ["search", question, "--json", "-k", "3", "--fusion", fusion, "--store", str(store)])
        assert result.exit_code == 0, result.output
        scores[fusion] = [h["rrf_score"] for h in json.loads(result.output)]
    assert all(s < 2 / 61 + 1e-9 for s in scores["rrf"])  # 1/(60 + rank) twice at most
    assert scores["zscore"][0] > 1 and scores["auto"] == scores["zscore"]


@pytest.mark.slow
@pytest.mark.parametrize("profile", ["dense", "bm25", "graph", "graph-hybrid"])
def test_search_table_for_each_profile(store: Path, profile: str) -> None:
    result = runner.invoke(app, ["search", "Who founded Pelican Works?", "-p", profile, "-k", "3", "--store", str(store)],
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert f"{profile}: Who founded Pelican Works?" in result.output
    assert "d08#0" in result.output


@pytest.mark.slow
def test_stats_on_the_sample_store(store: Path) -> None:
    result = runner.invoke(app, ["stats", "--store", str(store)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "all-MiniLM-L6-v2" in result.output and "69" in result.output
