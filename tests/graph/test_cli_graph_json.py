"""Graph commands over a hand-built graph (fast): --json output, unknown types, empty results that say why."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from hopgraph.cli import app
from hopgraph.errors import UserError

runner = CliRunner()
WIDE = {"COLUMNS": "220"}


# ---------------------------------------------------------------- fast: a hand-built graph behind the commands
def _fake_hg(monkeypatch):
    from types import SimpleNamespace

    from hopgraph import cli_graph
    from kg_fixtures import small_kg

    fake_store = SimpleNamespace(root=Path("fake-store"), mentions_of=lambda eid: [
        {"chunk_id": "oskar#0", "start": 0, "end": 12, "text": "Oskar Brandt"}] if eid == 0 else [])
    hg = SimpleNamespace(graph=small_kg(), store=fake_store)
    monkeypatch.setattr(cli_graph, "open_hopgraph", lambda store: hg)
    return hg


def test_json_output_of_the_graph_commands(monkeypatch) -> None:
    _fake_hg(monkeypatch)
    rows = json.loads(runner.invoke(app, ["entities", "--type", "person", "--json"]).stdout)
    assert [r["name"] for r in rows][0] == "Oskar Brandt" and {r["type"] for r in rows} == {"PERSON"}
    detail = json.loads(runner.invoke(app, ["entity", "Oskar Brandt", "--json"]).stdout)
    assert detail["name"] == "Oskar Brandt" and detail["mentions"][0]["chunk_id"] == "oskar#0"
    assert {"predicate": "born in", "target_name": "Tamsel"}.items() <= detail["relations"][0].items() or \
        any(r["predicate"] == "born in" and r["target_name"] == "Tamsel" for r in detail["relations"])
    hood = json.loads(runner.invoke(app, ["neighbors", "Oskar Brandt", "--hops", "2", "--json"]).stdout)
    assert hood["center"] == 0 and {n["name"] for n in hood["nodes"]} >= {"Tamsel", "The Glass Harbor", "Saltmoor Studios"}
    assert {n["distance"] for n in hood["nodes"] if n["name"] == "Saltmoor Studios"} == {2}
    paths = json.loads(runner.invoke(app, ["path", "Saltmoor Studios", "Tamsel", "--json"]).stdout)
    assert paths["source"]["name"] == "Saltmoor Studios"
    assert paths["paths"][0]["entities"] == ["Saltmoor Studios", "The Glass Harbor", "Oskar Brandt", "Tamsel"]
    assert paths["paths"][0]["edges"][0]["sentence"] == "Saltmoor Studios produced The Glass Harbor."


def test_unknown_type_lists_the_types_and_empty_lists_say_why(monkeypatch) -> None:
    _fake_hg(monkeypatch)
    bad = runner.invoke(app, ["entities", "--type", "PERSN"])
    assert isinstance(bad.exception, UserError)
    assert str(bad.exception) == "unknown entity type 'PERSN'; this store has: CONCEPT, GPE, ORG, PERSON, WORK_OF_ART"
    none = runner.invoke(app, ["entities", "--type", "GPE", "--match", "zz"], env=WIDE)
    assert none.exit_code == 0 and "no entity of type GPE has 'zz' in its name" in none.output
    lonely = runner.invoke(app, ["neighbors", "Greta Brandt"], env=WIDE)
    assert lonely.exit_code == 0 and "Greta Brandt has no relation" in lonely.output
