"""Embedding backends (torch fp32 and bf16, ONNX Runtime fp32 and int8), embedder ids and the partial embed cache."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from unittest import mock

import numpy as np
import pytest

from hopgraph.errors import UserError
from hopgraph.indexing import embed
from hopgraph.indexing.embed import embedder_id, query_embedder_id, split_embedder_id
from hopgraph.indexing.embed_cache import EmbedCache
from store_fixtures import HashEmbedder, fake_settings, write_jsonl

SENTENCES = [
    "Marta Quill founded the Oskerby Lantern Works in the river town of Pell.",
    "The lantern works made brass lamps for ferries until the great flood.",
    "Who founded the company that made ferry lamps in Pell?",
    "A short one.",
]


def test_embedder_ids_name_the_backend_and_round_trip() -> None:
    assert embedder_id("m", "torch") == "m"
    assert embedder_id("m", "onnx-int8") == "m#onnx-int8"
    assert split_embedder_id("m#onnx") == ("m", "onnx")
    assert split_embedder_id("some/model") == ("some/model", "torch")
    with pytest.raises(UserError, match="unknown embedding backend 'tpu'"):
        split_embedder_id("m#tpu")


def test_queries_against_a_torch_store_run_on_onnx_fp32_unless_told_otherwise() -> None:
    with mock.patch.object(embed.importlib.util, "find_spec", return_value=object()):
        assert query_embedder_id("m") == "m#onnx"
        assert query_embedder_id("m", "store") == "m"
        assert query_embedder_id("m#onnx-int8") == "m#onnx-int8"  # an int8 store keeps its own vectors' runtime
        assert query_embedder_id("m#torch-bf16") == "m#onnx"  # the same model at full precision
        assert query_embedder_id("m#torch-bf16", "store") == "m#torch-bf16"
    with mock.patch.object(embed.importlib.util, "find_spec", return_value=None):  # onnxruntime not installed
        assert query_embedder_id("m") == "m"


def test_a_failed_onnx_export_leaves_queries_on_the_store_runtime(caplog: pytest.LogCaptureFixture) -> None:
    store_embedder = HashEmbedder()

    def fake_get(name: str) -> HashEmbedder:
        if name.endswith("#onnx"):
            raise RuntimeError("export failed: no space left\nsecond line")
        return store_embedder

    with mock.patch.object(embed.importlib.util, "find_spec", return_value=object()), \
            mock.patch.object(embed, "get_embedder", side_effect=fake_get), caplog.at_level("WARNING"):
        assert embed.load_query_embedder("m") is store_embedder
    assert "encoded with m" in caplog.text and "no space left" in caplog.text and "second line" not in caplog.text


def test_embed_cache_keeps_groups_per_store_and_embedder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOPGRAPH_CACHE", str(tmp_path / "cache"))
    cache = EmbedCache(tmp_path / "store", "m")
    groups = [["a", "b"], ["c"]]
    vectors = [[np.ones(3), np.zeros(3)], [np.full(3, 2.0)]]
    assert list(cache.recording(groups, iter([(2, vectors[0]), (1, vectors[1])]))) == [(2, vectors[0]), (1, vectors[1])]
    known = EmbedCache(tmp_path / "store", "m").load()
    assert len(known) == 3 and float(known[next(iter(known))][0]) in (0.0, 1.0, 2.0)
    assert EmbedCache(tmp_path / "store", "m#onnx").load() == {}
    assert EmbedCache(tmp_path / "other", "m").load() == {}
    cache.clear()
    assert EmbedCache(tmp_path / "store", "m").load() == {}


def test_embed_cache_skips_files_a_killed_build_left_half_written(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A kill -9 while a group is written leaves a truncated temporary file (and a damaged disk can leave a
    truncated group): the next build reads the good groups and never fails on the others."""
    monkeypatch.setenv("HOPGRAPH_CACHE", str(tmp_path / "cache"))
    cache = EmbedCache(tmp_path / "store", "m")
    cache.save(["a"], [np.ones(3)])
    good = next(cache.folder.glob("*.npz")).read_bytes()
    (cache.folder / "9-9-000002.tmp.npz").write_bytes(good[: len(good) // 2])
    (cache.folder / "9-9-000003.npz").write_bytes(good[:10])
    (cache.folder / "9-9-000004.npz").write_bytes(b"")
    known = EmbedCache(tmp_path / "store", "m").load()
    assert list(known) == [next(iter(known))] and len(known) == 1


class _DiesAfter(HashEmbedder):
    """Encodes `limit` calls, then fails like a killed build."""

    def __init__(self, limit: int):
        super().__init__()
        self.calls, self.limit, self.encoded = 0, limit, 0

    def encode(self, texts: list[str], batch_size: int = 64, progress: bool = False) -> np.ndarray:
        self.calls += 1
        if self.calls > self.limit:
            raise KeyboardInterrupt
        self.encoded += len(texts)
        return super().encode(texts, batch_size)


def test_a_build_interrupted_while_embedding_resumes_from_what_it_encoded(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from hopgraph.indexing.load import load_corpus
    from hopgraph.indexing.pipeline import index_documents

    monkeypatch.setenv("HOPGRAPH_CACHE", str(tmp_path / "cache"))
    corpus = write_jsonl(tmp_path / "corpus.jsonl", [
        {"_id": f"d{i}", "title": f"Place {i}", "text": f"Village number {i} lies beside lake {i * 7}."}
        for i in range(10)])
    store = tmp_path / "store"
    docs = load_corpus(corpus).documents
    dying = _DiesAfter(limit=2)
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: dying), pytest.raises(KeyboardInterrupt):
        index_documents(docs, store, fake_settings(), encode_group=3)
    assert dying.encoded == 6 and not store.exists()
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: HashEmbedder()):
        stats = index_documents(docs, store, fake_settings(), encode_group=3)
    assert (stats.chunks, stats.chunks_embedded) == (10, 4)
    assert not any((tmp_path / "cache" / "embed-partial").glob("*/*.npz"))  # cleared once the store holds them


@pytest.mark.slow
@pytest.mark.parametrize(("backend", "floor"), [("onnx", 0.9999), ("onnx-int8", 0.97)])
def test_onnx_backends_match_the_torch_vectors(backend: str, floor: float, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from hopgraph.indexing.embed import get_embedder

    monkeypatch.setenv("HOPGRAPH_CACHE", str(tmp_path / "cache"))
    torch_vectors = get_embedder("all-MiniLM-L6-v2").encode(SENTENCES)
    onnx = get_embedder.__wrapped__(embedder_id("all-MiniLM-L6-v2", backend))
    vectors = onnx.encode(SENTENCES, batch_size=3)
    assert vectors.shape == torch_vectors.shape and onnx.dimension == 384
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert float((vectors * torch_vectors).sum(1).min()) >= floor
    assert list((tmp_path / "cache" / "onnx").glob("*/model*.onnx"))  # exported locally, into the cache
    made = ("import sys; from hopgraph.indexing.embed import get_embedder; "
            f"get_embedder('all-MiniLM-L6-v2#{backend}').encode(['a probe']); print('torch' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", made], capture_output=True, text=True, check=True,
                         env={**os.environ, "HOPGRAPH_CACHE": str(tmp_path / "cache")})
    assert run.stdout.split() == ["False"]  # a cached export runs and tokenises without torch


@pytest.mark.slow
def test_bf16_weights_give_float32_vectors_close_to_torchs() -> None:
    from hopgraph.indexing.embed import get_embedder

    torch_vectors = get_embedder("all-MiniLM-L6-v2").encode(SENTENCES)
    bf16 = get_embedder.__wrapped__("all-MiniLM-L6-v2#torch-bf16")
    batched, one = bf16.encode(SENTENCES, batch_size=3), bf16.encode(SENTENCES[2:3])
    assert bf16.name == "all-MiniLM-L6-v2#torch-bf16" and bf16.dimension == 384
    assert batched.dtype == np.float32 and one.dtype == np.float32 and batched.shape == torch_vectors.shape
    assert np.allclose(np.linalg.norm(batched, axis=1), 1.0, atol=1e-5)
    assert float((batched * torch_vectors).sum(1).min()) >= 0.999
    assert float(batched[2] @ one[0]) >= 0.999  # a query alone, through the one-text path
    assert not np.array_equal(batched, torch_vectors)  # the weights really are bf16


@pytest.mark.slow
def test_query_vectors_on_onnx_equal_torchs_to_float_rounding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What lets a torch store be queried on ONNX Runtime: the same vectors up to rounding, so the same rankings."""
    from hopgraph.indexing.embed import get_embedder, load_query_embedder

    monkeypatch.setenv("HOPGRAPH_CACHE", str(tmp_path / "cache"))
    torch_model = get_embedder("all-MiniLM-L6-v2")
    queries = load_query_embedder("all-MiniLM-L6-v2")
    assert queries.name == "all-MiniLM-L6-v2#onnx"
    passages = torch_model.encode(SENTENCES[:2] + SENTENCES[3:])
    for question in (SENTENCES[2], "lamp makers of Pell", "Where were the ferry lamps made?"):
        on_onnx, on_torch = queries.encode([question])[0], torch_model.encode([question])[0]
        assert float(np.abs(on_onnx - on_torch).max()) < 1e-5
        assert list(np.argsort(-(passages @ on_onnx))) == list(np.argsort(-(passages @ on_torch)))


@pytest.mark.slow
def test_onnx_vectors_do_not_depend_on_the_thread_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build encodes on one thread while extraction runs and on two after (`pipeline._overlap_threads`)."""
    from hopgraph.indexing.embed import get_embedder, set_torch_threads

    monkeypatch.setenv("HOPGRAPH_CACHE", str(tmp_path / "cache"))
    onnx = get_embedder.__wrapped__(embedder_id("all-MiniLM-L6-v2", "onnx-int8"))
    try:
        set_torch_threads(1)
        one = onnx.encode(SENTENCES * 8, batch_size=16)
        set_torch_threads(2)
        two = onnx.encode(SENTENCES * 8, batch_size=16)
    finally:
        set_torch_threads(1)
    assert np.array_equal(one, two)


TRICKY = ["", "Héllo Wörld, ça va? Ångström naïve", "東京 北京", "emoji 🙂 \u200b\ttab\nline", "[CLS] [PAD] literal",
          " ".join(["lantern"] * 400), *SENTENCES]


def _auto_ids(model_path: str, texts: list[str]) -> dict[str, np.ndarray]:
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(model_path)(texts, padding=True, truncation=True, max_length=256,
                                                     return_tensors="np")


def test_the_onnx_tokenizer_gives_the_ids_of_transformers_tokenizer(tmp_path: Path) -> None:
    from hopgraph.indexing.embed import resolve_model_path
    from hopgraph.indexing.embed_onnx import batch_tokenizer

    model = resolve_model_path("all-MiniLM-L6-v2")
    expected = _auto_ids(model, TRICKY)
    ids = batch_tokenizer(model, 256)(TRICKY)
    assert isinstance(ids, dict) and ids["input_ids"].shape == (len(TRICKY), 256)  # tokenizer.json, cut at 256
    for k in ("input_ids", "attention_mask", "token_type_ids"):
        assert np.array_equal(ids[k], expected[k]), k
    # a tokenizer.json that names no padding token: transformers' tokenizer, the same ids
    for f in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt", "config.json"):
        shutil.copy(Path(model) / f, tmp_path / f)
    spec = json.loads((tmp_path / "tokenizer.json").read_text(encoding="utf-8"))
    (tmp_path / "tokenizer.json").write_text(json.dumps({**spec, "padding": None}), encoding="utf-8")
    ids = batch_tokenizer(str(tmp_path), 256)(TRICKY)
    assert not isinstance(ids, dict) and np.array_equal(ids["input_ids"], expected["input_ids"])


@pytest.mark.slow
def test_a_thread_count_set_before_torch_loads_waits_for_the_torch_embedder() -> None:
    """A query path sets one thread without importing torch (an onnx store never needs it); the torch
    embedder applies it when it loads."""
    made = ("import sys; from hopgraph.indexing.embed import get_embedder, set_torch_threads; "
            "set_torch_threads(1); print('torch' in sys.modules); get_embedder('all-MiniLM-L6-v2'); "
            "import torch; print(torch.get_num_threads())")
    run = subprocess.run([sys.executable, "-c", made], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["False", "1"]


def test_a_large_torch_build_on_a_cpu_with_bf16_units_suggests_torch_bf16(caplog: pytest.LogCaptureFixture) -> None:
    with mock.patch.object(embed, "bf16_units", return_value=True), caplog.at_level("INFO"):
        embed.suggest_bf16("torch", embed.BF16_HINT_CHUNKS)
    assert "embedding_backend = 'torch-bf16'" in caplog.text
    caplog.clear()
    with mock.patch.object(embed, "bf16_units", return_value=True), caplog.at_level("INFO"):
        embed.suggest_bf16("torch", embed.BF16_HINT_CHUNKS - 1)  # a small build: not worth a line
        embed.suggest_bf16("onnx-int8", 10 * embed.BF16_HINT_CHUNKS)  # another backend chosen on purpose
    with mock.patch.object(embed, "bf16_units", return_value=False), caplog.at_level("INFO"):
        embed.suggest_bf16("torch", 10 * embed.BF16_HINT_CHUNKS)
    assert caplog.text == ""


def test_bf16_weights_on_a_cpu_without_bf16_units_log_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with mock.patch.object(embed, "bf16_units", return_value=False), caplog.at_level("WARNING"):
        embed._warn_without_bf16_units()
    assert "no bfloat16 matrix units" in caplog.text
    caplog.clear()
    with mock.patch.object(embed, "bf16_units", return_value=None), caplog.at_level("WARNING"):
        embed._warn_without_bf16_units()  # a torch that cannot tell: no warning
    assert caplog.text == ""
