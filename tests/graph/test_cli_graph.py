"""Graph exploration commands (hopgraph/cli_graph.py) on the real sample store (slow)."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
from typer.testing import CliRunner

from hopgraph.cli import app
from hopgraph.errors import UserError
from hopgraph.store import Store
from store_fixtures import sample_store

pytestmark = pytest.mark.slow
runner = CliRunner()
WIDE = {"COLUMNS": "220"}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return sample_store(tmp_path_factory.getbasetemp())


def invoke(*args: str, store: Path):
    return runner.invoke(app, [*args, "--store", str(store)], env=WIDE)


def test_entities_lists_most_connected_first(store: Path) -> None:
    result = invoke("entities", "--type", "PERSON", "--top", "5", store=store)
    assert result.exit_code == 0, result.output
    assert "(showing 5)" in result.output
    result = invoke("entities", "--match", "brandt", store=store)
    assert result.exit_code == 0 and "Oskar Brandt" in result.output


def test_entity_shows_aliases_and_relations(store: Path) -> None:
    result = invoke("entity", "Oskar Brandt", store=store)
    assert result.exit_code == 0, result.output
    assert "Oskar Brandt (id" in result.output and "PERSON" in result.output
    assert "aliases:" in result.output
    assert "born in" in result.output and "Tamsel" in result.output


def test_unknown_entity_suggests_closest_names(store: Path) -> None:
    result = invoke("entity", "Oskar Brandx", store=store)
    assert isinstance(result.exception, UserError)
    assert "closest:" in str(result.exception) and "Oskar Brandt" in str(result.exception)
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOPGRAPH_")}
    proc = subprocess.run([str(Path(sys.executable).parent / "hopgraph"), "entity", "Oskar Brandx", "--store", str(store)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 1
    [line] = proc.stderr.strip().splitlines()
    assert line.startswith("error: no entity named 'Oskar Brandx'; closest: ") and "Oskar Brandt" in line


def test_neighbors(store: Path) -> None:
    result = invoke("neighbors", "Oskar Brandt", store=store)
    assert result.exit_code == 0, result.output
    assert "born in" in result.output and "Tamsel" in result.output
    result = invoke("neighbors", "Oskar Brandt", "--hops", "2", "--predicate", "born", store=store)
    assert result.exit_code == 0 and "Tamsel" in result.output
    bad = invoke("neighbors", "Oskar Brandt", "--hops", "7", store=store)
    assert isinstance(bad.exception, UserError) and "--hops must be between 1 and 3" in str(bad.exception)


def test_path_between_film_and_birthplace(store: Path) -> None:
    result = invoke("path", "The Glass Harbor", "Tamsel", store=store)
    assert result.exit_code == 0, result.output
    first = result.output.split("path 2")[0]
    assert "path 1: The Glass Harbor → Oskar Brandt → Tamsel" in first
    assert "[direct]" in first and "[born in]" in first
    too_short = invoke("path", "The Glass Harbor", "Tamsel", "--max-hops", "1", store=store)
    assert isinstance(too_short.exception, UserError) and "no path of at most 1 hops" in str(too_short.exception)


@pytest.mark.parametrize("fmt, name", [("graphml", "g.graphml"), ("gexf", "g.gexf"), ("json", "g.json"), ("neo4j-csv", "neo")])
def test_export_each_format(store: Path, tmp_path: Path, fmt: str, name: str) -> None:
    s = Store.open(store)
    n_nodes, n_edges = s.count("entities"), s.count("relations")
    out = tmp_path / name
    result = invoke("export", "--format", fmt, "--out", str(out), store=store)
    assert result.exit_code == 0, result.output
    assert "wrote" in result.output
    if fmt == "graphml":
        g = nx.read_graphml(out)
    elif fmt == "gexf":
        g = nx.read_gexf(out)
    elif fmt == "json":
        g = nx.node_link_graph(json.loads(out.read_text(encoding="utf-8")), edges="edges")
    else:
        with (out / "entities.csv").open(newline="", encoding="utf-8") as f:
            assert len(list(csv.reader(f))) - 1 == n_nodes
        with (out / "relations.csv").open(newline="", encoding="utf-8") as f:
            assert len(list(csv.reader(f))) - 1 == n_edges
        with (out / "chunks.csv").open(newline="", encoding="utf-8") as f:
            assert len(list(csv.reader(f))) - 1 == s.count("chunks")
        with (out / "documents.csv").open(newline="", encoding="utf-8") as f:
            assert len(list(csv.reader(f))) - 1 == s.count("documents")
        return
    assert (g.number_of_nodes(), g.number_of_edges()) == (n_nodes, n_edges)


def test_export_unknown_format(store: Path, tmp_path: Path) -> None:
    result = invoke("export", "--format", "dot", "--out", str(tmp_path / "g.dot"), store=store)
    assert isinstance(result.exception, UserError) and "unknown export format" in str(result.exception)


def test_entity_lists_typed_relations_and_summarises_cooccurrence(store: Path) -> None:
    result = invoke("entity", "Oskar Brandt", store=store)
    assert result.exit_code == 0, result.output
    assert "typed," in result.output and "co-occurrence;" in result.output
    assert "(co-occurs with)" not in result.output
    if "co-occurs with " in result.output:  # summarised in one line, listed on demand
        assert "--cooccur lists them" in result.output
    full = invoke("entity", "Oskar Brandt", "--cooccur", "--top", "50", store=store)
    assert full.exit_code == 0, full.output
    assert "born in" in full.output
    if "co-occurs with " in result.output:
        assert "(co-occurs with)" in full.output
        # typed rows come before co-occurrence rows
        assert full.output.index("born in") < full.output.index("(co-occurs with)")


def test_entity_output_on_a_hand_built_graph(monkeypatch) -> None:
    """Fast: typed relations listed, co-occurrence summarised, names shown on one line."""
    from types import SimpleNamespace

    from hopgraph import cli_graph
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity, Relation

    entities = {
        1: Entity(entity_id=1, name="Ilse\nVarga", type="PERSON", aliases=["Varga", "Ilse Varga", "Ilse\nVarga"], doc_freq=2),
        2: Entity(entity_id=2, name="Quarnby Harbour Board", type="ORG", doc_freq=1),
        3: Entity(entity_id=3, name="Tosk", type="GPE", doc_freq=1),
    }
    relations = [
        Relation(source_id=1, predicate="chair of", target_id=2, chunk_id="m#0", sentence="Ilse Varga chairs the board."),
        Relation(source_id=1, predicate="co-occurs with", target_id=3, chunk_id="m#1", sentence="Varga and Tosk.", kind="cooccur"),
    ]
    kg = KnowledgeGraph.from_parts(entities, relations, [(1, "m#0"), (2, "m#0"), (1, "m#1"), (3, "m#1")], [])
    monkeypatch.setattr(cli_graph, "open_hopgraph", lambda store: SimpleNamespace(graph=kg))
    result = runner.invoke(app, ["entity", "Ilse Varga"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "Ilse Varga (id 1, PERSON, degree 2: 1 typed, 1 co-occurrence" in result.output
    assert "aliases: Varga\n" in result.output  # the name itself and its newline variant are not repeated
    assert "chair of" in result.output and "Tosk (1)" in result.output and "(co-occurs with)" not in result.output
    full = runner.invoke(app, ["entity", "Ilse Varga", "--cooccur"], env=WIDE)
    assert "(co-occurs with)" in full.output and full.output.index("chair of") < full.output.index("(co-occurs with)")

