"""`hopgraph eval` end to end on the sample corpus, and its one-line errors."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hopgraph.cli import app

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"


def sample_or_tiny(tmp_path: Path) -> tuple[Path, str]:
    """data/sample (split test) when present, else a tiny BEIR folder."""
    if (SAMPLE / "qrels" / "test.tsv").exists():
        return SAMPLE, "test"
    root = tmp_path / "tiny"
    (root / "qrels").mkdir(parents=True)
    docs = [("d1", "Ada Lint", "Ada Lint directed The Glass Harbor in 1998."),
            ("d2", "Ada Lint", "Ada Lint was born in Vell, a port town."),
            ("d3", "Vell", "Vell is a port town on the Grey Coast.")]
    (root / "corpus.jsonl").write_text("".join(json.dumps({"_id": i, "title": t, "text": x}) + "\n" for i, t, x in docs))
    (root / "queries.jsonl").write_text(json.dumps({"_id": "q1", "text": "Who directed The Glass Harbor?",
                                                    "metadata": {"type": "single"}}) + "\n")
    (root / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\n")
    return root, "test"


@pytest.mark.slow
def test_eval_end_to_end_writes_metrics(tmp_path, monkeypatch):
    monkeypatch.setenv("HOPGRAPH_CACHE", str(tmp_path / "cache"))
    bench, split = sample_or_tiny(tmp_path)
    out = tmp_path / "out"
    args = ["eval", str(bench), "--split", split, "--systems", "bm25,hybrid", "--limit", "5",
            "--store", str(tmp_path / "store"), "--out", str(out), "--quiet"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output + repr(result.exception)

    m = json.loads((out / "metrics.json").read_text())
    assert list(m) == ["dataset", "split", "n_queries", "created_at", "config", "index", "systems", "paired"]
    assert m["split"] == split and 1 <= m["n_queries"] <= 5
    assert set(m["index"]) >= {"seconds", "chunks", "entities", "relations"} and m["index"]["chunks"] > 0
    assert list(m["systems"]) == ["bm25", "hybrid"]
    for system in m["systems"].values():
        overall = system["overall"]
        for key in ("recall@5", "complete@5", "mrr@10", "ndcg@10", "latency_ms_p50"):
            assert key in overall
        assert all(0.0 <= overall[k] <= 1.0 for k in ("recall@2", "recall@5", "complete@10", "map@10"))
        assert system["by_type"]
    assert set(m["paired"]["hybrid-vs-bm25"]) == {"recall@5", "complete@5", "mrr@10"}
    assert m["config"]["index"]["chunk_words"] > 0 and m["config"]["eval"]["limit"] == 5
    lines = (out / "per_query.jsonl").read_text().splitlines()
    assert len(lines) == 2 * m["n_queries"]
    for name in ("report.md", "recall_at_k.png", "recall5_by_type.png", "latency.png"):
        assert (out / name).exists()

    # resuming a finished run reuses the store and runs nothing new
    again = CliRunner().invoke(app, args + ["--resume"])
    assert again.exit_code == 0, again.output + repr(again.exception)
    assert len((out / "per_query.jsonl").read_text().splitlines()) == len(lines)


def test_cli_errors_are_one_line(tmp_path):
    bench, _ = sample_or_tiny(tmp_path)
    for extra, message in ((["--split", "nope"], "split 'nope' not found"),
                           (["--systems", "bm25,colbert"], "unknown system 'colbert'"),
                           (["--systems", "hybrid-rerank"], "hybrid-rerank needs a reranker"),
                           (["--systems", "bm25", "--answers"], "add hops to --systems")):
        proc = subprocess.run([sys.executable, "-c", "from hopgraph.cli import main; main()", "eval", str(bench), *extra],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert proc.returncode == 1
        assert message in proc.stderr and "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1


def test_summary_tables_show_as_returned_styles_and_answers():
    from rich.console import Console

    from hopgraph.cli_eval import answers_summary, reading_summary, style_summary, summary_table

    overall = {"recall@2": 0.5, "recall@5": 0.8, "recall@10": 0.9, "complete@5": 0.6, "mrr@10": 0.7,
               "ndcg@10": 0.7, "latency_ms_p50": 12.0}
    answers = {"n": 4, "sources": {"extractive": 4}, "em": 0.25, "f1": 0.5, "answered_rate": 0.75,
               "answered_when_gold_incomplete": 1.0, "answered_when_not_complete": 0.5}
    metrics = {"dataset": "toy", "split": "dev", "n_queries": 4, "systems": {
        "hybrid": {"overall": overall, "as_returned": {"recall@5": 0.625},
                   "by_style": {"a": {"n": 2, "recall@5": 1.0, "complete@5": 1.0}}},
        "hops": {"overall": overall, "as_returned": {},
                 "by_style": {"a": {"n": 2, "recall@5": 0.5, "complete@5": 0.0},
                              "b": {"n": 2, "recall@5": 0.25, "complete@5": 0.0}},
                 "answers": answers,
                 "hops": {"by_reading": {"sure": {"n": 1, "recall@5": 1.0, "complete@5": 1.0},
                                         "unsure": {"n": 3, "recall@5": 0.375, "complete@5": 0.0}}}}}}
    console = Console(width=200, record=True)
    for table in (summary_table(metrics), style_summary(metrics), reading_summary(metrics), answers_summary(metrics)):
        console.print(table)
    text = console.export_text()
    assert "R@5 ret" in text and "62.5" in text
    assert "100.0 / 100.0" in text and "25.0 / 0.0" in text
    assert "extractive" in text and "25.0" in text
    assert "unsure" in text and "37.5 / 0.0" in text
    plain = {"dataset": "toy", "split": "dev", "n_queries": 1, "systems": {"bm25": {"overall": overall}}}
    assert style_summary(plain) is None and answers_summary(plain) is None and reading_summary(plain) is None
