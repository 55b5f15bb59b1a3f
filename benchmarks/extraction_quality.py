"""Extraction quality: entities, types and relations against hand-annotated gold; 2wiki evidence coverage.

    .venv/bin/python benchmarks/extraction_quality.py CORPUS_DIR [--gold DIR] [--evidence] [--json OUT]
        [--examples N] [--limit N] [--processes N]

e.g. `benchmarks/extraction_quality.py /work/shared/bench/newsdesk` (gold defaults to CORPUS_DIR/gold when it
exists) or `benchmarks/extraction_quality.py /work/shared/bench/2wiki --evidence`.

The corpus is read and chunked exactly as `hopgraph index` does (`load_corpus`, `chunk_documents` with the
configured chunk budget and overlap), then `SpacyExtractor` + `resolve` build the graph the store would hold.

Definitions (gold format and relation scoring follow the gold folder's README):

* name match: an extracted entity matches a gold entity when its name or one of its aliases (the surface forms of
  its mentions) equals the gold name or a gold alias, case-insensitively (whitespace collapsed).
* entity precision: over extracted entities that are not dates and have >= 1 positioned mention in a
  gold-annotated document (a document listed in some gold entity's `docs`): the share that match a gold entity.
* entity recall: the share of gold entities matched by >= 1 extracted entity. `split` counts gold entities
  matched by several extracted entities (Priya / Priya Raman left apart), `merged` extracted entities whose
  surfaces match gold entities that share no name or alias (a city merged into a university).
* type accuracy: over matched extracted entities, the share whose type (spaCy labels mapped: WORK_OF_ART -> WORK,
  others as they are) equals the type of the gold entity it is: the gold entity its name matches, else the one
  most of its mention surfaces match.
* relations: typed relations only (co-occurrence edges are not statements). An argument resolves to the gold
  entities its name or aliases match, preferring those the gold lists for the relation's document; a DATE
  entity also resolves to its surface strings as date literals. Predicates map to the gold vocabulary with
  `gold_predicate` (employer = role, performed_by = premiered_by; everything unmapped is `other`, whose label is
  not compared). Extracted relations are collapsed per (document, subject, gold predicate, object), as the gold
  collapses duplicates within a document. precision = matched extracted / all extracted, recall = matched gold /
  all gold, each gold relation matched at most once; symmetric predicates match in either order. The unlabelled
  variant matches document plus unordered argument pair.
* title arguments: typed relations whose subject or object is a document title or file name (doc id, its stem)
  that no chunk text names (case-insensitive; a title counts as named when the text holds it without its
  "(disambiguator)", or its part before a comma): a title used as an entity.
* co-occurrence share: co-occurrence edges / all edges; throughput: chunks / extraction seconds (wall clock, with
  the 1-minute load average; and chunks per CPU second of this process, which a busy machine distorts less).
  `--processes 2` extracts in two worker processes as `index.extract_processes = 2` does, their start-up timed.
* --evidence (2wiki-style `metadata.evidence` triples in queries.jsonl): gold (subject, object) pairs with both
  endpoints in the graph, linked directly by a typed edge, and within 2 hops over any edge, using
  `benchmarks/graph_coverage.py`'s linker and graph helpers.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from extraction_scoring import fold as _fold
from extraction_scoring import load_gold, pct, score_entities, score_relations
from graph_coverage import Linker, build_graphs, gold_pairs, linked
from hopgraph.indexing.chunk import chunk_documents
from hopgraph.indexing.executor import ExtractStage, LocalExecutor, by_document
from hopgraph.indexing.extract import SpacyExtractor
from hopgraph.indexing.load import load_corpus
from hopgraph.indexing.normalize import strip_disambiguator
from hopgraph.indexing.resolve import resolve

from hopgraph.config import Settings
from hopgraph.models import Chunk, ResolvedGraph

# ------------------------------------------------------------------ loading and extraction


def build(corpus: Path, limit: int | None, processes: int = 1) -> tuple[list[Chunk], ResolvedGraph, dict]:
    """Chunks and resolved graph as `hopgraph index` builds them, with timings. With `processes` > 1 extraction
    runs as `hopgraph index` runs it with `index.extract_processes`: in spawned worker processes, whose start-up
    (interpreter, imports, spaCy model) is inside the measured time; CPU seconds then count this process only."""
    settings = Settings()
    docs = load_corpus(corpus).documents
    if limit:
        docs = docs[:limit]
    chunks = chunk_documents(docs, settings.index.chunk_words, settings.index.chunk_overlap_words)
    ix = settings.index
    t0, c0 = time.perf_counter(), time.process_time()
    if processes > 1:
        groups = by_document(chunks, ix.extract_batch_size)
        stage_args = {"spacy_model": ix.spacy_model, "batch_size": ix.extract_batch_size}
        extractions = [x for _, part in LocalExecutor(processes).stream(ExtractStage, stage_args, groups) for x in part]
    else:
        extractions = SpacyExtractor(ix.spacy_model, ix.extract_batch_size).extract(chunks)
    t_ext, c_ext = time.perf_counter() - t0, time.process_time() - c0
    t0 = time.perf_counter()
    graph = resolve(chunks, extractions)
    t_res = time.perf_counter() - t0
    timing = {"documents": len(docs), "chunks": len(chunks), "processes": processes, "extract_s": round(t_ext, 2),
              "resolve_s": round(t_res, 2), "chunks_per_s": round(len(chunks) / max(t_ext, 1e-9), 1),
              "cpu_chunks_per_s": round(len(chunks) / max(c_ext, 1e-9), 1), "load_avg_1m": round(os.getloadavg()[0], 2)}
    return chunks, graph, timing


def graph_shape(chunks: list[Chunk], graph: ResolvedGraph, docs_titles: dict[str, str]) -> dict:
    """Edge kinds, co-occurrence share and relations with a title or file name as an argument."""
    kinds = Counter(r.kind for r in graph.relations)
    texts = "\n".join(c.text.casefold() for c in chunks)
    titleish: set[str] = set()
    for doc_id, title in docs_titles.items():
        base = strip_disambiguator(title)
        if any(_fold(form) in texts for form in (base, base.split(",")[0]) if form.strip()):
            continue  # the text names it (an encyclopedic page's subject)
        for name in (title, base, doc_id, Path(doc_id).stem):
            f = _fold(name)
            if f and f not in texts:
                titleish.add(f)
    bad = {e.entity_id for e in graph.entities
           if any(_fold(a) in titleish for a in [e.name, *e.aliases])}
    typed = [r for r in graph.relations if r.kind == "typed"]
    with_title = [r for r in typed if r.source_id in bad or r.target_id in bad]
    total = max(len(graph.relations), 1)
    return {"entities": len(graph.entities), "typed": kinds["typed"], "cooccur": kinds["cooccur"],
            "cooccur_share": round(100 * kinds["cooccur"] / total, 1),
            "title_args": len(with_title), "title_arg_share": round(100 * len(with_title) / max(len(typed), 1), 1),
            "_title_examples": with_title}


# ------------------------------------------------------------------ evidence coverage (2wiki)


def evidence_coverage(graph: ResolvedGraph, bench: Path) -> dict:
    """Gold evidence pairs: both endpoints found, typed direct link, any edge within 2 hops."""
    pairs = gold_pairs(bench)
    linker = Linker(graph)
    typed, anyk = build_graphs(graph)
    stats: Counter = Counter()
    for subj, _rel, obj in pairs:
        a, b = linker.find(subj), linker.find(obj)
        if not (a and b):
            continue
        stats["both"] += 1
        stats["typed_direct"] += linked(typed, a, b, 1)
        stats["typed_2hop"] += linked(typed, a, b, 2)
        stats["any_direct"] += linked(anyk, a, b, 1)
        stats["any_2hop"] += linked(anyk, a, b, 2)
    n = len(pairs)
    return {"pairs": n, **{k: pct(stats[k], n) for k in ("both", "typed_direct", "typed_2hop", "any_direct",
                                                          "any_2hop")}}


# ------------------------------------------------------------------ main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus", type=Path, help="BEIR folder (corpus.jsonl) or any corpus hopgraph index reads")
    ap.add_argument("--gold", type=Path, default=None, help="gold folder (default CORPUS/gold when present)")
    ap.add_argument("--evidence", action="store_true", help="score queries.jsonl metadata.evidence pair coverage")
    ap.add_argument("--json", type=Path, default=None, help="write the numbers as JSON here")
    ap.add_argument("--examples", type=int, default=8, help="error examples printed per kind")
    ap.add_argument("--limit", type=int, default=None, help="only the first N documents")
    ap.add_argument("--processes", type=int, default=1,
                    help="extraction worker processes, as index.extract_processes (start-up included in the time)")
    args = ap.parse_args(argv)
    if not args.corpus.exists():
        print(f"error: corpus not found: {args.corpus}", file=sys.stderr)
        return 1
    gold = args.gold or (args.corpus / "gold" if (args.corpus / "gold" / "entities.jsonl").exists() else None)
    if args.processes < 1:
        print(f"error: --processes must be at least 1, got {args.processes}", file=sys.stderr)
        return 1
    chunks, graph, timing = build(args.corpus, args.limit, args.processes)
    titles = {c.doc_id: c.title for c in chunks}
    shape = graph_shape(chunks, graph, titles)
    title_examples = shape.pop("_title_examples")
    result: dict = {"corpus": str(args.corpus), "timing": timing, "graph": shape}
    errors: dict[str, list] = {}
    if gold is not None:
        gold_ents, gold_rels = load_gold(gold)
        result["entities"], matches, errors = score_entities(chunks, graph, gold_ents)
        result["relations"], rel_errors = score_relations(chunks, graph, gold_ents, gold_rels, matches)
        errors.update(rel_errors)
    if args.evidence:
        result["evidence"] = evidence_coverage(graph, args.corpus)
    by_id = {e.entity_id: e for e in graph.entities}
    errors["title_args"] = [f"{by_id[r.source_id].name!r} -{r.predicate}-> {by_id[r.target_id].name!r}"
                            for r in title_examples]
    _print(result, errors, args.examples)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


def _print(result: dict, errors: dict[str, list], examples: int) -> None:
    t, g = result["timing"], result["graph"]
    print(f"corpus {result['corpus']}: {t['documents']} documents, {t['chunks']} chunks")
    rows = [("throughput (chunks/s)", f"{t['chunks_per_s']}  ({t['processes']} process(es), extract {t['extract_s']} s,"
                                      f" resolve {t['resolve_s']} s,"
                                      f" load avg {t['load_avg_1m']}; per CPU second of this process:"
                                      f" {t.get('cpu_chunks_per_s', '?')})"),
            ("entities / typed / co-occurrence edges", f"{g['entities']} / {g['typed']} / {g['cooccur']}"),
            ("co-occurrence share of edges", f"{g['cooccur_share']}%"),
            ("typed relations with a title argument", f"{g['title_args']} ({g['title_arg_share']}%)")]
    if "entities" in result:
        e, r = result["entities"], result["relations"]
        rows += [("entity precision", f"{e['precision']}%  (of {e['extracted']} extracted)"),
                 ("entity recall", f"{e['recall']}%  (of {e['gold']} gold; split {e['split']}, merged {e['merged']})"),
                 ("type accuracy", f"{e['type_accuracy']}%"),
                 ("typed relation precision / recall", f"{r['precision']}% / {r['recall']}%  ({r['extracted']} extracted,"
                                                       f" {r['gold']} gold)"),
                 ("unlabelled pair precision / recall", f"{r['pair_precision']}% / {r['pair_recall']}%")]
    if "evidence" in result:
        v = result["evidence"]
        rows += [("evidence pairs: both endpoints", f"{v['both']}%  (of {v['pairs']})"),
                 ("evidence pairs: typed direct / 2 hops", f"{v['typed_direct']}% / {v['typed_2hop']}%"),
                 ("evidence pairs: any direct / 2 hops", f"{v['any_direct']}% / {v['any_2hop']}%")]
    width = max(len(k) for k, _ in rows)
    print("| metric".ljust(width + 2) + " | value |")
    print("|" + "-" * (width + 2) + "|-------|")
    for k, v in rows:
        print(f"| {k.ljust(width)} | {v} |")
    if "relations" in result:
        print("gold relations found, by predicate:", ", ".join(f"{p} {v}" for p, v in
                                                              result["relations"]["recall_by_predicate"].items()))
    for kind, items in errors.items():
        if items and examples:
            print(f"{kind} ({len(items)}):")
            for x in items[:examples]:
                print("   ", x)


if __name__ == "__main__":
    sys.exit(main())
