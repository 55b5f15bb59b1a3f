"""benchmarks/fit_compose_weights.py: pairs of one question, a fit that ranks gold first, recomposed lists, and a
refit from a dump."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from hopgraph.eval.metrics import dedupe_docs, recall_at

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("fit_compose_weights", REPO / "benchmarks" / "fit_compose_weights.py")
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)


def example(set_name: str, features: list[list[float]], gold: list[bool]) -> dict:
    ids = [f"c{i}" for i in range(len(features))]
    return {"set": set_name, "chunks": ids, "docs": ids, "first": [], "features": features, "gold": gold}


def test_pairs_are_gold_minus_other_within_one_question_and_every_set_weighs_the_same() -> None:
    examples = [example("a", [[1.0, 0.0], [0.0, 1.0], [0.0, 2.0]], [True, False, False]),
                example("b", [[3.0, 3.0], [1.0, 1.0]], [True, False]),
                example("b", [[5.0, 5.0]], [True])]  # no other chunk: no pair
    diffs, weights = fit.pairwise_differences(examples)
    assert diffs.tolist() == [[1.0, -1.0], [1.0, -2.0], [2.0, 2.0]]
    assert weights[:2].sum() == 1.0 and abs(weights[2] - 0.5) < 1e-12  # set b has two questions


def test_the_fit_ranks_gold_above_the_others() -> None:
    rng = np.random.default_rng(0)
    examples = []
    for _ in range(40):
        features = rng.normal(size=(6, 2))
        features[0, 0] += 2.0  # gold is higher on the first signal; the second is noise
        examples.append(example("s", features.tolist(), [True] + [False] * 5))
    w = fit.fit_pairwise(*fit.pairwise_differences(examples))
    assert w[0] > 0 and abs(w[1]) < w[0] / 2
    runs = [{"set": "s", "gold_docs": ["c0"], "base": ["c5"], "example": i} for i in range(40)]
    recall = np.mean([recall_at(dedupe_docs(fit.recompose(r, examples, w)), r["gold_docs"], 5) for r in runs])
    assert recall > 0.9


def test_the_question_s_own_best_hit_stays_first_when_recomposed() -> None:
    ex = example("s", [[0.0], [5.0]], [False, True]) | {"first": ["c0"]}
    assert fit.recompose({"example": 0}, [ex], np.array([1.0]))[:2] == ["c0", "c1"]
    assert fit.recompose({"base": ["x"]}, [ex], np.array([1.0])) == ["x"]  # a confident reading is left alone


def test_refit_from_a_dump_prints_weights_and_recall(tmp_path: Path) -> None:
    n = len(fit.FEATURES)
    high, low = [2.0] + [0.0] * (n - 1), [0.0] * n
    examples = [example("fit", [high, low], [True, False]), example("held", [low, high], [False, True])]
    runs = [{"set": "fit", "gold_docs": ["c0"], "base": ["c1"], "example": 0},
            {"set": "held", "gold_docs": ["c1"], "base": ["c0"], "example": 1}]
    out = refit(tmp_path, examples, runs)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("WEIGHTS: tuple[float, ...] = (")
    assert "-- checked on" in out.stdout and "held current" in out.stdout


def test_runs_with_another_number_of_signals_are_refused_in_one_line(tmp_path: Path) -> None:
    examples = [example("fit", [[2.0, 0.0], [0.0, 0.0]], [True, False])]
    out = refit(tmp_path, examples, [{"set": "fit", "gold_docs": ["c0"], "base": ["c1"], "example": 0}])
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert out.stderr.strip().endswith("collect them again") and len(out.stderr.strip().splitlines()) == 1


def refit(tmp_path: Path, examples: list[dict], runs: list[dict]) -> subprocess.CompletedProcess:
    dump = tmp_path / "runs.json"
    dump.write_text(json.dumps({"examples": examples, "runs": runs, "fit_sets": ["fit"]}) + "\n")
    return subprocess.run([sys.executable, str(REPO / "benchmarks" / "fit_compose_weights.py"), "--from-dump",
                           str(dump)], capture_output=True, text=True)
