"""The relation columns of an updated store from the previous store's saved arrays plus the rows the update wrote.

An update (`indexing/delta_write.apply_graph`) deletes the relation rows of the chunks it re-resolved and
inserts the new ones with ids after every previous id, so the rows of the updated store, by id, are the
previous rows it kept, in their order, then the new rows. The previous store's arrays (graph/graph_files.py,
saved for its build) hold the kept rows' columns already; only the new rows are read. Which previous rows
are kept is read off the chunk codes (an update rewrites a chunk's rows all together), checked by counting
the rows with previous ids, else by comparing the ids. Each code column
(kind, chunk, predicate, sentence) is renumbered by first appearance, as `relation_table.codes_of` numbers a
fresh read, so `relation_columns` gives exactly what `graph_arrays` computes from the rows.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import numpy as np

from hopgraph.graph.arrays import GraphArrays, MentionPairs
from hopgraph.graph.arrays import mention_pairs as arrays_mention_pairs
from hopgraph.store_rows import RELATION_COLUMNS

#: Below this share of the previous rows kept, the rows are read again instead (`relation_columns` gives None).
LEAST_KEPT = 0.5


def first_seen(codes: np.ndarray, names: list) -> tuple[np.ndarray, list]:
    """`codes` renumbered by first appearance (int32) and the names they now index (pure): the codes
    `codes_of` gives for the same sequence of names."""
    if not len(codes):
        return codes.astype(np.int32), []
    distinct, first = np.unique(codes, return_index=True)
    ranked = distinct[np.argsort(first)]
    remap = np.zeros(int(distinct[-1]) + 1, dtype=np.int32)
    remap[ranked] = np.arange(len(ranked), dtype=np.int32)
    return remap[codes], [names[c] for c in ranked.tolist()]


def _extended(codes: np.ndarray, names: list, values: list) -> tuple[np.ndarray, list]:
    """The kept rows' `codes` (into `names`) followed by the codes of the new rows' `values`, renumbered."""
    index = dict(zip(names, range(len(names))))
    names = list(names)
    fresh = np.fromiter((index.setdefault(v, len(index)) for v in values), dtype=np.int64, count=len(values))
    names.extend(list(index)[len(names):])
    return first_seen(np.concatenate([codes.astype(np.int64), fresh]), names)


def _kept_by_chunk(names: list[str], codes: np.ndarray, written: set[str], conn: sqlite3.Connection) -> np.ndarray:
    """The previous rows outside the chunks an update rewrote (those with new rows, and chunks gone from the
    store): the kept rows, when as many rows with previous ids are left (an update deletes a chunk's rows
    all together, so this mask holds every kept row and the count tells whether it holds more)."""
    present = {c for (c,) in conn.execute("SELECT chunk_id FROM chunks")}
    gone = [k for k, name in enumerate(names) if name in written or name not in present]
    return ~np.isin(codes, np.array(gone, dtype=np.int64))


def _kept_by_id(previous_ids: np.ndarray, conn: sqlite3.Connection, top: int) -> np.ndarray | None:
    """The previous rows whose ids are still there; None when an id up to `top` is not a previous one."""
    still = np.fromiter((r[0] for r in conn.execute("SELECT id FROM relations WHERE id <= ? ORDER BY id", (top,))),
                        dtype=np.int64)
    kept = np.isin(previous_ids, still, assume_unique=True)
    return kept if int(kept.sum()) == len(still) else None


def relation_columns(previous: GraphArrays, top: int, conn: sqlite3.Connection,
                     previous_ids: Callable[[], np.ndarray]) -> dict | None:
    """source, target, weight, the four code columns, the sentence blob and the code names of the relations
    of the store at `conn`, whose previous version had the arrays `previous` and relation ids up to `top`
    (`previous_ids()`: all of them, ascending, read only when needed); None when too few previous rows are
    kept or the rows are not the previous ones followed by new ones."""
    a, s = previous.arrays, previous.strings
    rows = conn.execute(f"SELECT {RELATION_COLUMNS} FROM relations WHERE id > ? ORDER BY id", (top,)).fetchall()
    source, target, kind, weight, chunk, predicate, sentence = (list(c) for c in zip(*rows)) if rows else [[]] * 7
    still = conn.execute("SELECT COUNT(*) FROM relations WHERE id <= ?", (top,)).fetchone()[0]
    kept = _kept_by_chunk(s["relation_chunks"], a["chunk_code"], set(chunk), conn)
    if int(kept.sum()) != still:  # a chunk lost its rows without new ones: compare ids
        kept = _kept_by_id(previous_ids(), conn, top)
    if kept is None or len(kept) != len(a["source"]) or kept.sum() < LEAST_KEPT * len(kept):
        return None
    out = {"source": np.concatenate([a["source"][kept], np.array(source, dtype=np.int64)]),
           "target": np.concatenate([a["target"][kept], np.array(target, dtype=np.int64)]),
           "weight": np.concatenate([a["weight"][kept], np.array(weight, dtype=np.float64)])}
    out["kind_code"], out["kinds"] = _extended(a["kind_code"][kept], s["kinds"], kind)
    out["chunk_code"], out["relation_chunks"] = _extended(a["chunk_code"][kept], s["relation_chunks"], chunk)
    out["predicate_code"], out["predicates"] = _extended(a["predicate_code"][kept], s["predicates"], predicate)
    data, offsets = a["sentence_bytes"].tobytes(), a["sentence_offsets"].tolist()
    texts = [data[offsets[k]:offsets[k + 1]] for k in range(len(offsets) - 1)]
    code, texts = _extended(a["sentence_code"][kept], texts, [(t or "").encode("utf-8") for t in sentence])
    out["sentence_code"] = code
    out["sentence_offsets"] = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum([len(t) for t in texts], out=out["sentence_offsets"][1:])
    out["sentence_bytes"] = np.frombuffer(b"".join(texts), dtype=np.uint8)
    return out


def mention_pairs(previous: GraphArrays, top: int, conn: sqlite3.Connection, code_of: dict[str, int],
                  previous_counts: Callable[[], dict[str, int]]) -> MentionPairs | None:
    """The mention pairs (`arrays.mention_pairs`) of the store at `conn`, whose previous version had the arrays
    `previous`, mention rowids up to `top` and `previous_counts()` mention rows per chunk: the previous pairs
    of the chunks the update kept, codes mapped to `code_of`, merged by entity with the pairs of the new rows
    (rowids after `top`: `delta_write` writes them so). Lead mentions are read (one filtered scan). None when
    the rows with previous rowids are not exactly those of the kept chunks, or a mention's chunk has no code."""
    rows = conn.execute("SELECT entity_id, chunk_id, start = 0 FROM mentions WHERE rowid > ? ORDER BY rowid",
                        (top,)).fetchall()
    lead = conn.execute("SELECT entity_id, chunk_id FROM mentions WHERE start = 0 ORDER BY rowid").fetchall()
    written = {c for _, c, _ in rows}
    if any(c not in code_of for c in written) or any(c not in code_of for _, c in lead):
        return None
    still = conn.execute("SELECT COUNT(*) FROM mentions WHERE rowid <= ?", (top,)).fetchone()[0]
    if sum(n for c, n in previous_counts().items() if c not in written and c in code_of) != still:
        return None  # a kept chunk lost rows (or gained some below `top`): read the rows
    a, names = previous.arrays, previous.strings["chunks"]
    code = np.fromiter((-1 if n in written else code_of.get(n, -1) for n in names), dtype=np.int64, count=len(names))
    e_old = np.repeat(a["entity_chunks_keys"], np.diff(a["entity_chunks_ptr"]))
    c_old = code[a["entity_chunks_values"]] if len(names) else a["entity_chunks_values"][:0]
    kept = c_old >= 0
    e_new, c_new, _, _ = arrays_mention_pairs(rows, code_of, [])
    e = np.concatenate([e_old[kept], e_new])
    c = np.concatenate([c_old[kept], c_new])
    order = np.argsort(e, kind="stable")  # the kept rows come before the new ones in table order
    lead_e = np.fromiter((r[0] for r in lead), dtype=np.int64, count=len(lead))
    lead_c = np.fromiter((code_of[r[1]] for r in lead), dtype=np.int64, count=len(lead))
    by_entity = np.argsort(lead_e, kind="stable")
    return e[order], c[order], lead_e[by_entity], lead_c[by_entity]
