"""Global options, stats --json, empty results that say why, `hopgraph traces` (hash-embedder store, fast)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from unittest import mock

import pytest
from typer.testing import CliRunner

from hopgraph import __version__
from hopgraph.cli import app
from hopgraph.errors import UserError
from store_fixtures import HashEmbedder, build_fake_store, write_jsonl

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
DOCS = [
    {"_id": "a", "title": "Varnholt Mill", "text": "Varnholt Mill grinds barley beside the Osk river."},
    {"_id": "b", "title": "青柳港", "text": "青柳港は一九〇一年に開港した。"},
    {"_id": "c", "title": "Pell Ferry", "text": "The Pell ferry crosses the Osk twice a day."},
]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("finish")
    build_fake_store(write_jsonl(base / "c.jsonl", DOCS), base / "store")
    return base / "store"


@pytest.fixture(autouse=True)
def hash_embedder():
    with mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        yield


def invoke(*args: str):
    return runner.invoke(app, list(args), env=WIDE)


def test_version_and_short_help() -> None:
    assert invoke("--version").stdout.strip() == f"hopgraph {__version__}"
    short = invoke("-h")
    assert short.exit_code == 0 and "Usage" in short.stdout and "--log-level" in short.stdout
    assert invoke("search", "-h").exit_code == 0


def test_log_level_option_sets_the_hopgraph_logger(store: Path) -> None:
    assert invoke("--log-level", "warning", "stats", "--store", str(store)).exit_code == 0
    assert logging.getLogger("hopgraph").level == logging.WARNING
    assert invoke("-v", "stats", "--store", str(store)).exit_code == 0
    assert logging.getLogger("hopgraph").level == logging.DEBUG
    bad = invoke("--log-level", "loud", "stats", "--store", str(store))
    assert isinstance(bad.exception, UserError) and "unknown log level 'loud'" in str(bad.exception)


def test_stats_json(store: Path) -> None:
    data = json.loads(invoke("stats", "--json", "--store", str(store)).stdout)
    assert data["documents"] == 3 and data["entities"] == 0 and data["embedding_model"] == "hash-embedder-test"


def test_cjk_query_finds_the_cjk_document(store: Path) -> None:
    hits = json.loads(invoke("search", "青柳港はいつ開港した", "-p", "bm25", "--json", "--store", str(store)).stdout)
    assert hits and hits[0]["doc_id"] == "b"


def test_empty_results_say_why(store: Path) -> None:
    unknown = invoke("search", "zeppelin hangar", "-p", "bm25", "--store", str(store))
    assert unknown.exit_code == 0 and "no hits: no word of the query occurs in the corpus (zeppelin, hangar)" in unknown.stdout
    stop = invoke("search", "who is the", "-p", "bm25", "--store", str(store))
    assert "only stop words" in stop.stdout
    thai = invoke("search", "ห้องสมุดอยู่ที่ไหน", "-p", "bm25", "--store", str(store))
    assert "script written without spaces" in thai.stdout
    note = invoke("search", "zeppelin hangar", "-p", "hybrid", "--store", str(store))
    assert "no word of the query occurs in the corpus; these hits are the embedding model's nearest chunks" in note.stdout


@pytest.mark.parametrize("command", [["search", "Osk", "-p", "graph"], ["search", "Osk", "-p", "graph-hybrid"],
                                     ["entities"], ["entity", "Osk"], ["path", "a", "b"]])
def test_graph_commands_on_a_no_graph_store_say_so(store: Path, command: list[str]) -> None:
    result = invoke(*command, "--store", str(store))
    assert isinstance(result.exception, UserError)
    assert str(result.exception) == (f"store {store} has no knowledge graph: it was indexed with --no-graph "
                                     "(re-index without it, or use -p hybrid)")


def test_traces_list_and_prune(store: Path) -> None:
    from hopgraph.store import Store
    from hopgraph.traces import enforce_retention, list_traces

    s = Store.open(store)
    for i in range(5):
        s.save_trace(f"t{i}", f"question {i} about the Osk", "{}")
    listed = invoke("traces", "--store", str(store))
    assert listed.exit_code == 0 and "5 of 5 saved traces" in listed.stdout
    assert listed.stdout.index("t4") < listed.stdout.index("t0")  # newest first
    rows = json.loads(invoke("traces", "list", "--json", "--match", "QUESTION 3", "--store", str(store)).stdout)
    assert [r["trace_id"] for r in rows] == ["t3"]
    pruned = invoke("traces", "prune", "--keep", "2", "--store", str(store))
    assert "deleted 3 traces; 2 left" in pruned.stdout
    assert [r.trace_id for r in list_traces(s)] == ["t4", "t3"]
    assert isinstance(invoke("traces", "prune", "--store", str(store)).exception, UserError)
    s.save_trace("t5", "one more", "{}")
    assert enforce_retention(s, keep=2) == 1 and [r.trace_id for r in list_traces(s)] == ["t5", "t4"]
    assert enforce_retention(s, keep=0) == 0  # 0: no limit
    assert "deleted 2 traces; 0 left" in invoke("traces", "prune", "--older-than", "0", "--store", str(store)).stdout
    assert "no saved traces" in invoke("traces", "--store", str(store)).stdout
    s.close()
