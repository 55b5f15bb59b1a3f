"""Follow-up questions on the sample corpus (issue 14.5): 15 two-turn dialogues (data/sample/dialogues.jsonl:
two questions, the second with the entity spelled out, the gold documents of the second).

Each dialogue runs in its own session: the first question, then the follow-up ("And when did he die?"). The
follow-up's evidence (document Recall@5 of `ask -k 5`) is compared with the same question asked with the
entity spelled out, and with the follow-up asked without a session (what a memoryless system sees).

    .venv/bin/python benchmarks/followups.py --store runs/sample
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_store import doc_ids, open_store, recall  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def same_text(a: str, b: str) -> bool:
    norm = lambda t: re.sub(r"[^\w&' ]+", "", t.lower()).split()  # noqa: E731
    return norm(a) == norm(b)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", type=Path, default=REPO / "runs" / "sample")
    ap.add_argument("-k", type=int, default=5)
    args = ap.parse_args()
    hg = open_store(REPO / "data" / "sample", args.store)
    dialogues = [json.loads(line) for line in (REPO / "data" / "sample" / "dialogues.jsonl").open()]
    print(f"| id | follow-up | resolved as | same as spelled out | R@{args.k} follow-up | spelled out | no session |")
    print("|---|---|---|---|---|---|---|")
    tot = {"same": 0, "follow": 0.0, "spelled": 0.0, "bare": 0.0, "as_good": 0}
    for d in dialogues:
        first, second = d["turns"]
        gold = d["metadata"]["gold"]
        sid = f"bench-{d['_id']}"
        hg.ask(first, k=args.k, session_id=sid, save_trace=False)
        follow = hg.ask(second, k=args.k, session_id=sid, save_trace=False)
        spelled = hg.ask(d["spelled_out"], k=args.k, save_trace=False)
        bare = hg.ask(second, k=args.k, save_trace=False)
        r_f, r_s, r_b = (recall(doc_ids(x.hits, args.k), gold) for x in (follow, spelled, bare))
        same = same_text(follow.session.resolved, d["spelled_out"])
        tot["same"] += same
        tot["as_good"] += r_f >= r_s
        tot["follow"] += r_f
        tot["spelled"] += r_s
        tot["bare"] += r_b
        print(f"| {d['_id']} | {second} | {follow.session.resolved} | {'yes' if same else 'no'} | {r_f:.2f} | {r_s:.2f} | {r_b:.2f} |")
    n = len(dialogues)
    print()
    print(f"resolved to the spelled-out question: {tot['same']}/{n}")
    print(f"follow-up evidence as good as spelled out (R@{args.k} >= ): {tot['as_good']}/{n}")
    print(f"R@{args.k}: follow-up {100 * tot['follow'] / n:.1f}, spelled out {100 * tot['spelled'] / n:.1f}, "
          f"follow-up without a session {100 * tot['bare'] / n:.1f}")


if __name__ == "__main__":
    main()
