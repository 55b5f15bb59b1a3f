"""Reading a built store folder: SQLite (source of truth), FAISS index and BM25 files.

The folder's layout, schema and the messages for a path that holds no store are in hopgraph/store_layout.py.
A build (hopgraph/store_writer.py) writes into a sibling temporary folder and swaps it into place at the
end (hopgraph/swap.py), so an interrupted build leaves the previous store untouched; saved traces and the
LLM cache move over to the new store. How an open store reads and writes on while a rebuild swaps it out is in
hopgraph/store_connection.py, where a build may write and the one-writer lock in hopgraph/guard.py, the checks of
`hopgraph check` in hopgraph/check.py.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hopgraph.errors import StoreDamaged, UserError
from hopgraph.models import Chunk, Document, Entity, Relation
from hopgraph.store_connection import StoreConnection, connect, file_identity
from hopgraph.store_layout import (
    BM25_DIR,
    DB_NAME,
    FAISS_NAME,
    INDEXES,
    SCHEMA,
    SCHEMA_VERSION,
    damaged,
    not_a_store,
    now_iso,
)
from hopgraph.store_rows import (CHUNK_COLUMNS, ENTITY_COLUMNS, RELATION_COLUMNS, ChunkRows, EntityRow, RelationRow,
                                  chunk_of_row, entity_of_row, relation_of_row)

if TYPE_CHECKING:
    from hopgraph.store_writer import StoreWriter, building

# Names importers have always taken from hopgraph.store (the layout and the writer moved out of it).
__all__ = [
    "BM25_DIR", "DB_NAME", "FAISS_NAME", "INDEXES", "SCHEMA", "SCHEMA_VERSION", "Store", "StoreWriter",
    "building", "damaged", "now_iso",
]



def __getattr__(name: str) -> Any:
    """`StoreWriter` and `building`, imported when first asked for: the writer's sqlite_utils (and pandas, which
    it imports) cost 0.7 s that opening a store to query it does not need."""
    if name in ("StoreWriter", "building"):
        from hopgraph import store_writer

        return getattr(store_writer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Store(StoreConnection):
    """Read access to a built store, plus the few tables written after build (traces, llm_cache)."""

    # ------------------------------------------------------------ opening
    @classmethod
    def open(cls, root: Path | str, embedding_model: str | None = None) -> Store:
        """Open a built store; refuse one with another schema version or embedding model, and say in one
        line what is wrong with a path that holds no readable store."""
        root = Path(root)
        db = root / DB_NAME
        if not db.is_file():
            raise UserError(not_a_store(root))
        try:
            conn = connect(db)
            identity = file_identity(db)
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

    @property
    def faiss_path(self) -> Path:
        return self.root / FAISS_NAME

    @property
    def bm25_path(self) -> Path:
        return self.root / BM25_DIR

    # ------------------------------------------------------------ reads
    def meta(self) -> dict[str, str]:
        return {r["key"]: r["value"] for r in self._rows("SELECT key, value FROM meta")}

    def count(self, table: str) -> int:
        return self._rows(f"SELECT COUNT(*) AS n FROM {table}")[0]["n"]  # table names are ours

    def chunk_count(self) -> int:
        return self.count("chunks")

    def all_chunks(self) -> list[Chunk]:
        return [chunk_of_row(r) for r in self._rows(f"SELECT {CHUNK_COLUMNS} FROM chunks ORDER BY row")]

    def chunk_rows(self) -> ChunkRows:
        """Every chunk in row order as plain tuples, each `Chunk` model made on first access."""
        return ChunkRows(self._tuples(f"SELECT {CHUNK_COLUMNS} FROM chunks ORDER BY row"))

    def chunk_titles(self) -> dict[str, str]:
        """chunk_id -> title, without loading the texts."""
        return dict(self._tuples("SELECT chunk_id, title FROM chunks"))  # plain tuples: 100k rows at 100k passages

    def chunk_ids_by_row(self) -> list[str]:
        return [r["chunk_id"] for r in self._rows("SELECT chunk_id FROM chunks ORDER BY row")]

    def get_chunks(self, chunk_ids: list[str]) -> dict[str, Chunk]:
        out: dict[str, Chunk] = {}
        for i in range(0, len(chunk_ids), 500):
            part = chunk_ids[i : i + 500]
            marks = ",".join("?" * len(part))
            for r in self._rows(f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE chunk_id IN ({marks})", part):
                out[r["chunk_id"]] = chunk_of_row(r)
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
        return [entity_of_row(r) for r in self._rows(f"SELECT {ENTITY_COLUMNS} FROM entities ORDER BY entity_id")]

    def get_entity(self, entity_id: int) -> Entity | None:
        rows = self._rows(f"SELECT {ENTITY_COLUMNS} FROM entities WHERE entity_id = ?", [entity_id])
        return entity_of_row(rows[0]) if rows else None

    def aliases(self) -> list[tuple[str, int]]:
        return self._tuples("SELECT alias, entity_id FROM aliases")  # plain tuples: ~400k rows at 100k passages

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
        return [relation_of_row(r) for r in self._rows(f"SELECT {RELATION_COLUMNS} FROM relations ORDER BY id")]

    # ------------------------------------------------------------ the graph's rows, as plain tuples
    # (graph/build.py loads a million of them into columns: no model per row, one read per table)
    def lower_case_words(self) -> frozenset[str]:
        """The words some document writes in lower case (table `lower_words`; none for a store without it)."""
        try:
            return frozenset(r[0] for r in self._tuples("SELECT word FROM lower_words"))
        except sqlite3.OperationalError:
            return frozenset()

    def entity_rows(self) -> list[EntityRow]:
        """(entity_id, name, type, aliases JSON, doc_freq) by id."""
        return self._tuples(f"SELECT {ENTITY_COLUMNS} FROM entities ORDER BY entity_id")

    def relation_rows(self) -> list[RelationRow]:
        """(source_id, target_id, kind, weight, chunk_id, predicate, sentence) by id."""
        return self._tuples(f"SELECT {RELATION_COLUMNS} FROM relations ORDER BY id")

    def mention_rows(self) -> list[tuple[int, str, int]]:
        """(entity_id, chunk_id, 1 if it starts the chunk else 0) of every mention, repeats included, in table
        order (a scan: `all_mentions` and `lead_mentions` in one read)."""
        return self._tuples("SELECT entity_id, chunk_id, start = 0 FROM mentions ORDER BY rowid")

    def blobs(self, sql: str) -> list[tuple[Any, ...]]:
        """Rows as plain tuples (the graph's saved arrays, graph/graph_files.py); errors are the caller's."""
        return self._tuples(sql)

    def relations_of(self, entity_id: int) -> list[Relation]:
        rows = self._rows(f"SELECT {RELATION_COLUMNS} FROM relations WHERE source_id = ? OR target_id = ? ORDER BY id",
                          [entity_id, entity_id])
        return [relation_of_row(r) for r in rows]

    # ------------------------------------------------------------ traces and cache (written after build)
    def save_trace(self, trace_id: str, question: str, result_json: str) -> None:
        self._write(
            "INSERT OR REPLACE INTO traces (trace_id, question, created_at, result) VALUES (?, ?, ?, ?)",
            (trace_id, question, now_iso(), result_json),
        )

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
