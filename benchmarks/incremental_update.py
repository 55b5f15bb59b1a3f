"""Time incremental updates on a real corpus: add N documents to a store of the rest, remove them again.

    .venv/bin/python benchmarks/incremental_update.py /work/shared/bench/2wiki /tmp/me/store-2wiki --n 100

The store at STORE is first brought to "corpus minus N documents" (a build that reuses what the store
already holds: vectors by chunk text, extractions by document content, so a second run only pays for the
updates). Then: add the N documents, remove them again, and re-index the unchanged corpus. Each step's
total and per-stage seconds are printed as JSON lines; the entity and relation counts after the add and
after the remove are checked against those of the builds they must equal. All steps run in one process,
so the indexing-code fingerprint (which guards cached extractions) cannot change between them.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from hopgraph.config import Settings
from hopgraph.indexing.incremental import add_documents, remove_documents
from hopgraph.indexing.load import load_corpus
from hopgraph.indexing.pipeline import index_documents
from hopgraph.models import IndexStats
from hopgraph.store import Store


def cpu() -> float:
    """CPU seconds of this process so far, all threads (less sensitive than wall time to a shared machine)."""
    return time.process_time()


def report(step: str, stats: IndexStats, wall: float, cpu_seconds: float) -> dict:
    row = {"step": step, "seconds": round(wall, 2), "cpu_seconds": round(cpu_seconds, 2), "documents": stats.documents,
           "added": stats.documents_added, "replaced": stats.documents_replaced, "removed": stats.documents_removed,
           "chunks_extracted": stats.chunks_extracted, "chunks_embedded": stats.chunks_embedded,
           "entities": stats.entities, "relations": stats.relations,
           "stages": {k: round(v, 2) for k, v in stats.stage_seconds.items()}}
    print(json.dumps(row), flush=True)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path)
    ap.add_argument("store", type=Path)
    ap.add_argument("--n", type=int, default=100, help="documents added and removed")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    settings = Settings(store=args.store)
    docs = load_corpus(args.corpus).documents
    picked = set(random.Random(args.seed).sample(range(len(docs)), args.n))
    rest = [d for i, d in enumerate(docs) if i not in picked]
    added = [docs[i] for i in sorted(picked)]

    t, c = time.perf_counter(), cpu()
    base = report("build rest (reusing the store's work)",
                  index_documents(rest, args.store, settings, show_progress=False), time.perf_counter() - t, cpu() - c)
    t, c = time.perf_counter(), cpu()
    after_add = report(f"add {args.n}", add_documents(args.store, added, settings), time.perf_counter() - t, cpu() - c)
    t, c = time.perf_counter(), cpu()
    after_remove = report(f"remove {args.n}", remove_documents(args.store, [d.doc_id for d in added], settings),
                          time.perf_counter() - t, cpu() - c)
    assert (after_remove["entities"], after_remove["relations"]) == (base["entities"], base["relations"])
    t, c = time.perf_counter(), cpu()
    report("index unchanged corpus", index_documents(rest, args.store, settings), time.perf_counter() - t, cpu() - c)
    store = Store.open(args.store)
    print(json.dumps({"store_documents": store.count("documents"), "after_add": [after_add["entities"], after_add["relations"]]}))


if __name__ == "__main__":
    main()
