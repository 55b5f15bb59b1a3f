"""Sentence-aware chunking with a word budget and overlap.

Sentences are never split. A chunk collects whole sentences until adding the
next would exceed `max_words`; the next chunk starts with trailing sentences of
the previous one worth up to `overlap_words`. A single sentence longer than the
budget becomes its own chunk. Chunk ids are `<doc_id>#<position>`, so the same
corpus and settings always give the same ids.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

from hopgraph.models import Chunk, Document

# A sentence ends at . ! ? (optionally followed by quotes/brackets) and whitespace,
# or at a blank line. Common abbreviations are protected below.
_SENTENCE_END = re.compile(r"(?<=[.!?])([\"')\]]*)\s+(?=[\"'(\[]?[A-Z0-9])|\n\s*\n")
_ABBREVIATIONS = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|Inc|Ltd|Co|Corp|vs|etc|No|Mt|Gen|Col|Lt|Sgt|Rev|[A-Z])\.$")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Character spans of the sentences of `text` (whitespace trimmed)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if _ABBREVIATIONS.search(text[start : m.start()]):
            continue
        spans.append((start, m.start() + len(m.group(1) or "")))  # closing quotes stay with the sentence
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out


def chunk_document(doc: Document, max_words: int = 200, overlap_words: int = 40) -> list[Chunk]:
    """Split one document into chunks of whole sentences."""
    sentences = split_sentences(doc.text)
    words = [len(doc.text[s:e].split()) for s, e in sentences]
    chunks: list[Chunk] = []
    i = 0
    while i < len(sentences):
        j, budget = i, 0
        while j < len(sentences) and (j == i or budget + words[j] <= max_words):
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
