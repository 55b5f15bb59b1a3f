"""Extraction quality: entities, types and relations against hand-annotated gold; 2wiki evidence coverage.

    .venv/bin/python benchmarks/extraction_quality.py CORPUS_DIR [--gold DIR] [--evidence] [--json OUT]
        [--examples N] [--limit N]

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
* --evidence (2wiki-style `metadata.evidence` triples in queries.jsonl): gold (subject, object) pairs with both
  endpoints in the graph, linked directly by a typed edge, and within 2 hops over any edge, using
  `benchmarks/graph_coverage.py`'s linker and graph helpers.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from graph_coverage import Linker, build_graphs, gold_pairs, linked  # noqa: E402

from hopgraph.config import Settings  # noqa: E402
from hopgraph.indexing.chunk import chunk_documents  # noqa: E402
from hopgraph.indexing.extract import SpacyExtractor  # noqa: E402
from hopgraph.indexing.load import load_corpus  # noqa: E402
from hopgraph.indexing.normalize import strip_disambiguator  # noqa: E402
from hopgraph.indexing.resolve import resolve  # noqa: E402
from hopgraph.models import Chunk, ResolvedGraph  # noqa: E402

TYPE_MAP = {"WORK_OF_ART": "WORK"}
SYMMETRIC = frozenset(("spouse", "sibling", "partner_of"))
GOLD_PREDICATES = frozenset(
    "born_in born_on died_in spouse parent_of sibling educated_at employer role founded_by founded_in founded_on "
    "headquartered_in located_in member_of owner_of acquired merged_into renamed_to subsidiary_of product_of "
    "created_by performed_by premiered_by award_won elected_to participant_in partner_of other".split()
)
_SAME = {"employer": "role", "performed_by": "premiered_by"}

#: Our predicate strings (verb lemmas with prepositions, relational nouns; direction "subject IS <noun> OF
#: object", "subject <verb> object") -> (gold predicate, arguments swapped). Used when
#: hopgraph.indexing.predicates offers no `to_gold`.
_LOCAL: dict[str, tuple[str, bool]] = {}
for _names, _gold, _swap in (
    ("born in|bear in", "born_in", False), ("born on|bear on", "born_on", False), ("die in", "died_in", False),
    ("marry|marry to|wife|husband|spouse|married|wed", "spouse", False),
    ("father|mother|parent", "parent_of", False), ("son|daughter|child", "parent_of", True),
    ("brother|sister|sibling", "sibling", False),
    ("study at|study|graduate from|educate at|attend|alumnus|alumna|graduate", "educated_at", False),
    ("work for|work at|employ|employee|work with|join|hire", "employer", False),
    ("employ by|hire by", "employer", False),
    ("found|co-found|cofound|establish|set up|start", "founded_by", True),
    ("founder|co-founder|cofounder", "founded_by", True),
    ("found by|establish by", "founded_by", False),
    ("found in|establish in", "founded_in", False), ("found on|establish on", "founded_on", False),
    ("headquarter in|base in|headquartered in|based in|headquarters in", "headquartered_in", False),
    ("locate in|situate in|lie in|in|locate at|locate on|stand in|stand on", "located_in", False),
    ("member|member of|join as", "member_of", False),
    ("own|owner|buy|purchase", "owner_of", False), ("acquire", "acquired", False),
    ("merge into|merge with", "merged_into", False), ("rename|rename to", "renamed_to", False),
    ("subsidiary|unit|division|part", "subsidiary_of", False),
    ("make|produce|manufacture|develop|publish|sell|launch|release", "product_of", True),
    ("product|publisher", "product_of", False),
    ("write|compose|design|create|author|paint|build|architect", "created_by", True),
    ("writer|composer|designer|creator|author of", "created_by", True),
    ("premiere|perform|play|sing|record", "premiered_by", True),
    ("win|award|receive|winner", "award_won", False),
    ("elect to", "elected_to", False), ("participate in|take part in|compete in|attend in", "participant_in", False),
    ("partner|partner with|collaborate with|ally", "partner_of", False),
    ("ceo|chief executive|director|president|chair|chairman|chairwoman|chairperson|head|manager|editor|"
     "chief|executive|officer|professor|professor at|lecturer|secretary|treasurer|mayor|principal|dean|"
     "investigator|chief technology officer|cto|cfo|coo|vice president|leader|lead|conductor|curator|"
     "spokesperson|spokesman|spokeswoman|minister|governor|founder and ceo|researcher|scientist|engineer|"
     "doctor|physician|surgeon|nurse|teacher|coach|captain|pilot|guide|analyst|reporter|journalist|"
     "correspondent|columnist|partner at|head of|chair of|run|lead|chair|direct|manage|head|edit", "role", False),
):
    for _n in _names.split("|"):
        _LOCAL.setdefault(_n, (_gold, _swap))


def gold_predicate(predicate: str) -> tuple[str, bool]:
    """(gold predicate, arguments swapped) of one of our predicate strings; `other` when nothing fits.

    Uses `hopgraph.indexing.predicates.to_gold` when that module provides it; a predicate already spelled as a
    gold predicate ("founded_by", "founded by") is taken as is, in the gold direction.
    """
    try:
        from hopgraph.indexing import predicates  # type: ignore[attr-defined]

        fn = getattr(predicates, "to_gold", None)
    except ImportError:
        fn = None
    if fn is not None:
        got = fn(predicate)
        if got is not None:
            return got
    p = predicate.strip().lower()
    if p.replace(" ", "_") in GOLD_PREDICATES:
        return p.replace(" ", "_"), False
    if p in _LOCAL:
        return _LOCAL[p]
    head = p.split(" of ")[0].split(" at ")[0]
    if head in _LOCAL and _LOCAL[head][0] == "role":
        return "role", False
    return "other", False


def _canon(pred: str) -> str:
    return _SAME.get(pred, pred)


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


# ------------------------------------------------------------------ loading and extraction


def build(corpus: Path, limit: int | None) -> tuple[list[Chunk], ResolvedGraph, dict]:
    """Chunks and resolved graph as `hopgraph index` builds them, with timings."""
    settings = Settings()
    docs = load_corpus(corpus).documents
    if limit:
        docs = docs[:limit]
    chunks = chunk_documents(docs, settings.index.chunk_words, settings.index.chunk_overlap_words)
    extractor = SpacyExtractor(settings.index.spacy_model, settings.index.extract_batch_size)
    t0, c0 = time.perf_counter(), time.process_time()
    extractions = extractor.extract(chunks)
    t_ext, c_ext = time.perf_counter() - t0, time.process_time() - c0
    t0 = time.perf_counter()
    graph = resolve(chunks, extractions)
    t_res = time.perf_counter() - t0
    timing = {"documents": len(docs), "chunks": len(chunks), "extract_s": round(t_ext, 2),
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


# ------------------------------------------------------------------ gold scoring


def load_gold(gold: Path) -> tuple[list[dict], list[dict]]:
    ents = [json.loads(x) for x in (gold / "entities.jsonl").read_text().splitlines() if x.strip()]
    rels = [json.loads(x) for x in (gold / "relations.jsonl").read_text().splitlines() if x.strip()]
    return ents, rels


def score_entities(chunks, graph: ResolvedGraph, gold_ents: list[dict]) -> tuple[dict, dict[int, set[str]], dict]:
    """Entity precision/recall, type accuracy; also each extracted entity's matched gold ids."""
    by_form: dict[str, set[str]] = defaultdict(set)
    gtype = {g["id"]: g["type"] for g in gold_ents}
    gforms = {g["id"]: {_fold(g["name"]), *map(_fold, g["aliases"])} for g in gold_ents}
    for gid, forms in gforms.items():
        for f in forms:
            by_form[f].add(gid)
    gold_docs = {d for g in gold_ents for d in g["docs"]}
    chunk_doc = {c.chunk_id: c.doc_id for c in chunks}
    in_gold_doc = {m["entity_id"] for m in graph.mentions if m["start"] >= 0 and chunk_doc[m["chunk_id"]] in gold_docs}
    surf_count: dict[int, Counter] = defaultdict(Counter)
    for m in graph.mentions:
        surf_count[m["entity_id"]][_fold(m["text"])] += 1
    matches: dict[int, set[str]] = {}
    scored, correct, typed_ok, typed_n = 0, 0, 0, 0
    found: dict[str, list[int]] = defaultdict(list)
    errors: dict[str, list] = {"false_pos": [], "type": [], "merged": [], "missed": [], "split": []}
    for e in graph.entities:
        forms = {_fold(e.name), *map(_fold, e.aliases)}
        hit = set().union(*(by_form.get(f, set()) for f in forms))
        matches[e.entity_id] = hit
        if e.type == "DATE" or e.entity_id not in in_gold_doc:
            continue
        scored += 1
        if not hit:
            errors["false_pos"].append(f"{e.name!r} ({e.type})")
            continue
        correct += 1
        for gid in hit:
            found[gid].append(e.entity_id)
        best = by_form.get(_fold(e.name)) or hit
        if len(best) > 1:
            votes = Counter()
            for f, n in surf_count[e.entity_id].items():
                for gid in by_form.get(f, ()):
                    if gid in best:
                        votes[gid] += n
            best = {votes.most_common(1)[0][0]} if votes else best
        gid = min(best)
        typed_n += 1
        if TYPE_MAP.get(e.type, e.type) == gtype[gid]:
            typed_ok += 1
        else:
            errors["type"].append(f"{e.name!r} {e.type} (gold {gtype[gid]})")
        if any(not (gforms[a] & gforms[b]) for a in hit for b in hit if a < b):
            errors["merged"].append(f"{e.name!r} <- {sorted(e.aliases)[:6]}")
    recall_hits = sum(1 for g in gold_ents if found.get(g["id"]))
    by_id = {e.entity_id: e for e in graph.entities}
    for g in gold_ents:
        ids = found.get(g["id"], [])
        if not ids:
            errors["missed"].append(f"{g['name']!r} ({g['type']})")
        elif len(ids) > 1:
            errors["split"].append(f"{g['name']!r}: {[by_id[i].name for i in ids]}")
    out = {"extracted": scored, "precision": _pct(correct, scored), "gold": len(gold_ents),
           "recall": _pct(recall_hits, len(gold_ents)), "type_accuracy": _pct(typed_ok, typed_n),
           "split": len(errors["split"]), "merged": len(errors["merged"])}
    return out, matches, errors


def score_relations(chunks, graph: ResolvedGraph, gold_ents, gold_rels, matches) -> tuple[dict, dict]:
    """Typed relation precision/recall by gold predicate and by unlabelled pair."""
    chunk_doc = {c.chunk_id: c.doc_id for c in chunks}
    gdocs = {g["id"]: set(g["docs"]) for g in gold_ents}
    by_id = {e.entity_id: e for e in graph.entities}

    def args_of(eid: int, doc: str) -> set[str]:
        hit = matches.get(eid, set())
        local = {g for g in hit if doc in gdocs[g]}
        out = local or hit
        e = by_id[eid]
        if e.type == "DATE" or not out:
            out = out | {"date:" + _fold(a) for a in [e.name, *e.aliases]}
        return out

    extracted: dict[tuple, dict] = {}
    for r in graph.relations:
        if r.kind != "typed":
            continue
        doc = chunk_doc[r.chunk_id]
        pred, swap = gold_predicate(r.predicate)
        s, o = (r.target_id, r.source_id) if swap else (r.source_id, r.target_id)
        extracted.setdefault((doc, s, _canon(pred), o), {"raw": r.predicate, "sentence": r.sentence})
    gold_by_doc: dict[str, list[tuple[int, dict]]] = defaultdict(list)
    for k, g in enumerate(gold_rels):
        gold_by_doc[g["doc"]].append((k, g))

    def gold_obj(g: dict) -> str:
        return g["object"] if re.fullmatch(r"E\d+", g["object"]) else "date:" + _fold(g["object"])

    used_l: set[int] = set()
    used_u: set[int] = set()
    ok_l = ok_u = 0
    wrong = []
    for (doc, s, pred, o), info in extracted.items():
        sa, oa = args_of(s, doc), args_of(o, doc)
        hit_l = hit_u = None
        for k, g in gold_by_doc.get(doc, ()):
            gs, go = g["subject"], gold_obj(g)
            fwd, rev = gs in sa and go in oa, gs in oa and go in sa
            if hit_u is None and k not in used_u and (fwd or rev):
                hit_u = k
            if hit_l is None and k not in used_l and _canon(g["predicate"]) == pred and (
                    fwd or (rev and pred in SYMMETRIC)):
                hit_l = k
        if hit_u is not None:
            used_u.add(hit_u)
            ok_u += 1
        if hit_l is not None:
            used_l.add(hit_l)
            ok_l += 1
        else:
            wrong.append(f"{doc}: {by_id[s].name!r} -{info['raw']}({pred})-> {by_id[o].name!r}")
    n = len(extracted)
    missed = [f"{g['doc']}: {g['subject']} -{g['predicate']}-> {g['object']} | {g['sentence'][:90]}"
              for k, g in enumerate(gold_rels) if k not in used_l]
    per_pred: dict[str, Counter] = defaultdict(Counter)
    for k, g in enumerate(gold_rels):
        per_pred[_canon(g["predicate"])]["gold"] += 1
        per_pred[_canon(g["predicate"])]["found"] += k in used_l
    out = {"extracted": n, "gold": len(gold_rels), "precision": _pct(ok_l, n), "recall": _pct(len(used_l), len(gold_rels)),
           "pair_precision": _pct(ok_u, n), "pair_recall": _pct(len(used_u), len(gold_rels)),
           "recall_by_predicate": {p: f"{c['found']}/{c['gold']}" for p, c in
                                   sorted(per_pred.items(), key=lambda kv: -kv[1]["gold"])}}
    return out, {"wrong_relations": wrong, "missed_relations": missed}


def _pct(a: int, b: int) -> float:
    return round(100 * a / b, 1) if b else 0.0


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
    return {"pairs": n, **{k: _pct(stats[k], n) for k in ("both", "typed_direct", "typed_2hop", "any_direct",
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
    args = ap.parse_args(argv)
    if not args.corpus.exists():
        print(f"error: corpus not found: {args.corpus}", file=sys.stderr)
        return 1
    gold = args.gold or (args.corpus / "gold" if (args.corpus / "gold" / "entities.jsonl").exists() else None)
    chunks, graph, timing = build(args.corpus, args.limit)
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
    rows = [("throughput (chunks/s)", f"{t['chunks_per_s']}  (extract {t['extract_s']} s, resolve {t['resolve_s']} s,"
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
