"""Corpus loaders (indexing/load.py): good corpora in every format, and every bad input named precisely."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hopgraph.errors import UserError
from hopgraph.indexing.load import load_corpus
from hopgraph.indexing.pipeline import build_index
from hopgraph.indexing.chunk import chunk_document, split_sentences
from store_fixtures import SAMPLE, build_fake_store, fake_settings, write_jsonl

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
    assert len(loaded.documents) == 69
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


def test_a_stores_documents_have_the_fingerprint_of_the_same_documents_loaded() -> None:
    import sqlite3

    from hopgraph.indexing.load import corpus_fingerprint, stored_fingerprint
    from hopgraph.models import Document

    docs = [Document(doc_id="b", title="Émile Zola", text="Née à Paris.\x00 tail"), Document(doc_id="a", title="", text="x"),
            Document(doc_id="c", title="No text", text="")]
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE documents (doc_id TEXT PRIMARY KEY, title TEXT, text TEXT, metadata TEXT)")
    conn.executemany("INSERT INTO documents (doc_id, title, text) VALUES (?, ?, ?)",
                     [("b", "Émile Zola", "Née à Paris.\x00 tail"), ("a", None, "x"), ("c", "No text", None)])
    assert stored_fingerprint(conn) == corpus_fingerprint(docs)


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


def test_non_utf8_text_file_alone_is_an_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_bytes(b"caf\xe9 latin-1")
    with pytest.raises(UserError, match=r"no non-empty documents \(1 unreadable \(.*bad\.txt: not UTF-8"):
        load_corpus(tmp_path)


def test_non_utf8_jsonl_line_is_an_error_naming_the_line(tmp_path: Path) -> None:
    f = tmp_path / "c.jsonl"
    f.write_bytes(b'{"_id": "a", "text": "ok"}\n{"_id": "b", "text": "caf\xe9"}\n')
    with pytest.raises(UserError, match=r"c\.jsonl:2: not UTF-8"):
        load_corpus(f)


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


# ---------------------------------------------------------------- loading that forgives


def test_undecodable_and_binary_files_are_skipped_and_counted(tmp_path: Path) -> None:
    (tmp_path / "good.txt").write_text("The quay at Quarnby opened in 1911.", encoding="utf-8")
    (tmp_path / "latin.txt").write_bytes(b"Caf\xe9 on the quay.")
    (tmp_path / "image.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    loaded = load_corpus(tmp_path)
    assert [d.doc_id for d in loaded.documents] == ["good.txt"]
    assert len(loaded.unreadable) == 2
    assert any("latin.txt: not UTF-8 text" in u for u in loaded.unreadable)
    assert any("image.md: binary file" in u for u in loaded.unreadable)


def test_index_stats_count_unreadable_files(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "good.txt").write_text("The quay at Quarnby opened in 1911.", encoding="utf-8")
    (corpus / "latin.txt").write_bytes(b"Caf\xe9 on the quay.")
    (corpus / "notes.csv").write_text("a,b\n", encoding="utf-8")
    stats = build_fake_store(corpus, tmp_path / "store")
    assert (stats.documents, stats.skipped_unreadable) == (1, 1)
    assert any("notes.csv" in i for i in stats.ignored)


def test_suffixes_are_case_insensitive_and_include_markdown_rst_html(tmp_path: Path) -> None:
    (tmp_path / "A.TXT").write_text("Plain text about the quay.", encoding="utf-8")
    (tmp_path / "b.MD").write_text("# Bee\n\nMarkdown about the quay.", encoding="utf-8")
    (tmp_path / "c.markdown").write_text("Markdown again.", encoding="utf-8")
    (tmp_path / "d.rst").write_text("Dee\n===\n\nReStructuredText about the quay.", encoding="utf-8")
    (tmp_path / "e.HTML").write_text("<html><head><title>Eee</title></head><body><p>HTML about <b>the</b> quay.</p>"
                                     "<script>var hidden = 1;</script></body></html>", encoding="utf-8")
    (tmp_path / "f.htm").write_text("<p>Short page.</p>", encoding="utf-8")
    by_id = {d.doc_id: d for d in load_corpus(tmp_path).documents}
    assert set(by_id) == {"A.TXT", "b.MD", "c.markdown", "d.rst", "e.HTML", "f.htm"}
    assert by_id["e.HTML"].title == "Eee" and by_id["e.HTML"].text == "HTML about the quay."
    assert by_id["d.rst"].title == "Dee" and by_id["d.rst"].text == "ReStructuredText about the quay."
    assert by_id["b.MD"].title == "Bee" and by_id["b.MD"].text == "Markdown about the quay."
    assert by_id["f.htm"].title == "f"
    # a single file of such a type is a corpus too
    assert load_corpus(tmp_path / "e.HTML").documents[0].text == "HTML about the quay."


def test_hidden_folders_and_files_are_not_read(tmp_path: Path) -> None:
    (tmp_path / "note.txt").write_text("A visible note.", encoding="utf-8")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "description.txt").write_text("Unnamed repository.", encoding="utf-8")
    (tmp_path / "sub" / ".cache").mkdir(parents=True)
    (tmp_path / "sub" / ".cache" / "x.md").write_text("Cached.", encoding="utf-8")
    (tmp_path / ".hidden.txt").write_text("Hidden file.", encoding="utf-8")
    loaded = load_corpus(tmp_path)
    assert [d.doc_id for d in loaded.documents] == ["note.txt"]
    assert any(i.endswith(".git/: hidden folder") for i in loaded.ignored)
    assert any(".cache/: hidden folder" in i for i in loaded.ignored)


def test_symlinks_leaving_the_corpus_are_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "private.txt").write_text("Private text outside the corpus.", encoding="utf-8")
    corpus = tmp_path / "corpus"
    (corpus / "inner").mkdir(parents=True)
    (corpus / "inner" / "real.txt").write_text("Real text inside.", encoding="utf-8")
    (corpus / "out.txt").symlink_to(outside / "private.txt")
    (corpus / "outdir").symlink_to(outside, target_is_directory=True)
    (corpus / "alias.txt").symlink_to(corpus / "inner" / "real.txt")  # stays inside: read
    loaded = load_corpus(corpus)
    assert [d.doc_id for d in loaded.documents] == ["alias.txt", "inner/real.txt"]
    assert not any("Private" in d.text for d in loaded.documents)
    assert any("out.txt: symbolic link leaving the corpus" in i for i in loaded.ignored)
    assert any("outdir/: symbolic link to a folder" in i for i in loaded.ignored)


def test_markdown_front_matter_headings_lists_table(tmp_path: Path) -> None:
    (tmp_path / "minutes.md").write_text(
        "---\ntitle: Harbour board minutes\ndate: 2022-05-04\nauthor: Ilse Varga\n---\n"
        "# Meeting of the harbour board\n\n## Present\n\n- Ilse Varga, chair\n- Rune Okonjo\n  - deputy for Tamsin Leigh\n\n"
        "## Decisions\n\n1. The board approved the new quay.\n2. Rune Okonjo will report in June.\n\n"
        "| Item | Owner |\n|------|-------|\n| Quay lights | Tamsin Leigh |\n", encoding="utf-8")
    [doc] = load_corpus(tmp_path).documents
    assert doc.title == "Harbour board minutes"
    assert doc.metadata == {"title": "Harbour board minutes", "date": "2022-05-04", "author": "Ilse Varga"}
    chunks = chunk_document(doc, max_words=200, overlap_words=0)
    sents = [doc.text[s:e] for s, e in split_sentences(doc.text)]
    assert "The board approved the new quay." in sents and "deputy for Tamsin Leigh" in sents
    assert "Item: Quay lights; Owner: Tamsin Leigh" in sents
    assert not any(mark in s for s in sents for mark in ("#", "|", "---")) and not any(s[:2] in ("- ", "1.", "2.") for s in sents)
    assert all(doc.text[c.start:c.end] == c.text for c in chunks)  # offsets index the stored (plain) text


def test_title_falls_back_from_front_matter_to_heading_to_file_name(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("Intro line.\n\n# Later Heading\n\nBody.", encoding="utf-8")
    (tmp_path / "b.md").write_text("---\nowner: x\n---\nNo heading at all.", encoding="utf-8")
    (tmp_path / "c.md").write_text("---\ntitle: [not, a, string\n---\nBroken front matter.", encoding="utf-8")
    by_id = {d.doc_id: d for d in load_corpus(tmp_path).documents}
    assert by_id["a.md"].title == "Later Heading" and "Later Heading" in by_id["a.md"].text  # not the opening line
    assert (by_id["b.md"].title, by_id["b.md"].metadata) == ("b", {"owner": "x"})
    assert by_id["c.md"].title == "c" and by_id["c.md"].text == "Broken front matter."


def test_plain_text_is_kept_as_read(tmp_path: Path) -> None:
    text = "Quarnby Harbour news\n- The quay opened.\n* Ships came.\n"
    (tmp_path / "n.txt").write_text(text, encoding="utf-8")
    [doc] = load_corpus(tmp_path).documents
    assert doc.text == text
    assert [doc.text[s:e] for s, e in split_sentences(doc.text)] == ["Quarnby Harbour news", "The quay opened.", "Ships came."]


@pytest.mark.slow
def test_five_megabyte_one_line_file_indexes_with_the_real_extractor(tmp_path: Path) -> None:
    """No chunk reaches spaCy's max_length (E088): over-long sentences are cut at the word budget."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    token = "Quaywardenlogentry" * 5  # long words keep the token count (and the parse time) small
    line = " ".join([token] * 40_000) + " " + "z" * 1_400_000 + " Ada Quill built the quay."
    (corpus / "big.txt").write_text(line, encoding="utf-8")
    assert len(line) > 5_000_000 and "\n" not in line
    stats = build_fake_store(corpus, tmp_path / "store", fake_settings(extract=True))
    assert stats.documents == 1 and stats.chunks > 100
