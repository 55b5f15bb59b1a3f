"""ChunkRows (hopgraph/store_rows.py): the store's chunks as tuples, each model made on first access."""

from hopgraph.models import Chunk
from hopgraph.store_rows import ChunkRows

ROWS = [("a#0", "a", "Alder Fen", "Alder Fen is a marsh.", 0, 21, "h1", 0),
        ("b#0", "b", "", "Brisk Tarn lies north.", 0, 22, "h2", 0)]


def test_rows_read_as_chunk_models_in_row_order():
    chunks = ChunkRows(ROWS)
    assert len(chunks) == 2 and chunks.row_of() == {"a#0": 0, "b#0": 1}
    assert chunks[1] == Chunk(chunk_id="b#0", doc_id="b", title="", text="Brisk Tarn lies north.", start=0, end=22,
                              content_hash="h2", position=0)
    assert chunks[-1] is chunks[1] and [c.chunk_id for c in chunks] == ["a#0", "b#0"]
    assert [c.doc_id for c in chunks[0:2]] == ["a", "b"] and chunks[0].retrieval_text == "Alder Fen\nAlder Fen is a marsh."
