"""Pieces of `hopgraph bench` that need no real build."""

from hopgraph.eval.bench import bench_table, indexing_summary, peak_memory_mb, time_queries
from hopgraph.models import IndexStats


class Engine:
    def __init__(self):
        self.calls = []

    def search(self, q, k=10, profile=None):
        self.calls.append((profile, q, k))
        return []

    def ask(self, q, k=None, answer=False, save_trace=True):
        self.calls.append(("hops", q, save_trace))


def test_indexing_summary_per_stage_throughput():
    stats = IndexStats(documents=5, chunks=100, seconds=4.0, stage_seconds={"embed": 2.0, "write": 0.0})
    s = indexing_summary(stats)
    assert s["chunks_per_s"] == 25.0
    assert s["stage_chunks_per_s"] == {"embed": 50.0, "write": None}


def test_time_queries_runs_each_question_once():
    engine = Engine()
    out = time_queries(engine, "bm25", ["a", "b", "c"])
    assert engine.calls == [("bm25", "a", 10), ("bm25", "b", 10), ("bm25", "c", 10)]
    assert set(out) == {"latency_ms_p50", "latency_ms_p95", "latency_ms_mean", "queries_per_s"}
    time_queries(engine, "hops", ["d"])
    assert engine.calls[-1] == ("hops", "d", False)


def test_peak_memory_and_table():
    assert peak_memory_mb() > 1
    result = {"dataset": "toy", "indexing": indexing_summary(IndexStats(documents=1, chunks=2, seconds=1.0,
                                                                        stage_seconds={"embed": 0.5})),
              "graph_load_seconds": None, "peak_memory_mb": 100.0,
              "query_latency_ms": {"bm25": {"latency_ms_p50": 1.0, "latency_ms_p95": 2.0}}}
    assert bench_table(result).row_count == 7
