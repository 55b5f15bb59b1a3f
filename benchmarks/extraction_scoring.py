"""Scoring extracted entities and typed relations against hand-annotated gold (see extraction_quality.py's
docstring for the definitions)."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from pathlib import Path

from gold_predicates import SYMMETRIC, TYPE_MAP, canon, gold_predicate

from hopgraph.models import ResolvedGraph


def fold(text: str) -> str:
    """Whitespace collapsed, case folded."""
    return re.sub(r"\s+", " ", text).strip().casefold()


def load_gold(gold: Path) -> tuple[list[dict], list[dict]]:
    ents = [json.loads(x) for x in (gold / "entities.jsonl").read_text().splitlines() if x.strip()]
    rels = [json.loads(x) for x in (gold / "relations.jsonl").read_text().splitlines() if x.strip()]
    return ents, rels


def score_entities(chunks, graph: ResolvedGraph, gold_ents: list[dict]) -> tuple[dict, dict[int, set[str]], dict]:
    """Entity precision/recall, type accuracy; also each extracted entity's matched gold ids."""
    by_form: dict[str, set[str]] = defaultdict(set)
    gtype = {g["id"]: g["type"] for g in gold_ents}
    gname = {g["id"]: g["name"] for g in gold_ents}
    gforms = {g["id"]: {fold(g["name"]), *map(fold, g["aliases"])} for g in gold_ents}
    for gid, forms in gforms.items():
        for f in forms:
            by_form[f].add(gid)
    gold_docs = {d for g in gold_ents for d in g["docs"]}
    chunk_doc = {c.chunk_id: c.doc_id for c in chunks}
    in_gold_doc = {m["entity_id"] for m in graph.mentions if m["start"] >= 0 and chunk_doc[m["chunk_id"]] in gold_docs}
    surf_count: dict[int, Counter] = defaultdict(Counter)
    for m in graph.mentions:
        surf_count[m["entity_id"]][fold(m["text"])] += 1
    matches: dict[int, set[str]] = {}
    scored, correct, typed_ok, typed_n = 0, 0, 0, 0
    found: dict[str, list[int]] = defaultdict(list)
    errors: dict[str, list] = {"false_pos": [], "type": [], "merged": [], "missed": [], "split": []}
    for e in graph.entities:
        forms = {fold(e.name), *map(fold, e.aliases)}
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
        best = by_form.get(fold(e.name)) or hit
        if len(best) > 1:
            votes = Counter()
            for f, n in surf_count[e.entity_id].items():
                for gid in by_form.get(f, ()):
                    if gid in best:
                        votes[gid] += n
            # ties (an alias shared by several gold entities): the one whose canonical name is the extracted name,
            # then the smallest id, so the result never depends on set order
            best = {max(sorted(votes), key=lambda g: (votes[g], fold(gname[g]) == fold(e.name)))} if votes else best
        gid = min(best, key=lambda g: (fold(gname[g]) != fold(e.name), g))
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
    out = {"extracted": scored, "precision": pct(correct, scored), "gold": len(gold_ents),
           "recall": pct(recall_hits, len(gold_ents)), "type_accuracy": pct(typed_ok, typed_n),
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
            out = out | {"date:" + fold(a) for a in [e.name, *e.aliases]}
        return out

    extracted: dict[tuple, dict] = {}
    for r in graph.relations:
        if r.kind != "typed":
            continue
        doc = chunk_doc[r.chunk_id]
        pred, swap = gold_predicate(r.predicate)
        s, o = (r.target_id, r.source_id) if swap else (r.source_id, r.target_id)
        extracted.setdefault((doc, s, canon(pred), o), {"raw": r.predicate, "sentence": r.sentence})
    gold_by_doc: dict[str, list[tuple[int, dict]]] = defaultdict(list)
    for k, g in enumerate(gold_rels):
        gold_by_doc[g["doc"]].append((k, g))

    def gold_obj(g: dict) -> str:
        return g["object"] if re.fullmatch(r"E\d+", g["object"]) else "date:" + fold(g["object"])

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
            if hit_l is None and k not in used_l and canon(g["predicate"]) == pred and (
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
        per_pred[canon(g["predicate"])]["gold"] += 1
        per_pred[canon(g["predicate"])]["found"] += k in used_l
    out = {"extracted": n, "gold": len(gold_rels), "precision": pct(ok_l, n), "recall": pct(len(used_l), len(gold_rels)),
           "pair_precision": pct(ok_u, n), "pair_recall": pct(len(used_u), len(gold_rels)),
           "recall_by_predicate": {p: f"{c['found']}/{c['gold']}" for p, c in
                                   sorted(per_pred.items(), key=lambda kv: -kv[1]["gold"])}}
    return out, {"wrong_relations": wrong, "missed_relations": missed}


def pct(a: int, b: int) -> float:
    return round(100 * a / b, 1) if b else 0.0

