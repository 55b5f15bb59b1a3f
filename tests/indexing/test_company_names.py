"""A company called by the first word of its name, within a document and settled across the corpus (pure
functions, invented names)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from unittest import mock

import pytest
from store_fixtures import HashEmbedder

from hopgraph.indexing.company_names import company_short_names, settle_across
from hopgraph.indexing.names import NameStats
from hopgraph.models import Document


def _stats() -> NameStats:
    return NameStats({"quellan": "PERSON", "quellan therapeutics": "ORG", "quellan diagnostics": "ORG",
                      "dunmere": "PERSON", "dunmere gazette": "ORG", "dunmere conservatory of music": "ORG"})


def _m(*names: str) -> list[tuple[str, str, str]]:
    return [(n, "PERSON", n.lower()) for n in names]


def test_the_one_company_of_the_document_the_name_starts():
    assert company_short_names(_m("Quellan Therapeutics", "Quellan"), _stats()) == {"quellan": "quellan therapeutics"}
    assert company_short_names(_m("Quellan Therapeutics", "Quellan Diagnostics", "Quellan"), _stats()) == {}


def test_a_name_of_two_companies_joins_the_one_it_alone_stands_for_elsewhere():
    docs = {"d1": _m("Quellan Therapeutics", "Quellan"),
            "d2": _m("Quellan Therapeutics", "Quellan Diagnostics", "Quellan"),
            "d3": _m("Dunmere Gazette", "Dunmere Conservatory of Music", "Dunmere")}
    overrides = {d: {} for d in docs}
    settle_across(docs, overrides, _stats())
    assert overrides["d2"] == {"quellan": "quellan therapeutics"}
    assert overrides["d3"] == {}  # never settled alone anywhere: perhaps a town's name


def test_a_name_standing_alone_for_different_companies_is_not_settled():
    docs = {"d1": _m("Quellan Therapeutics", "Quellan"), "d2": _m("Quellan Diagnostics", "Quellan"),
            "d3": _m("Quellan Therapeutics", "Quellan Diagnostics", "Quellan")}
    overrides = {d: {} for d in docs}
    settle_across(docs, overrides, _stats())
    assert overrides["d3"] == {}


@pytest.mark.slow
def test_an_update_settles_the_name_as_a_fresh_build_does(tmp_path: Path) -> None:
    """The document that settles "Morrissen" added later: the updated store equals a fresh build (real spaCy)."""
    from test_incremental import assert_same_store, settings, write_corpus

    from hopgraph.indexing.incremental import add_documents
    from hopgraph.indexing.pipeline import build_index

    two = Document(doc_id="a", title="Deal agreed", text=(
        "Morrissen Therapeutics and Ostby Bio have agreed to merge. Ostby's laboratory will continue as Morrissen "
        'Diagnostics. "We need diagnostics," said Idris Valcourt, Morrissen\'s chief executive.'))
    one = Document(doc_id="b", title="Office opened", text=(
        "Morrissen Therapeutics opened an office in Tarnby on Monday. Morrissen develops inhaled medicines and "
        "employs forty people."))
    fake = lambda name: HashEmbedder()
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", fake), \
            mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        build_index(write_corpus(tmp_path / "ab.json", [two, one]), tmp_path / "fresh", settings(), show_progress=False)
        build_index(write_corpus(tmp_path / "a.json", [two]), tmp_path / "store", settings(), show_progress=False)
        add_documents(tmp_path / "store", [one], settings())
        assert_same_store(tmp_path / "store", tmp_path / "fresh")
    conn = sqlite3.connect(tmp_path / "fresh" / "hopgraph.db")
    roles = conn.execute("SELECT t.name FROM relations r JOIN entities s ON s.entity_id = r.source_id JOIN entities t "
                         "ON t.entity_id = r.target_id WHERE s.name = 'Idris Valcourt' AND r.predicate LIKE 'role:%'")
    assert [n for (n,) in roles] == ["Morrissen Therapeutics"]
