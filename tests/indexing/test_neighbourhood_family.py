"""The documents a family's first names tie to a change (indexing/neighbourhood.family_docs), in an invented world."""

from __future__ import annotations

import sqlite3

from hopgraph.indexing.name_keys import create_tables
from hopgraph.indexing.neighbourhood import family_docs


def store(docs: dict[int, set[str]]) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    create_tables(conn)
    conn.executemany("INSERT INTO doc_keys (key, doc) VALUES (?, ?)", ((k, d) for d, ks in docs.items() for k in ks))
    return conn


def test_a_person_coming_ties_the_documents_naming_her_first_name_beside_her_family() -> None:
    conn = store({1: {"n:tam", "f:brook", "n:ada brook"},  # "his daughter Tam" in Ada Brook's obituary
                  2: {"n:tam", "f:vell"},  # another family's Tam
                  3: {"n:ada brook", "f:brook"},
                  4: {"n:tam brook", "f:brook", "n:tam"}})
    came = {"n:tam brook", "f:brook", "s:tam", "s:brook"}  # an added document names the person Tam Brook
    assert family_docs(conn, came, set()) == {1, 4}
    assert family_docs(conn, {"n:tam brook"}, set()) == set()  # not a person's name: no family key
    assert family_docs(conn, set(), {"tam brook"}) == {1, 4}  # its type changed
    assert family_docs(conn, {"n:tam", "n:osk tarrow lane", "f:lane"}, set()) == set()  # three words: no first name rule
