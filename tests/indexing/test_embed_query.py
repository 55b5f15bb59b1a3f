"""The one-text fast path of the torch embedder returns the very bits `SentenceTransformer.encode` does."""

from __future__ import annotations

import numpy as np
import pytest

QUERIES = [
    "Who founded the company that made ferry lamps in Pell?",
    "lantern works founder birthplace",
    "Where did the man who painted the harbour mural of Oskerby die, and when?",
    "A",
    "Is Marta Quill older than Ivo Brandell?",
]


@pytest.mark.slow
def test_one_text_fast_path_equals_encode_bit_for_bit() -> None:
    from hopgraph.indexing.embed import SentenceTransformerEmbedder

    e = SentenceTransformerEmbedder()
    first = e.encode([QUERIES[0]])  # the first call checks the fast path against `encode`
    assert e._direct is True
    for q in QUERIES:
        fast = e.encode([q])
        assert fast.shape == (1, e.dimension) and fast.dtype == np.float32
        assert np.array_equal(fast, e.encode_reference([q]))
    assert np.array_equal(first, e.encode([QUERIES[0]]))
    many = e.encode(QUERIES[:2])  # several texts keep the library's batched path
    assert np.array_equal(many, e.encode_reference(QUERIES[:2]))


@pytest.mark.slow
def test_a_model_with_a_default_prompt_keeps_encode() -> None:
    from hopgraph.indexing.embed import SentenceTransformerEmbedder

    e = SentenceTransformerEmbedder()
    plain = e.encode_reference([QUERIES[1]])
    e.model.prompts = {"query": "query: "}
    e.model.default_prompt_name = "query"
    out = e.encode([QUERIES[1]])
    assert e._direct is False
    assert np.array_equal(out, e.model.encode([QUERIES[1]], normalize_embeddings=True).astype(np.float32))
    assert not np.array_equal(out, plain)


@pytest.mark.slow
def test_a_fast_path_that_differs_from_encode_is_dropped() -> None:
    from hopgraph.indexing.embed import SentenceTransformerEmbedder

    e = SentenceTransformerEmbedder()
    other = np.full((1, e.dimension), 0.5, dtype=np.float32)
    e.encode_reference = lambda texts, batch_size=64, progress=False: other  # type: ignore[method-assign]
    assert np.array_equal(e.encode([QUERIES[2]]), other)
    assert e._direct is False
    assert np.array_equal(e.encode([QUERIES[3]]), other)  # every later call goes through `encode`
