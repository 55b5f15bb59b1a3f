"""PNG plots of an evaluation (matplotlib, Agg backend): recall@k curves, per-type recall@5, latency."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)
import numpy as np  # noqa: E402

from hopgraph.eval.metrics import RANK_K, recall_curve  # noqa: E402
from hopgraph.eval.records import QueryRecord  # noqa: E402


def mean_recall_curves(records: Sequence[QueryRecord], systems: Sequence[str]) -> dict[str, list[float]]:
    """System -> mean recall@1..10 over its scored questions."""
    curves: dict[str, list[float]] = {}
    for s in systems:
        rows = [recall_curve(r.ranked, r.gold, RANK_K) for r in records if r.system == s and r.gold]
        if rows:
            curves[s] = list(np.mean(np.asarray(rows), axis=0))
    return curves


def _save(fig: plt.Figure, path: Path) -> None:
    """Write the figure as a PNG (laid out tight, 110 dpi) and free it."""
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_recall_curves(curves: dict[str, list[float]], path: Path) -> None:
    fig, ax = plt.subplots(figsize=(6, 4))
    ks = range(1, RANK_K + 1)
    for system, ys in curves.items():
        ax.plot(ks, ys, marker="o", label=system)
    ax.set(xlabel="k (documents)", ylabel="recall@k", ylim=(0, 1), xticks=list(ks), title="Recall@k")
    ax.grid(alpha=0.3)
    ax.legend()
    _save(fig, path)


def plot_type_bars(systems: dict[str, Any], path: Path, metric: str = "recall@5") -> None:
    types = sorted({t for m in systems.values() for t in m["by_type"]})
    names = list(systems)
    width = 0.8 / max(len(names), 1)
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(types) * max(len(names), 1) / 2), 4))
    x = np.arange(len(types))
    for i, name in enumerate(names):
        ys = [systems[name]["by_type"].get(t, {}).get(metric) or 0.0 for t in types]
        ax.bar(x + i * width - 0.4 + width / 2, ys, width, label=name)
    ax.set(xticks=x, ylabel=metric, ylim=(0, 1), title=f"{metric} by question type")
    ax.set_xticklabels(types, rotation=15)
    ax.grid(axis="y", alpha=0.3)
    ax.legend()
    _save(fig, path)


def plot_latency(records: Sequence[QueryRecord], systems: Sequence[str], path: Path) -> None:
    fig, ax = plt.subplots(figsize=(6, 4))
    all_ms = [r.latency_ms for r in records if r.system in systems]
    if all_ms:
        bins = np.logspace(np.log10(max(min(all_ms), 0.01)), np.log10(max(all_ms) * 1.01 + 0.01), 30)
        for s in systems:
            ms = [r.latency_ms for r in records if r.system == s]
            if ms:
                ax.hist(ms, bins=bins, alpha=0.5, label=s)
        ax.set_xscale("log")
        ax.legend()
    ax.set(xlabel="latency per question (ms, log scale)", ylabel="questions", title="Latency")
    _save(fig, path)


def write_plots(records: Sequence[QueryRecord], metrics: dict[str, Any], out_dir: Path) -> list[str]:
    """Write the three plots into `out_dir`; returns their file names."""
    systems = list(metrics["systems"])
    plot_recall_curves(mean_recall_curves(records, systems), out_dir / "recall_at_k.png")
    plot_type_bars(metrics["systems"], out_dir / "recall5_by_type.png")
    plot_latency(records, systems, out_dir / "latency.png")
    return ["recall_at_k.png", "recall5_by_type.png", "latency.png"]
