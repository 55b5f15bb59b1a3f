"""Export the knowledge graph: GraphML, GEXF, JSON (node-link) and Neo4j import CSVs."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import networkx as nx

from hopgraph.errors import UserError
from hopgraph.graph.build import KnowledgeGraph

FORMATS = ("graphml", "gexf", "json", "neo4j-csv")


def to_networkx(kg: KnowledgeGraph) -> nx.MultiDiGraph:
    """A plain MultiDiGraph with string/number attributes only (what GraphML and GEXF accept)."""
    g = nx.MultiDiGraph()
    for eid, e in kg.entities.items():
        g.add_node(str(eid), name=e.name, type=e.type or "", aliases="|".join(e.aliases), doc_freq=e.doc_freq)
    for i, r in enumerate(kg.relations):
        g.add_edge(str(r.source_id), str(r.target_id), key=str(i), predicate=r.predicate, kind=r.kind,
                   weight=float(r.weight), chunk_id=r.chunk_id, sentence=r.sentence)
    return g


def export_graph(kg: KnowledgeGraph, fmt: str, out: Path) -> list[Path]:
    """Write the graph in `fmt`; returns the files written."""
    if fmt not in FORMATS:
        raise UserError(f"unknown export format {fmt!r} (choose from {', '.join(FORMATS)})")
    if fmt == "neo4j-csv":
        return _neo4j_csv(kg, out)
    out.parent.mkdir(parents=True, exist_ok=True)
    g = to_networkx(kg)
    if fmt == "graphml":
        nx.write_graphml(g, out)
    elif fmt == "gexf":
        nx.write_gexf(g, out)
    else:
        out.write_text(json.dumps(nx.node_link_data(g, edges="edges"), ensure_ascii=False))
    return [out]


def _neo4j_csv(kg: KnowledgeGraph, out: Path) -> list[Path]:
    """`out` is a folder: nodes.csv and relationships.csv with neo4j-admin import headers."""
    out.mkdir(parents=True, exist_ok=True)
    nodes, rels = out / "nodes.csv", out / "relationships.csv"
    with nodes.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["entityId:ID", "name", "type", "aliases:string[]", "docFreq:int", ":LABEL"])
        for eid, e in kg.entities.items():
            w.writerow([eid, e.name, e.type, ";".join(a.replace(";", ",") for a in e.aliases), e.doc_freq, "Entity"])
    with rels.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow([":START_ID", ":END_ID", ":TYPE", "predicate", "kind", "weight:float", "chunkId", "sentence"])
        for r in kg.relations:
            rel_type = "RELATED" if r.kind == "typed" else "CO_OCCURS"
            w.writerow([r.source_id, r.target_id, rel_type, r.predicate, r.kind, r.weight, r.chunk_id, r.sentence])
    return [nodes, rels]
