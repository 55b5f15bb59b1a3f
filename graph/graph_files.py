"""The graph's arrays kept in the store's database, so opening a large store reads them instead of computing
them from a million rows.

A build saves them last, from the graph tables it just wrote, into the table `graph_arrays` of its own
database (`save_for_store`, called by `StoreWriter.commit` for a fresh build and an update alike, before the
store is swapped into place), so they are always those of the rows beside them: an update works on a copy of
the database and saves them again. A row `manifest` names the `build_id` of the build that computed them;
`load` gives None, and the graph is computed from the rows as for a store built before they existed, when
the table is missing, unreadable, of another format or of another build. Opening never writes them (a store
may be read-only or someone else's).

    graph_arrays(name TEXT PRIMARY KEY, dtype TEXT, data BLOB)
      manifest   json: format, build_id, meta (titled share), array lengths
      strings    json: chunk ids, names of the name index, relation kinds, chunk ids and predicates
      NAME       one array each, its raw bytes (read without a copy)
"""

from __future__ import annotations

import json
import logging
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from hopgraph.graph.arrays import GraphArrays, graph_arrays
from hopgraph.store import Store
from hopgraph.store_layout import GRAPH_TABLE

FORMAT = 1
log = logging.getLogger("hopgraph.graph")


def save(conn: sqlite3.Connection, g: GraphArrays, build_id: str) -> None:
    """Write `g` into the table, replacing what is there, in one transaction."""
    manifest = {"format": FORMAT, "build_id": build_id, "meta": g.meta,
                "arrays": {name: len(array) for name, array in g.arrays.items()}}
    with conn:
        conn.execute(f"CREATE TABLE IF NOT EXISTS {GRAPH_TABLE} (name TEXT PRIMARY KEY, dtype TEXT, data BLOB)")
        conn.execute(f"DELETE FROM {GRAPH_TABLE}")
        conn.executemany(f"INSERT INTO {GRAPH_TABLE} (name, dtype, data) VALUES (?, ?, ?)", [
            ("manifest", "json", json.dumps(manifest).encode("utf-8")),
            ("strings", "json", json.dumps(g.strings, ensure_ascii=False).encode("utf-8")),
            *((name, np.asarray(a).dtype.str, np.ascontiguousarray(a).tobytes()) for name, a in g.arrays.items())])


def load(store: Store) -> GraphArrays | None:
    """The arrays saved for the store's database (its build id); None when there are none for it or they
    cannot be read."""
    build_id = store.meta().get("build_id")
    if not build_id:
        return None
    try:
        rows = store.blobs(f"SELECT name, dtype, data FROM {GRAPH_TABLE}")
    except sqlite3.OperationalError:  # no such table: built before they were saved
        return None
    try:
        blobs = {name: (dtype, data) for name, dtype, data in rows}
        manifest = json.loads(blobs.pop("manifest")[1])
        if manifest.get("format") != FORMAT or manifest.get("build_id") != build_id:
            return None
        strings = json.loads(blobs.pop("strings")[1])
        arrays = {name: np.frombuffer(blobs[name][1], dtype=np.dtype(blobs[name][0])) for name in manifest["arrays"]}
        if any(len(arrays[name]) != n for name, n in manifest["arrays"].items()):
            return None
    except (ValueError, KeyError, TypeError) as e:
        log.warning("the graph arrays of %s cannot be read (%s): computing the graph from the rows", store.root, e)
        return None
    return GraphArrays(arrays, strings, manifest.get("meta", {}))


def save_for_store(root: Path, previous: Path | None = None) -> bool:
    """Compute and save the graph arrays of the store at `root` (a build's folder, before it is swapped in);
    False when its database records no build id. `previous`: the store an update of it started from, whose
    saved arrays give the relation columns and the mention pairs of the rows it kept (`arrays_delta`)."""
    store = Store.open(root)
    before = _previous(previous) if previous is not None else None
    try:
        build_id = store.meta().get("build_id")
        if not build_id:
            return False
        from hopgraph.gc_pause import collector_paused

        # The relation columns and the adjacency are made in a second thread, through connections of their own
        # (the folder is this build's), while this one makes the rest (2.6 -> 2.0 s after an update at 100k).
        with collector_paused(), ThreadPoolExecutor(1, thread_name_prefix="relations") as side:
            if before is None:
                g = graph_arrays(store, relations=lambda: _relation_columns(root, None), side=side)
            else:
                g = graph_arrays(store, relations=lambda: _relation_columns(root, previous, before[1]), side=side,
                                 mentions=lambda code_of: _kept_mentions(*before, store.conn, code_of))
        # The folder is a build's, not yet swapped in: a crash loses it anyway, so no journal file and no sync
        # (the previous arrays, about 120 MB at 100k, were copied into the journal before being replaced).
        store.conn.execute("PRAGMA synchronous = OFF")
        store.conn.execute("PRAGMA journal_mode = MEMORY")
        save(store.conn, g, build_id)
        return True
    finally:
        store.close()
        if before is not None:
            before[0].close()


def _previous(previous: Path) -> tuple[Store, GraphArrays] | None:
    """The store at `previous`, open, and its saved arrays; None when it cannot be read or has none for its
    build (the rows are read instead)."""
    try:
        before = Store.open(previous)
    except Exception:  # noqa: BLE001 - no readable previous store: compute from the rows
        return None
    arrays = load(before)
    if arrays is None:
        before.close()
        return None
    return before, arrays


def _relation_columns(root: Path, previous: Path | None, arrays: GraphArrays | None = None) -> dict:
    """The relation columns of the store at `root`, read through connections of their own: patched from the
    `arrays` saved for the store `previous` (`_kept_relations`) where they fit, else from the rows."""
    from hopgraph.graph.arrays import relation_columns
    from hopgraph.graph.relation_table import RelationTable

    store = Store.open(root)
    try:
        if previous is not None and arrays is not None:
            before = Store.open(previous)
            try:
                columns = _kept_relations(before, arrays, store.conn)
            finally:
                before.close()
            if columns is not None:
                return columns
        return relation_columns(RelationTable(store.relation_rows()))
    finally:
        store.close()


def _kept_relations(before: Store, arrays: GraphArrays, conn: sqlite3.Connection) -> dict | None:
    """The relation columns of the store at `conn` from the arrays saved for the store `before` (None when
    they do not fit: the rows are read instead)."""
    from hopgraph.graph.arrays_delta import relation_columns

    top = before.conn.execute("SELECT COALESCE(MAX(id), 0) FROM relations").fetchone()[0]
    ids = lambda: np.fromiter((r[0] for r in before.conn.execute("SELECT id FROM relations ORDER BY id")),  # noqa: E731
                              dtype=np.int64)
    return relation_columns(arrays, top, conn, ids)


def _kept_mentions(before: Store, arrays: GraphArrays, conn: sqlite3.Connection, code_of: dict[str, int]):
    """The mention pairs of the store at `conn` from the arrays saved for the store `before` (None when they
    do not fit)."""
    from hopgraph.graph.arrays_delta import mention_pairs

    top = before.conn.execute("SELECT COALESCE(MAX(rowid), 0) FROM mentions").fetchone()[0]
    return mention_pairs(arrays, top, conn, code_of, lambda dropped: _rows_outside(before.conn, dropped))


def _rows_outside(conn: sqlite3.Connection, chunks: list[str]) -> int:
    """Mention rows outside `chunks`: all of them less those of `chunks`, counted through the chunk index (the
    chunks an update dropped are a few thousand of 100k; a count per chunk read the whole table, 0.1 s)."""
    from hopgraph.indexing.sql_batches import batches, marks

    total = conn.execute("SELECT COUNT(*) FROM mentions").fetchone()[0]
    return total - sum(conn.execute(f"SELECT COUNT(*) FROM mentions WHERE chunk_id IN ({marks(part)})", part).fetchone()[0]
                       for part in batches(sorted(set(chunks))))
