"""The merge totals in the store (indexing/totals_table.py): label rows written as they move, read back as built."""

from __future__ import annotations

import json
import sqlite3

from hopgraph.indexing import totals_table
from hopgraph.indexing.merge_totals import Totals

ROWS = {
    "d1": {"l": [["corin haskett", "PERSON", 2], ["velloria", "GPE", 1]], "r": {"cw": "corin works"}, "f": [],
           "a": [], "k": []},
    "d2": {"l": [["velloria", "GPE", 2], ["haskett", "ORG", 1]], "r": {}, "f": [["cw", "corin works"]],
           "a": [["cw", "cw"]], "k": [["velloria", "the velloria republic"]]},
}


def built(rows: dict) -> Totals:
    out = Totals()
    for doc_id, row in rows.items():
        out.add(doc_id, row)
    return out


def label_rows(conn: sqlite3.Connection) -> dict[str, tuple]:
    return {k: (json.loads(v), p) for k, v, p in conn.execute("SELECT key, labels, person FROM merge_labels")}


def test_totals_read_back_are_the_totals_written() -> None:
    conn = sqlite3.connect(":memory:")
    text = totals_table.write(conn, built(ROWS))
    assert label_rows(conn) == {"corin haskett": ({"PERSON": 2}, 1), "velloria": ({"GPE": 3}, 0),
                                "haskett": ({"ORG": 1}, 1)}
    back = totals_table.read(conn, text)
    want = built(ROWS)
    assert back.dumps() == want.dumps() and back.persons == want.persons and not back.touched
    assert {k: back.label_counts(k) for k in back.labels} == {k: want.label_counts(k) for k in want.labels}


def test_only_the_keys_that_moved_are_written_again() -> None:
    conn = sqlite3.connect(":memory:")
    totals_table.write(conn, built(ROWS))
    conn.execute("UPDATE merge_labels SET labels = '{\"ORG\":99}' WHERE key = 'haskett'")  # to see it is not rewritten
    back = totals_table.read(conn, built(ROWS).dumps())
    back.add("d1", ROWS["d1"], -1)  # d1 changed: "corin haskett" and "velloria" move, "ostmark" comes
    back.add("d1", {"l": [["corin haskett", "PERSON", 1], ["ostmark", "GPE", 1]], "r": {}, "f": [], "a": [], "k": []})
    assert back.touched == {"corin haskett", "velloria", "ostmark"}
    totals_table.write(conn, back)
    assert label_rows(conn) == {"corin haskett": ({"PERSON": 1}, 1), "velloria": ({"GPE": 2}, 0),
                                "haskett": ({"ORG": 99}, 1), "ostmark": ({"GPE": 1}, 0)}
    assert not back.touched


def test_totals_written_with_their_labels_inside_move_them_into_the_table() -> None:
    conn = sqlite3.connect(":memory:")
    old = json.loads(built(ROWS).dumps())
    old["l"] = {k: dict(c) for k, c in built(ROWS).labels.items()}
    back = totals_table.read(conn, json.dumps(old, sort_keys=True))
    assert back.dumps() == built(ROWS).dumps()
    totals_table.write(conn, back)
    assert set(label_rows(conn)) == {"corin haskett", "velloria", "haskett"}
