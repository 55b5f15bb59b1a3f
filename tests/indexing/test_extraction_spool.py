"""The extraction spool: per-document blobs as the store keeps them, compact records resolution reads alike."""

from __future__ import annotations

from hopgraph.indexing.extraction_spool import Spool, compact
from hopgraph.indexing.resolve import resolve
from hopgraph.indexing.reuse import pack_extractions, unpack_extractions
from hopgraph.models import Chunk, ChunkExtraction, Cooccurrence, Mention, Triple


def chunk(cid: str, doc: str) -> Chunk:
    return Chunk(chunk_id=cid, doc_id=doc, title="", text="x", start=0, end=1, content_hash="h")


def ext(cid: str, names: list[str], sentence: str) -> ChunkExtraction:
    return ChunkExtraction(
        chunk_id=cid,
        mentions=[Mention(text=n, label="PERSON", chunk_id=cid, start=i, end=i + len(n)) for i, n in enumerate(names)],
        triples=[Triple(subject=names[0], predicate="found", object=names[-1], chunk_id=cid, sentence=sentence,
                        pattern="svo")],
        cooccurrences=[Cooccurrence(a=names[0], b=names[-1], chunk_id=cid, sentence=sentence, weight=0.5)])


CHUNKS = [chunk("a1", "A"), chunk("a2", "A"), chunk("b1", "B")]
EXTS = [ext("a1", ["Osk Tarrow", "Vellmar Works"], "Osk Tarrow founded Vellmar Works."),
        ext("a2", ["Ilse Tarrow", "Osk Tarrow"], "Ilse Tarrow joined Osk Tarrow."),
        ext("b1", ["Ilse Tarrow", "Corrin Dale"], "Ilse Tarrow met Corrin Dale.")]


def test_a_document_is_packed_once_all_its_chunks_are_in_whatever_their_order():
    spool = Spool(CHUNKS)
    out = list(spool.stream(iter([(1, [EXTS[1]]), (1, [EXTS[2]]), (1, [EXTS[0]])])))
    assert [n for n, _ in out] == [1, 1, 1]
    assert spool.blobs["A"] == pack_extractions([EXTS[0], EXTS[1]])  # chunk order, as the store keeps it
    assert unpack_extractions(spool.blobs["B"]) == [EXTS[2]]


def test_compact_records_keep_every_field_and_share_the_sentence():
    c = compact(EXTS[0])
    t, co = c.triples[0], c.cooccurrences[0]
    assert c.chunk_id == "a1" and [(m.text, m.label, m.start, m.end) for m in c.mentions] == [
        (m.text, m.label, m.start, m.end) for m in EXTS[0].mentions]
    assert (t.subject, t.predicate, t.object, t.sentence, t.pattern) == (
        "Osk Tarrow", "found", "Vellmar Works", "Osk Tarrow founded Vellmar Works.", "svo")
    assert (co.a, co.b, co.weight) == ("Osk Tarrow", "Vellmar Works", 0.5)
    assert co.sentence is t.sentence


def test_resolution_of_compact_extractions_equals_that_of_the_models():
    assert resolve(CHUNKS, [compact(e) for e in EXTS]) == resolve(CHUNKS, EXTS)
