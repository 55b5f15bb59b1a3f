"""Indexing throughput per stage, beside the arithmetic limit of this machine.

    .venv/bin/python benchmarks/index_speed.py /work/shared/bench/2wiki --backends torch,onnx-int8
    .venv/bin/python benchmarks/index_speed.py /work/shared/bench/2wiki --backends onnx-int8 --executors local,ray

Each run is a cold build (a fresh store folder, nothing reused; the ONNX export, made once per machine,
is cached and not counted). For every stage it prints seconds and items/s; extraction and embedding
overlap (the local executor runs them in two threads), so their seconds add up to more than the wall time.

Limits printed beside them, measured on this machine:
* embedding: FLOPs of the encoder per chunk (from its layer sizes and the mean token count of the
  corpus' chunks: 2 x (4h² + 2h·ffn) per token per layer for the projections and feed-forward, plus
  4·n·h per token per layer for attention over n tokens) against the fp32 matrix-multiply rate of the
  CPU (numpy sgemm on the threads the build uses). Int8 kernels may beat the fp32 rate.
* extraction: the rate of spaCy's parse alone (nlp.pipe with the components extraction uses) on a
  sample of chunks; the rule code on top cannot be faster than the parse under it.
* write: rows/s of one SQLite transaction of executemany inserts into a scratch database.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import tempfile
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def sgemm_gflops(threads: int, n: int = 1024, reps: int = 8) -> float:
    """Measured fp32 matrix-multiply rate (GFLOP/s) with `threads` BLAS threads."""
    from threadpoolctl import threadpool_limits

    a = np.random.default_rng(0).standard_normal((n, n), dtype=np.float32)
    with threadpool_limits(threads):
        a @ a
        start = time.perf_counter()
        for _ in range(reps):
            a @ a
        secs = time.perf_counter() - start
    return 2 * n**3 * reps / secs / 1e9


def encoder_flops_per_chunk(texts: list[str], model_path: str) -> tuple[float, float]:
    """(mean tokens per chunk, FLOPs per chunk) of the BERT-style encoder at `model_path`."""
    from transformers import AutoConfig, AutoTokenizer

    cfg = AutoConfig.from_pretrained(model_path)
    tok = AutoTokenizer.from_pretrained(model_path)
    lengths = [len(ids) for ids in tok(texts, truncation=True, max_length=256)["input_ids"]]
    h, ffn, layers = cfg.hidden_size, cfg.intermediate_size, cfg.num_hidden_layers
    flops = sum(n * layers * (2 * (4 * h * h + 2 * h * ffn) + 4 * n * h) for n in lengths) / len(lengths)
    return float(np.mean(lengths)), flops


def spacy_parse_rate(texts: list[str], model: str, batch_size: int) -> float:
    """Chunks/s of spaCy's parse alone, with the components extraction uses (single process)."""
    from hopgraph.indexing.extract import NEEDED_PIPES, load_spacy

    nlp = load_spacy(model)
    disabled = [p for p in nlp.pipe_names if p not in NEEDED_PIPES]
    start = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=batch_size, disable=disabled):
        pass
    return len(texts) / (time.perf_counter() - start)


def sqlite_rows_per_s(n: int = 200_000) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        conn = sqlite3.connect(Path(tmp) / "x.db")
        conn.execute("CREATE TABLE t (a INTEGER, b TEXT, c TEXT, d REAL)")
        rows = [(i, f"name {i}", "predicate", 1.0) for i in range(n)]
        start = time.perf_counter()
        with conn:
            conn.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", rows)
        secs = time.perf_counter() - start
        conn.close()
    return n / secs


def build_once(corpus: Path, backend: str, executor: str, workdir: Path, processes: int | None) -> dict:
    from hopgraph.config import load_settings
    from hopgraph.indexing.pipeline import build_index

    settings = load_settings()
    settings.index.embedding_backend = backend  # type: ignore[assignment]
    settings.index.executor = executor  # type: ignore[assignment]
    if processes:
        settings.index.extract_processes = processes
    store = workdir / f"store-{backend}-{executor}"
    cpu0 = _cpu_seconds()
    start = time.perf_counter()
    stats = build_index(corpus, store, settings, show_progress=False, reuse_vectors=False)
    wall = time.perf_counter() - start
    cpu = _cpu_seconds() - cpu0
    counts = {"load": stats.documents, "chunk": stats.documents, "extract": stats.chunks_extracted,
              "embed": stats.chunks_embedded, "write": stats.chunks}
    return {"backend": backend, "executor": executor, "wall_s": round(wall, 2), "cpu_s": round(cpu, 1), "documents": stats.documents,
            "chunks": stats.chunks, "entities": stats.entities, "relations": stats.relations,
            "stages": {k: {"s": round(v, 2), "per_s": round(counts[k] / v, 1) if k in counts and v > 0 else None}
                       for k, v in stats.stage_seconds.items()}}


def _cpu_seconds() -> float:
    """User + system CPU time of this process and its finished children (extraction workers). On a shared
    machine the wall time depends on the other load; CPU time / cores is what the build costs on idle cores."""
    import resource

    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--backends", default="torch,onnx-int8", help="comma-separated: torch, torch-bf16, onnx, onnx-int8")
    ap.add_argument("--executors", default="local", help="comma-separated: local, ray")
    ap.add_argument("--workdir", type=Path, default=None, help="where the stores go (default: a temp folder)")
    ap.add_argument("--sample", type=int, default=400, help="chunks used for the limit measurements")
    ap.add_argument("--json", type=Path, default=None, help="also write the results here")
    ap.add_argument("--limit", type=int, default=None, help="only the first N documents (of a corpus.jsonl)")
    ap.add_argument("--extract-processes", type=int, default=None, help="index.extract_processes for the local runs")
    args = ap.parse_args()
    scratch = tempfile.TemporaryDirectory()
    if args.limit:
        src = args.corpus / "corpus.jsonl" if args.corpus.is_dir() else args.corpus
        lines = src.read_text(encoding="utf-8").splitlines(keepends=True)[: args.limit]
        args.corpus = Path(scratch.name) / "corpus.jsonl"
        args.corpus.write_text("".join(lines), encoding="utf-8")

    from hopgraph.config import load_settings
    from hopgraph.indexing.chunk import chunk_documents
    from hopgraph.indexing.embed import resolve_model_path
    from hopgraph.indexing.load import load_corpus

    ix = load_settings().index
    docs = load_corpus(args.corpus).documents
    chunks = chunk_documents(docs, ix.chunk_words, ix.chunk_overlap_words)
    sample = [c.retrieval_text for c in chunks[:: max(1, len(chunks) // args.sample)]][: args.sample]
    tokens, flops = encoder_flops_per_chunk(sample, resolve_model_path(ix.embedding_model))
    gflops = sgemm_gflops(ix.embed_threads)
    limits = {
        "cpus": os.cpu_count(), "embed_threads": ix.embed_threads,
        "mean_tokens_per_chunk": round(tokens, 1), "encoder_gflop_per_chunk": round(flops / 1e9, 3),
        "sgemm_gflops": round(gflops, 1), "embed_limit_chunks_per_s": round(gflops * 1e9 / flops, 1),
        "spacy_parse_chunks_per_s": round(spacy_parse_rate(sample, ix.spacy_model, ix.extract_batch_size), 1),
        "sqlite_rows_per_s": round(sqlite_rows_per_s()),
    }
    print(f"corpus {args.corpus}: {len(docs)} documents, {len(chunks)} chunks")
    print(f"limits: {json.dumps(limits)}")
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        workdir = args.workdir or Path(tmp)
        for executor in args.executors.split(","):
            for backend in args.backends.split(","):
                run = build_once(args.corpus, backend, executor, workdir, args.extract_processes)
                runs.append(run)
                print(f"\n{executor} / {backend}: {run['wall_s']} s wall, {run['cpu_s']} CPU s "
                      f"(/{os.cpu_count()} cores = {run['cpu_s'] / (os.cpu_count() or 1):.1f} s), {run['chunks']} chunks "
                      f"({run['chunks'] / run['wall_s']:.1f} chunks/s), {run['entities']} entities, {run['relations']} relations")
                print(f"  {'stage':<10}{'seconds':>9}{'items/s':>10}  limit")
                for name, st in run["stages"].items():
                    limit = {"embed": f"{limits['embed_limit_chunks_per_s']} chunks/s (fp32 FLOPs)",
                             "extract": f"{limits['spacy_parse_chunks_per_s']} chunks/s (spaCy parse alone, 1 core)",
                             "write": f"{limits['sqlite_rows_per_s']} rows/s (SQLite, 1 transaction)"}.get(name, "")
                    rate = "" if st["per_s"] is None else f"{st['per_s']:.1f}"
                    print(f"  {name:<10}{st['s']:>9.2f}{rate:>10}  {limit}")
    if args.json:
        args.json.write_text(json.dumps({"corpus": str(args.corpus), "limits": limits, "runs": runs}, indent=2))
    scratch.cleanup()


if __name__ == "__main__":
    main()
