"""Rows of a store's tables as the typed models of hopgraph/models.py."""

from __future__ import annotations

import json
import sqlite3

from hopgraph.models import Chunk, Entity, Relation


def chunk_of_row(r: sqlite3.Row) -> Chunk:
    return Chunk(
        chunk_id=r["chunk_id"], doc_id=r["doc_id"], title=r["title"], text=r["text"],
        start=r["start"], end=r["end"], content_hash=r["content_hash"], position=r["position"],
    )


def entity_of_row(r: sqlite3.Row) -> Entity:
    return Entity(
        entity_id=r["entity_id"], name=r["name"], type=r["type"] or "",
        aliases=json.loads(r["aliases"] or "[]"), doc_freq=r["doc_freq"] or 0,
    )


def relation_of_row(r: sqlite3.Row) -> Relation:
    return Relation(
        source_id=r["source_id"], predicate=r["predicate"], target_id=r["target_id"], chunk_id=r["chunk_id"],
        sentence=r["sentence"] or "", weight=r["weight"], kind=r["kind"],
    )
