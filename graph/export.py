"""Export the knowledge graph: GraphML, GEXF, JSON (node-link) and Neo4j import CSVs.

GraphML and GEXF nodes carry `label` = the entity's name and edges `label` = the predicate, so Gephi and
yEd show names rather than ids. The Neo4j export is a folder for `neo4j-admin database import full`
(the exact command is written next to the CSVs, in IMPORT.txt):

    entities.csv         (:Entity:<TYPE>)   one label per entity type (PERSON, ORG, GPE …)
    documents.csv        (:Document)        with the store: every document (title, metadata)
    chunks.csv           (:Chunk)           with the store: every chunk (text, span)
    relations.csv        (:Entity)-[:BORN_IN]->(:Entity)   one relationship type per canonical predicate;
                                                            co-occurrences are CO_OCCURS_WITH
    mentions.csv         (:Chunk)-[:MENTIONS]->(:Entity)
    chunk_documents.csv  (:Chunk)-[:PART_OF]->(:Document)   with the store

Ids live in separate ID spaces (Entity, Chunk, Document), so an entity id never collides with a chunk id.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx

from hopgraph.errors import UserError
from hopgraph.graph.build import KnowledgeGraph

if TYPE_CHECKING:
    from hopgraph.store import Store

FORMATS = ("graphml", "gexf", "json", "neo4j-csv")
COOCCUR_TYPE = "CO_OCCURS_WITH"
_NOT_NAME = re.compile(r"[^0-9A-Za-z]+")


def to_networkx(kg: KnowledgeGraph) -> nx.MultiDiGraph:
    """A plain MultiDiGraph with string/number attributes only (what GraphML and GEXF accept)."""
    g = nx.MultiDiGraph()
    for eid, e in kg.entities.items():
        g.add_node(str(eid), label=e.name, name=e.name, type=e.type or "", aliases="|".join(e.aliases), doc_freq=e.doc_freq)
    for i, r in enumerate(kg.relations):
        g.add_edge(str(r.source_id), str(r.target_id), key=str(i), label=r.predicate, predicate=r.predicate, kind=r.kind,
                   weight=float(r.weight), chunk_id=r.chunk_id, sentence=r.sentence)
    return g


def export_graph(kg: KnowledgeGraph, fmt: str, out: Path, store: Store | None = None) -> list[Path]:
    """Write the graph in `fmt`; returns the files written. Neo4j CSVs add Document and Chunk nodes from `store`."""
    if fmt not in FORMATS:
        raise UserError(f"unknown export format {fmt!r} (choose from {', '.join(FORMATS)})")
    if fmt == "neo4j-csv":
        if out.exists() and not out.is_dir():
            raise UserError(f"{out} is a file: neo4j-csv writes a folder of CSV files")
        return neo4j_csv(kg, out, store)
    if out.is_dir():
        raise UserError(f"{out} is a folder: {fmt} writes one file (e.g. --out graph.{fmt})")
    out.parent.mkdir(parents=True, exist_ok=True)
    g = to_networkx(kg)
    if fmt == "graphml":
        nx.write_graphml(g, out)
    elif fmt == "gexf":
        nx.write_gexf(g, out)
    else:
        out.write_text(json.dumps(nx.node_link_data(g, edges="edges"), ensure_ascii=False))
    return [out]


def relationship_type(predicate: str, kind: str = "typed") -> str:
    """Neo4j relationship type of a predicate: 'born in' -> BORN_IN; co-occurrence -> CO_OCCURS_WITH."""
    if kind != "typed":
        return COOCCUR_TYPE
    name = _NOT_NAME.sub("_", predicate).strip("_").upper()
    return name or "RELATED_TO"


def type_label(entity_type: str) -> str:
    """Neo4j label of an entity type ('' when untyped): PERSON -> PERSON, WORK_OF_ART -> WORK_OF_ART."""
    return _NOT_NAME.sub("_", entity_type or "").strip("_").upper()


def import_command(files: list[Path]) -> str:
    """The `neo4j-admin database import full` command for the written files (run from their folder)."""
    nodes = [f for f in files if f.name in ("entities.csv", "documents.csv", "chunks.csv")]
    rels = [f for f in files if f.name in ("relations.csv", "mentions.csv", "chunk_documents.csv")]
    parts = ["neo4j-admin database import full"]
    parts += [f"--nodes={f.name}" for f in nodes] + [f"--relationships={f.name}" for f in rels]
    parts += ['--array-delimiter=";"', "--multiline-fields=true", "neo4j"]
    return " \\\n  ".join(parts)


def _write(path: Path, header: list[str], rows) -> Path:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return path


def neo4j_csv(kg: KnowledgeGraph, out: Path, store: Store | None = None) -> list[Path]:
    """The CSV folder described in the module docstring, plus IMPORT.txt with the import command."""
    out.mkdir(parents=True, exist_ok=True)
    written = [_write(out / "entities.csv", ["entityId:ID(Entity)", "name", "type", "aliases:string[]", "docFreq:int", ":LABEL"], (
        [eid, e.name, e.type, ";".join(a.replace(";", ",") for a in e.aliases), e.doc_freq,
         ";".join(x for x in ("Entity", type_label(e.type)) if x)]
        for eid, e in kg.entities.items()))]
    if store is not None:
        docs = store.conn.execute("SELECT doc_id, title, metadata FROM documents ORDER BY doc_id").fetchall()
        written.append(_write(out / "documents.csv", ["docId:ID(Document)", "title", "metadata", ":LABEL"],
                              ([d[0], d[1] or "", d[2] or "{}", "Document"] for d in docs)))
        chunks = store.all_chunks()
        written.append(_write(out / "chunks.csv", ["chunkId:ID(Chunk)", "docId", "title", "position:int", "start:int", "end:int", "text", ":LABEL"],
                              ([c.chunk_id, c.doc_id, c.title, c.position, c.start, c.end, c.text, "Chunk"] for c in chunks)))
    written.append(_write(out / "relations.csv",
                          [":START_ID(Entity)", ":END_ID(Entity)", ":TYPE", "predicate", "kind", "weight:float", "chunkId", "sentence"], (
        [r.source_id, r.target_id, relationship_type(r.predicate, r.kind), r.predicate, r.kind, r.weight, r.chunk_id, r.sentence]
        for r in kg.relations)))
    if store is not None:
        known = {c.chunk_id for c in chunks}
        written.append(_write(out / "mentions.csv", [":START_ID(Chunk)", ":END_ID(Entity)", ":TYPE"], (
            [cid, eid, "MENTIONS"] for cid in sorted(kg.chunk_entities) if cid in known
            for eid in sorted(kg.chunk_entities[cid]))))
        written.append(_write(out / "chunk_documents.csv", [":START_ID(Chunk)", ":END_ID(Document)", ":TYPE"],
                              ([c.chunk_id, c.doc_id, "PART_OF"] for c in chunks)))
    guide = out / "IMPORT.txt"
    guide.write_text("# From this folder, with Neo4j stopped (the database must be empty or add --overwrite-destination):\n"
                     + import_command(written) + "\n", encoding="utf-8")
    return [*written, guide]
