"""Fit the weights that rank an unsure reading's chunks (`hops/candidate_scores.py`) on benchmark questions.

For every question of the given sets that the router reads unsurely, the hop loop runs as `hopgraph ask` runs it
(no LLM); each chunk any run returned gets its `candidate_features` and a label (its document is gold or not).
A pairwise logistic regression then learns weights under which a gold chunk outscores a chunk of the same
question that is not gold: every (gold, other) pair of a question is one example, each question weighs the same
within its set and each set the same overall. Prints the weights as `WEIGHTS` is written and as the setting
`hops.candidate_weights` takes them (to use weights fitted on your own questions), and Recall@5 by set
under the current weights and under the fitted ones (the final list recomposed from the same runs).

Fit only on sets the rules were tuned on and check on held-out sets: `--check` sets are scored, never fitted.
`WEIGHTS` were fitted on the 35 tuned-on invented sets of `data/` (every set but the held-out ones the README names)
and the 8 Wikipedia and news sets of `../shared/bench` (2wiki, musique, hotpotqa, musique-20p, newsdesk and the
three reworded sets), L2 1e-4.

    .venv/bin/python benchmarks/fit_compose_weights.py data/arts data/music ... --check data/golf ... \\
        --dump /tmp/fit.jsonl
    .venv/bin/python benchmarks/fit_compose_weights.py --from-dump /tmp/fit.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from hopgraph.eval.metrics import dedupe_docs, recall_at  # noqa: E402
from hopgraph.hops.candidate_scores import FEATURES, WEIGHTS  # noqa: E402


def pairwise_differences(examples: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    """Feature differences gold - other for every pair of one question, and each pair's weight (pure): a
    question's pairs share its weight, 1 / (questions of its set), so every set counts the same."""
    per_set: dict[str, int] = defaultdict(int)
    for ex in examples:
        per_set[ex["set"]] += 1
    rows, weights = [], []
    for ex in examples:
        gold = np.array([f for f, g in zip(ex["features"], ex["gold"]) if g], dtype=float)
        other = np.array([f for f, g in zip(ex["features"], ex["gold"]) if not g], dtype=float)
        if not len(gold) or not len(other):
            continue
        diff = (gold[:, None, :] - other[None, :, :]).reshape(-1, gold.shape[1])
        rows.append(diff)
        weights.append(np.full(len(diff), 1.0 / (per_set[ex["set"]] * len(diff))))
    return np.vstack(rows), np.concatenate(weights)


def fit_pairwise(diffs: np.ndarray, weights: np.ndarray, l2: float = 1e-4) -> np.ndarray:
    """Weights w minimising the weighted logistic loss of w·diff > 0, plus l2·|w|² (pure; no intercept, as a
    score difference has none)."""
    scale = weights / weights.sum()

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        margin = diffs @ w
        value = float(scale @ np.logaddexp(0.0, -margin)) + l2 * float(w @ w)
        grad = -(diffs.T @ (scale / (1.0 + np.exp(margin)))) + 2 * l2 * w
        return value, grad

    return minimize(loss, np.zeros(diffs.shape[1]), jac=True, method="L-BFGS-B").x


def collect(set_dirs: Sequence[Path], split: str) -> tuple[list[dict], list[dict]]:
    """Run the hop loop on every question; (examples of unsure questions, every question's recomposable run)."""
    from hopgraph.config import load_settings
    from hopgraph.eval.beir import load_benchmark
    from hopgraph.eval.store_cache import ensure_store
    from hopgraph.facade import HopGraph
    from hopgraph.hops.candidate_scores import candidate_features
    from hopgraph.hops.compose import as_asked, bound_order
    from hopgraph.hops.trusted_chain import trusted_chain
    from hopgraph.router.understand import CONFIDENT

    examples, runs = [], []
    settings = load_settings()
    for set_dir in set_dirs:
        bench = load_benchmark(set_dir, split)
        hg = HopGraph.open(ensure_store(bench.corpus_path, settings, None))
        for q in bench.queries:
            result = hg.hop_loop.run(q.text, 10)
            route = result.route
            decision = next((t.decision for t in reversed(result.traces) if t.decision is not None), None)
            order = [r.id for r in route.requirements] if route else []
            unsure = route is not None and route.confidence < CONFIDENT
            base = [h.doc_id for h in result.hits]
            record = {"set": bench.name, "gold_docs": q.gold, "unsure": unsure, "base": base}
            if unsure:
                bound = bound_order(decision, order)
                asked = as_asked(result.traces, q.text)
                features = candidate_features(result.traces, bound, trusted_chain(route, decision), asked, q.text)
                ids = list(features)
                doc_of = {h.chunk_id: h.doc_id for t in result.traces for h in t.hits}
                example = {"set": bench.name, "chunks": ids, "docs": [doc_of[c] for c in ids],
                           "first": [doc_of[c] for c in asked[:1]],
                           "features": [list(features[c]) for c in ids], "gold": [doc_of[c] in q.gold for c in ids]}
                examples.append(example)
                record["example"] = len(examples) - 1
            runs.append(record)
        print(f"{bench.name}: {len(bench.queries)} questions", file=sys.stderr, flush=True)
    return examples, runs


def recompose(record: dict, examples: list[dict], weights: np.ndarray) -> list[str]:
    """The question's ranked documents under `weights` (unsure questions: the question's own best hit, then the
    rest by score, as `compose_hits` orders them), else as the loop returned them."""
    if "example" not in record:
        return record["base"]
    ex = examples[record["example"]]
    score = np.array(ex["features"]) @ weights
    return ex["first"] + [ex["docs"][i] for i in np.argsort(-score, kind="stable")]


def report(runs: list[dict], examples: list[dict], weights: dict[str, np.ndarray], sets: set[str]) -> None:
    """Recall@5 by set and its mean over `sets` for each named weight vector."""
    by_set: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for r in runs:
        if r["set"] in sets:
            for name, w in weights.items():
                by_set[r["set"]][name].append(recall_at(dedupe_docs(recompose(r, examples, w)), r["gold_docs"], 5))
    for s in sorted(by_set):
        print(s, " ".join(f"{n} {100 * np.mean(v):.1f}" for n, v in by_set[s].items()))
    if by_set:
        means = {n: 100 * np.mean([np.mean(by_set[s][n]) for s in by_set]) for n in weights}
        print("mean by set", " ".join(f"{n} {m:.2f}" for n, m in means.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sets", nargs="*", type=Path, help="BEIR folders to fit on (sets the rules were tuned on)")
    ap.add_argument("--check", nargs="*", type=Path, default=[], help="BEIR folders scored only, never fitted")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--l2", type=float, default=1e-4, help="L2 penalty of the fit (WEIGHTS: 1e-4)")
    ap.add_argument("--dump", type=Path, help="write the collected runs here (JSON lines) to refit later")
    ap.add_argument("--from-dump", type=Path, help="refit from a --dump file instead of running the loop")
    args = ap.parse_args()
    if args.from_dump and not args.from_dump.is_file():
        ap.error(f"--from-dump: no such file: {args.from_dump}")
    if not args.from_dump and not args.sets:
        ap.error("give the sets to fit on (BEIR folders), or --from-dump FILE")
    if args.from_dump:
        rows = [json.loads(line) for line in args.from_dump.open()]
        examples, runs, fit_sets = rows[0]["examples"], rows[0]["runs"], set(rows[0]["fit_sets"])
    else:
        examples, runs = collect(list(args.sets) + list(args.check), args.split)
        fit_sets = {Path(s).resolve().name for s in args.sets}
        if args.dump:
            args.dump.write_text(json.dumps({"examples": examples, "runs": runs, "fit_sets": sorted(fit_sets)}) + "\n")
    sizes = {len(f) for e in examples for f in e["features"]}
    if sizes != {len(FEATURES)}:
        sys.exit(f"error: the runs give {sorted(sizes)} signals per chunk, hops/candidate_scores.py has "
                 f"{len(FEATURES)}: collect them again")
    diffs, pair_weights = pairwise_differences([e for e in examples if e["set"] in fit_sets])
    fitted = fit_pairwise(diffs, pair_weights, args.l2)
    print("WEIGHTS: tuple[float, ...] = (" + ", ".join(f"{w:.2f}" for w in fitted) + ")")
    print("  " + ", ".join(f"{n} {w:.2f}" for n, w in zip(FEATURES, fitted)))
    print("hopgraph.toml, [hops]: candidate_weights = [" + ", ".join(f"{w:.2f}" for w in fitted) + "]")
    weights = {"current": np.array(WEIGHTS), "fitted": np.round(fitted, 2)}
    print("-- fitted on"); report(runs, examples, weights, fit_sets)
    print("-- checked on"); report(runs, examples, weights, {r["set"] for r in runs} - fit_sets)


if __name__ == "__main__":
    main()
