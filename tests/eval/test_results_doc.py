from hopgraph.eval.results_doc import render


def metrics(dataset: str) -> dict:
    overall = {k: 0.5 for k in ("recall@2", "recall@5", "recall@10", "complete@2", "complete@5", "complete@10", "mrr@10", "ndcg@10")}
    overall |= {"latency_ms_p50": 3.25, "latency_ms_p95": 40.0}
    hops = {"mean_hops": 1.5, "correction_rate": 0.25, "routes": {"multi_hop": 3, "single_hop": 1},
            "termination": {"complete": 3, "no_progress": 1}, "calibration": {"precision": 1.0, "recall": 0.75}}
    return {
        "dataset": dataset,
        "index": {"seconds": 12.0, "chunks": 10, "entities": 5, "relations": 7, "chunks_per_s": 0.8},
        "systems": {
            "bm25": {"overall": overall, "by_type": {"bridge": {"n": 4, "recall@5": 0.25, "complete@5": 0.0}}},
            "hops": {"overall": overall, "by_type": {"bridge": {"n": 4, "recall@5": 1.0, "complete@5": 1.0}}, "hops": hops},
        },
        "paired": {"hops-vs-bm25": {k: {"delta": 0.75, "ci95": [0.5, 1.0]} for k in ("recall@5", "complete@5", "mrr@10")}},
    }


def test_render_has_every_section_with_the_figures() -> None:
    text = render([metrics("2wiki"), metrics("musique")], "abc123")
    assert "Commit `abc123`" in text
    assert "| 2wiki | hops | 50.0 | 50.0 | - | 50.0 | 50.0 | 50.0 | 50.0 | 50.0 | 50.0 | 3.2 | 40 |" in text
    assert "By question style" not in text
    assert "| musique | bridge | 4 | 25.0 / 0.0 | 100.0 / 100.0 |" in text
    assert "| 2wiki | hops-vs-bm25 | +75.0 [+50.0, +100.0] |" in text
    assert "| 2wiki | 1.50 | 25.0 | multi_hop 3, single_hop 1 | complete 3, no_progress 1 | 100.0 | 75.0 |" in text
    assert "| musique | 10 | 5 | 7 | 12 | 0.8 |" in text


def test_speed_table_from_bench_json() -> None:
    from hopgraph.eval.results_doc import speed_table

    bench = {
        "dataset": "2wiki", "graph_load_seconds": 4.5, "peak_memory_mb": 1900.4,
        "indexing": {"documents": 3, "chunks": 4, "entities": 5, "relations": 6, "seconds": 8.0, "chunks_per_s": 0.5,
                     "stage_seconds": {"embed": 2.0}, "stage_chunks_per_s": {"embed": 2.0}},
        "query_latency_ms": {"hybrid": {"latency_ms_p50": 11.8, "latency_ms_p95": 14.1}},
    }
    lines = speed_table(bench)
    assert "| index, total | 8 s (0.5 chunks/s) |" in lines
    assert "| index, embed | 2.00 s (2 chunks/s) |" in lines
    assert "| hybrid query p50 / p95 | 12 / 14 ms |" in lines
    assert "| peak memory | 1900 MB |" in lines


def test_render_shows_as_returned_and_styles_and_labels_the_strict_variant() -> None:
    from hopgraph.eval.results_doc import label_run

    m = metrics("reworded")
    m["systems"]["hops"]["as_returned"] = {"recall@5": 0.4}
    m["systems"]["hops"]["by_style"] = {"b": {"n": 3, "recall@5": 0.75, "complete@5": 0.5}}
    text = render([m], "abc123")
    assert "| reworded | hops | 50.0 | 50.0 | 40.0 | 50.0 |" in text
    assert "| reworded | b | 3 | - | 75.0 / 50.0 |" in text
    strict = label_run({"dataset": "2wiki", "config": {"eval": {"no_titles": True, "strip_leading_title": True}}})
    plain = label_run({"dataset": "2wiki", "config": {"eval": {"no_titles": True}}})
    assert strict["dataset"] == "2wiki (no titles, strict)" and plain["dataset"] == "2wiki (no titles)"
