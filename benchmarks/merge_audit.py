"""Which merge rules join names that cannot be one entity: resolve a store's stored extractions with the running
code and list the merged entities whose names are incompatible, with the rule behind each union.

    .venv/bin/python benchmarks/merge_audit.py STORE [--json OUT]

The store is opened read-only (nothing is written). Each union of `resolve` is recorded with the rule that made
it (acronym, short name, known as); a merged group is flagged when its names' corpus types fall in different
classes (`merge.alias_class`: place, people, other), when it holds a person with a place or people, or when it
holds several names of `--strong` or more documents with different head words (true aliases such as a country
and its acronym show up there too: the list is for reading, the counts for comparing code). Prints a JSON
summary; `--json` writes it with every flagged group (names, documents, types, rules, unions).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import time
from collections import Counter, defaultdict
from pathlib import Path

import hopgraph.indexing.merge as merge
import hopgraph.indexing.resolve as resolve_module
from hopgraph.indexing.reuse import STATE_TABLE, unpack_extractions
from hopgraph.models import Chunk

UNIONS: list[tuple[str, str, str]] = []  # (key, key, rule)
_RULE = ["key"]
_SEEN: dict = {}


class _RecordingUnionFind(merge.UnionFind):
    def union(self, a: str, b: str) -> None:
        if a and b and self.find(a) != self.find(b):
            UNIONS.append((a, b, _RULE[0]))
        super().union(a, b)


def _recorded(rule: str, fn):
    def wrapper(*args, **kwargs):
        _RULE[0] = rule
        if rule == "acronym":
            _SEEN["doc_mentions"], _SEEN["key_of"] = args[1], args[2]
        if rule == "known as":
            _SEEN["types"] = args[4] if len(args) > 4 else kwargs.get("types") or {}
        try:
            return fn(*args, **kwargs)
        finally:
            _RULE[0] = "?"
    return wrapper


def load(store: Path) -> tuple[list[Chunk], list]:
    conn = sqlite3.connect(f"file:{store / 'hopgraph.db'}?mode=ro", uri=True)
    try:
        rows = conn.execute('SELECT chunk_id, doc_id, title, text, start, "end", content_hash, position FROM chunks '
                            "ORDER BY row").fetchall()
        exts = [e for _d, blob in conn.execute(f"SELECT doc_id, extraction FROM {STATE_TABLE}") if blob
                for e in unpack_extractions(blob)]
    finally:
        conn.close()
    return [Chunk(chunk_id=r[0], doc_id=r[1], title=r[2], text=r[3], start=r[4], end=r[5], content_hash=r[6],
                  position=r[7]) for r in rows], exts


def flags(keys: list[str], docs: dict[str, int], types: dict[str, str], strong: int) -> list[str]:
    """Why a merged group of `keys` looks like several entities (empty: it does not)."""
    classes = {c for k in keys if (c := merge.alias_class(types.get(k, "")))}
    out = []
    if len(classes) > 1:
        out.append("classes")
    if "PERSON" in {types.get(k) for k in keys} and classes & {"place", "group"}:
        out.append("person+place")
    established = [k for k in keys if docs.get(k, 0) >= strong]
    if len(established) > 1 and len({k.split()[-1] for k in established}) > 1:
        out.append("established names")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("store", type=Path)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--strong", type=int, default=5, help="documents that make a name established")
    args = ap.parse_args()
    if not (args.store / "hopgraph.db").is_file():
        ap.exit(2, f"error: {args.store}: no hopgraph store here (no hopgraph.db)\n")
    chunks, exts = load(args.store)
    resolve_module.UnionFind = _RecordingUnionFind
    resolve_module.merge_acronyms = _recorded("acronym", resolve_module.merge_acronyms)
    resolve_module.merge_short_names = _recorded("short name", resolve_module.merge_short_names)
    resolve_module.merge_known_as = _recorded("known as", resolve_module.merge_known_as)
    t = time.process_time()
    graph = resolve_module.resolve(chunks, exts)
    seconds = time.process_time() - t
    key_docs: dict[str, set[str]] = defaultdict(set)
    for doc_id, ms in _SEEN["doc_mentions"].items():
        for text, _label, _norm in ms:
            if key := _SEEN["key_of"](text, doc_id):
                key_docs[key].add(doc_id)
    docs = {k: len(v) for k, v in key_docs.items()}
    uf = merge.UnionFind()
    for a, b, _rule in UNIONS:
        merge.UnionFind.union(uf, a, b)
    groups, unions = defaultdict(list), defaultdict(list)
    for k in list(uf.parent):
        groups[uf.find(k)].append(k)
    for a, b, rule in UNIONS:
        unions[uf.find(a)].append((a, b, rule))
    types = _SEEN["types"]
    flagged = []
    for root, keys in groups.items():
        if len(keys) > 1 and (why := flags(keys, docs, types, args.strong)):
            keys.sort(key=lambda k: -docs.get(k, 0))
            flagged.append({"names": keys, "documents": {k: docs.get(k, 0) for k in keys},
                            "types": {k: types.get(k, "") for k in keys}, "why": why,
                            "rules": Counter(r for *_ab, r in unions[root]), "unions": unions[root][:40]})
    flagged.sort(key=lambda g: -sum(g["documents"].values()))
    summary = {"entities": len(graph.entities), "resolve_cpu_seconds": round(seconds, 1),
               "merged_groups": sum(len(v) > 1 for v in groups.values()), "flagged": len(flagged),
               "flagged_by_why": Counter(w for g in flagged for w in g["why"]),
               "unions_by_rule": Counter(r for *_ab, r in UNIONS),
               "flagged_unions_by_rule": Counter(r for g in flagged for r in g["rules"].elements())}
    print(json.dumps(summary))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "flagged": flagged}, indent=1))


if __name__ == "__main__":
    main()
