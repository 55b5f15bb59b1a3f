"""docs/results.md from the metrics.json of several `hopgraph eval` runs (`make results` calls this).

    python -m hopgraph.eval.results_doc runs/2wiki-dev runs/musique-dev runs/hotpotqa-dev --out docs/results.md
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path
from typing import Any

HEADER = """# Results

Retrieval quality of hopgraph on the dev splits of three multi-hop benchmarks
(2WikiMultiHopQA, MuSiQue, HotpotQA; see `../shared/bench/README.md`). No LLM anywhere:
every figure comes from the default, offline configuration on a 2-core CPU machine.

Regenerate with `make results` (about 20-40 minutes: it builds each benchmark's store once, into
`~/.cache/hopgraph/stores/`, then runs every system). Each `runs/<bench>-dev/` folder also holds
`report.md` (every metric, paired bootstrap CIs, hop statistics), `per_query.jsonl` and plots.

Retrieved chunks are mapped to their document (first occurrence kept) before scoring. Recall@k is the
share of a question's gold passages in the top k; Complete@k is 1 only when all of them are (a
multi-hop question is only answerable then). "R@5 ret" scores instead the first 5 chunk hits exactly
as `hopgraph search -k 5` / `ask -k 5` return them (a document split into chunks takes several places).
The dev questions are the ones the rule router and grader were developed on: held-out questions and
reworded ones score lower (`../shared/bench/reworded`, `hopgraph router-report`). Means over questions, in percent; latency in ms on a
warm index, one question at a time.

Published Recall@5 for orientation (full sets, not these dev samples): BM25 61.9 / 41.2 / 72.2;
HippoRAG 2 (7B embedder + 70B LLM) 90.4 / 74.7 / 96.3 (2Wiki / MuSiQue / HotpotQA).
"""


def pct(x: Any) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def ms(x: float) -> str:
    return f"{x:.1f}" if x < 10 else f"{x:.0f}"


def overall_table(runs: list[dict]) -> list[str]:
    lines = ["| benchmark | system | R@2 | R@5 | R@5 ret | R@10 | C@2 | C@5 | C@10 | MRR@10 | nDCG@10 | p50 ms | p95 ms |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for m in runs:
        for name, s in m["systems"].items():
            o = s["overall"]
            ret = s.get("as_returned", {}).get("recall@5")
            lines.append(
                f"| {m['dataset']} | {name} | {pct(o['recall@2'])} | {pct(o['recall@5'])} | {pct(ret)} | {pct(o['recall@10'])} | "
                f"{pct(o['complete@2'])} | {pct(o['complete@5'])} | {pct(o['complete@10'])} | {pct(o['mrr@10'])} | "
                f"{pct(o['ndcg@10'])} | {ms(o['latency_ms_p50'])} | {ms(o['latency_ms_p95'])} |")
    return lines


def by_type_table(runs: list[dict]) -> list[str]:
    lines = ["| benchmark | type | n | " + " | ".join(f"{s} R@5 / C@5" for s in runs[0]["systems"]) + " |",
             "|---|---|---|" + "---|" * len(runs[0]["systems"])]
    for m in runs:
        types = sorted({t for s in m["systems"].values() for t in s["by_type"]})
        for t in types:
            cells = []
            n = 0
            for s in m["systems"].values():
                bt = s["by_type"].get(t)
                n = bt.get("n", n) if bt else n
                cells.append(f"{pct(bt['recall@5'])} / {pct(bt['complete@5'])}" if bt else "-")
            lines.append(f"| {m['dataset']} | {t} | {n} | " + " | ".join(cells) + " |")
    return lines


def by_style_table(runs: list[dict]) -> list[str]:
    """R@5 / C@5 per metadata.style for the runs whose questions carry one ([] when none does)."""
    styled = [m for m in runs if any(s.get("by_style") for s in m["systems"].values())]
    if not styled:
        return []
    lines = ["| benchmark | style | n | " + " | ".join(f"{s} R@5 / C@5" for s in styled[0]["systems"]) + " |",
             "|---|---|---|" + "---|" * len(styled[0]["systems"])]
    for m in styled:
        for style in sorted({t for s in m["systems"].values() for t in s.get("by_style", {})}):
            cells = [s.get("by_style", {}).get(style) for s in m["systems"].values()]
            n = next((c["n"] for c in cells if c), 0)
            lines.append(f"| {m['dataset']} | {style} | {n} | " + " | ".join(
                f"{pct(c['recall@5'])} / {pct(c['complete@5'])}" if c else "-" for c in cells) + " |")
    return lines


def paired_table(runs: list[dict]) -> list[str]:
    lines = ["| benchmark | comparison | ΔR@5 [95% CI] | ΔC@5 [95% CI] | ΔMRR@10 [95% CI] |", "|---|---|---|---|---|"]
    for m in runs:
        for name, p in m["paired"].items():
            cells = [f"{100 * p[k]['delta']:+.1f} [{100 * p[k]['ci95'][0]:+.1f}, {100 * p[k]['ci95'][1]:+.1f}]"
                     for k in ("recall@5", "complete@5", "mrr@10")]
            lines.append(f"| {m['dataset']} | {name} | " + " | ".join(cells) + " |")
    return lines


def hops_table(runs: list[dict]) -> list[str]:
    lines = ["| benchmark | mean hops | correction rate | routes | termination | ended complete → gold C@10 | gold C@10 → ended complete |",
             "|---|---|---|---|---|---|---|"]
    for m in runs:
        h = m["systems"].get("hops", {}).get("hops")
        if not h:
            continue
        cal = h["calibration"]
        fmt = lambda d: ", ".join(f"{k} {v}" for k, v in sorted(d.items(), key=lambda kv: -kv[1]))  # noqa: E731
        lines.append(f"| {m['dataset']} | {h['mean_hops']:.2f} | {pct(h['correction_rate'])} | {fmt(h['routes'])} | "
                     f"{fmt(h['termination'])} | {pct(cal['precision'])} | {pct(cal['recall'])} |")
    return lines


def index_table(runs: list[dict]) -> list[str]:
    lines = ["| benchmark | chunks | entities | relations | index seconds | chunks/s |", "|---|---|---|---|---|---|"]
    for m in runs:
        i = m["index"]
        lines.append(f"| {m['dataset']} | {i['chunks']} | {i['entities']} | {i['relations']} | {i['seconds']:.0f} | "
                     f"{i.get('chunks_per_s', 0):.1f} |")
    return lines


def label_run(m: dict) -> dict:
    """Name a run by its dataset, marking runs on the title-blanked corpus (and the strict variant)."""
    ev = m.get("config", {}).get("eval", {})
    if ev.get("strip_leading_title"):
        m["dataset"] = f"{m['dataset']} (no titles, strict)"
    elif ev.get("no_titles"):
        m["dataset"] = f"{m['dataset']} (no titles)"
    return m


def speed_table(bench: dict) -> list[str]:
    """Indexing per stage, graph load, query latency and peak memory from `hopgraph bench`'s bench.json."""
    ix = bench["indexing"]
    lines = [f"`hopgraph bench` on {bench['dataset']}: {ix['documents']} documents, {ix['chunks']} chunks, "
             f"{ix['entities']} entities, {ix['relations']} relations; a fresh build (every chunk embedded).", "",
             "| figure | value |", "|---|---|",
             f"| index, total | {ix['seconds']:.0f} s ({ix['chunks_per_s']:.1f} chunks/s) |"]
    for stage, secs in ix["stage_seconds"].items():
        lines.append(f"| index, {stage} | {secs:.2f} s ({ix['stage_chunks_per_s'][stage]:.0f} chunks/s) |")
    lines.append(f"| graph load | {bench['graph_load_seconds']:.2f} s |")
    for system, lat in bench["query_latency_ms"].items():
        lines.append(f"| {system} query p50 / p95 | {ms(lat['latency_ms_p50'])} / {ms(lat['latency_ms_p95'])} ms |")
    peak = bench.get("peak_memory_mb") or bench.get("peak_rss_mb")
    if peak:
        lines.append(f"| peak memory | {peak:.0f} MB |")
    return lines


def render(runs: list[dict], commit: str, bench: dict | None = None) -> str:
    parts = [HEADER, f"Commit `{commit}`.\n", "## Overall", *overall_table(runs), "",
             "## By question type (Recall@5 / Complete@5)", *by_type_table(runs), "",
             *(["## By question style (Recall@5 / Complete@5)", *style, ""] if (style := by_style_table(runs)) else []),
             "## Paired differences (percentage points, bootstrap 95% CI)", *paired_table(runs), "",
             "## Hop loop", *hops_table(runs), "", "## Index (as built for these runs)", *index_table(runs), ""]
    if bench:
        parts += ["## Speed", *speed_table(bench), ""]
    return "\n".join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", type=Path, help="Run folders holding metrics.json.")
    ap.add_argument("--out", type=Path, default=Path("docs/results.md"))
    ap.add_argument("--bench", type=Path, help="A `hopgraph bench` output folder (bench.json) for the speed table.")
    ap.add_argument("--notes", type=Path, help="Markdown appended as is (the hand-written reading of the figures).")
    args = ap.parse_args()
    runs = [label_run(json.loads((r / "metrics.json").read_text())) for r in args.runs]
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    except OSError:
        commit = "unknown"
    notes = "\n" + args.notes.read_text() if args.notes else ""
    bench = json.loads((args.bench / "bench.json").read_text()) if args.bench else None
    args.out.write_text(render(runs, commit or "unknown", bench) + notes)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
