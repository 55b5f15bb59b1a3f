"""What a store holds, as one comparable value, and `hopgraph check` run the way a user runs it."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

from reliability_world import QUERY
from typer.testing import CliRunner


def _h(*parts: object) -> str:
    return hashlib.sha1("\x00".join(str(p) for p in parts).encode("utf-8")).hexdigest()[:12]


def store_state(root: Path) -> dict:
    """Documents, chunks, entities and relations by content (not by row id), plus the top hits of one
    question with two profiles. Two stores with equal states answer alike."""
    from hopgraph.config import Settings
    from hopgraph.facade import HopGraph

    conn = sqlite3.connect(f"{(root / 'hopgraph.db').resolve().as_uri()}?mode=ro", uri=True)
    try:
        docs = sorted((r[0], _h(r[1], r[2])) for r in conn.execute("SELECT doc_id, title, text FROM documents"))
        chunks = sorted((r[0], _h(r[1])) for r in conn.execute("SELECT chunk_id, text FROM chunks"))
        names = dict(conn.execute("SELECT entity_id, name FROM entities").fetchall())
        entities = sorted(names.values())
        relations = sorted((names.get(s, "?"), p, names.get(t, "?"))
                           for s, p, t in conn.execute("SELECT source_id, predicate, target_id FROM relations"))
    finally:
        conn.close()
    hg = HopGraph.open(root, Settings(store=root))
    try:
        hits = {p: [h.chunk_id for h in hg.search(QUERY, k=3, profile=p)] for p in ("hybrid", "graph-hybrid")}
    finally:
        hg.close()
    return {"documents": docs, "chunks": chunks, "entities": entities, "relations": _h(*relations),
            "relation_count": len(relations), "hits": hits}


def summary(state: dict) -> str:
    return (f"{len(state['documents'])} docs {[d for d, _ in state['documents']]}, {len(state['chunks'])} chunks, "
            f"{len(state['entities'])} entities, {state['relation_count']} relations, hits {state['hits']}")


def check(root: Path) -> tuple[bool, str]:
    """`hopgraph check --store ROOT --json`, in-process: (all checks passed, what failed)."""
    from hopgraph.cli import app

    result = CliRunner().invoke(app, ["check", "--store", str(root), "--json"])
    if result.exception and not isinstance(result.exception, SystemExit):
        return False, f"check raised {result.exception!r}"
    report = json.loads(result.stdout)
    failed = [f"{c['name']}: {c['detail']}" for c in report["checks"] if c["status"] == "fail"]
    return report["ok"] and result.exit_code == 0, "; ".join(failed)
