"""Extractions held compactly between the extract stage and resolution.

A build keeps every chunk's extraction until entity resolution, which reads them all. As pydantic models
(`ChunkExtraction` with its `Mention`, `Triple` and `Cooccurrence` models) that cost about 47 KB per chunk
(4.7 GB of a 100k-passage build's 7.3 GB peak): each model instance carries a `__dict__` and a
fields-set, and every triple and co-occurrence its own copy of its sentence. The spool instead

* packs each document's extractions into its `doc_state` blob (`reuse.pack_extractions`, the same bytes the
  store keeps) as soon as the document's last chunk arrives, and
* hands on plain slotted records with the same attribute names (`mentions`, `triples`, `cooccurrences`;
  `text`, `label`, `subject`, `sentence`, ...), strings shared: names, labels and predicates interned,
  a chunk's sentences stored once.

Resolution and the key tables read only those attributes, so they take either form.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator

from hopgraph.indexing.reuse import pack_extractions
from hopgraph.models import Chunk, ChunkExtraction


class CompactMention:
    __slots__ = ("text", "label", "chunk_id", "start", "end")

    def __init__(self, text: str, label: str, chunk_id: str, start: int, end: int):
        self.text, self.label, self.chunk_id, self.start, self.end = text, label, chunk_id, start, end


class CompactTriple:
    __slots__ = ("subject", "predicate", "object", "chunk_id", "sentence", "pattern")

    def __init__(self, subject: str, predicate: str, object: str, chunk_id: str, sentence: str, pattern: str):
        self.subject, self.predicate, self.object = subject, predicate, object
        self.chunk_id, self.sentence, self.pattern = chunk_id, sentence, pattern


class CompactCooccurrence:
    __slots__ = ("a", "b", "chunk_id", "sentence", "weight")

    def __init__(self, a: str, b: str, chunk_id: str, sentence: str, weight: float):
        self.a, self.b, self.chunk_id, self.sentence, self.weight = a, b, chunk_id, sentence, weight


class CompactExtraction:
    """What `ChunkExtraction` holds, as tuples of slotted records."""

    __slots__ = ("chunk_id", "mentions", "triples", "cooccurrences")

    def __init__(self, chunk_id: str, mentions: tuple, triples: tuple, cooccurrences: tuple):
        self.chunk_id, self.mentions, self.triples, self.cooccurrences = chunk_id, mentions, triples, cooccurrences


_ONE = 1.0


def compact(ext: ChunkExtraction) -> CompactExtraction:
    """The same extraction in about a fifth of the memory (strings interned, sentences shared)."""
    intern = sys.intern
    cid = intern(ext.chunk_id)
    sentences: dict[str, str] = {}

    def once(s: str) -> str:
        return sentences.setdefault(s, s)

    return CompactExtraction(
        cid,
        tuple(CompactMention(intern(m.text), intern(m.label), cid, m.start, m.end) for m in ext.mentions),
        tuple(CompactTriple(intern(t.subject), intern(t.predicate), intern(t.object), cid, once(t.sentence),
                            intern(t.pattern)) for t in ext.triples),
        tuple(CompactCooccurrence(intern(c.a), intern(c.b), cid, once(c.sentence),
                                  _ONE if c.weight == 1.0 else c.weight) for c in ext.cooccurrences),
    )


class Spool:
    """Collects an extract stage's stream: packs each document's blob once all its chunks are in
    (`blobs`, doc_id -> bytes) and passes the chunks' extractions on in compact form."""

    def __init__(self, chunks: Iterable[Chunk]):
        self._doc_of: dict[str, str] = {}
        self._position: dict[str, int] = {}  # chunk's place in its document's chunk order
        self._expected: dict[str, int] = {}
        for c in chunks:
            self._doc_of[c.chunk_id] = c.doc_id
            self._position[c.chunk_id] = self._expected.get(c.doc_id, 0)
            self._expected[c.doc_id] = self._position[c.chunk_id] + 1
        self._pending: dict[str, list[ChunkExtraction]] = {}
        self.blobs: dict[str, bytes] = {}

    def stream(self, results: Iterator[tuple[int, list[ChunkExtraction]]]
               ) -> Iterator[tuple[int, list[CompactExtraction]]]:
        for n, exts in results:
            for e in exts:
                doc = self._doc_of[e.chunk_id]
                got = self._pending.setdefault(doc, [])
                got.append(e)
                if len(got) == self._expected[doc]:
                    self.blobs[doc] = pack_extractions(sorted(got, key=lambda x: self._position[x.chunk_id]))
                    del self._pending[doc]
            yield n, [compact(e) for e in exts]
