"""Property-based fuzzing of the corpus loaders (indexing/load.py and the format parsers it calls).

Random bytes, text in odd encodings, broken markup and malformed records, written as .txt/.md/.rst/.html
files, JSONL and JSON lists: loading either gives documents (which then chunk and store their metadata)
or fails with one `UserError` line. Never any other exception.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hopgraph.errors import UserError

pytestmark = pytest.mark.slow

FUZZ = settings(database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


def fuzz(n: int) -> settings:
    """FUZZ with `n` examples (derandomized: CI runs the same inputs every time)."""
    return settings(FUZZ, max_examples=n)
COUNTS: dict[str, int] = {}

SUFFIXES = [".txt", ".md", ".MD", ".markdown", ".rst", ".html", ".HTM", ".text", ".json", ".jsonl", ".csv", ""]
ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "latin-1", "cp1252", "shift_jis", "koi8-r", "gb18030"]
# Pieces of markup, whole and broken, that the parsers meet in the wild.
MARKUP = [
    "<html>", "<head><title>", "</title>", "<body>", "<p>", "</p>", "<div class='x'", "<!--", "-->", "<![CDATA[",
    "]]>", "<script>var a = '<p>';</script>", "<style>p{}</style>", "&amp;", "&#x1F600;", "&#99999999;", "&bogus;",
    "<meta name='author' content='A'>", "<meta name=date content=2021-02-30>", "<table><tr><td>", "</td></tr>",
    "<h1>", "</h1>", "<br/>", "<img src=x onerror=alert(1)>", "<svg><foreignObject>", "\x00", "\ufeff", "\u202e",
    "# ", "## ", "---\n", "title: [1, 2]\n", "date: 2020-13-45\n", "key: &a [*a]\n", "? [a]: b\n", "```", "~~~",
    "| a | b |\n|---|---|\n", "| x |", "* ", "1. ", "> ", "[link](http://", "![img](", "\n\n", "\t", "\r\n", "\r",
    "=====\n", "Title\n=====\n", ".. note::", ".. raw:: html", ".. include:: /etc/passwd", ".. image:: x.png",
    ":Author: A\n", ":Date: 1999\n", "|sub|", ".. |sub| replace:: x", "`", "``", "::\n\n  code", "+---+\n| a |\n+---+",
    "   ", "\u00a0", "é", "名前", "مرحبا", "🙂",
]

markup_text = st.lists(st.one_of(st.sampled_from(MARKUP), st.text(max_size=30)), max_size=25).map("".join)
odd_bytes = st.one_of(
    st.binary(max_size=400),
    st.tuples(st.text(max_size=200), st.sampled_from(ENCODINGS)).map(lambda t: t[0].encode(t[1], errors="replace")),
    st.tuples(markup_text, st.sampled_from(ENCODINGS)).map(lambda t: t[0].encode(t[1], errors="replace")),
)
json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
record = st.fixed_dictionaries(
    {},
    optional={"_id": json_value, "id": json_value, "title": json_value | markup_text, "text": json_value | markup_text,
              "metadata": json_value | st.dictionaries(st.sampled_from(["date", "source", "author", "Date", ""]), json_value)},
)
record_line = st.one_of(
    record.map(json.dumps), json_value.map(json.dumps), st.text(max_size=60),
    record.map(lambda r: json.dumps(r)[: len(json.dumps(r)) // 2]),  # cut short
)


def exercise(path: Path) -> None:
    """Load `path` as `hopgraph index` does, then chunk the documents and store their metadata."""
    from hopgraph.indexing.chunk import chunk_documents
    from hopgraph.indexing.load import load_corpus

    from hopgraph.metadata import write_doc_meta

    try:
        loaded = load_corpus(path)
    except UserError as e:
        message = str(e).strip()
        assert message and "\n" not in message, message
        return
    assert loaded.documents
    for doc in loaded.documents:
        assert isinstance(doc.text, str) and doc.text.strip() and isinstance(doc.title, str)
        json.dumps(doc.metadata)
    chunks = chunk_documents(loaded.documents, 120, 20)
    assert chunks and all(c.text for c in chunks)
    conn = sqlite3.connect(":memory:")
    write_doc_meta(conn, loaded.documents)
    conn.close()


def count(name: str) -> None:
    COUNTS[name] = COUNTS.get(name, 0) + 1


@fuzz(160)
@given(files=st.lists(st.tuples(st.sampled_from(SUFFIXES), odd_bytes), min_size=1, max_size=5),
       nested=st.booleans())
def test_folder_of_odd_files(files: list[tuple[str, bytes]], nested: bool) -> None:
    count("folder")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "corpus"
        (root / "sub").mkdir(parents=True)
        for i, (suffix, data) in enumerate(files):
            (root / ("sub" if nested and i % 2 else "") / f"doc{i}{suffix}").write_bytes(data)
        exercise(root)


@fuzz(100)
@given(suffix=st.sampled_from([".txt", ".md", ".markdown", ".rst", ".html", ".htm"]), text=markup_text)
def test_one_markup_file(suffix: str, text: str) -> None:
    count("markup file")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"page{suffix}"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        exercise(path)


@fuzz(100)
@given(lines=st.lists(record_line, max_size=6), bom=st.booleans(), as_folder=st.booleans())
def test_jsonl(lines: list[str], bom: bool, as_folder: bool) -> None:
    count("jsonl")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "corpus.jsonl"
        path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + "\n".join(lines).encode("utf-8", errors="surrogatepass"))
        exercise(path.parent if as_folder else path)


@fuzz(60)
@given(value=st.one_of(st.lists(record, max_size=5), json_value, st.text(max_size=40).map(json.dumps)),
       raw=st.one_of(st.none(), st.binary(max_size=80)))
def test_json_list(value: object, raw: bytes | None) -> None:
    count("json list")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "docs.json"
        path.write_bytes(raw if raw is not None else json.dumps(value).encode())
        exercise(path)


def test_loader_fuzz_volume() -> None:
    """Runs after the fuzz tests above (file order): how many inputs they generated."""
    if not COUNTS:
        pytest.skip("run with the fuzz tests of this file")
    print(f"\nloader fuzz inputs: {COUNTS} (total {sum(COUNTS.values())})")
    assert sum(COUNTS.values()) >= 400
