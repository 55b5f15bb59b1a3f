"""hopgraph/asking.py through HopGraph.ask, `hopgraph ask --where` and `hopgraph chat` on the sample store."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hopgraph.cli import app
from hopgraph.config import Settings
from hopgraph.facade import HopGraph
from hopgraph.metadata import as_filters, matching_docs
from store_fixtures import sample_store

runner = CliRunner()
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return sample_store(tmp_path_factory.getbasetemp())


@pytest.fixture(scope="module")
def hg(store: Path) -> HopGraph:
    return HopGraph.open(store, Settings(store=store))


def test_a_constraint_in_the_question_limits_every_source(hg: HopGraph) -> None:
    result = hg.ask("Which articles from 2021 mention Pelican Works?", k=5)
    assert {(f.key, f.op) for f in result.filters} == {("kind", "="), ("date", ">="), ("date", "<=")}
    allowed = matching_docs(hg.store, result.filters)
    assert result.hits and all(h.doc_id in allowed for t in result.traces for h in t.hits)
    assert result.route.filters == result.filters and "limited to documents with" in result.route.reason
    assert any(t.source == "metadata" for t in result.traces)  # "which articles … mention": the metadata source ran
    assert result.hits[0].title.startswith("Pelican Works to open")


def test_explicit_where_joins_the_question_and_unconstrained_questions_read_none(hg: HopGraph) -> None:
    result = hg.ask("What happened to the Tallow Light?", k=5, where=["date<2020", "source=gazette"])
    assert {h.doc_id for h in result.hits} <= matching_docs(hg.store, as_filters(["date<2020", "source=gazette"]))
    plain = hg.ask("Where was the director of The Glass Harbor born?", k=5)
    assert plain.filters == [] and plain.conflicts == [] and plain.termination_reason == "complete"


def test_follow_up_in_a_session_resolves_the_reference_and_shows_it_in_the_trace(hg: HopGraph) -> None:
    hg.ask("Who founded Pelican Works?", k=5, session_id="founders")
    follow = hg.ask("When did she die?", k=5, session_id="founders", answer=True)
    assert follow.session.resolved == "When did Lena Voss die?" and follow.session.replaced == {"she": "Lena Voss"}
    assert any(m.name == "Lena Voss" for m in follow.session.memory)
    assert any("follow-up (session founders" in n for n in follow.notes)
    assert "Lena Voss" in {h.title for h in follow.hits}
    alone = hg.ask("When did she die?", k=5)
    assert alone.session is None


def test_search_and_ask_where_on_the_command_line(store: Path) -> None:
    out = runner.invoke(app, ["search", "Tallow Light", "-k", "3", "--where", "date>=2021-01-01", "--where", "source=gazette",
                              "--json", "--store", str(store)])
    assert out.exit_code == 0, out.output
    assert "d61" in out.output and "d58" not in out.output
    bad = runner.invoke(app, ["search", "x", "--where", "date>=soon", "--store", str(store)])
    assert bad.exit_code != 0


def test_chat_resolves_follow_ups_shows_and_clears_memory(store: Path) -> None:
    lines = "\n".join(["Where was the director of The Glass Harbor born?", "And when was he born?", "/memory", "/clear",
                       "/memory", "/nonsense", "/quit"]) + "\n"
    out = runner.invoke(app, ["chat", "--store", str(store), "--session", "t1"], input=lines)
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "read as: When was Oskar Brandt born?" in text
    assert "Oskar Brandt (bridge" in text and "memory cleared" in text and "nothing remembered yet" in text
    assert "unknown command" in text
