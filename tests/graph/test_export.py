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


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def _fake_store():
    """Just what the Neo4j export reads from a store: documents (SQL) and chunks, for the small corpus."""
    import sqlite3
    from types import SimpleNamespace

    from hopgraph.models import Chunk
    from kg_fixtures import DOCS

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE documents (doc_id TEXT, title TEXT, text TEXT, metadata TEXT)")
    conn.executemany("INSERT INTO documents VALUES (?, ?, ?, '{}')", [(d, t, x) for d, (t, x) in DOCS.items()])
    chunks = [Chunk(chunk_id=f"{d}#0", doc_id=d, title=t, text=x, start=0, end=len(x), content_hash="", position=0)
              for d, (t, x) in DOCS.items()]
    return SimpleNamespace(conn=conn, all_chunks=lambda: chunks)


def test_neo4j_csv_graph_only(tmp_path: Path) -> None:
    written = export_graph(small_kg(), "neo4j-csv", tmp_path / "neo")
    assert [p.name for p in written] == ["entities.csv", "relations.csv", "IMPORT.txt"]
    node_rows, rel_rows = _rows(written[0]), _rows(written[1])
    assert ",".join(node_rows[0]) == "entityId:ID(Entity),name,type,aliases:string[],docFreq:int,:LABEL"
    assert ",".join(rel_rows[0]) == ":START_ID(Entity),:END_ID(Entity),:TYPE,predicate,kind,weight:float,chunkId,sentence"
    assert len(node_rows) - 1 == N_NODES and len(rel_rows) - 1 == N_EDGES
    assert node_rows[1] == ["0", "Oskar Brandt", "PERSON", "Oskar Brandt;Brandt", "3", "Entity;PERSON"]
    assert node_rows[2][-1] == "Entity;WORK_OF_ART"
    # one relationship type per predicate; co-occurrence is its own type
    assert rel_rows[2][:5] == ["0", "2", "CO_OCCURS_WITH", "cooccur", "cooccur"]
    assert rel_rows[5] == ["0", "2", "BORN_IN", "born in", "typed", "1.0", "oskar#0", "Oskar Brandt was born in Tamsel."]
    assert {r[2] for r in rel_rows[1:]} == {"DIRECT", "CO_OCCURS_WITH", "PRODUCE", "BORN_IN"}
    ids = {r[0] for r in node_rows[1:]}
    assert all(r[0] in ids and r[1] in ids for r in rel_rows[1:])


def test_neo4j_csv_with_documents_chunks_and_the_import_command(tmp_path: Path) -> None:
    from kg_fixtures import DOCS

    written = export_graph(small_kg(), "neo4j-csv", tmp_path / "neo", store=_fake_store())
    by_name = {p.name: p for p in written}
    assert set(by_name) == {"entities.csv", "documents.csv", "chunks.csv", "relations.csv", "mentions.csv",
                            "chunk_documents.csv", "IMPORT.txt"}
    docs, chunks = _rows(by_name["documents.csv"]), _rows(by_name["chunks.csv"])
    assert docs[0][0] == "docId:ID(Document)" and len(docs) - 1 == len(DOCS)
    assert chunks[0][0] == "chunkId:ID(Chunk)" and {r[-1] for r in chunks[1:]} == {"Chunk"}
    part_of = _rows(by_name["chunk_documents.csv"])
    assert part_of[0] == [":START_ID(Chunk)", ":END_ID(Document)", ":TYPE"]
    assert ["film#0", "film", "PART_OF"] in part_of
    mentions = _rows(by_name["mentions.csv"])
    assert ["oskar#0", "2", "MENTIONS"] in mentions  # the chunk about Oskar Brandt mentions Tamsel
    chunk_ids, entity_ids = {r[0] for r in chunks[1:]}, {r[0] for r in _rows(by_name["entities.csv"])[1:]}
    assert all(r[0] in chunk_ids and r[1] in entity_ids for r in mentions[1:])
    command = by_name["IMPORT.txt"].read_text()
    assert "neo4j-admin database import full" in command
    for name in by_name:
        if name.endswith(".csv"):
            assert name in command


def test_graphml_and_gexf_nodes_are_labelled_by_name(tmp_path: Path) -> None:
    export_graph(small_kg(), "gexf", tmp_path / "g.gexf")
    gexf = nx.read_gexf(tmp_path / "g.gexf")
    assert gexf.nodes["2"]["label"] == "Tamsel"
    assert '<node id="2" label="Tamsel">' in (tmp_path / "g.gexf").read_text()
    export_graph(small_kg(), "graphml", tmp_path / "g.graphml")
    graphml = nx.read_graphml(tmp_path / "g.graphml")
    assert graphml.nodes["0"]["label"] == "Oskar Brandt"
    assert {d["label"] for _, _, d in graphml.edges(data=True)} >= {"born in", "direct"}


def test_export_refuses_a_folder_for_a_file_format(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="is a folder"):
        export_graph(small_kg(), "graphml", tmp_path)


def test_unknown_format_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match=r"unknown export format 'dot' \(choose from graphml, gexf, json, neo4j-csv\)"):
        export_graph(small_kg(), "dot", tmp_path / "g.dot")
    assert FORMATS == ("graphml", "gexf", "json", "neo4j-csv")
    assert list(tmp_path.iterdir()) == []
