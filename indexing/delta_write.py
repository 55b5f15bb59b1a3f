"""Writing a re-resolved neighbourhood into the graph tables, once `delta_graph` has placed it.

`apply_graph` replaces the mentions and relations of the neighbourhood's chunks, rewrites the rows of the
entities that changed, deletes the unclaimed previous ones and recounts the hubs (`_recount`: their rows are
kept, their names and counts moved). New relation and mention rows take ids after every previous one, so the
rows with previous ids are exactly the kept ones (`graph/arrays_delta.py` relies on it).
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from contextlib import contextmanager

from hopgraph.indexing.delta_graph import Placement
from hopgraph.indexing.delta_rows import GraphRows, changed_chunks, relation_row, same_entities, stored_aliases
from hopgraph.indexing.normalize import normalize
from hopgraph.indexing.sql_batches import batches, marks
from hopgraph.indexing.votes import replace_docs
from hopgraph.models import ResolvedGraph


def apply_graph(conn: sqlite3.Connection, graph: ResolvedGraph, place: Placement, old_chunks: list[str],
                docs: set[str], whole: bool = False) -> None:
    """Replace the mentions and relations of S's previous chunks (and removed documents') by `graph`'s,
    write the complete entities' rows and aliases, delete the unclaimed previous entities, replace the votes
    of `docs` (S's and the removed documents). `whole`: S is the whole corpus, so every graph row of the store
    is replaced (tables emptied instead of deleted by id)."""
    old_surfaces = {o: _surfaces(conn, o) for o, _n in place.recount.values()}
    fixed = place.keep_row | place.recount.keys()
    # New relation and mention rows take ids (rowids) after every previous one, never a deleted row's: the rows
    # with previous ids are then exactly the kept ones (`graph/arrays_delta.py` patches the previous graph
    # arrays with that).
    first_id = (conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM relations").fetchone()[0],
                conn.execute("SELECT COALESCE(MAX(rowid), 0) + 1 FROM mentions").fetchone()[0])
    if whole and not fixed:
        with _indexes_rebuilt(conn, GRAPH_TABLES):
            for table in GRAPH_TABLES:
                conn.execute(f"DELETE FROM {table}")
            _write(conn, graph, place, fixed, docs, whole, first_id)
        return
    rows = GraphRows.of(graph, place, fixed)  # only the rows that changed are deleted and written (`delta_rows`)
    rows.mention_chunks = changed_chunks(conn, "mentions", old_chunks, rows.mentions)
    rows.relation_chunks = changed_chunks(conn, "relations", old_chunks, rows.relations)
    rows.same = same_entities(conn, rows.entities, rows.aliases)
    for table, chunks in (("mentions", rows.mention_chunks), ("relations", rows.relation_chunks)):
        for part in batches(sorted(chunks)):
            conn.execute(f"DELETE FROM {table} WHERE chunk_id IN ({marks(part)})", part)
    rewrite = sorted((place.deleted | rows.entities.keys()) - rows.same)
    for part in batches(rewrite):
        conn.execute(f"DELETE FROM entities WHERE entity_id IN ({marks(part)})", part)
        conn.execute(f"DELETE FROM aliases WHERE entity_id IN ({marks(part)})", part)
    _write(conn, graph, place, fixed, docs, whole, first_id, rows)
    doc_freq = {e.entity_id: e.doc_freq for e in graph.entities}
    aliases = dict(_recount(conn, o, doc_freq[i] - before_in_s, old_surfaces[o])
                   for i, (o, before_in_s) in place.recount.items())
    stored = stored_aliases(conn, set(aliases))
    moved = [o for o in aliases if stored.get(o, []) != aliases[o]]  # a hub's alias rows are rewritten if changed
    for part in batches(moved):  # (the aliases table has no index by entity: one scan per 500 hubs)
        conn.execute(f"DELETE FROM aliases WHERE entity_id IN ({marks(part)})", part)
    conn.executemany("INSERT INTO aliases (alias, entity_id) VALUES (?, ?)", ((a, o) for o in moved for a in aliases[o]))


GRAPH_TABLES = ("mentions", "relations", "entities", "aliases", "entity_votes")


@contextmanager
def _indexes_rebuilt(conn: sqlite3.Connection, tables: tuple[str, ...]):
    """The secondary indexes of `tables` dropped while their rows are rewritten and made again afterwards with
    their own SQL: one sorted build per index instead of a B-tree insert per row (the rows are the same)."""
    marks = ",".join("?" * len(tables))
    indexes = conn.execute(f"SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
                           f"AND tbl_name IN ({marks})", tables).fetchall()
    for name, _sql in indexes:
        conn.execute(f'DROP INDEX "{name}"')
    yield
    for _name, sql in indexes:
        conn.execute(sql)


def _write(conn: sqlite3.Connection, graph: ResolvedGraph, place: Placement, fixed: set[int], docs: set[str],
           whole: bool, first_id: tuple[int, int], rows: GraphRows | None = None) -> None:
    """Insert the rows of `graph`'s entities (but the `fixed` ones), aliases, mentions, relations (relation ids
    and mention rowids from `first_id` on, in `graph`'s order) and votes; with `rows`, only the entities,
    aliases and chunks it found changed."""
    rows = rows or GraphRows.of(graph, place, fixed, by_chunk=False)
    keep = rows.same
    conn.executemany("INSERT INTO entities (entity_id, name, norm, type, aliases, doc_freq) VALUES (?, ?, ?, ?, ?, ?)",
                     (r for i, r in rows.entities.items() if i not in keep))
    ids = place.ids
    conn.executemany("INSERT INTO aliases (alias, entity_id) VALUES (?, ?)",
                     ((a, ids[i]) for a, i in graph.alias_rows if ids[i] in rows.entities and ids[i] not in keep))
    chunks = rows.mention_chunks
    conn.executemany('INSERT INTO mentions (rowid, entity_id, chunk_id, start, "end", text) VALUES (?, ?, ?, ?, ?, ?)',
                     ((n, ids[m["entity_id"]], m["chunk_id"], m["start"], m["end"], m["text"]) for n, m in
                      enumerate((m for m in graph.mentions if chunks is None or m["chunk_id"] in chunks), first_id[1])))
    chunks = rows.relation_chunks
    conn.executemany("INSERT INTO relations (id, source_id, predicate, target_id, chunk_id, sentence, weight, kind) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     ((n, *relation_row(r, ids[r.source_id], ids[r.target_id])) for n, r in
                      enumerate((r for r in graph.relations if chunks is None or r.chunk_id in chunks), first_id[0])))
    replace_docs(conn, () if whole and not fixed else docs, graph.votes, ids)


def _surfaces(conn: sqlite3.Connection, entity_id: int) -> Counter:
    """An entity's mention texts counted, in order of first mention (as `resolve` counts them)."""
    return Counter(t for (t,) in conn.execute('SELECT m.text FROM mentions m JOIN chunks c ON c.chunk_id = m.chunk_id '
                                              "WHERE m.entity_id = ? ORDER BY c.row, m.rowid", (entity_id,)))


def _recount(conn: sqlite3.Connection, entity_id: int, doc_change: int, old_surfaces: Counter) -> tuple[int, list[str]]:
    """A hub's row from its mention rows (aliases by count, first seen first; the name by `resolve`'s rule,
    unless its previous name was not the rule's: a title) and its document count moved by `doc_change`;
    its type stays (the neighbourhood's partial votes agreed with it). Returns (its id, its alias rows' names),
    for the caller to write."""
    from hopgraph.indexing.resolved_graph import make_entity

    name, doc_freq = conn.execute("SELECT name, doc_freq FROM entities WHERE entity_id = ?", (entity_id,)).fetchone()
    surfaces = _surfaces(conn, entity_id)
    ruled = make_entity(entity_id, surfaces, Counter(), 0, None)
    old_rule = make_entity(entity_id, old_surfaces, Counter(), 0, None).name
    new_name = ruled.name if name == old_rule or name not in surfaces else name
    conn.execute("UPDATE entities SET name = ?, norm = ?, aliases = ?, doc_freq = ? WHERE entity_id = ?",
                 (new_name, normalize(new_name), json.dumps(ruled.aliases), doc_freq + doc_change, entity_id))
    return entity_id, [n for n in dict.fromkeys(normalize(a) for a in surfaces) if n]
