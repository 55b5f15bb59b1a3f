"""Why an update's neighbourhood does not close: each partial round's entities that reach outside it, classified.

    .venv/bin/python benchmarks/update_gaps.py benchmarks/incremental_update.py CORPUS STORE --n 100 --keep-store-code

runs the given script (normally `incremental_update.py` and its arguments) with `delta_graph.closure_gaps` wrapped:
before each partial round's own check, one JSON line gives S's size, how many of its entities reach outside it,
and per reason (the order of `closure_gaps`' tests) how many entities and how many outside documents:
"keep" (untouched, row kept), "recount" (a hub recounted), "old entity split in S" (a stored entity S's resolution
splits: a merge whose evidence lies outside S), "S merges old entities", "touched, few outside docs" (named in a
changed document, at most `HUB_DOCS` documents outside S: re-resolved), "hub, mentions in S differ", "hub, type
open/different" (`hub_type` leaves its type open), "new entity", "untouched, votes differ", "old entity
unclaimed", with the largest examples (outside documents, name, type, previous norms, aliases). The rounds'
results are those of the unwrapped check. A measurement aid: it re-states `closure_gaps`' tests, so keep the two
in step."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path
from collections import Counter, defaultdict

import hopgraph.indexing.delta_graph as G
import hopgraph.indexing.delta_resolve as DR

_closure_gaps = G.closure_gaps
_round = [0]


def _reason(i, o_ids, claims, out, untouched, owned_by, mentions, unchanged, hub_type) -> str:
    """Why entity `i` of S, reaching `out` documents outside S, is a gap (or "recount")."""
    if not o_ids:
        return "new entity"
    if len(o_ids) > 1:
        return "S merges old entities"
    (o,) = o_ids
    if claims[o] > 1:
        return "old entity split in S"
    if len(out) <= G.HUB_DOCS:
        return "untouched, votes differ" if i in untouched else "touched, few outside docs"
    if owned_by[o] != {k for k in mentions[i] if k[0] in unchanged}:
        return "hub, mentions in S differ"
    return "recount" if hub_type(i, o) else "hub, type open/different"


def classify(graph, scope, old, holders, doc_ids, whole=False, any_gap=False):
    """`closure_gaps`, after printing its round's entities reaching outside S by reason."""
    if not whole:
        _round[0] += 1
        print(json.dumps({"round": _round[0], **_classes(graph, scope, old, holders, doc_ids)}, default=list), flush=True)
    return _closure_gaps(graph, scope, old, holders, doc_ids, whole, any_gap)


def _classes(graph, scope, old, holders, doc_ids) -> dict:
    mentions, norms, owner, old_ids, involved = G._analyse(graph, scope, old)
    inside = scope.docs | scope.removed
    old_docs = old.docs(set(involved) | {o for ids in old_ids.values() for o in ids})
    claims = Counter(o for ids in old_ids.values() for o in ids)
    old_rows = old.rows(claims)
    owned_by = defaultdict(set)
    for k, o in owner.items():
        owned_by[o].add(k)
    reaching = G.reaching_outside(graph, norms, holders, doc_ids, old_docs, old_ids, inside)
    untouched = {i: next(iter(old_ids[i])) for i in reaching if len(old_ids[i]) == 1 and G._untouched(
        i, next(iter(old_ids[i])), claims, norms, mentions, owned_by, old_docs, scope)}
    new_part = G.graph_parts(graph.votes, set(untouched))
    old_part = G.stored_parts(old.conn, untouched.values(), inside)
    unchanged = set(scope.unchanged_chunks)

    def hub_type(i, o):
        return G._hub_type(i, o, graph, scope, old, inside) == old_rows.get(o, ("", ""))[1]

    counts, docs, examples = Counter(), defaultdict(set), defaultdict(list)
    entity = {e.entity_id: e for e in graph.entities}
    for i, reached in reaching.items():
        out = reached - inside
        if i in untouched and G.same_part(new_part.get(i), old_part.get(untouched[i])):
            counts["keep"] += 1
            continue
        why = _reason(i, old_ids[i], claims, out, untouched, owned_by, mentions, unchanged, hub_type)
        counts[why] += 1
        if why != "recount":
            docs[why] |= out
            e = entity[i]
            examples[why].append((len(out), e.name, e.type, [old_rows.get(o, ("?",))[0] for o in old_ids[i]][:4],
                                  e.aliases[:6]))
    for o in involved - set(claims):
        if d := old_docs.get(o, set()) - inside:
            counts["old entity unclaimed"] += 1
            docs["old entity unclaimed"] |= d
    return {"S": len(scope.docs), "reaching": len(reaching), "counts": counts,
            "docs_added": {k: len(v) for k, v in docs.items()}, "gap_docs": len(set().union(*docs.values())),
            "examples": {k: sorted(v, reverse=True)[:8] for k, v in examples.items()}}


if __name__ == "__main__":
    if len(sys.argv) < 2 or not Path(sys.argv[1]).is_file():
        sys.exit(f"error: give the script to run and its arguments (update_gaps.py benchmarks/incremental_update.py "
                 f"CORPUS STORE …); got {sys.argv[1:2] or 'nothing'}")
    DR.closure_gaps = classify
    sys.argv = sys.argv[1:]
    runpy.run_path(sys.argv[0], run_name="__main__")
