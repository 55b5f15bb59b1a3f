"""BM25 backends compared: bm25s (what hopgraph uses) vs rank-bm25's BM25Okapi.

Prints index seconds, query latency and ranking agreement (top-1 equal, top-10 overlap)
at the corpus size and at N times it (the corpus repeated with fresh ids, a stand-in for a
larger corpus with the same vocabulary statistics).

    .venv/bin/python benchmarks/bm25_speed.py --bench ../shared/bench/2wiki --scales 1,10
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
from rank_bm25 import BM25Okapi

from hopgraph.indexing.lexical import LexicalIndex, tokenize


def load(bench: Path) -> tuple[list[str], list[str]]:
    texts = [f"{d['title']}\n{d['text']}" for d in map(json.loads, (bench / "corpus.jsonl").open())]
    queries = [q["text"] for q in map(json.loads, (bench / "queries.jsonl").open())]
    return texts, queries


def measure(texts: list[str], queries: list[str], base: int, k: int = 10) -> dict[str, float]:
    """Rows are compared modulo `base`, so the repeated copies of one passage count as the same passage."""
    t = time.perf_counter()
    ours = LexicalIndex.build(texts)
    bm25s_index = time.perf_counter() - t
    t = time.perf_counter()
    okapi = BM25Okapi([tokenize(x) or ["_empty_"] for x in texts])
    okapi_index = time.perf_counter() - t

    t = time.perf_counter()
    ours_top = [[r % base for r, _ in ours.search(q, k)] for q in queries]
    bm25s_query = (time.perf_counter() - t) / len(queries)
    t = time.perf_counter()
    okapi_top = [[int(r) % base for r in np.argsort(-okapi.get_scores(tokenize(q)), kind="stable")[:k]] for q in queries]
    okapi_query = (time.perf_counter() - t) / len(queries)

    top1 = np.mean([bool(a) and bool(b) and a[0] == b[0] for a, b in zip(ours_top, okapi_top)])
    overlap = np.mean([len(set(a) & set(b)) / k for a, b in zip(ours_top, okapi_top)])
    return {
        "passages": len(texts), "bm25s_index_s": bm25s_index, "rank_bm25_index_s": okapi_index,
        "bm25s_query_ms": 1000 * bm25s_query, "rank_bm25_query_ms": 1000 * okapi_query,
        "top1_agreement": float(top1), "top10_overlap": float(overlap),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", type=Path, default=Path("../shared/bench/2wiki"))
    ap.add_argument("--scales", default="1,10", help="Corpus repetitions to measure, comma separated.")
    ap.add_argument("--queries", type=int, default=100)
    args = ap.parse_args()
    texts, queries = load(args.bench)
    queries = queries[: args.queries]
    print(f"{'passages':>9} {'bm25s idx s':>12} {'rank-bm25 idx s':>16} {'bm25s q ms':>11} {'rank-bm25 q ms':>15} {'top1 agree':>11} {'top10 overlap':>14}")
    for scale in (int(s) for s in args.scales.split(",")):
        r = measure(texts * scale, queries, len(texts))
        print(f"{r['passages']:>9} {r['bm25s_index_s']:>12.2f} {r['rank_bm25_index_s']:>16.2f} {r['bm25s_query_ms']:>11.2f} "
              f"{r['rank_bm25_query_ms']:>15.2f} {r['top1_agreement']:>11.2f} {r['top10_overlap']:>14.2f}")


if __name__ == "__main__":
    main()
