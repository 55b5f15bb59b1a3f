"""Time incremental updates on a real corpus: add N documents to a store of the rest, remove them again.

    .venv/bin/python benchmarks/incremental_update.py /work/shared/bench/2wiki /tmp/me/store-2wiki --n 100

The store at STORE is first brought to "corpus minus N documents" (a build that reuses what the store
already holds: vectors by chunk text, extractions by document content, so a second run only pays for the
updates). Then: add the N documents, remove them again, and re-index the unchanged corpus. Each step's
total and per-stage seconds are printed as JSON lines. With --check, the store after the add is compared
with a full rebuild of the same documents (a copy of the store re-indexed by the rebuild path, which
resolves over the whole corpus) and the store after the remove with the base store: graph tables by
entity name (`graph_rows`), chunk rows, FAISS vectors and BM25 scores; and the graph arrays an update saved
(patched from the previous store's) with those computed from its rows. All steps run in one process, so the
indexing-code fingerprint (which guards cached extractions) cannot change between them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sqlite3
import time
from collections import Counter
from pathlib import Path

import faiss
import numpy as np

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
           "stages": {k: round(v, 2) for k, v in stats.stage_seconds.items()},
           "load_average": [round(x, 2) for x in os.getloadavg()]}  # at the step's end (the machine may be shared)
    print(json.dumps(row), flush=True)
    return row


GRAPH_ROWS = {  # entity ids replaced by the entity's (name, norm, type): an update keeps untouched entities' ids
    "entities": "e.name, e.norm, e.type, e.aliases, e.doc_freq FROM entities e",
    "aliases": "a.alias, e.name, e.norm, e.type FROM aliases a JOIN entities e USING (entity_id)",
    "mentions": 'e.name, e.norm, e.type, m.chunk_id, m.start, m."end", m.text FROM mentions m JOIN entities e USING (entity_id)',
    "relations": "s.name, s.norm, s.type, r.predicate, t.name, t.norm, t.type, r.chunk_id, r.sentence, r.weight, r.kind "
                 "FROM relations r JOIN entities s ON s.entity_id = r.source_id JOIN entities t ON t.entity_id = r.target_id",
    "entity_votes": "e.name, e.norm, e.type, v.doc_id, v.labels, v.evidence FROM entity_votes v JOIN entities e USING (entity_id)",
    "chunks": 'chunk_id, row, doc_id, title, text, start, "end", content_hash, position FROM chunks',
    "name_votes": "norm, labels, texts, mid, type FROM name_votes",
    # each document's merge inputs (indexing/delta_merges.py); their totals are compared by content (`totals_rows`)
    "doc_merges": "doc_id, data FROM doc_merges WHERE doc_id != char(0) || 'totals'",
}


def graph_rows(store: Path) -> dict[str, Counter]:
    conn = sqlite3.connect(store / "hopgraph.db")
    try:
        out = {t: Counter(conn.execute(f"SELECT {q}")) for t, q in GRAPH_ROWS.items()}
    finally:
        conn.close()
    out["merge_totals"] = totals_rows(store)
    out["relations"] = Counter({(*min(r[:3], r[4:7]), r[3], *max(r[:3], r[4:7]), *r[7:]) if r[-1] == "cooccur" else r: n
                                for r, n in out["relations"].items()})  # a co-occurrence is undirected
    return out


def totals_rows(store: Path) -> Counter:
    """The merge totals as rows, whichever way the store keeps them (the label counts as JSON or as rows of
    `merge_labels`, `indexing/totals_table.py`): each key's label counts, and the other parts' text."""
    from hopgraph.indexing.delta_merges import read_totals

    conn = sqlite3.connect(store / "hopgraph.db")
    try:
        totals = read_totals(conn)
    finally:
        conn.close()
    if totals is None:
        return Counter()
    return Counter([("rest", totals.dumps())] + [(k, json.dumps(totals.label_counts(k), sort_keys=True))
                                                for k in totals.labels])


def compare(step: str, a: Path, b: Path) -> dict:
    """Rows only in `a` and only in `b`, per table, and whether the FAISS vectors are the same."""
    ra, rb = graph_rows(a), graph_rows(b)
    row = {"compare": step, **{t: {"rows": sum(ra[t].values()), "only_update": sum((ra[t] - rb[t]).values()),
                                   "only_rebuild": sum((rb[t] - ra[t]).values())} for t in ra}}
    va, vb = faiss.read_index(str(a / "dense.faiss")), faiss.read_index(str(b / "dense.faiss"))
    row["faiss_same"] = va.ntotal == vb.ntotal and bool(np.allclose(va.reconstruct_n(0, va.ntotal),
                                                                    vb.reconstruct_n(0, vb.ntotal), atol=1e-5))
    row["bm25_same"] = bm25_scores(a) == bm25_scores(b)
    row["graph_arrays_fit_rows"] = arrays_fit_rows(a)
    print(json.dumps(row), flush=True)
    return row


def bm25_scores(store: Path) -> tuple:
    """Every (token, chunk row) score of the store's BM25 index, bytes of the float32s in (token, row) order
    (token ids differ from build to build; the scores are the index's content)."""
    from hopgraph.indexing.lexical import LexicalIndex

    scores = LexicalIndex.load(store / "bm25").retriever
    vocab = {i: t for t, i in scores.vocab_dict.items()}
    indptr = scores.scores["indptr"]
    names = [vocab[i] for i in range(len(indptr) - 1)]
    token = np.repeat(np.argsort(np.argsort(np.array(names, dtype=object))), np.diff(indptr))  # rank by token text
    order = np.lexsort((scores.scores["indices"], token))
    return (sorted(names), scores.scores["num_docs"], scores.scores["indices"][order].tobytes(),
            scores.scores["data"][order].tobytes())


def arrays_fit_rows(store: Path) -> bool | None:
    """Are the graph arrays saved in the store (patched by an update) those computed from its rows? None when
    it has none."""
    from hopgraph.graph.arrays import graph_arrays
    from hopgraph.graph.graph_files import load

    s = Store.open(store)
    try:
        saved = load(s)
        if saved is None:
            return None
        fresh = graph_arrays(s)
    finally:
        s.close()
    return (saved.strings == fresh.strings and saved.meta == fresh.meta and list(saved.arrays) == list(fresh.arrays)
            and all(saved.arrays[k].dtype == v.dtype and np.array_equal(saved.arrays[k], v)
                    for k, v in fresh.arrays.items()))


def rebuilt_copy(store: Path, settings: Settings) -> Path:
    """A copy of `store` re-indexed by the full rebuild path (same documents, same order)."""
    from hopgraph.indexing.incremental import store_settings, stored_documents

    copy = store.parent / f"{store.name}-rebuilt"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(store, copy)
    docs, meta = stored_documents(copy)
    index_documents(docs, copy, store_settings(settings, meta))
    return copy


def print_resolution(store: Path) -> None:
    meta = Store.open(store).meta()
    print(json.dumps({"resolved_documents": meta.get("resolved_documents"),
                      "neighbourhood_per_round": meta.get("resolve_rounds")}), flush=True)


def pin_fingerprints(store: Path) -> None:
    """Make the indexing fingerprints of this process those recorded in `store` (a measurement aid)."""
    from hopgraph.indexing import fingerprints

    conn = sqlite3.connect(store / "hopgraph.db")
    meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('extraction_fingerprint', 'config_fingerprint')"))
    conn.close()
    fingerprints.extraction_fingerprint = lambda _settings: meta["extraction_fingerprint"]
    fingerprints.index_config_fingerprint = lambda _settings: meta["config_fingerprint"]


def holds_exactly(store: Path, docs: list) -> bool:
    """Does the store at `store` hold exactly `docs`, in this order and with this content?"""
    from hopgraph.indexing.reuse import STATE_TABLE, doc_hash

    conn = sqlite3.connect(store / "hopgraph.db")
    try:
        order = [r[0] for r in conn.execute("SELECT doc_id FROM documents ORDER BY rowid")]
        hashes = dict(conn.execute(f"SELECT doc_id, doc_hash FROM {STATE_TABLE}"))
    except sqlite3.DatabaseError:
        return False
    finally:
        conn.close()
    return order == [d.doc_id for d in docs] and all(hashes.get(d.doc_id) == doc_hash(d) for d in docs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path)
    ap.add_argument("store", type=Path)
    ap.add_argument("--n", type=int, default=100, help="documents added and removed")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--check", action="store_true", help="compare with full rebuilds (takes two more builds)")
    ap.add_argument("--keep-store-code", action="store_true",
                    help="treat the store's cached extractions as made by the running indexing code (its fingerprints "
                         "are taken as current), so an edit elsewhere in indexing/ does not force re-extraction; the "
                         "update and the rebuild it is compared with then use the same extractions")
    ap.add_argument("--base-ready", action="store_true",
                    help="skip the first step when the store already holds exactly the other documents (left by an "
                         "earlier run); only for a store built by the running indexing code: with --check, rows of "
                         "a base resolved by other code show up as differences")
    ap.add_argument("--skip-reindex", action="store_true", help="leave out the last step (re-index the unchanged corpus)")
    args = ap.parse_args()
    if args.keep_store_code:
        pin_fingerprints(args.store)

    settings = Settings(store=args.store)
    docs = load_corpus(args.corpus).documents
    picked = set(random.Random(args.seed).sample(range(len(docs)), args.n))
    rest = [d for i, d in enumerate(docs) if i not in picked]
    added = [docs[i] for i in sorted(picked)]

    t, c = time.perf_counter(), cpu()
    if args.base_ready and holds_exactly(args.store, rest):  # a store left by an earlier run of this code
        base = IndexStats(documents=len(rest), entities=Store.open(args.store).count("entities"),
                          relations=Store.open(args.store).count("relations"))
        print(json.dumps({"step": "build rest", "skipped": "the store holds exactly these documents"}), flush=True)
    else:
        base = report("build rest (reusing the store's work)",
                      index_documents(rest, args.store, settings, show_progress=False), time.perf_counter() - t,
                      cpu() - c)
    base_copy = args.store.parent / f"{args.store.name}-base"
    if args.check:
        shutil.rmtree(base_copy, ignore_errors=True)
        shutil.copytree(args.store, base_copy)
    t, c = time.perf_counter(), cpu()
    after_add = report(f"add {args.n}", add_documents(args.store, added, settings), time.perf_counter() - t, cpu() - c)
    print_resolution(args.store)
    if args.check:
        compare(f"add {args.n} vs rebuild", args.store, rebuilt_copy(args.store, settings))
    t, c = time.perf_counter(), cpu()
    after_remove = report(f"remove {args.n}", remove_documents(args.store, [d.doc_id for d in added], settings),
                          time.perf_counter() - t, cpu() - c)
    print_resolution(args.store)
    if args.check:
        compare(f"remove {args.n} vs base", args.store, base_copy)
    if args.skip_reindex:
        return
    t, c = time.perf_counter(), cpu()
    report("index unchanged corpus", index_documents(rest, args.store, settings), time.perf_counter() - t, cpu() - c)
    store = Store.open(args.store)
    print(json.dumps({"store_documents": store.count("documents"), "after_add": [after_add["entities"], after_add["relations"]],
                      "after_remove": [after_remove["entities"], after_remove["relations"]],
                      "base": [base["entities"], base["relations"]]}))


if __name__ == "__main__":
    main()
