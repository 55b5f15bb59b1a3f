"""Corpus loaders (indexing/load.py): good corpora in every format, and every bad input named precisely."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hopgraph.errors import UserError
from hopgraph.indexing.load import load_corpus
from hopgraph.indexing.pipeline import build_index
from store_fixtures import SAMPLE, fake_settings, write_jsonl

# ---------------------------------------------------------------- good input


def test_text_folder_ids_are_relative_paths_and_titles_come_from_headings(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.md").write_text("\n# Harbour Notes\n\nThe harbour opened in 1642.\n", encoding="utf-8")
    (tmp_path / "sub" / "b.txt").write_text("No heading here. Just text.", encoding="utf-8")
    (tmp_path / "ignored.csv").write_text("x,y\n1,2\n", encoding="utf-8")

    loaded = load_corpus(tmp_path)

    by_id = {d.doc_id: d for d in loaded.documents}
    assert set(by_id) == {"a.md", "sub/b.txt"}
    assert by_id["a.md"].title == "Harbour Notes"
    assert by_id["sub/b.txt"].title == "b"  # file name without suffix
    assert by_id["sub/b.txt"].text == "No heading here. Just text."
    assert loaded.skipped_empty == 0


def test_single_markdown_file(tmp_path: Path) -> None:
    f = tmp_path / "note.md"
    f.write_text("## Deep Heading\nbody", encoding="utf-8")
    [doc] = load_corpus(f).documents
    assert (doc.doc_id, doc.title) == ("note.md", "Deep Heading")


def test_beir_corpus_jsonl_keeps_id_title_text_metadata(tmp_path: Path) -> None:
    write_jsonl(tmp_path / "corpus.jsonl", [
        {"_id": "d1", "title": " Lorn ", "text": "Lorn is a city.", "metadata": {"kind": "city"}},
        {"_id": 7, "title": "", "text": "Numeric id."},
    ])
    # both the folder (BEIR layout) and the file itself load the same documents
    for path in (tmp_path, tmp_path / "corpus.jsonl"):
        docs = load_corpus(path).documents
        assert [d.doc_id for d in docs] == ["d1", "7"]
        assert docs[0].title == "Lorn"
        assert docs[0].text == "Lorn is a city."
        assert docs[0].metadata == {"kind": "city"}
        assert docs[1].title == ""


def test_sample_corpus_loads_all_documents() -> None:
    loaded = load_corpus(SAMPLE)
    assert len(loaded.documents) == 57
    assert loaded.documents[0].doc_id == "d01"
    assert loaded.fingerprint == load_corpus(SAMPLE / "corpus.jsonl").fingerprint


def test_json_list_of_records(tmp_path: Path) -> None:
    f = tmp_path / "docs.json"
    f.write_text(json.dumps([{"id": "x", "title": "X", "text": "Text of x."}, {"id": "y", "text": "Text of y."}]))
    docs = load_corpus(f).documents
    assert [(d.doc_id, d.title, d.text) for d in docs] == [("x", "X", "Text of x."), ("y", "", "Text of y.")]


def test_empty_documents_are_skipped_and_counted(tmp_path: Path) -> None:
    f = write_jsonl(tmp_path / "c.jsonl", [
        {"_id": "a", "text": "Real text."}, {"_id": "b", "text": "   \n"}, {"_id": "c", "text": ""},
    ])
    loaded = load_corpus(f)
    assert [d.doc_id for d in loaded.documents] == ["a"]
    assert loaded.skipped_empty == 2


def test_fingerprint_changes_with_content(tmp_path: Path) -> None:
    f = write_jsonl(tmp_path / "c.jsonl", [{"_id": "a", "text": "one"}])
    before = load_corpus(f).fingerprint
    assert load_corpus(f).fingerprint == before
    write_jsonl(f, [{"_id": "a", "text": "two"}])
    assert load_corpus(f).fingerprint != before


# ---------------------------------------------------------------- bad input


def test_malformed_jsonl_line_names_file_and_line(tmp_path: Path) -> None:
    f = tmp_path / "corpus.jsonl"
    f.write_text('{"_id": "a", "text": "ok"}\n\n{"_id": "b", "text": \n', encoding="utf-8")
    with pytest.raises(UserError, match=r"corpus\.jsonl:3: invalid JSON"):
        load_corpus(f)


def test_jsonl_record_without_text_names_line(tmp_path: Path) -> None:
    f = write_jsonl(tmp_path / "c.jsonl", [{"_id": "a", "text": "ok"}, {"_id": "b", "body": "no text"}])
    with pytest.raises(UserError, match=r"c\.jsonl:2: missing or non-string 'text'"):
        load_corpus(f)


def test_jsonl_record_without_id(tmp_path: Path) -> None:
    f = write_jsonl(tmp_path / "c.jsonl", [{"title": "T", "text": "no id"}])
    with pytest.raises(UserError, match=r"c\.jsonl:1: missing document id"):
        load_corpus(f)


def test_bad_record_in_json_list_names_the_record(tmp_path: Path) -> None:
    f = tmp_path / "docs.json"
    f.write_text(json.dumps([{"id": "a", "text": "ok"}, {"id": "b", "text": 42}]))
    with pytest.raises(UserError, match=r"docs\.json: record 1: missing or non-string 'text'"):
        load_corpus(f)


def test_non_object_record_and_non_list_json(tmp_path: Path) -> None:
    f = tmp_path / "docs.json"
    f.write_text(json.dumps(["just a string"]))
    with pytest.raises(UserError, match="record 0: expected an object"):
        load_corpus(f)
    f.write_text(json.dumps({"id": "a", "text": "not a list"}))
    with pytest.raises(UserError, match="expected a JSON list"):
        load_corpus(f)


def test_invalid_json_file(tmp_path: Path) -> None:
    f = tmp_path / "docs.json"
    f.write_text('[{"id": "a", "text": "ok"},\n oops]')
    with pytest.raises(UserError, match=r"docs\.json:2: invalid JSON"):
        load_corpus(f)


def test_duplicate_ids_name_both_places(tmp_path: Path) -> None:
    f = write_jsonl(tmp_path / "c.jsonl", [{"_id": "a", "text": "one"}, {"_id": "b", "text": "two"}, {"_id": "a", "text": "three"}])
    with pytest.raises(UserError, match=r"c\.jsonl:3: duplicate document id 'a' \(first seen at .*c\.jsonl:1\)"):
        load_corpus(f)


def test_duplicate_id_of_an_empty_document_is_still_an_error(tmp_path: Path) -> None:
    f = write_jsonl(tmp_path / "c.jsonl", [{"_id": "a", "text": ""}, {"_id": "a", "text": "text"}])
    with pytest.raises(UserError, match="duplicate document id 'a'"):
        load_corpus(f)


@pytest.mark.parametrize("make", [
    lambda d: write_jsonl(d / "c.jsonl", [{"_id": "a", "text": " "}]),
    lambda d: write_jsonl(d / "c.jsonl", []),
    lambda d: (d / "folder").mkdir() or d / "folder",
    lambda d: (d / "empty.json").write_text("[]") and d / "empty.json",
])
def test_empty_corpus_is_an_error(tmp_path: Path, make) -> None:
    with pytest.raises(UserError, match="corpus has no non-empty documents"):
        load_corpus(make(tmp_path))


def test_missing_path_and_unsupported_suffix(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="corpus not found"):
        load_corpus(tmp_path / "nope.jsonl")
    f = tmp_path / "corpus.csv"
    f.write_text("id,text\n")
    with pytest.raises(UserError, match=r"corpus\.csv: unsupported corpus file"):
        load_corpus(f)


def test_non_utf8_text_file(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_bytes(b"caf\xe9 latin-1")
    with pytest.raises(UserError, match=r"bad\.txt: not UTF-8"):
        load_corpus(tmp_path)


def test_error_messages_are_one_line(tmp_path: Path) -> None:
    f = tmp_path / "corpus.jsonl"
    f.write_text("{broken\n")
    with pytest.raises(UserError) as info:
        load_corpus(f)
    assert "\n" not in str(info.value)


# ---------------------------------------------------------------- nothing written on bad input


def _leftovers(parent: Path) -> list[str]:
    return [p.name for p in parent.iterdir() if ".building-" in p.name or ".old-" in p.name]


def test_index_build_on_bad_input_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "corpus.jsonl"
    bad.write_text('{"_id": "a", "text": "ok"}\nnot json\n')
    stores = tmp_path / "stores"
    stores.mkdir()
    with pytest.raises(UserError, match=r"corpus\.jsonl:2"):
        build_index(bad, stores / "store", fake_settings(), show_progress=False)
    assert list(stores.iterdir()) == []


def test_index_build_on_bad_input_keeps_existing_store(tmp_path: Path) -> None:
    store = tmp_path / "store"
    store.mkdir()
    (store / "hopgraph.db").write_bytes(b"previous store")
    bad = tmp_path / "docs.json"
    bad.write_text(json.dumps([{"id": "a", "text": "x"}, {"id": "a", "text": "y"}]))
    with pytest.raises(UserError, match="duplicate"):
        build_index(bad, store, fake_settings(), show_progress=False)
    assert (store / "hopgraph.db").read_bytes() == b"previous store"
    assert _leftovers(tmp_path) == []
