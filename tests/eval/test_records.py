"""per_query.jsonl: whole lines, truncated tails ignored and cut."""

import pytest

from hopgraph.errors import UserError
from hopgraph.eval.records import QueryRecord, append_record, drop_partial_tail, latest_by_key, load_records


def test_round_trip_and_truncated_last_line(tmp_path):
    path = tmp_path / "per_query.jsonl"
    with path.open("w") as f:
        append_record(f, QueryRecord(system="bm25", query_id="q1", ranked=["a"], gold=["a"]))
        append_record(f, QueryRecord(system="bm25", query_id="q2"))
    with path.open("a") as f:
        f.write('{"system": "bm25", "query_id": "q3", "ran')  # an interrupted write
    records = load_records(path)
    assert [r.query_id for r in records] == ["q1", "q2"]
    assert records[0].ranked == ["a"]
    drop_partial_tail(path)
    assert path.read_text().endswith("\n") and path.read_text().count("\n") == 2


def test_missing_file_and_garbage_line(tmp_path):
    assert load_records(tmp_path / "none.jsonl") == []
    path = tmp_path / "bad.jsonl"
    path.write_text("not json\n")
    with pytest.raises(UserError, match="bad.jsonl:1"):
        load_records(path)


def test_latest_record_wins():
    a = QueryRecord(system="s", query_id="q", latency_ms=1)
    b = QueryRecord(system="s", query_id="q", latency_ms=2)
    assert latest_by_key([a, b])[("s", "q")].latency_ms == 2
