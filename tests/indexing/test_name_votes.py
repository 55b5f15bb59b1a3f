"""Corpus-wide votes per name kept in the store (indexing/name_votes.py): counted, adjusted, read back."""

from __future__ import annotations

import sqlite3
from collections import Counter

from hopgraph.indexing import name_votes
from hopgraph.indexing.resolve import resolve
from hopgraph.models import Chunk, ChunkExtraction, Mention
from test_resolve import chunk, ext


def _corpus():
    chunks = [chunk("c1", "d1"), chunk("c2", "d2"), chunk("c3", "d3")]
    exts = {"c1": ext("c1", [("Orla Venn", "PERSON"), ("Marrow", "GPE"), ("Quell Works", "ORG")]),
            "c2": ext("c2", [("Marrow", "GPE"), ("Marrow Bank", "ORG")]),
            "c3": ext("c3", [("Marrow", "PERSON"), ("Marrow", "PERSON"), ("Marrow", "PERSON"), ("ORLA VENN", "PERSON"),
                               ("Quell Works", "ORG")])}
    return chunks, exts


def _table(conn: sqlite3.Connection) -> list[tuple]:
    return sorted(conn.execute("SELECT * FROM name_votes"))


def test_counts_per_name_and_types_without_order() -> None:
    chunks, exts = _corpus()
    votes = name_votes.count(chunks, exts)
    assert votes.labels["marrow"] == Counter({"PERSON": 3, "GPE": 2})
    assert votes.texts["orla venn"] == Counter({"Orla Venn": 1, "ORLA VENN": 1})
    assert votes.mid_sentence() >= {"marrow", "orla venn"}
    assert votes.named_names() == {"orla venn", "marrow", "marrow bank", "quell works"}
    reversed_votes = name_votes.count(chunks[::-1], exts)  # a tie between two forms: same type either way
    assert reversed_votes.name_types() == votes.name_types()


def test_adjusting_the_table_equals_counting_the_new_corpus() -> None:
    chunks, exts = _corpus()
    conn = sqlite3.connect(":memory:")
    name_votes.write_all(conn, name_votes.count(chunks, exts))
    moved, _ = name_votes.adjust(conn, name_votes.count(chunks[2:], exts), name_votes.NameVotes())  # d3 leaves
    fresh = sqlite3.connect(":memory:")
    name_votes.write_all(fresh, name_votes.count(chunks[:2], exts))
    assert _table(conn) == _table(fresh)
    assert "marrow" in moved  # three PERSON votes left: it is a place again
    assert "orla venn" in moved  # no longer written in capitals anywhere (`junk.junk_keys` reads that)
    assert "quell works" not in moved  # one vote less, same facts
    back, _ = name_votes.adjust(conn, name_votes.NameVotes(), name_votes.count(chunks[2:], exts))
    assert "marrow" in back
    everything = sqlite3.connect(":memory:")
    name_votes.write_all(everything, name_votes.count(chunks, exts))
    assert _table(conn) == _table(everything)


def test_a_word_that_starts_a_second_name_is_a_changed_fact() -> None:
    chunks, exts = _corpus()
    conn = sqlite3.connect(":memory:")
    name_votes.write_all(conn, name_votes.count(chunks, exts))
    extra = {"c4": ext("c4", [("Marrow Gazette", "ORG")])}
    moved, _ = name_votes.adjust(conn, name_votes.NameVotes(), name_votes.count([chunk("c4", "d4")], extra))
    assert {"marrow gazette", "marrow"} <= moved  # "marrow" now starts two names (`NameStats.is_place`)


def test_a_neighbourhood_resolved_with_stored_votes_decides_as_the_corpus() -> None:
    """"Outreach" opens a sentence in one document (a heading, junk, if that were the corpus) and is named
    mid-sentence in another: resolving the first document alone with the corpus's votes keeps it."""
    texts = {"c1": "Outreach began in spring.", "c2": "They joined Outreach later."}
    chunks = [Chunk(chunk_id=c, doc_id=f"d{c[1]}", text=t, start=0, end=len(t), content_hash="h") for c, t in texts.items()]
    exts = {c: ChunkExtraction(chunk_id=c, mentions=[Mention(text="Outreach", label="ORG", chunk_id=c, start=t.index("Outreach"),
                                                            end=t.index("Outreach") + 8)]) for c, t in texts.items()}
    conn = sqlite3.connect(":memory:")
    name_votes.write_all(conn, name_votes.count(chunks, exts))
    names = lambda g: [e.name for e in g.entities]  # noqa: E731
    assert names(resolve(chunks, list(exts.values()))) == ["Outreach"]
    assert names(resolve(chunks[:1], [exts["c1"]])) == []  # alone, the first document reads it as a heading
    assert names(resolve(chunks[:1], [exts["c1"]], name_votes.load(conn, {"outreach"}))) == ["Outreach"]


def test_loading_many_names_reads_the_table_once_with_the_same_votes(monkeypatch) -> None:
    chunks, exts = _corpus()
    conn = sqlite3.connect(":memory:")
    name_votes.write_all(conn, name_votes.count(chunks, exts))
    names = ["quell works", "marrow", "orla venn", "nobody"]
    looked_up = name_votes.load(conn, names)
    monkeypatch.setattr(name_votes, "SCAN_NAMES", 2)
    scanned = name_votes.load(conn, names)
    for field in ("labels", "texts"):
        assert list(getattr(scanned, field).items()) == list(getattr(looked_up, field).items())
    assert scanned.mid == looked_up.mid and set(scanned.labels) == {"quell works", "marrow", "orla venn"}


def test_an_honorific_form_new_to_the_corpus_is_among_the_names_that_moved() -> None:
    """`changed_facts` reads the honorific forms of the moved names from the old corpus only: a form the new
    corpus has and the old one lacks is itself a name whose votes moved."""
    chunks, exts = _corpus()
    conn = sqlite3.connect(":memory:")
    name_votes.write_all(conn, name_votes.count(chunks, exts))
    extra = {"c4": ext("c4", [("Sir Orla Venn", "PERSON"), ("Orla Venn", "PERSON")])}
    plus = name_votes.count([chunk("c4", "d4")], extra)
    old = name_votes.corpus_names(conn)
    moved, new = name_votes.adjust(conn, name_votes.NameVotes(), plus)
    names = set(plus.labels)
    assert new.related(names)[1] <= old.related(names)[1] | names
    assert "sir orla venn" in moved  # an honorific form that came: its bare name is a new reading


def test_the_names_before_made_in_another_thread_adjust_as_those_read_by_adjust(tmp_path) -> None:
    """`corpus_names_made` reads the store's file on its own connection, with the statistics and short forms made:
    given to `adjust`, the moved names and the new corpus's answers are those it finds reading them itself."""
    chunks, exts = _corpus()
    extra = {"c4": ext("c4", [("Marrow Gazette", "ORG"), ("Venn", "PERSON")])}
    got = []
    for given in (False, True):
        path = tmp_path / f"a store #{given}?.db"  # a path read as a URI
        conn = sqlite3.connect(path)
        name_votes.write_all(conn, name_votes.count(chunks, exts))
        conn.commit()
        corpus = name_votes.corpus_names_made(path) if given else None
        moved, new = name_votes.adjust(conn, name_votes.count(chunks[2:], exts),
                                       name_votes.count([chunk("c4", "d4")], extra), corpus)
        got.append((moved, new.types, new.named, new.across_for(["venn", "marrow"]), new.stats.starts["marrow"]))
        conn.close()
    assert got[0] == got[1]
