"""Which of a re-resolved neighbourhood's graph rows changed: only those are deleted and written again.

Resolving the neighbourhood S of a change gives rows for all of S's chunks and entities, but most come out
exactly as the store holds them (S is the changed documents and everything that shares a name with them;
the change itself touches a few of its chunks). A chunk's mention rows (in table order) or relation rows (by
id) that equal the new ones, store ids and all, stay where they are; an entity whose row and alias rows (in
table order) are equal stays too. The table's content is the same as deleting and inserting everything;
only the rows of what changed move to the end of their table.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from hopgraph.indexing.sql_batches import batches, marks
from hopgraph.models import ResolvedGraph

MENTION_COLUMNS = 'entity_id, chunk_id, start, "end", text'
RELATION_COLUMNS = "source_id, predicate, target_id, chunk_id, sentence, weight, kind"
ENTITY_COLUMNS = "entity_id, name, norm, type, aliases, doc_freq"


@dataclass
class GraphRows:
    """A neighbourhood's graph rows with store ids: entity rows and alias rows by id, mention and relation rows
    by chunk; the chunks and entities found changed (chunks None: every chunk is written)."""

    entities: dict[int, tuple]
    aliases: dict[int, list[str]]
    mentions: dict[str, list[tuple]]
    relations: dict[str, list[tuple]]
    mention_chunks: set[str] | None = None
    relation_chunks: set[str] | None = None
    same: set[int] = field(default_factory=set)

    @classmethod
    def of(cls, graph: ResolvedGraph, place, fixed: set[int], by_chunk: bool = True) -> GraphRows:
        """The rows of `graph`'s entities but the `fixed` ones, ids by `place.ids` (`delta_graph.Placement`, written by `delta_write`);
        `by_chunk` False: entities and aliases only, every chunk to be written."""
        ids = place.ids
        written = [e for e in graph.entities if e.entity_id not in fixed]
        entities = {ids[e.entity_id]: (ids[e.entity_id], e.name, graph.norm_of.get(e.entity_id, ""), e.type,
                                       json.dumps(e.aliases), e.doc_freq) for e in written}
        own = {e.entity_id for e in written}
        aliases = by_key((ids[i], a) for a, i in graph.alias_rows if i in own)
        if not by_chunk:
            return cls(entities, aliases, {}, {})
        return cls(entities, aliases,
                   by_key((m["chunk_id"], (ids[m["entity_id"]], m["chunk_id"], m["start"], m["end"], m["text"]))
                          for m in graph.mentions),
                   by_key((r.chunk_id, relation_row(r, ids[r.source_id], ids[r.target_id])) for r in graph.relations))


def relation_row(r, source: int, target: int) -> tuple:
    """A relation's row with store ids; a co-occurrence goes from the smaller id, as `resolve` writes it."""
    if r.kind == "cooccur" and source > target:
        source, target = target, source
    return source, r.predicate, target, r.chunk_id, r.sentence, r.weight, r.kind


def by_key(pairs: Iterable[tuple]) -> dict:
    """key -> values in the given order (pure)."""
    out: dict = defaultdict(list)
    for key, value in pairs:
        out[key].append(value)
    return out


def changed_chunks(conn: sqlite3.Connection, table: str, old_chunks: Iterable[str], new: dict[str, list[tuple]]) -> set[str]:
    """Chunks among `old_chunks` and `new`'s whose rows of `table` ("mentions" or "relations") are not
    exactly `new[chunk]` (rows as `MENTION_COLUMNS` / `RELATION_COLUMNS`, in table order)."""
    columns, order = (MENTION_COLUMNS, "rowid") if table == "mentions" else (RELATION_COLUMNS, "id")
    chunks = set(old_chunks)
    old = by_key((r[3] if table == "relations" else r[1], r) for r in _rows(conn, table, columns, "chunk_id", order, chunks))
    return {c for c in chunks | new.keys() if old.get(c, []) != new.get(c, [])}


def same_entities(conn: sqlite3.Connection, rows: dict[int, tuple], aliases: dict[int, list[str]]) -> set[int]:
    """Ids of `rows` (id -> row as `ENTITY_COLUMNS`) whose stored row and alias rows (in table order) are
    these exactly."""
    ids = set(rows)
    stored = {r[0]: r for r in _rows(conn, "entities", ENTITY_COLUMNS, "entity_id", "entity_id", ids)}
    names = stored_aliases(conn, ids)
    return {i for i in ids if stored.get(i) == rows[i] and names.get(i, []) == aliases.get(i, [])}


def stored_aliases(conn: sqlite3.Connection, ids: set[int]) -> dict[int, list[str]]:
    """id -> the names of its alias rows, in table order, for the entities `ids` (those with some)."""
    if len(ids) <= 500:
        rows = _rows(conn, "aliases", "alias, entity_id", "entity_id", "rowid", ids)
    else:  # no index by entity: one scan of the table rather than one per 500 ids
        rows = (r for r in conn.execute("SELECT alias, entity_id FROM aliases ORDER BY rowid") if r[1] in ids)
    return by_key((r[1], r[0]) for r in rows)


def _rows(conn: sqlite3.Connection, table: str, columns: str, key: str, order: str, values: set) -> list[tuple]:
    out: list[tuple] = []
    for part in batches(sorted(values)):
        out.extend(conn.execute(f"SELECT {columns} FROM {table} WHERE {key} IN ({marks(part)}) ORDER BY {order}", part))
    return out
