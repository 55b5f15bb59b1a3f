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
    code, ranked = ranks(codes)
    return code, [names[c] for c in ranked.tolist()]


def ranks(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`codes` renumbered by first appearance (int32), and the previous code of each new one (pure)."""
    if not len(codes):
        return codes.astype(np.int32), codes[:0].astype(np.int64)
    distinct, first = np.unique(codes, return_index=True)
    ranked = distinct[np.argsort(first)]
    remap = np.zeros(int(distinct[-1]) + 1, dtype=np.int32)
    remap[ranked] = np.arange(len(ranked), dtype=np.int32)
    return remap[codes], ranked.astype(np.int64)


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
    out["sentence_code"], out["sentence_offsets"], out["sentence_bytes"] = extended_blob(
        a["sentence_code"][kept], a["sentence_offsets"], a["sentence_bytes"], [(t or "").encode("utf-8") for t in sentence])
    return out


def extended_blob(codes: np.ndarray, offsets: np.ndarray, data: np.ndarray, values: list[bytes]
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`_extended` for texts kept as one blob (`offsets` into `data`, text k is data[offsets[k]:offsets[k + 1]]):
    the codes, offsets and blob of the kept rows' `codes` followed by the new rows' `values`, renumbered by
    first appearance (pure). The kept texts are copied in runs of consecutive codes (mostly in their previous
    order), not sliced one by one; a new value takes the code of an equal kept text (`_equal_texts`)."""
    n_old = len(offsets) - 1
    index = _equal_texts(offsets, data, values)
    fresh_names: list[bytes] = []
    fresh_codes: list[int] = []
    for v in values:
        c = index.get(v)
        if c is None:
            c = index[v] = n_old + len(fresh_names)
            fresh_names.append(v)
        fresh_codes.append(c)
    fresh = np.array(fresh_codes, dtype=np.int64)
    code, ranked = ranks(np.concatenate([codes.astype(np.int64), fresh]))
    old = ranked < n_old
    sizes = np.zeros(len(ranked), dtype=np.int64)
    sizes[old] = np.diff(offsets)[ranked[old]]
    sizes[~old] = [len(fresh_names[c - n_old]) for c in ranked[~old].tolist()]
    new_offsets = np.zeros(len(ranked) + 1, dtype=np.int64)
    np.cumsum(sizes, out=new_offsets[1:])
    if not len(ranked):
        return code, new_offsets, np.zeros(0, dtype=np.uint8)
    # runs of consecutive kept codes (one slice each), and the new texts between them
    starts = np.flatnonzero(np.concatenate(([True], ~old[1:] | ~old[:-1] | (ranked[1:] != ranked[:-1] + 1))))
    ends = np.append(starts[1:], len(ranked))
    view, pieces = memoryview(data), []
    for a, b in zip(starts.tolist(), ends.tolist()):
        c = int(ranked[a])
        pieces.append(view[offsets[c]:offsets[int(ranked[b - 1]) + 1]] if c < n_old else fresh_names[c - n_old])
    return code, new_offsets, np.frombuffer(b"".join(pieces), dtype=np.uint8)


def _equal_texts(offsets: np.ndarray, data: np.ndarray, values: list[bytes]) -> dict[bytes, int]:
    """text -> code of the blob's texts that may equal one of `values`: those with the same length and the same
    first eight bytes (only they are sliced)."""
    if not values or len(offsets) < 2:
        return {}
    lengths = np.diff(offsets)
    padded = np.concatenate([data, np.zeros(8, dtype=np.uint8)])
    windows = np.lib.stride_tricks.as_strided(padded, shape=(len(data) + 1, 8), strides=(1, 1), writeable=False)
    heads = windows[offsets[:-1]] * (np.arange(8) < lengths[:, None])  # first eight bytes, zeros past the end
    keys = (lengths.astype(np.uint64) * np.uint64(_SPREAD)) ^ np.ascontiguousarray(heads, dtype=np.uint8).view("<u8")[:, 0]
    wanted = np.array(sorted({_key(v) for v in values}), dtype=np.uint64)
    view, off = memoryview(data), offsets.tolist()
    out: dict[bytes, int] = {}
    for k in np.flatnonzero(np.isin(keys, wanted)).tolist():
        out.setdefault(bytes(view[off[k]:off[k + 1]]), k)
    return out


_SPREAD = 0x9E3779B97F4A7C15  # spreads a length over the 64 bits of a key


def _key(text: bytes) -> int:
    """`_equal_texts`' key of one text."""
    return ((len(text) * _SPREAD) % 2**64) ^ int.from_bytes(text[:8].ljust(8, b"\0"), "little")


def mention_pairs(previous: GraphArrays, top: int, conn: sqlite3.Connection, code_of: dict[str, int],
                  previous_rows: Callable[[list[str]], int]) -> MentionPairs | None:
    """The mention pairs (`arrays.mention_pairs`) of the store at `conn`, whose previous version had the arrays
    `previous`, mention rowids up to `top` and `previous_rows(chunks)` mention rows outside `chunks`: the previous pairs
    of the chunks the update kept, codes mapped to `code_of`, merged by entity with the pairs of the new rows
    (rowids after `top`: `delta_write` writes them so). Lead mentions are read (one filtered scan). None when
    the rows with previous rowids are not exactly those of the kept chunks, or a mention's chunk has no code."""
    rows = conn.execute("SELECT entity_id, chunk_id, start = 0 FROM mentions WHERE rowid > ? ORDER BY rowid",
                        (top,)).fetchall()
    lead = conn.execute("SELECT entity_id, chunk_id FROM mentions WHERE start = 0 ORDER BY rowid").fetchall()
    written = {c for _, c, _ in rows}
    if any(c not in code_of for c in written) or any(c not in code_of for _, c in lead):
        return None
    a, names = previous.arrays, previous.strings["chunks"]
    code = np.fromiter((-1 if n in written else code_of.get(n, -1) for n in names), dtype=np.int64, count=len(names))
    still = conn.execute("SELECT COUNT(*) FROM mentions WHERE rowid <= ?", (top,)).fetchone()[0]
    if previous_rows([names[k] for k in np.flatnonzero(code < 0).tolist()]) != still:
        return None  # a kept chunk lost rows (or gained some below `top`): read the rows
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
