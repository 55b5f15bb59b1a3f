"""hopgraph/metadata.py and hopgraph/metadata_search.py: the doc_meta table, --where filters, filtered retrieval."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hopgraph.errors import UserError
from hopgraph.facade import HopGraph
from hopgraph.hops.retrieve import Retriever
from hopgraph.metadata import (as_filters, doc_dates, known_values, matching_docs, meta_rows, normalise_date,
                               parse_where)
from hopgraph.metadata_search import filtered_search, metadata_source
from hopgraph.models import Document
from store_fixtures import HashEmbedder, build_fake_store, fake_settings, write_jsonl

DOCS = [
    {"_id": "n1", "title": "Ferry fares rise", "text": "The Brackwater ferry raised its fares by a tenth. Commuters on the ferry were unhappy.",
     "metadata": {"kind": "news", "date": "2020-02-11", "source": "Quillon Ledger", "author": "Ansa Morrow"}},
    {"_id": "n2", "title": "Ferry gets a new hull", "text": "The Brackwater ferry returned with a new steel hull after a winter in the dock.",
     "metadata": {"kind": "news", "date": "March 2022", "source": "Quillon Ledger"}},
    {"_id": "n3", "title": "Harbour dues", "text": "The ferry operator paid harbour dues late again, the Brackwater port office said.",
     "metadata": {"kind": "news", "date": "2022-09", "source": "Tarn Valley Post"}},
    {"_id": "m1", "title": "Port committee minutes", "text": "The committee discussed the ferry timetable and the winter dock.",
     "metadata": {"kind": "minutes", "date": "2021", "source": "Brackwater port office"}},
    {"_id": "r1", "title": "Ferry annual report", "text": "Passenger numbers on the ferry grew in the year under report.",
     "metadata": {"type": "report", "published": "2023-01-30", "source": "Brackwater port office"}},
    {"_id": "e1", "title": "Brackwater", "text": "Brackwater is a port town on a tidal river with a ferry to the islands."},
]


@pytest.fixture(scope="module")
def hg(tmp_path_factory: pytest.TempPathFactory) -> HopGraph:
    base = tmp_path_factory.mktemp("meta")
    build_fake_store(write_jsonl(base / "corpus.jsonl", DOCS), base / "store")
    graph = HopGraph.open(base / "store", fake_settings())
    graph.__dict__["retriever"] = Retriever(graph.store, graph.settings, embedder=HashEmbedder())
    return graph


@pytest.mark.parametrize("value, iso", [
    ("2021", "2021-01-01"), ("2021-03", "2021-03-01"), ("2021-03-09", "2021-03-09"), ("March 2023", "2023-03-01"),
    ("12 May 1998", "1998-05-12"), ("May 12, 1998", "1998-05-12"), ("2023-05-02T10:00:00Z", "2023-05-02"),
    ("soon", None), ("2021-13", None),
])
def test_dates_are_normalised_to_iso(value: str, iso: str | None) -> None:
    assert normalise_date(value) == iso


def test_meta_rows_fold_text_and_normalise_date_keys_only() -> None:
    doc = Document(doc_id="x", text="t", metadata={"Date": "June 2020", "source": "Quillon  LEDGER", "tags": ["a", "b"],
                                                   "nested": {"k": 1}, "issue": "2020"})
    rows = {(r["key"], r["norm"]) for r in meta_rows(doc)}
    assert ("date", "2020-06-01") in rows and ("source", "quillon ledger") in rows
    assert ("tags", "a") in rows and ("tags", "b") in rows
    assert ("issue", "2020") in rows  # not a date key: kept as text
    assert not any(k == "nested" for k, _ in rows)


@pytest.mark.parametrize("text, message", [
    ("date", "expected KEY OP VALUE"), ("date>=soon", "is not a date"), ("date>latest", "only goes with '='"), ("=x", "expected"),
])
def test_bad_where_is_a_one_line_user_error(text: str, message: str) -> None:
    with pytest.raises(UserError, match=message):
        parse_where(text)


def test_parse_where_keeps_key_op_value() -> None:
    f = parse_where(" author != 'Ansa Morrow' ")
    assert (f.key, f.op, f.value) == ("author", "!=", "Ansa Morrow")


@pytest.mark.parametrize("where, expected", [
    (["date>=2022-01-01"], {"n2", "n3"}),  # r1's date is under 'published', another key
    (["published>=2022"], {"r1"}),
    (["source=ledger"], {"n1", "n2"}),  # a word of the value
    (["source=quillon ledger", "date<2021"], {"n1"}),
    (["source=port office", "kind=report"], {"r1"}),  # kind= also matches a 'type' key
    (["kind=minutes"], {"m1"}),
    (["source!=quillon ledger", "kind=news"], {"n3"}),
    (["kind=news", "date=latest"], {"n3"}),
    (["kind=news", "date=earliest"], {"n1"}),
    (["author=ansa morrow"], {"n1"}),
    (["source=ledge"], set()),  # part of a word is no match
])
def test_matching_docs(hg: HopGraph, where: list[str], expected: set[str]) -> None:
    assert matching_docs(hg.store, as_filters(where)) == expected


def test_no_filters_means_every_document(hg: HopGraph) -> None:
    assert matching_docs(hg.store, []) is None


def test_known_values_and_dates(hg: HopGraph) -> None:
    values = known_values(hg.store)
    assert "quillon ledger" in values["source"] and "news" in values["kind"] and "date" not in values
    assert doc_dates(hg.store, ["n2", "e1"]) == {"n2": "2022-03-01"}


@pytest.mark.parametrize("profile", ["dense", "bm25", "hybrid"])
def test_filtered_search_never_leaves_the_constraint(hg: HopGraph, profile: str) -> None:
    hits = hg.search("ferry", k=10, profile=profile, where=["source=quillon ledger"])
    assert hits and {h.doc_id for h in hits} <= {"n1", "n2"}
    unfiltered = hg.search("ferry", k=10, profile=profile)
    assert {h.doc_id for h in unfiltered} - {"n1", "n2"}  # the filter did remove something


def test_filtered_search_finds_a_document_ranked_low_without_the_filter(hg: HopGraph) -> None:
    hits = filtered_search(hg, "ferry fares commuters", 1, "hybrid", as_filters(["kind=minutes"]))
    assert [h.doc_id for h in hits] == ["m1"]


def test_filter_that_keeps_nothing_returns_no_hit(hg: HopGraph) -> None:
    assert hg.search("ferry", k=5, where=["source=nobody"]) == []


def test_metadata_source_lists_documents_newest_first_matching_words_first(hg: HopGraph) -> None:
    hits = metadata_source(hg, "hull", 10, as_filters(["kind=news"]))  # only n2 says "hull"
    assert [h.doc_id for h in hits] == ["n2", "n3", "n1"]
    both = metadata_source(hg, "ferry", 10, as_filters(["kind=news"]))  # every one says "ferry": newest first
    assert [h.doc_id for h in both] == ["n3", "n2", "n1"]
    dated = metadata_source(hg, "zzz", 10, as_filters(["kind=news"]))  # no word matches: newest first
    assert [h.doc_id for h in dated] == ["n3", "n2", "n1"]
    everything = metadata_source(hg, "hull", 3, [])  # no filter: every document, "hull" first, then the newest
    assert [h.doc_id for h in everything] == ["n2", "n3", "m1"]  # r1 is dated under another key


def test_old_store_gets_a_temporary_table_and_stays_untouched(tmp_path: Path) -> None:
    build_fake_store(write_jsonl(tmp_path / "corpus.jsonl", DOCS), tmp_path / "store")
    db = tmp_path / "store" / "hopgraph.db"
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE doc_meta")
    graph = HopGraph.open(tmp_path / "store", fake_settings())
    assert matching_docs(graph.store, as_filters(["kind=minutes"])) == {"m1"}
    graph.close()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'doc_meta'").fetchall() == []
