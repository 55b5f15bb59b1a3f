"""Graph export (graph/export.py): every format re-read and counted."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import networkx as nx
import pytest

from hopgraph.errors import UserError
from hopgraph.graph.export import FORMATS, export_graph
from kg_fixtures import ENTITIES, RELATIONS, small_kg

N_NODES, N_EDGES = len(ENTITIES), len(RELATIONS)


def test_graphml_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "sub" / "g.graphml"
    assert export_graph(small_kg(), "graphml", out) == [out]
    g = nx.read_graphml(out)
    assert (g.number_of_nodes(), g.number_of_edges()) == (N_NODES, N_EDGES)
    assert g.nodes["0"]["name"] == "Oskar Brandt"
    assert g.nodes["0"]["aliases"] == "Oskar Brandt|Brandt"
    born = [d for _, _, d in g.edges(data=True) if d["predicate"] == "born in"]
    assert born[0]["sentence"] == "Oskar Brandt was born in Tamsel." and born[0]["chunk_id"] == "oskar#0"


def test_gexf_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "g.gexf"
    export_graph(small_kg(), "gexf", out)
    g = nx.read_gexf(out)
    assert (g.number_of_nodes(), g.number_of_edges()) == (N_NODES, N_EDGES)
    assert {d["kind"] for _, _, d in g.edges(data=True)} == {"typed", "cooccur"}


def test_json_node_link(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    export_graph(small_kg(), "json", out)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["nodes"]) == N_NODES and len(data["edges"]) == N_EDGES
    g = nx.node_link_graph(data, edges="edges")
    assert g.number_of_edges() == N_EDGES


def test_neo4j_csv_headers_and_rows(tmp_path: Path) -> None:
    nodes, rels = export_graph(small_kg(), "neo4j-csv", tmp_path / "neo")
    with nodes.open(newline="", encoding="utf-8") as f:
        node_rows = list(csv.reader(f))
    with rels.open(newline="", encoding="utf-8") as f:
        rel_rows = list(csv.reader(f))
    assert ",".join(node_rows[0]) == "entityId:ID,name,type,aliases:string[],docFreq:int,:LABEL"
    assert ",".join(rel_rows[0]) == ":START_ID,:END_ID,:TYPE,predicate,kind,weight:float,chunkId,sentence"
    assert len(node_rows) - 1 == N_NODES and len(rel_rows) - 1 == N_EDGES
    assert node_rows[1] == ["0", "Oskar Brandt", "PERSON", "Oskar Brandt;Brandt", "3", "Entity"]
    assert rel_rows[2][:5] == ["0", "2", "CO_OCCURS", "cooccur", "cooccur"]
    assert rel_rows[5] == ["0", "2", "RELATED", "born in", "typed", "1.0", "oskar#0", "Oskar Brandt was born in Tamsel."]
    # every relationship end is a node id
    ids = {r[0] for r in node_rows[1:]}
    assert all(r[0] in ids and r[1] in ids for r in rel_rows[1:])


def test_unknown_format_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match=r"unknown export format 'dot' \(choose from graphml, gexf, json, neo4j-csv\)"):
        export_graph(small_kg(), "dot", tmp_path / "g.dot")
    assert FORMATS == ("graphml", "gexf", "json", "neo4j-csv")
    assert list(tmp_path.iterdir()) == []
