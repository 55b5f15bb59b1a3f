"""Knowledge-graph coverage of gold evidence triples (2Wiki-style benchmark).

    .venv/bin/python benchmarks/graph_coverage.py [--bench DIR] [--no-titles] [--limit N]

Loads corpus.jsonl (one chunk per passage), runs SpacyExtractor + resolve, prints throughput,
graph size, the most frequent predicates, and for every gold (subject, object) pair of the
queries' `metadata.evidence`: whether both endpoints exist as entities (exact normalised
name/alias match; dates also match by (year, month, day); a gold name with a trailing
disambiguator such as "(1936 film)" is also tried without it, and "Tarnby, Ohio" /
"Otto VI, Duke of Elsmark" by the part before the comma when the whole has no match), whether they are linked
directly (either direction) and whether they are within two hops (undirected), for typed
edges only and for any edge kind (co-occurrence edges included, topic co-occurrences too).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter, defaultdict
from pathlib import Path

import networkx as nx

from hopgraph.indexing.extract import SpacyExtractor
from hopgraph.indexing.normalize import normalize, parse_date, strip_disambiguator
from hopgraph.indexing.resolve import resolve
from hopgraph.models import Chunk, ResolvedGraph


def load_chunks(bench: Path, no_titles: bool, limit: int | None) -> list[Chunk]:
    chunks = []
    with open(bench / "corpus.jsonl") as fh:
        for line in fh:
            row = json.loads(line)
            text = row["text"]
            chunks.append(Chunk(chunk_id=row["_id"], doc_id=row["_id"], title="" if no_titles else row["title"],
                                text=text, start=0, end=len(text), content_hash=row["_id"]))
            if limit and len(chunks) >= limit:
                break
    return chunks


def gold_pairs(bench: Path) -> list[tuple[str, str, str]]:
    pairs = []
    with open(bench / "queries.jsonl") as fh:
        for line in fh:
            for subj, rel, obj in json.loads(line)["metadata"].get("evidence", []):
                pairs.append((subj, rel, obj))
    return list(dict.fromkeys(pairs))


class Linker:
    """Gold name -> entity ids: normalised alias match, date match, disambiguator-stripped match."""

    def __init__(self, graph: ResolvedGraph):
        self.by_alias: dict[str, set[int]] = defaultdict(set)
        self.by_date: dict[tuple, set[int]] = defaultdict(set)
        for alias, i in graph.alias_rows:
            self.by_alias[alias].add(i)
        for e in graph.entities:
            if e.type == "DATE":
                for alias in e.aliases:
                    date = parse_date(alias)
                    if date is not None and _full_match(alias):
                        self.by_date[date].add(e.entity_id)

    def find(self, name: str) -> set[int]:
        found = set(self.by_alias.get(normalize(name), ()))
        if not found:
            found = set(self.by_alias.get(normalize(strip_disambiguator(name)), ()))
        if not found and "," in name:  # "Tarnby, Ohio" / "Otto VI, Duke of Elsmark": the head name
            found = set(self.by_alias.get(normalize(name.split(",")[0]), ()))
        date = parse_date(name)
        if date is not None and _full_match(name):
            found |= self.by_date.get(date, set())
        return found


def _full_match(text: str) -> bool:
    """True when the text is essentially just a date (not "the 1970s film …")."""
    from hopgraph.indexing.normalize import DATE_RE

    m = DATE_RE.search(text)
    return m is not None and len(m.group(0)) >= len(text.strip()) - 3


def build_graphs(graph: ResolvedGraph) -> tuple[nx.Graph, nx.Graph]:
    typed, anyk = nx.Graph(), nx.Graph()
    for r in graph.relations:
        anyk.add_edge(r.source_id, r.target_id)
        if r.kind == "typed":
            typed.add_edge(r.source_id, r.target_id)
    return typed, anyk


def linked(g: nx.Graph, a: set[int], b: set[int], hops: int) -> bool:
    for s in a:
        if s not in g:
            continue
        reach = nx.single_source_shortest_path_length(g, s, cutoff=hops)
        if any(t in reach for t in b):
            return True
    return False


def coverage(graph: ResolvedGraph, pairs, examples: int = 10) -> None:
    linker = Linker(graph)
    typed, anyk = build_graphs(graph)
    stats: Counter = Counter()
    by_rel: dict[str, Counter] = defaultdict(Counter)
    missed = []
    for subj, rel, obj in pairs:
        a, b = linker.find(subj), linker.find(obj)
        by_rel[rel]["pairs"] += 1
        if not (a and b):
            missed.append((subj, rel, obj, "missing " + ("subject" if not a else "object")))
            continue
        stats["both"] += 1
        by_rel[rel]["both"] += 1
        for name, g in (("typed", typed), ("any", anyk)):
            if linked(g, a, b, 1):
                stats[f"{name}_direct"] += 1
                by_rel[rel][f"{name}_direct"] += 1
            if linked(g, a, b, 2):
                stats[f"{name}_2hop"] += 1
        if not linked(anyk, a, b, 1):
            missed.append((subj, rel, obj, "not linked"))
    n = len(pairs)
    pct = lambda k: f"{stats[k]:4d}/{n} = {100 * stats[k] / n:5.1f}%"  # noqa: E731
    print(f"gold pairs: {n}")
    print(f"  both endpoints in graph : {pct('both')}")
    print(f"  typed-only direct       : {pct('typed_direct')}    within 2 hops: {pct('typed_2hop')}")
    print(f"  any edge   direct       : {pct('any_direct')}    within 2 hops: {pct('any_2hop')}")
    print("per gold relation (pairs / both found / typed direct / any direct):")
    for rel, c in sorted(by_rel.items(), key=lambda kv: -kv[1]["pairs"])[:12]:
        print(f"  {rel:24s} {c['pairs']:4d} {c['both']:4d} {c['typed_direct']:4d} {c['any_direct']:4d}")
    random.Random(0).shuffle(missed)
    print(f"examples of unlinked gold pairs ({len(missed)} total):")
    for row in missed[:examples]:
        print("  ", row)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bench", type=Path, default=Path("/work/shared/bench/2wiki"))
    ap.add_argument("--no-titles", action="store_true", help="blank every title in memory")
    ap.add_argument("--limit", type=int, default=None, help="only the first N passages")
    ap.add_argument("--n-process", type=int, default=1)
    ap.add_argument("--examples", type=int, default=10)
    args = ap.parse_args()
    chunks = load_chunks(args.bench, args.no_titles, args.limit)
    extractor = SpacyExtractor(n_process=args.n_process)
    t0 = time.perf_counter()
    extractions = extractor.extract(chunks)
    t_ext = time.perf_counter() - t0
    t0 = time.perf_counter()
    graph = resolve(chunks, extractions)
    t_res = time.perf_counter() - t0
    kinds = Counter(r.kind for r in graph.relations)
    print(f"chunks: {len(chunks)}  titles: {'off' if args.no_titles else 'on'}")
    print(f"extraction: {t_ext:.1f}s = {len(chunks) / t_ext:.1f} chunks/s   resolve: {t_res:.2f}s")
    topic_only = sum(1 for r in graph.relations if r.kind == "cooccur" and r.weight < 1)
    print(f"entities: {len(graph.entities)}  relations: typed {kinds['typed']}  cooccur {kinds['cooccur']}"
          f" (topic-only, weight < 1: {topic_only})")
    preds = Counter(r.predicate for r in graph.relations if r.kind == "typed")
    print("top predicates:", ", ".join(f"{p} ({n})" for p, n in preds.most_common(10)))
    patterns = Counter(t.pattern for e in extractions for t in e.triples)
    print("triples by pattern:", dict(patterns.most_common()))
    coverage(graph, gold_pairs(args.bench), args.examples)


if __name__ == "__main__":
    main()
