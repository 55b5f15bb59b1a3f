"""The corpus's merge sums (indexing/merge_totals.py): read back from their stored form, they move and merge as built."""

from __future__ import annotations

import json

from hopgraph.indexing.merge_totals import Totals, unions

ROWS = {
    "d1": {"l": [["corin haskett", "PERSON", 2], ["haskett", "PERSON", 1], ["velloria", "GPE", 1]],
           "r": {}, "f": [], "a": [], "k": []},
    "d2": {"l": [["corin walter haskett", "PERSON", 1], ["haskett", "ORG", 1], ["velloria", "GPE", 2]],
           "r": {}, "f": [], "a": [], "k": [["velloria", "the velloria republic"]]},
}
LATER = {"l": [["haskett", "PERSON", 3], ["ostmark", "GPE", 1]], "r": {}, "f": [], "a": [], "k": []}


def built(rows: dict) -> Totals:
    out = Totals()
    for doc_id, row in rows.items():
        out.add(doc_id, row)
    return out


def stored(totals: Totals) -> Totals:
    """`totals` as read back from the store: the labels as JSON texts beside the rest (`totals_table`)."""
    labels = {k: json.dumps(dict(totals.label_counts(k))) for k in totals.labels}
    return Totals.loads(totals.dumps(), labels, totals.persons)


def test_totals_read_back_move_as_the_ones_built() -> None:
    loaded = stored(built(ROWS))
    loaded.add("d3", LATER)
    loaded.add("d1", ROWS["d1"], -1)
    want = built({"d2": ROWS["d2"], "d3": LATER})
    assert loaded.dumps() == want.dumps()
    assert {k: loaded.label_counts(k) for k in loaded.labels} == {k: want.label_counts(k) for k in want.labels}
    assert loaded.persons == want.persons == {"haskett", "corin walter haskett"}
    assert "corin haskett" not in loaded.labels  # a key left with no count goes
    assert loaded.touched == {"haskett", "ostmark", "corin haskett", "velloria"}  # the keys to write again


def test_the_rules_read_loaded_totals_as_built_ones() -> None:
    rows = {**ROWS, "d3": {"l": [["haskett", "ORG", 5], ["kilnworks", "ORG", 2]], "r": {}, "f": [], "a": [], "k": []}}
    order = ["d1", "d2", "d3"]  # "kilnworks": a person label (ORG), no PERSON count
    a, b = unions(built(rows), order, {}, lambda _k: 0), unions(stored(built(rows)), order, {}, lambda _k: 0)
    assert {k: a.find(k) for k in a.parent} == {k: b.find(k) for k in b.parent}


def test_totals_written_with_their_labels_are_read_as_before() -> None:
    old = json.loads(built(ROWS).dumps())
    old["l"] = {k: dict(c) for k, c in built(ROWS).labels.items()}  # the labels inside the text, as once written
    loaded = Totals.loads(json.dumps(old))
    assert loaded.dumps() == built(ROWS).dumps() and loaded.persons == built(ROWS).persons
    assert loaded.touched == set(loaded.labels)  # all to be written as rows
