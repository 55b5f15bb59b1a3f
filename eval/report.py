"""report.md: markdown tables rendered from metrics.json (pure string building)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

OVERALL_COLUMNS = ("recall@2", "recall@5", "recall@10", "complete@2", "complete@5", "complete@10",
                   "mrr@10", "map@10", "ndcg@10", "hits@4", "hits@10")
TYPE_COLUMNS = ("n", "recall@2", "recall@5", "recall@10", "complete@5", "mrr@10")
LATENCY_COLUMNS = ("latency_ms_p50", "latency_ms_p95", "latency_ms_mean")


def fmt(value: Any) -> str:
    """Fractions as percentages with one decimal, counts as integers, milliseconds with one decimal."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def pct(value: Any) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def overall_table(systems: dict[str, Any]) -> str:
    header = ["system", "n", *OVERALL_COLUMNS, "p50 ms", "p95 ms"]
    rows = []
    for name, m in systems.items():
        o = m["overall"]
        rows.append([name, fmt(o.get("n")), *(pct(o.get(c)) for c in OVERALL_COLUMNS),
                     fmt(o.get("latency_ms_p50")), fmt(o.get("latency_ms_p95"))])
    return table(header, rows)


def as_returned_table(systems: dict[str, Any]) -> str:
    """Document ranking vs the first k chunk hits as returned, side by side."""
    header = ["system", "R@5 docs", "R@5 as returned", "C@5 docs", "C@5 as returned", "R@10 docs",
              "R@10 as returned"]
    rows = []
    for name, m in systems.items():
        o, r = m["overall"], m.get("as_returned", {})
        rows.append([name, *(pct(x.get(c)) for c in ("recall@5", "complete@5", "recall@10") for x in (o, r))])
    return table(header, rows)


def style_table(systems: dict[str, Any]) -> str:
    """One row per style, R@5 / C@5 of every system (systems with a by_style only)."""
    styled = {name: m["by_style"] for name, m in systems.items() if m.get("by_style")}
    styles = sorted({s for by in styled.values() for s in by})
    rows = []
    for style in styles:
        n = next((by[style].get("n") for by in styled.values() if style in by), None)
        cells = [f"{pct(by[style].get('recall@5'))} / {pct(by[style].get('complete@5'))}" if style in by else "-"
                 for by in styled.values()]
        rows.append([style, fmt(n), *cells])
    return table(["style", "n", *(f"{name} R@5 / C@5" for name in styled)], rows)


ANSWER_COLUMNS = ("n", "em", "f1", "contains", "leads", "answered_rate", "em_answered", "f1_answered", "leads_answered",
                  "answered_when_gold_incomplete", "answered_when_not_complete")


def answers_table(systems: dict[str, Any]) -> str:
    rows = []
    for name, m in systems.items():
        a = m.get("answers")
        if not a:
            continue
        source = ", ".join(f"{k}: {v}" for k, v in sorted(a["sources"].items()))
        for group, stats in [("all", a), *(("type " + t, x) for t, x in a.get("by_type", {}).items()),
                             *(("style " + s, x) for s, x in a.get("by_style", {}).items())]:
            rows.append([name, source, group, fmt(stats["n"]), *(pct(stats.get(c)) for c in ANSWER_COLUMNS[1:])])
    return table(["system", "answer source", "questions", *ANSWER_COLUMNS], rows)


def by_type_table(systems: dict[str, Any]) -> str:
    rows = []
    for name, m in systems.items():
        for qtype, o in m["by_type"].items():
            rows.append([name, qtype, fmt(o.get("n")), *(pct(o.get(c)) for c in TYPE_COLUMNS[1:])])
    return table(["system", "type", *TYPE_COLUMNS], rows)


def paired_table(paired: dict[str, Any]) -> str:
    rows = []
    for pair, by_metric in paired.items():
        for metric, d in by_metric.items():
            lo, hi = d["ci95"]
            ci = "-" if lo is None else f"[{100 * lo:+.1f}, {100 * hi:+.1f}]"
            delta = "-" if d["delta"] is None else f"{100 * d['delta']:+.1f}"
            rows.append([pair, metric, delta, ci, fmt(d.get("n"))])
    return table(["comparison", "metric", "delta (pts)", "95% CI (pts)", "n"], rows)


def hops_section(name: str, h: dict[str, Any]) -> str:
    rows = [
        ["questions", fmt(h["n"])],
        ["mean hops", f"{h['mean_hops']:.2f}"],
        ["correction rate", pct(h["correction_rate"])],
        ["mean corrections", f"{h['mean_corrections']:.2f}"],
        ["routes", ", ".join(f"{k}: {v}" for k, v in sorted(h["routes"].items()))],
        ["termination", ", ".join(f"{k}: {v}" for k, v in sorted(h["termination"].items()))],
        ["stage calls / question", ", ".join(f"{k}: {v:.2f}" for k, v in sorted(h["stage_calls_per_query"].items()))],
    ]
    if "llm_tokens" in h:
        rows.append(["LLM tokens", fmt(h["llm_tokens"])])
    if h.get("cache_hit_rates"):  # the cross-question cache (hopgraph.cache): hits / lookups per kind
        rows.append(["cache hit rates", ", ".join(f"{k}: {pct(v)}%" for k, v in sorted(h["cache_hit_rates"].items()))])
    for reading, m in h.get("by_reading", {}).items():  # questions read surely / unsurely by the router
        figures = f"{fmt(m['n'])} questions, R@5 {pct(m['recall@5'])}, C@5 {pct(m['complete@5'])}"
        rows.append([f"read {reading}", figures])
    c = h["calibration"]
    calib = table(
        ["", "gold complete@10", "gold incomplete"],
        [["ended complete", fmt(c["ended_complete_gold_complete"]), fmt(c["ended_complete_gold_incomplete"])],
         ["ended otherwise", fmt(c["ended_other_gold_complete"]), fmt(c["ended_other_gold_incomplete"])]],
    )
    return (f"### {name}\n\n" + table(["statistic", "value"], rows)
            + f"\n\nCalibration: precision {pct(c['precision'])}, recall {pct(c['recall'])}\n\n" + calib)


def _skipped_note(metrics: dict[str, Any]) -> str:
    skipped = metrics.get("config", {}).get("eval", {}).get("skipped_no_gold", 0)
    return f" {skipped} questions without gold documents in this split were skipped." if skipped else ""


def render_report(metrics: dict[str, Any], plots: Sequence[str] = ()) -> str:
    """The whole report.md."""
    idx = metrics["index"]
    parts = [
        f"# {metrics['dataset']} / {metrics['split']}: retrieval evaluation",
        f"{metrics['n_queries']} questions, created {metrics['created_at']}. Metrics in percent over "
        "documents (retrieved chunks mapped to their document, first occurrence kept); latency in ms."
        + _skipped_note(metrics),
        f"Index: {fmt(idx.get('chunks'))} chunks, {fmt(idx.get('entities'))} entities, "
        f"{fmt(idx.get('relations'))} relations, built in {fmt(idx.get('seconds'))} s "
        f"({fmt(idx.get('chunks_per_s'))} chunks/s).",
        "## Overall\n\n" + overall_table(metrics["systems"]),
        "## First k hits as returned\n\nThe tables above rank documents (a document returned as several chunks "
        "counts once, so the top 5 documents may come from more than 5 hits). Here the top k are the first k "
        "chunk hits exactly as `hopgraph search -k` / `ask -k` return them, mapped to their documents.\n\n"
        + as_returned_table(metrics["systems"]),
        "## By question type\n\n" + by_type_table(metrics["systems"]),
    ]
    if any(m.get("by_style") for m in metrics["systems"].values()):
        parts.append("## By question style (metadata.style)\n\n" + style_table(metrics["systems"]))
    if any(m.get("answers") for m in metrics["systems"].values()):
        parts.append("## Answers (--answers)\n\nExact match and token F1 (SQuAD normalisation, best over the "
                     "answer and its aliases) of the hop loop's answer; unanswered questions score 0, the "
                     "`_answered` columns average over answered ones only. \"answered when gold incomplete\": "
                     "share of the questions whose gold documents were not all in the top 10 that still got an "
                     "answer; \"answered when not complete\": the same over questions whose loop did not end "
                     "complete.\n\n" + answers_table(metrics["systems"]))
    if metrics["paired"]:
        parts.append("## Paired differences (bootstrap 95% CI)\n\n" + paired_table(metrics["paired"]))
    hops = [hops_section(name, m["hops"]) for name, m in metrics["systems"].items() if m.get("hops")]
    if hops:
        parts.append("## Hop loop\n\n" + "\n\n".join(hops))
    if plots:
        parts.append("## Plots\n\n" + "\n\n".join(f"![{p}]({p})" for p in plots))
    return "\n\n".join(parts) + "\n"
