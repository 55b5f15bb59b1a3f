"""Conflicting evidence (issue 14.4): planted contradictions are reported, the sample corpus has none.

data/conflicts holds 16 invented documents with six facts stated differently by two documents
(planted.jsonl). Each planted question is asked (`ask -k 5`); it counts as reported when a conflict on its
entity and relation lists both planted documents' chunks under different values. Then every question
written for the sample corpus (its 20 queries, the 20 constrained questions, the dialogues' 45 questions) is
asked and every conflict reported there is a false one (the sample corpus states each fact once).
The preference rule that decided each planted conflict is shown, once with the default order and once with
`prefer = ["trusted", "agreement", "recent"]` and `trusted_sources = ["Coastal Company Registry"]`.

    .venv/bin/python benchmarks/conflicts.py --store runs/conflicts --sample-store runs/sample
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_store import open_store  # noqa: E402

from hopgraph.hops.conflicts import describe_conflict  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def reported(result, planted: dict) -> bool:
    meta = planted["metadata"]
    for c in result.conflicts:
        if c.relation != meta["relation"] or c.entity.lower() != meta["entity"].lower():
            continue
        docs_per_value = [set(v.doc_ids) for v in c.values]
        a, b = meta["docs"]
        if any(a in x and b in y for x in docs_per_value for y in docs_per_value if x is not y):
            return True
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", type=Path, default=REPO / "runs" / "conflicts")
    ap.add_argument("--sample-store", type=Path, default=REPO / "runs" / "sample")
    ap.add_argument("-k", type=int, default=5)
    args = ap.parse_args()
    planted = [json.loads(line) for line in (REPO / "data" / "conflicts" / "planted.jsonl").open()]
    hg = open_store(REPO / "data" / "conflicts", args.store)
    trusted = open_store(REPO / "data" / "conflicts", args.store,
                         conflicts={"prefer": ["trusted", "agreement", "recent"], "trusted_sources": ["Coastal Company Registry"]})
    found = 0
    print("| question | reported | decided by (default order) | decided by (trusted first) |")
    print("|---|---|---|---|")
    for q in planted:
        r = hg.ask(q["text"], k=args.k, save_trace=False)
        t = trusted.ask(q["text"], k=args.k, save_trace=False)
        ok = reported(r, q)
        found += ok
        rule = lambda res: "; ".join(f"{c.decided_by or 'undecided'} -> {c.preferred}" for c in res.conflicts) or "-"  # noqa: E731
        print(f"| {q['text']} | {'yes' if ok else 'NO'} | {rule(r)} | {rule(t)} |")
    print(f"\nplanted conflicts reported: {found}/{len(planted)}")

    sample = open_store(REPO / "data" / "sample", args.sample_store)
    folder = REPO / "data" / "sample"
    questions = [json.loads(line)["text"] for line in (folder / "queries.jsonl").open()]
    questions += [json.loads(line)["text"] for line in (folder / "constrained.jsonl").open()]
    dialogues = [json.loads(line) for line in (folder / "dialogues.jsonl").open()]
    questions += [t for d in dialogues for t in d["turns"] + [d["spelled_out"]]]
    false = []
    for text in questions:
        r = sample.ask(text, k=args.k, save_trace=False)
        false += [f"{text} :: {describe_conflict(c)}" for c in r.conflicts]
    print(f"conflicts reported on {len(questions)} sample-corpus questions (all false): {len(false)}")
    for line in false:
        print("  ", line)


if __name__ == "__main__":
    main()
