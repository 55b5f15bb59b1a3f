"""Sentence-aware chunking (indexing/chunk.py): budgets, overlap, exact offsets, stable ids."""

from __future__ import annotations

import hashlib

import pytest

from hopgraph.indexing.chunk import CHARS_PER_WORD, chunk_document, chunk_documents, split_long, split_sentences
from hopgraph.indexing.load import load_corpus
from hopgraph.models import Document
from store_fixtures import SAMPLE


def sentences(text: str) -> list[str]:
    return [text[s:e] for s, e in split_sentences(text)]


def numbered(n: int, words: int = 5) -> str:
    """n sentences of exactly `words` words each: 'S1 w w w w.' ..."""
    return " ".join(f"S{i} " + " ".join(["word"] * (words - 2)) + " end." for i in range(1, n + 1))


def test_split_sentences_basic_and_spans_are_trimmed() -> None:
    text = "  First one. Second one!  Third one? "
    assert sentences(text) == ["First one.", "Second one!", "Third one?"]


@pytest.mark.parametrize("text, expected", [
    ("Dr. Oskar Brandt directed it. He was born in Tamsel.", ["Dr. Oskar Brandt directed it.", "He was born in Tamsel."]),
    ("Mr. and Mrs. Voss met at St. Anne's. They married.", ["Mr. and Mrs. Voss met at St. Anne's.", "They married."]),
    ("It was founded by J. R. Marsh in 1803. Later it grew.", ["It was founded by J. R. Marsh in 1803.", "Later it grew."]),
    ("Prof. Reyl vs. Gen. Holt, etc. Done.", ["Prof. Reyl vs. Gen. Holt, etc. Done."]),
])
def test_abbreviations_do_not_split(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_quotes_blank_lines_and_lowercase_continuations() -> None:
    text = 'He said "Go." Then he left.\n\nA new paragraph without a stop\nthat continues. e.g. lower case does not start one.'
    assert sentences(text) == [
        'He said "Go."', "Then he left.", "A new paragraph without a stop\nthat continues. e.g. lower case does not start one.",
    ]


def test_word_budget_collects_whole_sentences() -> None:
    doc = Document(doc_id="d", text=numbered(10, words=5))  # 10 sentences x 5 words
    chunks = chunk_document(doc, max_words=20, overlap_words=0)
    assert [len(c.text.split()) for c in chunks] == [20, 20, 10]
    assert chunks[0].text.startswith("S1 ") and chunks[0].text.endswith("end.")
    assert chunks[1].text.startswith("S5 ")
    assert chunks[2].text.startswith("S9 ")
    # sentences are never split: every chunk is a run of whole sentences
    for c in chunks:
        assert all(s.endswith("end.") for s in sentences(c.text))


def test_overlap_repeats_trailing_sentences() -> None:
    doc = Document(doc_id="d", text=numbered(10, words=5))
    chunks = chunk_document(doc, max_words=20, overlap_words=10)
    starts = [c.text.split()[0] for c in chunks]
    # each chunk holds 4 sentences and the next one starts 2 sentences (10 words) back
    assert starts == ["S1", "S3", "S5", "S7"]
    assert chunks[-1].text.endswith(doc.text[-10:])
    assert chunks[0].text.split("S3", 1)[1] in chunks[1].text  # the overlap is verbatim


def test_overlap_always_advances_even_when_it_covers_the_whole_chunk() -> None:
    doc = Document(doc_id="d", text=numbered(6, words=5))
    chunks = chunk_document(doc, max_words=10, overlap_words=100)
    assert [c.text.split()[0] for c in chunks] == ["S1", "S2", "S3", "S4", "S5"]


def test_long_sentence_is_cut_at_the_word_budget() -> None:
    long = "Long " + " ".join(["word"] * 24) + "."  # 25 words
    doc = Document(doc_id="d", text=f"Short one. {long} Short two.")
    chunks = chunk_document(doc, max_words=10, overlap_words=0)
    # pieces of 10, 10 and 5 words; the last piece shares a chunk with the next sentence
    assert [len(c.text.split()) for c in chunks] == [2, 10, 10, 7]
    assert chunks[1].text.startswith("Long word") and chunks[3].text.endswith("word. Short two.")
    assert " ".join(c.text for c in chunks[1:4]) == long + " Short two."  # the pieces are the sentence, in order
    for c in chunks:
        assert doc.text[c.start:c.end] == c.text


def test_megabytes_on_one_line_never_exceed_the_budget() -> None:
    words = ("lorem ipsumdolor sitamet " * 40_000)  # ~1 MB of words without a stop
    blob = "x" * 300_000  # one "word" far longer than any budget
    text = f"Start here. {words}{blob} tail words. End."
    doc = Document(doc_id="big", text=text)
    chunks = chunk_document(doc, max_words=200, overlap_words=40)
    assert max(len(c.text.split()) for c in chunks) <= 200
    assert max(len(c.text) for c in chunks) <= 200 * CHARS_PER_WORD
    assert all(text[c.start:c.end] == c.text for c in chunks)
    covered = {c.start for c in chunks}
    assert text.index(blob) in covered  # the blob starts a piece of its own
    assert chunks[0].text.startswith("Start here.") and chunks[-1].text.endswith("End.")


def test_split_long_keeps_short_spans_and_cuts_words_longer_than_the_cap() -> None:
    assert split_long("a b c", (0, 5), 10, 100) == [(0, 5)]
    assert split_long("aaaaaaa b", (0, 9), 10, 3) == [(0, 3), (3, 6), (6, 9)]
    assert split_long("aaaaaaa bb", (0, 10), 10, 3) == [(0, 3), (3, 6), (6, 7), (8, 10)]


def test_offsets_slice_the_document_exactly_and_hash_matches() -> None:
    docs = load_corpus(SAMPLE).documents
    chunks = chunk_documents(docs, max_words=40, overlap_words=10)
    by_id = {d.doc_id: d for d in docs}
    assert len(chunks) > len(docs)  # a small budget really splits documents
    for c in chunks:
        assert by_id[c.doc_id].text[c.start:c.end] == c.text
        assert c.content_hash == hashlib.sha1(c.text.encode("utf-8")).hexdigest()[:16]
        assert c.chunk_id == f"{c.doc_id}#{c.position}"
        assert c.title == by_id[c.doc_id].title


def test_chunk_ids_are_stable_across_runs() -> None:
    first = chunk_documents(load_corpus(SAMPLE).documents, 40, 10)
    second = chunk_documents(load_corpus(SAMPLE).documents, 40, 10)
    assert [(c.chunk_id, c.content_hash, c.start, c.end) for c in first] == [
        (c.chunk_id, c.content_hash, c.start, c.end) for c in second
    ]
    assert len({c.chunk_id for c in first}) == len(first)


def test_positions_count_from_zero_per_document() -> None:
    docs = [Document(doc_id="a", text=numbered(8)), Document(doc_id="b", text="Only one.")]
    chunks = chunk_documents(docs, max_words=10, overlap_words=0)
    assert [c.chunk_id for c in chunks] == ["a#0", "a#1", "a#2", "a#3", "b#0"]


def test_retrieval_text_includes_title() -> None:
    [c] = chunk_document(Document(doc_id="a", title="Lorn", text="A city."))
    assert c.retrieval_text == "Lorn\nA city."
