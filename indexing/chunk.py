"""Sentence-aware chunking with a word budget and overlap.

A chunk collects whole sentences (see `sentences`: paragraphs and list items
always end one) until adding the next would exceed `max_words`; the next chunk
starts with trailing sentences of the previous one worth up to
`overlap_words`. A sentence longer than the budget (or than `max_words *
CHARS_PER_WORD` characters, e.g. a megabyte without a stop) is cut at the
budget into pieces, so no chunk ever exceeds it and the parser's length limit
is never reached. Chunk ids are `<doc_id>#<position>`, so the same corpus and
settings always give the same ids; `start`/`end` index the stored document text.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

from hopgraph.indexing.sentences import split_sentences
from hopgraph.models import Chunk, Document

__all__ = ["CHARS_PER_WORD", "chunk_document", "chunk_documents", "split_long", "split_sentences"]

#: Character cap of a piece, per word of budget (200 words -> 8,000 characters; ordinary prose is ~6 per word).
CHARS_PER_WORD = 40
_WORD = re.compile(r"\S+")


def split_long(text: str, span: tuple[int, int], max_words: int, max_chars: int) -> list[tuple[int, int]]:
    """Cut one sentence span into pieces of at most `max_words` words and `max_chars` characters.

    Pieces end at word boundaries; a single word longer than `max_chars` is cut inside.
    """
    start, end = span
    if end - start <= max_chars and len(text[start:end].split()) <= max_words:
        return [span]
    pieces: list[tuple[int, int]] = []
    p_start = p_end = -1
    words = 0
    for m in _WORD.finditer(text, start, end):
        w_start, w_end = m.span()
        while w_end - w_start > max_chars:  # a "word" of its own longer than the cap
            if p_start >= 0:
                pieces.append((p_start, p_end))
                p_start = -1
            pieces.append((w_start, w_start + max_chars))
            w_start += max_chars
        if p_start >= 0 and (words + 1 > max_words or w_end - p_start > max_chars):
            pieces.append((p_start, p_end))
            p_start = -1
        if p_start < 0:
            p_start, words = w_start, 0
        p_end = w_end
        words += 1
    if p_start >= 0:
        pieces.append((p_start, p_end))
    return pieces


def chunk_document(doc: Document, max_words: int = 200, overlap_words: int = 40) -> list[Chunk]:
    """Split one document into chunks of whole sentences (over-long sentences cut at the budget)."""
    max_words = max(1, max_words)
    max_chars = max_words * CHARS_PER_WORD
    sentences = [piece for span in split_sentences(doc.text)
                 for piece in split_long(doc.text, span, max_words, max_chars)]
    words = [len(doc.text[s:e].split()) for s, e in sentences]
    chunks: list[Chunk] = []
    i = 0
    while i < len(sentences):
        j, budget = i, 0
        while j < len(sentences) and (j == i or (budget + words[j] <= max_words
                                                 and sentences[j][1] - sentences[i][0] <= max_chars)):
            budget += words[j]
            j += 1
        start, end = sentences[i][0], sentences[j - 1][1]
        chunks.append(_make_chunk(doc, len(chunks), start, end))
        if j >= len(sentences):
            break
        # step back over trailing sentences that fit in the overlap, but always advance
        k, overlap = j, 0
        while k - 1 > i and overlap + words[k - 1] <= overlap_words:
            overlap += words[k - 1]
            k -= 1
        i = k
    return chunks


def chunk_documents(docs: Iterable[Document], max_words: int = 200, overlap_words: int = 40) -> list[Chunk]:
    """Chunk a batch of documents (a pure function over a batch, executor-friendly)."""
    return [c for d in docs for c in chunk_document(d, max_words, overlap_words)]


def _make_chunk(doc: Document, position: int, start: int, end: int) -> Chunk:
    text = doc.text[start:end]
    return Chunk(
        chunk_id=f"{doc.doc_id}#{position}",
        doc_id=doc.doc_id,
        title=doc.title,
        text=text,
        start=start,
        end=end,
        content_hash=hashlib.sha1(text.encode("utf-8")).hexdigest()[:16],
        position=position,
    )
