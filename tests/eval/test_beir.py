"""The BEIR loader: splits, gold, skipped questions and one-line errors."""

import json

import pytest

from hopgraph.errors import UserError
from hopgraph.eval.beir import load_benchmark


def make_bench(root, qrels="query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td2\t1\nq2\td3\t1\n", queries=None):
    root.mkdir(parents=True, exist_ok=True)
    docs = [{"_id": f"d{i}", "title": f"T{i}", "text": f"text {i}"} for i in range(1, 5)]
    (root / "corpus.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    queries = queries if queries is not None else [
        {"_id": "q1", "text": "first?", "metadata": {"type": "bridge"}},
        {"_id": "q2", "text": "second?", "metadata": {"type": "comparison"}},
        {"_id": "q3", "text": "no gold?"},
    ]
    (root / "queries.jsonl").write_text("".join(json.dumps(q) + "\n" for q in queries))
    (root / "qrels").mkdir(exist_ok=True)
    (root / "qrels" / "dev.tsv").write_text(qrels)
    return root


def test_loads_gold_types_and_counts_questions_without_gold(tmp_path):
    bench = load_benchmark(make_bench(tmp_path / "b"), "dev")
    assert [(q.query_id, q.type, q.gold) for q in bench.queries] == [
        ("q1", "bridge", ["d1", "d2"]), ("q2", "comparison", ["d3"])]
    assert bench.skipped_no_gold == 1
    assert bench.name == "b" and bench.split == "dev"


def test_limit_and_zero_scores(tmp_path):
    root = make_bench(tmp_path / "b", qrels="q1\td1\t1\nq1\td2\t0\nq2\td3\t2\n")  # no header
    bench = load_benchmark(root, "dev", limit=1)
    assert [(q.query_id, q.gold) for q in bench.queries] == [("q1", ["d1"])]


def test_missing_split_names_available_splits(tmp_path):
    with pytest.raises(UserError, match=r"split 'test' not found.*available: dev"):
        load_benchmark(make_bench(tmp_path / "b"), "test")


def test_unknown_corpus_id_in_qrels(tmp_path):
    root = make_bench(tmp_path / "b", qrels="query-id\tcorpus-id\tscore\nq1\tnope\t1\n")
    with pytest.raises(UserError, match=r"dev.tsv:2: unknown corpus id 'nope'"):
        load_benchmark(root, "dev")


def test_unknown_query_id_in_qrels(tmp_path):
    root = make_bench(tmp_path / "b", qrels="qX\td1\t1\n")
    with pytest.raises(UserError, match=r"dev.tsv:1: unknown query id 'qX'"):
        load_benchmark(root, "dev")


def test_malformed_qrels_line(tmp_path):
    root = make_bench(tmp_path / "b", qrels="query-id\tcorpus-id\tscore\nq1 d1 1\n")
    with pytest.raises(UserError, match=r"dev.tsv:2: expected 3 tab-separated fields"):
        load_benchmark(root, "dev")
    root = make_bench(tmp_path / "c", qrels="q1\td1\thigh\n")
    with pytest.raises(UserError, match="not a number"):
        load_benchmark(root, "dev")


def test_malformed_query_line(tmp_path):
    root = make_bench(tmp_path / "b")
    with (root / "queries.jsonl").open("a") as f:
        f.write("{not json\n")
    with pytest.raises(UserError, match=r"queries.jsonl:4: invalid JSON"):
        load_benchmark(root, "dev")


def test_duplicate_query_and_missing_files(tmp_path):
    root = make_bench(tmp_path / "b", queries=[{"_id": "q1", "text": "a"}, {"_id": "q1", "text": "b"}], qrels="q1\td1\t1\n")
    with pytest.raises(UserError, match="duplicate query id"):
        load_benchmark(root, "dev")
    with pytest.raises(UserError, match="not found"):
        load_benchmark(tmp_path / "nowhere", "dev")
    (root / "corpus.jsonl").unlink()
    with pytest.raises(UserError, match="corpus.jsonl not found"):
        load_benchmark(root, "dev")


def test_keeps_style_answer_aliases_and_evidence(tmp_path):
    queries = [
        {"_id": "q1", "text": "first?", "metadata": {"type": "bridge", "style": "b", "answer": "Kell",
                                                       "answer_aliases": ["Kell Town"],
                                                       "evidence": [["A", "director", "B"], ["bad"]]}},
        {"_id": "q2", "text": "second?", "metadata": {"type": "comparison", "answer": ""}},
    ]
    bench = load_benchmark(make_bench(tmp_path / "b", queries=queries), "dev")
    q1, q2 = bench.queries
    assert (q1.style, q1.answer, q1.answer_aliases, q1.evidence) == ("b", "Kell", ["Kell Town"], [["A", "director", "B"]])
    assert (q2.style, q2.answer, q2.answer_aliases, q2.evidence) == ("", None, [], [])
