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
        with (out / "nodes.csv").open(newline="", encoding="utf-8") as f:
            assert len(list(csv.reader(f))) - 1 == n_nodes
        with (out / "relationships.csv").open(newline="", encoding="utf-8") as f:
            assert len(list(csv.reader(f))) - 1 == n_edges
        return
    assert (g.number_of_nodes(), g.number_of_edges()) == (n_nodes, n_edges)


def test_export_unknown_format(store: Path, tmp_path: Path) -> None:
    result = invoke("export", "--format", "dot", "--out", str(tmp_path / "g.dot"), store=store)
    assert isinstance(result.exception, UserError) and "unknown export format" in str(result.exception)
