"""Rows of a store's tables as the typed models of hopgraph/models.py."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator

from hopgraph.made_on_access import MadeOnAccess
from hopgraph.models import Chunk, Entity, Relation

#: The fields of a `Chunk` in the order of a `ChunkRow` and of `CHUNK_COLUMNS`.
CHUNK_FIELDS = ("chunk_id", "doc_id", "title", "text", "start", "end", "content_hash", "position")
#: The chunks table's columns a `ChunkRow` is selected with ("end" is an SQL keyword, hence the quotes).
CHUNK_COLUMNS = ", ".join(f'"{f}"' for f in CHUNK_FIELDS)
#: (chunk_id, doc_id, title, text, start, end, content_hash, position): one chunk as the store gives it.
ChunkRow = tuple[str, str, str, str, int, int, str, int]
#: The entities table's columns an `EntityRow` is selected with.
ENTITY_COLUMNS = "entity_id, name, type, aliases, doc_freq"
#: (entity_id, name, type, aliases as JSON, doc_freq): one entity as the store gives it.
EntityRow = tuple[int, str, "str | None", "str | None", "int | None"]
#: The relations table's columns a `RelationRow` is selected with.
RELATION_COLUMNS = "source_id, target_id, kind, weight, chunk_id, predicate, sentence"
#: (source_id, target_id, kind, weight, chunk_id, predicate, sentence): one relation as the store gives it.
RelationRow = tuple[int, int, str, float, str, str, "str | None"]


def chunk_of_row(r: ChunkRow | sqlite3.Row) -> Chunk:
    """The `Chunk` of a row selected with `CHUNK_COLUMNS` (a plain tuple or an `sqlite3.Row`)."""
    return Chunk(**dict(zip(CHUNK_FIELDS, r, strict=True)))


def entity_of_row(r: EntityRow | sqlite3.Row) -> Entity:
    """The `Entity` of a row selected with `ENTITY_COLUMNS` (a plain tuple or an `sqlite3.Row`)."""
    entity_id, name, type_, aliases, doc_freq = r
    return Entity(entity_id=entity_id, name=name, type=type_ or "", aliases=json.loads(aliases or "[]"),
                  doc_freq=doc_freq or 0)


def relation_of_row(r: RelationRow | sqlite3.Row) -> Relation:
    """The `Relation` of a row selected with `RELATION_COLUMNS` (a plain tuple or an `sqlite3.Row`)."""
    source_id, target_id, kind, weight, chunk_id, predicate, sentence = r
    return Relation(source_id=source_id, predicate=predicate, target_id=target_id, chunk_id=chunk_id,
                    sentence=sentence or "", weight=weight, kind=kind)


class ChunkRows(MadeOnAccess[Chunk]):
    """The store's chunks in row order (row i is FAISS row i) as plain tuples; the `Chunk` model of a row is
    made when first asked for and kept (making a hundred thousand models at open cost four times reading
    them)."""

    def __init__(self, rows: list[ChunkRow]):
        self.rows = rows
        self._made: dict[int, Chunk] = {}

    def __len__(self) -> int:
        return len(self.rows)

    def _make(self, i: int) -> Chunk:
        return chunk_of_row(self.rows[i])

    def __iter__(self) -> Iterator[Chunk]:
        return (self[i] for i in range(len(self.rows)))

    def row_of(self) -> dict[str, int]:
        """chunk id -> row."""
        return {r[0]: i for i, r in enumerate(self.rows)}

