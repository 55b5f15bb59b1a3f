"""Entities' type votes per document (indexing/votes.py), as `resolve` records them and the store keeps them."""

from __future__ import annotations

import sqlite3

from hopgraph.indexing import votes
from hopgraph.indexing.resolve import resolve
from test_resolve import chunk, ext


def _graph():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2"), chunk("c3", "d2")]
    exts = [ext("c1", [("Orla Venn", "PERSON"), ("Marrow Bay", "GPE")], triples=[("Orla Venn", "born in", "Marrow Bay")]),
            ext("c2", [("Orla Venn", "ORG")]),
            ext("c3", [("Orla Venn", "PERSON"), ("Quell Works", "ORG")])]
    return resolve(chunks, exts)


def test_resolve_records_labels_and_evidence_per_entity_and_document() -> None:
    g = _graph()
    orla = next(e.entity_id for e in g.entities if e.name == "Orla Venn")
    rows = votes.graph_parts(g.votes, {orla})[orla]
    assert rows == {("d1", '{"PERSON":1}', '{"PERSON":1}'),  # "born in": its subject is a person
                    ("d2", '{"ORG":1,"PERSON":1}', "")}  # two chunks of one document: one row
    assert len(g.votes) == sum(e.doc_freq for e in g.entities)  # one row per document an entity is in


def test_stored_votes_inside_a_set_of_documents_and_their_replacement() -> None:
    g = _graph()
    conn = sqlite3.connect(":memory:")
    votes.write_all(conn, g.votes)
    assert votes.has_table(conn)
    orla = next(e.entity_id for e in g.entities if e.name == "Orla Venn")
    inside = votes.stored_parts(conn, [orla], {"d2"})
    assert inside[orla] == {("d2", '{"ORG":1,"PERSON":1}', "")}
    assert votes.same_part(votes.graph_parts([r for r in g.votes if r[1] == "d2"], {orla})[orla], inside[orla])
    assert not votes.same_part(votes.graph_parts(g.votes, {orla})[orla], inside[orla])  # d1's votes are outside
    assert not votes.same_part(None, inside[orla])
    assert votes.entity_docs(conn, [orla]) == {orla: {"d1", "d2"}}
    # an update rewrites d2's rows with store ids; d1's stay
    votes.replace_docs(conn, {"d2"}, [(orla, "d2", '{"ORG":1}', "")], {orla: 40})
    rows = sorted(conn.execute("SELECT entity_id, doc_id, labels FROM entity_votes WHERE doc_id = 'd2'"))
    assert rows == [(40, "d2", '{"ORG":1}')]
    assert conn.execute("SELECT COUNT(*) FROM entity_votes WHERE doc_id = 'd1'").fetchone()[0] == 2


def test_packed_votes_are_sorted_compact_json_and_shared() -> None:
    from collections import Counter

    a = votes._pack(Counter({"PERSON": 2, "GPE": 1}))
    assert a == '{"GPE":1,"PERSON":2}' and votes._pack(Counter()) == "" and votes._pack(None) == ""
    assert votes._pack(Counter({"GPE": 1, "PERSON": 2})) is a
    assert votes._pack(Counter({"GPE": 1, "PERSON": 3})) == '{"GPE":1,"PERSON":3}'


def test_a_new_counter_is_an_empty_counter() -> None:
    from collections import Counter, defaultdict

    made = defaultdict(votes.new_counter)
    made["x"]["PERSON"] += 2
    made["x"].update({"ORG": 1})
    assert type(made["x"]) is Counter and made["x"] == Counter({"PERSON": 2, "ORG": 1})
    assert made["y"] == Counter() and made["y"]["GPE"] == 0 and made["x"].most_common(1) == [("PERSON", 2)]
