"""`hopgraph ask` and `hopgraph trace` (hopgraph/cli_ask.py) on real stores."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hopgraph.cli import app
from kg_fixtures import write_small_corpus
from store_fixtures import build_fake_store, sample_store

HOPGRAPH = Path(sys.executable).parent / "hopgraph"
runner = CliRunner()
QUESTION = "Where was the director of The Glass Harbor born?"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return sample_store(tmp_path_factory.getbasetemp())


@pytest.mark.slow
def test_ask_json_is_a_full_result_and_trace_replays_it(store: Path) -> None:
    out = runner.invoke(app, ["ask", QUESTION, "--json", "-k", "5", "--store", str(store)])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["route"]["shape"] == "bridge"
    assert [r["relation"] for r in result["route"]["requirements"]] == ["director", "born_place"]
    assert 1 <= len(result["hits"]) <= 5 and result["traces"]
    assert result["hits"][0]["requirement_id"] == "R1"
    titles = {h["title"] for h in result["hits"]}
    assert {"The Glass Harbor", "Oskar Brandt"} <= titles
    assert result["termination_reason"] == "complete"

    replay = runner.invoke(app, ["trace", result["trace_id"], "--json", "--store", str(store)])
    assert replay.exit_code == 0, replay.output
    assert json.loads(replay.output)["trace_id"] == result["trace_id"]


@pytest.mark.slow
def test_ask_table_with_trace_tree_and_answer(store: Path) -> None:
    out = runner.invoke(app, ["ask", QUESTION, "--trace", "--answer", "--store", str(store)])
    assert out.exit_code == 0, out.output
    text = out.output
    assert "shape bridge" in text and "R1: director of The Glass Harbor" in text
    assert "read with confidence 1.0" in text
    assert "hop 1:" in text and "complete" in text  # the tree: hop, query, verdict
    assert "Answer: Tamsel" in text
    assert "termination: complete" in text
    trace_id = text.split("trace ")[-1].split()[0]
    replay = runner.invoke(app, ["trace", trace_id, "--store", str(store)])
    assert replay.exit_code == 0 and "hop 1:" in replay.output


def test_unknown_trace_is_a_one_line_error(tmp_path: Path) -> None:
    build_fake_store(write_small_corpus(tmp_path / "docs.json"), tmp_path / "store")
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOPGRAPH_")}
    res = subprocess.run([str(HOPGRAPH), "trace", "nope", "--store", str(tmp_path / "store")], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 1
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "no trace 'nope'" in lines[0]


def test_bracketed_text_is_printed_as_is_not_read_as_markup() -> None:
    from rich.console import Console

    from hopgraph.cli import hits_table, snippet
    from hopgraph.cli_ask import show_result
    from hopgraph.models import AgenticRetrievalResult, EvidenceDecision, HopTrace, RouteDecision, SearchHit

    route = RouteDecision(route="single_hop", shape="single", first_query="q", reason="[llm fallback: router: HTTP 500] rules")
    hit = SearchHit(chunk_id="d21#0", doc_id="d21", title="[draft] Notes", text="See [bold]this[/bold] and [d3#0].")
    result = AgenticRetrievalResult(
        question="Who [really] directed it?", route=route, hits=[hit], termination_reason="complete",
        answer="Oskar Brandt directed it [d21#0].",
        traces=[HopTrace(hop=1, query="q [x]", hits=[hit], decision=EvidenceDecision(verdict="complete", reason="[llm] ok"))])
    console = Console(record=True, width=200)
    show_result(result, console, hits_table, snippet, trace=True)
    out = console.export_text()
    for text in ("[llm fallback: router: HTTP 500] rules", "[d21#0]", "[draft] Notes", "[bold]this[/bold]", "Who [really]",
                 "q [x]", "[llm] ok"):
        assert text in out, text


def test_trace_items_are_numbered_uniquely_and_notes_are_not_quoted() -> None:
    from rich.console import Console

    from hopgraph.cli import hits_table, snippet
    from hopgraph.cli_ask import show_result
    from hopgraph.models import AgenticRetrievalResult, EvidenceDecision, HopTrace, RequirementAssessment

    note = RequirementAssessment(requirement_id="R1", status="supported", evidence_chunk_ids=["m#0"],
                                 evidence_sentence="open reading: founder not stated")
    quote = RequirementAssessment(requirement_id="R2", status="supported", evidence_chunk_ids=["v#0"],
                                  evidence_sentence="Ilse Varga was born in Osk.")
    decision = EvidenceDecision(verdict="complete", reason="all supported", assessments=[note, quote])
    result = AgenticRetrievalResult(question="q", termination_reason="no_progress", traces=[
        HopTrace(hop=1, query="first", requirement_id="R1"), HopTrace(hop=1, query="second", requirement_id="R2",
                                                                      decision=decision)])
    console = Console(record=True, width=200)
    show_result(result, console, hits_table, snippet, trace=True)
    out = console.export_text()
    assert "1. hop 1 · R1: first" in out and "2. hop 1 · R2: second" in out
    assert "“Ilse Varga was born in Osk.”" in out
    assert "note: open reading: founder not stated" in out and "“open reading" not in out
    assert "no hits: no chunk matched the question in any hop (no_progress)" in out
