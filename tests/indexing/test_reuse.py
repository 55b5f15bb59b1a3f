import numpy as np

from hopgraph.indexing.reuse import encode_missing, previous_vectors, text_key
from store_fixtures import FAKE_MODEL, build_fake_store, write_jsonl


def test_encode_missing_encodes_only_new_texts_and_keeps_order() -> None:
    known = {text_key("old"): np.array([1.0, 0.0], dtype=np.float32)}
    seen: list[list[str]] = []

    def encode(texts: list[str]) -> np.ndarray:
        seen.append(texts)
        return np.array([[0.0, 1.0]] * len(texts), dtype=np.float32)

    vectors, encoded = encode_missing(["new", "old", "newer"], known, encode)
    assert seen == [["new", "newer"]]
    assert encoded == 2
    assert vectors.tolist() == [[0.0, 1.0], [1.0, 0.0], [0.0, 1.0]]


def test_rebuild_reuses_vectors_of_unchanged_chunks(tmp_path) -> None:
    docs = [{"_id": "a", "title": "A", "text": "Alpha founded Beta."}, {"_id": "b", "title": "B", "text": "Gamma."}]
    corpus = write_jsonl(tmp_path / "c.jsonl", docs)
    store = tmp_path / "store"
    assert build_fake_store(corpus, store).chunks_embedded == 2
    docs[1]["text"] = "Gamma moved to Delta."
    write_jsonl(corpus, docs)
    stats = build_fake_store(corpus, store)
    assert (stats.chunks, stats.chunks_embedded) == (2, 1)
    assert len(previous_vectors(store, FAKE_MODEL)) == 2


def test_no_reuse_from_another_model_or_missing_store(tmp_path) -> None:
    corpus = write_jsonl(tmp_path / "c.jsonl", [{"_id": "a", "title": "A", "text": "Alpha."}])
    store = tmp_path / "store"
    assert previous_vectors(store, FAKE_MODEL) == {}
    build_fake_store(corpus, store)
    assert previous_vectors(store, "another-model") == {}
