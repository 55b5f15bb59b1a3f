"""Typed data of indexing: documents, chunks, what the extractor reads from a chunk, and a run's summary."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

#: A relation as a pattern first reads it, before entity resolution: (subject, predicate, object, pattern name).
RawTriple = tuple[str, str, str, str]


class Document(BaseModel):
    """One source document as loaded from a corpus."""

    doc_id: str
    title: str = ""
    text: str
    metadata: dict[str, Any] = Field(default_factory=dict)


class Chunk(BaseModel):
    """A sentence-aligned span of a document; the unit of retrieval."""

    chunk_id: str
    doc_id: str
    title: str = ""
    text: str
    start: int  # character offset of the chunk in the document text
    end: int
    content_hash: str
    position: int = 0  # index of the chunk within its document

    @property
    def retrieval_text(self) -> str:
        """What retrievers see: the title with the text."""
        return f"{self.title}\n{self.text}" if self.title else self.text


class Mention(BaseModel):
    """An entity surface form found in a chunk (before resolution)."""

    text: str
    label: str  # spaCy NER label, TITLE for a document title, PROPN for noun chunks
    chunk_id: str
    start: int  # character offsets within the chunk text (-1 for titles)
    end: int


class Triple(BaseModel):
    """A typed relation read from one sentence (surface forms, before resolution)."""

    subject: str
    predicate: str  # lemma-ish, lower case: "direct", "director", "born in"
    object: str
    chunk_id: str
    sentence: str
    pattern: str = ""  # which extraction rule produced it (svo, copula, passive …)


class Cooccurrence(BaseModel):
    """Two mentions in the same sentence; weaker than a typed relation."""

    a: str
    b: str
    chunk_id: str
    sentence: str
    weight: float = 1.0  # 1 for a shared sentence; lower for a topic co-occurrence (see extract.py)


class ChunkExtraction(BaseModel):
    """Everything the extractor found in one chunk."""

    chunk_id: str
    mentions: list[Mention] = Field(default_factory=list)
    triples: list[Triple] = Field(default_factory=list)
    cooccurrences: list[Cooccurrence] = Field(default_factory=list)


class IndexStats(BaseModel):
    """Summary of one `hopgraph index` run."""

    documents: int = 0
    skipped_empty: int = 0
    skipped_unreadable: int = 0  # binary or not UTF-8 files passed over
    unreadable: list[str] = Field(default_factory=list)  # "path: reason" of each unreadable file
    ignored: list[str] = Field(default_factory=list)  # "path: reason" of files and folders not read (hidden, other types, links out)
    chunks: int = 0
    chunks_embedded: int = 0  # the rest reused their vectors from the previous store
    chunks_extracted: int = 0  # the rest reused their extraction from the previous store (unchanged documents)
    documents_added: int = 0  # ids the previous store did not hold
    documents_replaced: int = 0  # same id, new content
    documents_removed: int = 0  # ids of the previous store no longer there
    entities: int = 0
    relations: int = 0
    seconds: float = 0.0
    stage_seconds: dict[str, float] = Field(default_factory=dict)

    @property
    def chunks_per_second(self) -> float:
        return self.chunks / self.seconds if self.seconds else 0.0
