"""A store for a benchmark corpus: opened when it exists, built once otherwise (shared by the scripts here)."""

from __future__ import annotations

from pathlib import Path

from hopgraph.config import load_settings
from hopgraph.facade import HopGraph


def open_store(corpus: Path, store: Path, **settings) -> HopGraph:
    """The HopGraph of `store`, indexing `corpus` into it first when it holds no store."""
    cfg = load_settings(store=store, **settings)
    if not (store / "hopgraph.db").exists():
        HopGraph.build(corpus, store, cfg)
    return HopGraph.open(store, cfg)


def doc_ids(hits, k: int) -> list[str]:
    """The first k distinct documents of a hit list."""
    return list(dict.fromkeys(h.doc_id for h in hits))[:k]


def recall(found: list[str], gold: list[str]) -> float:
    return sum(1 for g in gold if g in found) / len(gold) if gold else 0.0
