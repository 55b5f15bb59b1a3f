"""The corpus's merge totals in the store: each key's label counts as a row, the rest as one JSON row.

`merge_totals.Totals` sums what every document gives the merge rules. Its label counts (one entry per name key:
about 175k at 100k passages, 80% of the totals) are kept in the table `merge_labels`, so an update reads them
as text (parsed only for the keys it moves or asks about) and writes only the keys it moved, instead of
parsing and writing them all; the other parts (acronym spellings, initials, the two document lists) stay in
the `TOTALS` row of `doc_merges`. A totals row written when the labels were part of it ("l") is still read;
the next write moves its labels into the table.

    merge_labels(key TEXT PRIMARY KEY, labels TEXT, person INTEGER)   labels: {label: count} as sorted JSON;
                                                                      person: a person label among them
"""

from __future__ import annotations

import json
import sqlite3

from hopgraph.indexing.merge_totals import Totals

SCHEMA = "CREATE TABLE IF NOT EXISTS merge_labels (key TEXT PRIMARY KEY, labels TEXT, person INTEGER) WITHOUT ROWID"


def read(conn: sqlite3.Connection, text: str) -> Totals:
    """The totals whose `TOTALS` row is `text`, with the label rows of `conn`."""
    if not has_table(conn):  # written before the labels had their table: the text holds them
        return Totals.loads(text)
    labels = dict(conn.execute("SELECT key, labels FROM merge_labels"))
    persons = {k for (k,) in conn.execute("SELECT key FROM merge_labels WHERE person")}
    return Totals.loads(text, labels, persons)


def write(conn: sqlite3.Connection, totals: Totals) -> str:
    """Write the label rows of the keys `totals` moved (all of them for totals summed here) and mark them
    written; returns the text of the `TOTALS` row."""
    conn.execute(SCHEMA)
    labels, touched = totals.labels, sorted(totals.touched)
    conn.executemany("DELETE FROM merge_labels WHERE key = ?", ((k,) for k in touched if k not in labels))
    conn.executemany("INSERT OR REPLACE INTO merge_labels (key, labels, person) VALUES (?, ?, ?)",
                     ((k, json.dumps(totals.label_counts(k), sort_keys=True, separators=(",", ":"), ensure_ascii=False),
                       int(k in totals.persons)) for k in touched if k in labels))
    totals.touched = set()
    return totals.dumps()


def has_table(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type='table' AND name='merge_labels'").fetchone()[0] == 1
