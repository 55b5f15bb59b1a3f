"""Relation columns patched from a previous store's arrays (graph/arrays_delta.py) are those a fresh read gives."""

from __future__ import annotations

import sqlite3
from unittest import mock

import numpy as np
import pytest

from hopgraph.graph import arrays_delta
from hopgraph.graph.arrays import STRING_COLUMNS, GraphArrays, grouped, mention_pairs, relation_columns
from hopgraph.graph.arrays_delta import first_seen
from hopgraph.graph.relation_table import RelationTable, codes_of
from hopgraph.store_layout import SCHEMA
from hopgraph.store_rows import RELATION_COLUMNS


def test_codes_renumbered_by_first_appearance_are_those_of_a_fresh_read() -> None:
    names = ["spouse", "born_in", "employer", "sibling"]
    sequence = ["employer", "spouse", "employer", "sibling", "spouse"]  # "born_in" is not used any more
    codes = np.array([names.index(n) for n in sequence], dtype=np.int64)
    got, got_names = first_seen(codes, names)
    want, index = codes_of(sequence)
    assert got_names == list(index) == ["employer", "spouse", "sibling"]
    assert got.dtype == want.dtype == np.int32
    assert got.tolist() == want.tolist() == [0, 1, 0, 2, 1]


def test_no_codes_give_no_names() -> None:
    got, names = first_seen(np.zeros(0, dtype=np.int64), ["spouse"])
    assert len(got) == 0 and names == []


def relations_db(rows: list[tuple]) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA)
    conn.executemany("INSERT INTO relations (id, source_id, target_id, kind, weight, chunk_id, predicate, sentence) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.executemany("INSERT INTO chunks (chunk_id, row) VALUES (?, ?)", [("c1", 0), ("c2", 1), ("c3", 2)])
    return conn


def columns_of(conn: sqlite3.Connection) -> dict:
    rows = conn.execute(f"SELECT {RELATION_COLUMNS} FROM relations ORDER BY id").fetchall()
    return relation_columns(RelationTable(rows))


def previous_arrays(conn: sqlite3.Connection) -> GraphArrays:
    cols = columns_of(conn)
    return GraphArrays({k: v for k, v in cols.items() if k not in STRING_COLUMNS}, {k: cols[k] for k in STRING_COLUMNS})


def same_columns(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(
        list(a[k]) == list(b[k]) if k in STRING_COLUMNS else a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k])
        for k in a)


@pytest.mark.parametrize("emptied", [False, True])
def test_patched_columns_are_those_of_the_rows_after_an_update(emptied: bool) -> None:
    rows = [(1, 1, 2, "typed", 1.0, "c1", "spouse", "A wed B."), (2, 1, 3, "cooccur", 0.5, "c1", "co", None),
            (3, 2, 3, "typed", 1.0, "c2", "employer", "B works at C."), (4, 3, 4, "typed", 1.0, "c3", "located_in", "C in D."),
            (5, 1, 4, "cooccur", 0.5, "c3", "co", None)]
    conn = relations_db(rows)
    before = previous_arrays(conn)
    # c1 rewritten (new rows after every previous id); with `emptied`, c3 loses its rows and gets none
    conn.execute("DELETE FROM relations WHERE chunk_id = 'c1'" + (" OR chunk_id = 'c3'" if emptied else ""))
    conn.executemany("INSERT INTO relations (id, source_id, target_id, kind, weight, chunk_id, predicate, sentence) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [(6, 1, 5, "typed", 1.0, "c1", "founded", "A founded E."),
                                                         (7, 1, 2, "typed", 1.0, "c1", "spouse", "A wed B.")])
    by_id = []
    ids = lambda: by_id.append(1) or np.array([1, 2, 3, 4, 5], dtype=np.int64)  # noqa: E731
    with mock.patch.object(arrays_delta, "LEAST_KEPT", 0.0):
        got = arrays_delta.relation_columns(before, 5, conn, ids)
    assert got is not None and same_columns(got, columns_of(conn))
    assert bool(by_id) == emptied  # the ids are read only when the chunk codes cannot tell


def mentions_db(rows: list[tuple]) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA)
    conn.executemany("INSERT INTO chunks (chunk_id, row) VALUES (?, ?)", [("c1", 0), ("c2", 1), ("c3", 2), ("c4", 3)])
    conn.executemany('INSERT INTO mentions (rowid, entity_id, chunk_id, start, "end") VALUES (?, ?, ?, ?, 1)', rows)
    return conn


def pairs_of(conn: sqlite3.Connection) -> tuple[tuple, dict[str, int]]:
    names = [c for (c,) in conn.execute("SELECT chunk_id FROM chunks")]
    code_of = {c: k for k, c in enumerate(names)}
    rows = conn.execute("SELECT entity_id, chunk_id, start = 0 FROM mentions ORDER BY rowid").fetchall()
    return mention_pairs(rows, code_of, names), code_of


def previous_mentions(conn: sqlite3.Connection) -> tuple[GraphArrays, dict[str, int]]:
    (e, c, _, _), code_of = pairs_of(conn)
    keys, ptr = grouped(e)
    counts = dict(conn.execute("SELECT chunk_id, COUNT(*) FROM mentions GROUP BY chunk_id"))
    return GraphArrays({"entity_chunks_keys": keys, "entity_chunks_ptr": ptr, "entity_chunks_values": c},
                       {"chunks": list(code_of)}), counts


@pytest.mark.parametrize("change", ["rewritten", "chunk gone", "emptied"])
def test_patched_mention_pairs_are_those_of_the_rows_after_an_update(change: str) -> None:
    # entity 2 is in c1 and c3, repeated in c1; entity 1 opens c2 and c4; entity 3 opens c1
    conn = mentions_db([(1, 3, "c1", 0), (2, 2, "c1", 5), (3, 2, "c1", 9), (4, 1, "c2", 0), (5, 2, "c3", 4),
                        (6, 1, "c3", 7), (7, 4, "c4", 3), (8, 1, "c4", 0)])
    before, counts = previous_mentions(conn)
    conn.execute("DELETE FROM mentions WHERE chunk_id = 'c1'")  # c1 rewritten: new rows after every previous rowid
    conn.executemany('INSERT INTO mentions (rowid, entity_id, chunk_id, start, "end") VALUES (?, ?, ?, ?, 1)',
                     [(9, 2, "c1", 0), (10, 5, "c1", 3), (11, 2, "c1", 8), (12, 1, "c1", 9)])
    if change == "chunk gone":
        conn.execute("DELETE FROM mentions WHERE chunk_id = 'c3'")
        conn.execute("DELETE FROM chunks WHERE chunk_id = 'c3'")
    if change == "emptied":  # c4 stays but loses its rows: the previous pairs cannot tell
        conn.execute("DELETE FROM mentions WHERE chunk_id = 'c4'")
    want, code_of = pairs_of(conn)
    got = arrays_delta.mention_pairs(before, 8, conn, dict(code_of),
                                     lambda dropped: sum(n for c, n in counts.items() if c not in dropped))
    if change == "emptied":
        assert got is None
        return
    assert got is not None
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.tolist() == w.tolist()
    # entity 3 left c1; entity 1's kept chunks come before the new c1 (table order), c3's pairs only when kept
    assert got[0].tolist() == ([1, 1, 1, 1, 2, 2, 4, 5] if change == "rewritten" else [1, 1, 1, 2, 4, 5])
    assert got[1][:3].tolist() == ([1, 2, 3] if change == "rewritten" else [1, 2, 0])


def test_texts_kept_as_one_blob_are_extended_as_a_list_of_texts_would_be() -> None:
    """`extended_blob` gives the codes, offsets and bytes `_extended` gives over the same texts one by one."""
    import random

    rng = random.Random(3)
    for _ in range(500):
        names = list(dict.fromkeys(bytes(rng.choice(b"ab\\xc3") for _ in range(rng.randint(0, 12)))
                                   for _ in range(rng.randint(0, 30))))
        offsets = np.zeros(len(names) + 1, dtype=np.int64)
        np.cumsum([len(t) for t in names], out=offsets[1:])
        codes = np.array([rng.randrange(len(names)) for _ in range(rng.randint(0, 20))] if names else [], dtype=np.int64)
        values = [bytes(rng.choice(b"abc\\xc3") for _ in range(rng.randint(0, 12))) for _ in range(rng.randint(0, 10))]
        want_code, want_texts = arrays_delta._extended(codes, names, values)
        code, got_offsets, blob = arrays_delta.extended_blob(codes, offsets, np.frombuffer(b"".join(names), dtype=np.uint8),
                                                             values)
        assert code.dtype == want_code.dtype and code.tolist() == want_code.tolist()
        assert got_offsets.tolist() == [0, *np.cumsum([len(t) for t in want_texts]).tolist()]
        assert blob.dtype == np.uint8 and blob.tobytes() == b"".join(want_texts)
