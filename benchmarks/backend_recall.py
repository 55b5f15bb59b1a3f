"""Recall@5 of a benchmark's questions with a store's chunk vectors made by another embedding backend.

    .venv/bin/python benchmarks/backend_recall.py /work/shared/bench/2wiki STORE --backend onnx-int8 \\
        --systems hybrid,graph-hybrid,hops

Issue 12 lets the faster ONNX path cost at most 0.5 point of Recall@5. This copies STORE into a scratch folder,
re-encodes every chunk's retrieval text (title and text, as indexing does) with `--backend`, writes the copy's
FAISS index and records the backend in its meta table, so its queries are encoded by that backend too. The
graph, BM25 and every other table stay the same, so the two stores differ only in their vectors. Both are
then evaluated with `hopgraph eval` on the same questions and the Recall@5 and Complete@5 of each system are
printed side by side. STORE itself is only read.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def store_with_backend(store: Path, copy: Path, backend: str) -> float:
    """Copy `store` to `copy` with its vectors re-encoded by `backend`; the seconds the encoding took."""
    from hopgraph.indexing.delta_vectors import retrieval_texts
    from hopgraph.indexing.dense import build_dense_index, save_dense_index
    from hopgraph.indexing.embed import embedder_id, get_embedder, set_torch_threads

    shutil.copytree(store, copy)
    db = copy / "hopgraph.db"
    with sqlite3.connect(db) as con:
        model = con.execute("SELECT value FROM meta WHERE key = 'embedding_model'").fetchone()[0]
        texts = retrieval_texts(con)  # title and text, in FAISS row order
    set_torch_threads(2)
    start = time.perf_counter()
    vectors = get_embedder(embedder_id(model, backend)).encode(texts, batch_size=16)
    seconds = time.perf_counter() - start
    save_dense_index(build_dense_index(vectors), copy / "dense.faiss")
    with sqlite3.connect(db) as con:
        con.execute("UPDATE meta SET value = ? WHERE key = 'embedding_backend'", (backend,))
    return seconds


def evaluate(bench: Path, store: Path, systems: str, out: Path) -> dict[str, tuple[float, float]]:
    """(Recall@5, Complete@5) per system of `hopgraph eval` on `store`."""
    cmd = [str(Path(sys.executable).with_name("hopgraph")), "eval", str(bench), "--systems", systems,
           "--store", str(store), "--out", str(out)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    metrics = json.loads((out / "metrics.json").read_text())
    runs = metrics.get("systems", metrics)
    return {name: (100 * m["overall"]["recall@5"], 100 * m["overall"]["complete@5"])
            for name, m in runs.items() if isinstance(m, dict) and "overall" in m}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bench", type=Path, help="benchmark folder (corpus.jsonl, queries.jsonl, qrels/)")
    ap.add_argument("store", type=Path, help="a store built from the benchmark's corpus (only read)")
    ap.add_argument("--backend", default="onnx-int8", choices=("torch", "torch-bf16", "onnx", "onnx-int8"),
                    help="backend of the copy's vectors")
    ap.add_argument("--systems", default="hybrid,graph-hybrid,hops")
    ap.add_argument("--workdir", type=Path, default=None, help="where the copy and the runs go (default: a temp folder)")
    args = ap.parse_args()
    if not (args.store / "hopgraph.db").is_file():
        sys.exit(f"error: {args.store} is no hopgraph store (no hopgraph.db)")
    scratch = tempfile.TemporaryDirectory()
    work = args.workdir or Path(scratch.name)
    work.mkdir(parents=True, exist_ok=True)
    copy = work / f"store-{args.backend}"
    if copy.exists():
        sys.exit(f"error: {copy} exists; give another --workdir")
    seconds = store_with_backend(args.store, copy, args.backend)
    print(f"re-encoded {args.store} with {args.backend} in {seconds:.1f} s -> {copy}")
    before = evaluate(args.bench, args.store, args.systems, work / "run-store")
    after = evaluate(args.bench, copy, args.systems, work / f"run-{args.backend}")
    print(f"{'system':14} {'store R@5 / C@5':>16} {args.backend + ' R@5 / C@5':>22} {'R@5 diff':>9}")
    for name, (r, c) in before.items():
        r2, c2 = after[name]
        print(f"{name:14} {r:7.1f} / {c:5.1f} {r2:13.1f} / {c2:5.1f} {r2 - r:+9.1f}")


if __name__ == "__main__":
    main()
