"""The store folder: SQLite (source of truth), FAISS index and BM25 files.

Layout of a store folder::

    hopgraph.db   documents, chunks, entities, aliases, mentions, relations, traces, llm_cache, meta
    dense.faiss   inner-product index; row i is the chunk with chunks.row = i
    bm25/         lexical index files

A build writes into a sibling temporary folder and swaps it into place at the
end (hopgraph/swap.py), so an interrupted build leaves the previous store
untouched; saved traces and the LLM cache move over to the new store. Where a
build may write and the one-writer lock are in hopgraph/guard.py, the checks of
`hopgraph check` in hopgraph/check.py.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import threading
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import sqlite_utils

from hopgraph.errors import StoreDamaged, UserError
from hopgraph.models import Chunk, Document, Entity, Relation

SCHEMA_VERSION = 1
DB_NAME = "hopgraph.db"
FAISS_NAME = "dense.faiss"
BM25_DIR = "bm25"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS documents (doc_id TEXT PRIMARY KEY, title TEXT, text TEXT, metadata TEXT);
CREATE TABLE IF NOT EXISTS chunks (
    chunk_id TEXT PRIMARY KEY, row INTEGER UNIQUE, doc_id TEXT, title TEXT, text TEXT,
    start INTEGER, "end" INTEGER, content_hash TEXT, position INTEGER);
CREATE TABLE IF NOT EXISTS entities (
    entity_id INTEGER PRIMARY KEY, name TEXT, norm TEXT, type TEXT, aliases TEXT, doc_freq INTEGER);
CREATE TABLE IF NOT EXISTS aliases (alias TEXT, entity_id INTEGER);
CREATE TABLE IF NOT EXISTS mentions (entity_id INTEGER, chunk_id TEXT, start INTEGER, "end" INTEGER, text TEXT);
CREATE TABLE IF NOT EXISTS relations (
    id INTEGER PRIMARY KEY, source_id INTEGER, predicate TEXT, target_id INTEGER,
    chunk_id TEXT, sentence TEXT, weight REAL, kind TEXT);
CREATE TABLE IF NOT EXISTS traces (trace_id TEXT PRIMARY KEY, question TEXT, created_at TEXT, result TEXT);
CREATE TABLE IF NOT EXISTS llm_cache (key TEXT PRIMARY KEY, model TEXT, response TEXT, created_at TEXT);
"""

INDEXES = """
CREATE INDEX IF NOT EXISTS idx_chunks_doc ON chunks(doc_id);
CREATE INDEX IF NOT EXISTS idx_entities_norm ON entities(norm);
CREATE INDEX IF NOT EXISTS idx_aliases_alias ON aliases(alias);
CREATE INDEX IF NOT EXISTS idx_mentions_entity ON mentions(entity_id);
CREATE INDEX IF NOT EXISTS idx_mentions_chunk ON mentions(chunk_id);
CREATE INDEX IF NOT EXISTS idx_relations_source ON relations(source_id);
CREATE INDEX IF NOT EXISTS idx_relations_target ON relations(target_id);
CREATE INDEX IF NOT EXISTS idx_relations_chunk ON relations(chunk_id);
"""


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _connect(path: Path, readonly: bool = False) -> sqlite3.Connection:
    if readonly:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    else:
        conn = sqlite3.connect(str(path), check_same_thread=False)
    conn.row_factory = sqlite3.Row
    return conn


class Store:
    """Read access to a built store, plus the few tables written after build (traces, llm_cache)."""

    def __init__(self, root: Path, conn: sqlite3.Connection):
        self.root = root
        self.conn = conn
        self._lock = threading.Lock()

    # ------------------------------------------------------------ opening
    @classmethod
    def open(cls, root: Path | str, embedding_model: str | None = None) -> Store:
        """Open a built store; refuse one with another schema version or embedding model, and say in one
        line what is wrong with a path that holds no readable store."""
        root = Path(root)
        db = root / DB_NAME
        if not db.is_file():
            raise UserError(_not_a_store(root))
        try:
            conn = _connect(db)
            identity = _identity(db)
            store = cls(root, conn)
            store._identity = identity
            meta = store.meta()
        except sqlite3.DatabaseError as e:
            raise StoreDamaged(damaged(root, f"its database cannot be read ({e})", force=True)) from None
        version = int(meta.get("schema_version", "0"))
        if version != SCHEMA_VERSION:
            store.close()
            raise UserError(
                f"store {root} has schema version {version}, this hopgraph needs {SCHEMA_VERSION}: "
                f"rebuild it with `hopgraph index {meta.get('corpus_path', 'CORPUS')} --store {root} --force`"
            )
        built_with = meta.get("embedding_model")
        if embedding_model and built_with and built_with != embedding_model:
            store.close()
            raise UserError(
                f"store {root} was built with embedding model {built_with!r} but the config asks for "
                f"{embedding_model!r}: set index.embedding_model={built_with!r} or rebuild the store"
            )
        return store

    _identity: tuple[int, int] | None = None
    _pinned = False

    def _pin_if_replaced(self) -> bool:
        """(Under self._lock.) True once a rebuild has swapped this store out. The first time, pin a read
        transaction: SQLite then never looks for a rollback journal at the old path again, which now holds
        the new store's journal. Reads go on from the old store's still-open file."""
        if self._pinned:
            return True
        if self._identity is None or not self.replaced():
            return False
        try:
            self.conn.execute("BEGIN")
            self.conn.execute("SELECT COUNT(*) FROM meta").fetchone()
        except sqlite3.DatabaseError:
            pass
        self._pinned = True
        return True

    def replaced(self) -> bool:
        """Whether another store (a newer build) now stands at this store's path, or none does."""
        try:
            return _identity(self.root / DB_NAME) != self._identity
        except OSError:
            return True

    @property
    def faiss_path(self) -> Path:
        return self.root / FAISS_NAME

    @property
    def bm25_path(self) -> Path:
        return self.root / BM25_DIR

    def close(self) -> None:
        self.conn.close()

    # ------------------------------------------------------------ reads
    def _rows(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            self._pin_if_replaced()
            return self.conn.execute(sql, tuple(params)).fetchall()

    def meta(self) -> dict[str, str]:
        return {r["key"]: r["value"] for r in self._rows("SELECT key, value FROM meta")}

    def count(self, table: str) -> int:
        return self._rows(f"SELECT COUNT(*) AS n FROM {table}")[0]["n"]  # table names are ours

    def chunk_count(self) -> int:
        return self.count("chunks")

    def all_chunks(self) -> list[Chunk]:
        return [_chunk(r) for r in self._rows("SELECT * FROM chunks ORDER BY row")]

    def chunk_titles(self) -> dict[str, str]:
        """chunk_id -> title, without loading the texts."""
        return {r["chunk_id"]: r["title"] for r in self._rows("SELECT chunk_id, title FROM chunks")}

    def chunk_ids_by_row(self) -> list[str]:
        return [r["chunk_id"] for r in self._rows("SELECT chunk_id FROM chunks ORDER BY row")]

    def get_chunks(self, chunk_ids: list[str]) -> dict[str, Chunk]:
        out: dict[str, Chunk] = {}
        for i in range(0, len(chunk_ids), 500):
            part = chunk_ids[i : i + 500]
            marks = ",".join("?" * len(part))
            for r in self._rows(f"SELECT * FROM chunks WHERE chunk_id IN ({marks})", part):
                out[r["chunk_id"]] = _chunk(r)
        return out

    def get_chunk(self, chunk_id: str) -> Chunk | None:
        return self.get_chunks([chunk_id]).get(chunk_id)

    def get_document(self, doc_id: str) -> Document | None:
        rows = self._rows("SELECT * FROM documents WHERE doc_id = ?", [doc_id])
        if not rows:
            return None
        r = rows[0]
        return Document(doc_id=r["doc_id"], title=r["title"], text=r["text"], metadata=json.loads(r["metadata"] or "{}"))

    def all_entities(self) -> list[Entity]:
        return [_entity(r) for r in self._rows("SELECT * FROM entities ORDER BY entity_id")]

    def get_entity(self, entity_id: int) -> Entity | None:
        rows = self._rows("SELECT * FROM entities WHERE entity_id = ?", [entity_id])
        return _entity(rows[0]) if rows else None

    def aliases(self) -> list[tuple[str, int]]:
        return [(r["alias"], r["entity_id"]) for r in self._rows("SELECT alias, entity_id FROM aliases")]

    def all_mentions(self) -> list[tuple[int, str]]:
        """(entity_id, chunk_id) pairs, one per distinct mention."""
        return [(r["entity_id"], r["chunk_id"]) for r in self._rows("SELECT DISTINCT entity_id, chunk_id FROM mentions")]

    def lead_mentions(self) -> list[tuple[int, str]]:
        """(entity_id, chunk_id) for entities named at the very start of a chunk (after at most a leading
        article: "The Marrow Case is…"): what the chunk is about."""
        rows = self._rows("SELECT DISTINCT entity_id, chunk_id FROM mentions WHERE start = 0")
        return [(r["entity_id"], r["chunk_id"]) for r in rows]

    def mentions_of(self, entity_id: int) -> list[sqlite3.Row]:
        return self._rows("SELECT * FROM mentions WHERE entity_id = ?", [entity_id])

    def all_relations(self) -> list[Relation]:
        return [_relation(r) for r in self._rows("SELECT * FROM relations ORDER BY id")]

    # ------------------------------------------------------------ the graph's rows, as plain tuples
    # (graph/build.py loads a million of them into columns: no model per row, one read per table)
    def _tuples(self, sql: str) -> list[tuple[Any, ...]]:
        with self._lock:
            self._pin_if_replaced()
            cur = self.conn.cursor()
            cur.row_factory = None
            return cur.execute(sql).fetchall()

    def entity_rows(self) -> list[tuple[int, str, str | None, str | None, int | None]]:
        """(entity_id, name, type, aliases JSON, doc_freq) by id."""
        return self._tuples("SELECT entity_id, name, type, aliases, doc_freq FROM entities ORDER BY entity_id")

    def relation_rows(self) -> list[tuple[int, int, str, float, str, str, str | None]]:
        """(source_id, target_id, kind, weight, chunk_id, predicate, sentence) by id."""
        return self._tuples("SELECT source_id, target_id, kind, weight, chunk_id, predicate, sentence FROM relations "
                            "ORDER BY id")

    def mention_rows(self) -> list[tuple[int, str, int]]:
        """(entity_id, chunk_id, 1 if it starts the chunk else 0) of every mention, repeats included, in table
        order (a scan: `all_mentions` and `lead_mentions` in one read)."""
        return self._tuples("SELECT entity_id, chunk_id, start = 0 FROM mentions ORDER BY rowid")

    def relations_of(self, entity_id: int) -> list[Relation]:
        rows = self._rows("SELECT * FROM relations WHERE source_id = ? OR target_id = ? ORDER BY id", [entity_id, entity_id])
        return [_relation(r) for r in rows]

    # ------------------------------------------------------------ traces and cache (written after build)
    def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        """Run one write. Once a rebuild has replaced this store, the row goes to the new store at the same
        path (a write to the replaced file would be lost with it). The write holds SQLite's RESERVED lock
        while it checks, and a rebuild takes that lock for its swap (swap.hold_writers), so a write never
        straddles a swap."""
        with self._lock:
            if not self._pin_if_replaced():
                if self.conn.in_transaction:
                    self.conn.commit()
                self.conn.execute("BEGIN IMMEDIATE")  # waits while a rebuild is swapping this store out
                if not self.replaced():
                    try:
                        self.conn.execute(sql, params)
                        self.conn.commit()
                    except BaseException:
                        self.conn.rollback()
                        raise
                    return
                self.conn.rollback()
                self._pin_if_replaced()
            if not (self.root / DB_NAME).is_file():
                return  # the store was deleted: there is nowhere to keep the row
            conn = _connect(self.root / DB_NAME)
            try:
                conn.execute(sql, params)
                conn.commit()
            finally:
                conn.close()

    def save_trace(self, trace_id: str, question: str, result_json: str) -> None:
        self._write(
            "INSERT OR REPLACE INTO traces (trace_id, question, created_at, result) VALUES (?, ?, ?, ?)",
            (trace_id, question, now_iso(), result_json),
        )

    def _rows_written(self, sql: str, params: list[Any]) -> list[sqlite3.Row]:
        """Rows of a table written after build: from this store, else (once it was replaced) from the store
        now at its path, where writes made after the swap went."""
        rows = self._rows(sql, params)
        if rows or not self._pinned or not (self.root / DB_NAME).is_file():
            return rows
        conn = _connect(self.root / DB_NAME, readonly=True)
        try:
            return conn.execute(sql, params).fetchall()
        except sqlite3.DatabaseError:
            return []
        finally:
            conn.close()

    def get_trace(self, trace_id: str) -> str | None:
        rows = self._rows_written("SELECT result FROM traces WHERE trace_id = ?", [trace_id])
        return rows[0]["result"] if rows else None

    def cache_get(self, key: str) -> str | None:
        rows = self._rows_written("SELECT response FROM llm_cache WHERE key = ?", [key])
        return rows[0]["response"] if rows else None

    def cache_put(self, key: str, model: str, response: str) -> None:
        self._write(
            "INSERT OR REPLACE INTO llm_cache (key, model, response, created_at) VALUES (?, ?, ?, ?)",
            (key, model, response, now_iso()),
        )


def _identity(db: Path) -> tuple[int, int]:
    st = os.stat(db)
    return st.st_dev, st.st_ino


def _not_a_store(root: Path) -> str:
    """Why `root` holds no store; advises `hopgraph index` only where it may write (missing or empty)."""
    if not root.exists() or (root.is_dir() and not any(root.iterdir())):
        return f"no hopgraph store at {root} (run `hopgraph index PATH --store {root}` first)"
    if not root.is_dir():
        return f"{root} is a file, not a hopgraph store folder: give --store the folder `hopgraph index` built"
    if {p.name for p in root.iterdir()} <= {FAISS_NAME, BM25_DIR}:
        return damaged(root, f"{DB_NAME} is missing", force=True)
    return f"{root} is not a hopgraph store (it has no {DB_NAME}): give --store the folder `hopgraph index` built"


def damaged(root: Path, what: str, corpus: str | None = None, force: bool = False) -> str:
    """The one line for a store that cannot be used as it is, with what to run."""
    corpus = corpus or "CORPUS"
    return (f"store {root} is damaged: {what}; run `hopgraph check --store {root}`, or rebuild it with "
            f"`hopgraph index {corpus} --store {root}{' --force' if force else ''}`")


def _chunk(r: sqlite3.Row) -> Chunk:
    return Chunk(
        chunk_id=r["chunk_id"], doc_id=r["doc_id"], title=r["title"], text=r["text"],
        start=r["start"], end=r["end"], content_hash=r["content_hash"], position=r["position"],
    )


def _entity(r: sqlite3.Row) -> Entity:
    return Entity(
        entity_id=r["entity_id"], name=r["name"], type=r["type"] or "",
        aliases=json.loads(r["aliases"] or "[]"), doc_freq=r["doc_freq"] or 0,
    )


def _relation(r: sqlite3.Row) -> Relation:
    return Relation(
        source_id=r["source_id"], predicate=r["predicate"], target_id=r["target_id"], chunk_id=r["chunk_id"],
        sentence=r["sentence"] or "", weight=r["weight"], kind=r["kind"],
    )


class StoreWriter:
    """Writes a new store into a temporary folder; `commit()` swaps it into place."""

    def __init__(self, final_root: Path):
        from hopgraph.guard import check_destination

        self.final_root = Path(final_root).resolve()
        check_destination(final_root, force=True)  # never build over a file or a folder of other files
        self.final_root.parent.mkdir(parents=True, exist_ok=True)
        self.root = self.final_root.parent / f".{self.final_root.name}.building-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.root.mkdir()
        self.carried: dict[str, int] = {}  # traces / llm_cache rows kept from the replaced store
        self.db = sqlite_utils.Database(self.root / DB_NAME)
        self.db.conn.executescript(SCHEMA)

    def write_meta(self, meta: dict[str, Any]) -> None:
        from hopgraph import __version__

        meta = {"schema_version": SCHEMA_VERSION, "created_at": now_iso(), "hopgraph_version": __version__,
                "build_id": uuid.uuid4().hex, **meta}
        self.db["meta"].insert_all(
            ({"key": k, "value": str(v)} for k, v in meta.items()), pk="key", replace=True
        )

    def write_documents(self, docs: Iterable[Document]) -> None:
        docs = list(docs)
        self.db["documents"].insert_all(
            ({"doc_id": d.doc_id, "title": d.title, "text": d.text, "metadata": json.dumps(d.metadata)} for d in docs),
            batch_size=1000,
        )
        from hopgraph.metadata import write_doc_meta

        write_doc_meta(self.db.conn, docs)  # keys and ISO dates, for --where

    def write_chunks(self, chunks: Iterable[Chunk]) -> None:
        self.db["chunks"].insert_all(
            ({"row": i, **c.model_dump()} for i, c in enumerate(chunks)), batch_size=1000
        )

    def write_graph(
        self,
        entities: list[Entity],
        mentions: Iterable[dict[str, Any]],
        relations: Iterable[Relation],
        norm_of: dict[int, str],
        alias_rows: Iterable[tuple[str, int]],
    ) -> None:
        # Plain executemany in one transaction: about 4x faster than row dicts through sqlite_utils on the
        # 250k relations of a 6k-passage corpus (it dominated the time of an incremental update).
        conn = self.db.conn
        with conn:
            conn.executemany(
                "INSERT INTO entities (entity_id, name, norm, type, aliases, doc_freq) VALUES (?, ?, ?, ?, ?, ?)",
                ((e.entity_id, e.name, norm_of.get(e.entity_id, ""), e.type, json.dumps(e.aliases), e.doc_freq)
                 for e in entities))
            conn.executemany("INSERT INTO aliases (alias, entity_id) VALUES (?, ?)", alias_rows)
            conn.executemany('INSERT INTO mentions (entity_id, chunk_id, start, "end", text) VALUES (?, ?, ?, ?, ?)',
                             ((m["entity_id"], m["chunk_id"], m["start"], m["end"], m["text"]) for m in mentions))
            conn.executemany(
                "INSERT INTO relations (source_id, predicate, target_id, chunk_id, sentence, weight, kind) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                ((r.source_id, r.predicate, r.target_id, r.chunk_id, r.sentence, r.weight, r.kind) for r in relations))

    def commit(self) -> Path:
        """Create indexes, close, carry traces and the LLM cache over, and swap the folder into place."""
        from hopgraph.guard import check_destination, writer_lock
        from hopgraph.swap import carry_over, hold_writers, put_in_place

        try:
            self.db.conn.executescript(INDEXES)
            self.db.conn.commit()
            self.db.conn.close()
            with writer_lock(self.final_root):
                check_destination(self.final_root, force=True)  # what stands there may have changed meanwhile
                with hold_writers(self.final_root / DB_NAME):
                    if (self.final_root / DB_NAME).is_file():
                        self.carried = carry_over(self.final_root / DB_NAME, self.root / DB_NAME)
                    previous = put_in_place(self.root, self.final_root)
        except BaseException:
            self.abort()
            raise
        if previous is not None:
            shutil.rmtree(previous, ignore_errors=True)
        return self.final_root

    def abort(self) -> None:
        try:
            self.db.conn.close()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def building(final_root: Path, writer_type: type[StoreWriter] = StoreWriter) -> Iterator[StoreWriter]:
    """Context manager: a writer (a fresh StoreWriter, or a subclass such as the update's DeltaWriter) that is
    committed on success and removed on any failure, under the store's writer lock."""
    from hopgraph.guard import writer_lock

    with writer_lock(final_root):
        writer = writer_type(final_root)
        try:
            yield writer
        except BaseException:
            writer.abort()
            raise
        writer.commit()
