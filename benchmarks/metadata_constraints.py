"""Metadata constraints on the sample corpus (issue 14.1): 20 questions with a constraint
(data/sample/constrained.jsonl: the question, the constraint as --where filters, the gold documents).

For each question: whether the constraint read from the question keeps the same documents as the written one; `search -p hybrid -k 5` with no filter
and with the filters read from the question; `ask -k 5` with the constraints read (the default) and the plain hop
loop without them. Reported: documents outside the written constraint among the constrained results (target 0)
and document Recall@5 of each run (target: constrained >= unconstrained).

    .venv/bin/python benchmarks/metadata_constraints.py --store runs/sample
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_store import doc_ids, open_store, recall  # noqa: E402

from hopgraph.asking import read_question_constraints  # noqa: E402
from hopgraph.metadata import as_filters, matching_docs  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", type=Path, default=REPO / "runs" / "sample")
    ap.add_argument("-k", type=int, default=5)
    args = ap.parse_args()
    hg = open_store(REPO / "data" / "sample", args.store)
    questions = [json.loads(line) for line in (REPO / "data" / "sample" / "constrained.jsonl").open()]
    totals = {"read": 0, "plain_out": 0, "search_out": 0, "ask_out": 0, "r_plain": 0.0, "r_filtered": 0.0, "r_ask": 0.0, "r_ask_plain": 0.0}
    rows = []
    for q in questions:
        written = as_filters(q["metadata"]["where"])
        gold = q["metadata"]["gold"]
        allowed = matching_docs(hg.store, written) or set()
        read = read_question_constraints(hg, q["text"], [])
        same = (matching_docs(hg.store, read.filters) or set()) == allowed if read.filters else False
        src = "recognised" if read.filters else "none"
        plain = doc_ids(hg.search(q["text"], k=args.k, profile="hybrid"), args.k)
        filtered = doc_ids(hg.search(q["text"], k=args.k, profile="hybrid", where=read.filters), args.k) if read.filters else plain
        asked = hg.ask(q["text"], k=args.k, save_trace=False)
        ask_docs = doc_ids(asked.hits, args.k)
        ask_plain = doc_ids(hg.hop_loop.run(q["text"], args.k).hits, args.k)
        s_out = [d for d in filtered if d not in allowed]
        a_out = [d for d in ask_docs if d not in allowed]
        totals["read"] += same
        totals["plain_out"] += sum(1 for d in plain if d not in allowed)
        totals["search_out"] += len(s_out)
        totals["ask_out"] += len(a_out)
        for name, docs in (("r_plain", plain), ("r_filtered", filtered), ("r_ask", ask_docs), ("r_ask_plain", ask_plain)):
            totals[name] += recall(docs, gold)
        rows.append((q["_id"], same, src, recall(plain, gold), recall(filtered, gold), recall(ask_docs, gold),
                     recall(ask_plain, gold), s_out + a_out, q["text"]))
    n = len(questions)
    print(f"| id | read (same documents) | hybrid R@{args.k} | hybrid + filter | ask (constraints) | ask (none) | outside | question |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r[0]} | {'yes' if r[1] else 'no'} | {r[3]:.2f} | {r[4]:.2f} | {r[5]:.2f} | {r[6]:.2f} | {' '.join(r[7]) or '-'} | {r[8]} |")
    print()
    print(f"constraints read (keeping the written constraint's documents): {totals['read']}/{n}")
    print(f"documents outside the constraint: search {totals['search_out']}, ask {totals['ask_out']} (of {n * args.k} each at most)")
    print(f"(unconstrained hybrid top {args.k}: {totals['plain_out']} documents outside the constraint)")
    others = [json.loads(line)["text"] for line in (REPO / "data" / "sample" / "queries.jsonl").open()]
    for line in (REPO / "data" / "sample" / "dialogues.jsonl").open():
        d = json.loads(line)
        others += d["turns"] + [d["spelled_out"]]
    false = [t for t in others if read_question_constraints(hg, t, []).filters]
    print(f"constraints read from {len(others)} questions that state none (sample queries, dialogues): {len(false)} {false}")
    print(f"R@{args.k} hybrid: unconstrained {100 * totals['r_plain'] / n:.1f}, constrained {100 * totals['r_filtered'] / n:.1f}")
    print(f"R@{args.k} ask:    unconstrained {100 * totals['r_ask_plain'] / n:.1f}, constrained {100 * totals['r_ask'] / n:.1f}")


if __name__ == "__main__":
    main()
