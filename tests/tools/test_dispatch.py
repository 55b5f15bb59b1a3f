"""User tools in the hop loop, end to end: a real store (hash embedder) and a real HTTP tool on 127.0.0.1.

The store lacks the director's own page; the web tool has it. The rule router sends the tool a sub-query
only when a trigger matches, the tool's passage is bound and cited like a chunk, and a failing or slow tool
costs at most its timeout once per question and never fails it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from unittest import mock

import pytest

from hopgraph.config_sections import HttpToolSettings
from hopgraph.facade import HopGraph
from hopgraph.hops.answer import extractive_answer
from store_fixtures import HashEmbedder, build_fake_store, fake_settings
from tool_server import ToolServer

DOCS = [
    {"id": "film", "title": "The Glass Harbor", "text": "The Glass Harbor is a film. Oskar Brandt directed The Glass Harbor."},
    {"id": "tamsel", "title": "Tamsel", "text": "Tamsel is a town founded in 1803. Tamsel lies near Kestrel Bay."},
    {"id": "kb", "title": "Kestrel Bay", "text": "Kestrel Bay is a port city with a harbour."},
    {"id": "studio", "title": "Saltmoor Studios", "text": "Saltmoor Studios produced The Glass Harbor."},
]
WEB_PAGE = {"id": "ob-7", "title": "Oskar Brandt", "url": "http://web.example/ob-7",
            "text": "Oskar Brandt is a director. Oskar Brandt was born in Tamsel."}
WITH_TRIGGER = "Where was the director of The Glass Harbor born, according to the web?"
WITHOUT_TRIGGER = "Where was the director of The Glass Harbor born?"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("tools")
    corpus = base / "docs.json"
    corpus.write_text(json.dumps(DOCS), encoding="utf-8")
    build_fake_store(corpus, base / "store")
    return base / "store"


@pytest.fixture
def server():
    s = ToolServer([WEB_PAGE]).start()
    yield s
    s.stop()


def open_with_tool(store: Path, url: str, triggers: list[str], timeout: float = 2.0) -> HopGraph:
    settings = fake_settings()
    settings.tools = [HttpToolSettings(name="web", url=url, description="Web search", triggers=triggers, timeout_s=timeout)]
    with mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        hg = HopGraph.open(store, settings)
        hg.warm_up()
    return hg


def tool_traces(result) -> list:
    return [t for t in result.traces if t.source == "web"]


def test_trigger_picks_the_tool_and_its_passage_is_bound_and_cited(store: Path, server: ToolServer) -> None:
    hg = open_with_tool(store, server.url, ["according to the web"])
    result = hg.ask(WITH_TRIGGER, save_trace=False)
    assert len(server.requests) == 1 and tool_traces(result)
    hit = next(h for h in result.hits if h.source == "web")
    assert (hit.chunk_id, hit.doc_id, hit.url) == ("web:ob-7#0", "web:ob-7", "http://web.example/ob-7")
    assert result.termination_reason == "complete"
    bound = {c for t in result.traces if t.decision for a in t.decision.assessments for c in a.evidence_chunk_ids}
    assert "web:ob-7#0" in bound
    assert "[web:ob-7#0]" in extractive_answer(result) and "Tamsel" in extractive_answer(result)
    assert result.stage_calls["tool_calls"] == 1


def test_no_trigger_never_calls_the_tool(store: Path, server: ToolServer) -> None:
    hg = open_with_tool(store, server.url, ["according to the web"])
    result = hg.ask(WITHOUT_TRIGGER, save_trace=False)
    assert server.requests == [] and not tool_traces(result)
    assert all(h.source is None for h in result.hits) and "tool_calls" not in result.stage_calls
    assert result.termination_reason != "complete"  # the store alone lacks the birthplace


@pytest.mark.parametrize("mode", ["error", "garbage"])
def test_a_failing_tool_is_skipped_with_a_note(store: Path, server: ToolServer, mode: str) -> None:
    server.mode = mode
    hg = open_with_tool(store, server.url, ["re:."])  # every sub-query would go to the tool
    result = hg.ask(WITH_TRIGGER, save_trace=False)
    assert len(server.requests) == 1  # tried once; the other sub-queries skip it
    notes = [n for t in result.traces for n in t.notes]
    assert any(n.startswith("tool web failed and was skipped") for n in notes)
    assert result.stage_calls["tool_failures"] == 1 and result.stage_calls.get("tool_skipped", 0) >= 1
    assert result.termination_reason not in ("retrieval_failed", "router_failed", "grader_failed")
    assert any(h.doc_id == "film" for h in result.hits)  # the store's own evidence is still there


def test_a_slow_tool_costs_its_timeout_once_per_question(store: Path, server: ToolServer) -> None:
    server.mode, server.delay = "slow", 3.0
    hg = open_with_tool(store, server.url, ["re:."], timeout=0.4)
    baseline = open_with_tool(store, server.url, []).ask(WITH_TRIGGER, save_trace=False).elapsed_s
    for _ in range(2):  # and again for the next question: the scope is per question
        before = len(server.requests)
        start = time.perf_counter()
        result = hg.ask(WITH_TRIGGER, save_trace=False)
        assert len(server.requests) == before + 1
        assert time.perf_counter() - start < baseline + 0.4 + 0.5
        notes = [n for t in result.traces for n in t.notes]
        assert any(n.startswith("tool web failed and was skipped") and ("0.4 s" in n or "timed out" in n) for n in notes)
        assert result.stage_calls["tool_failures"] == 1 and result.stage_calls["tool_skipped"] >= 1


def test_a_dead_endpoint_is_skipped(store: Path) -> None:
    hg = open_with_tool(store, "http://127.0.0.1:9/search", ["according to the web"], timeout=1.0)
    result = hg.ask(WITH_TRIGGER, save_trace=False)
    assert result.stage_calls["tool_failures"] == 1 and any(h.doc_id == "film" for h in result.hits)


def test_python_api_lists_the_registry(store: Path, server: ToolServer) -> None:
    hg = open_with_tool(store, server.url, ["on the web"])
    specs = {s.name: s for s in hg.tools()}
    assert specs["web"].kind == "http" and specs["web"].triggers == ["on the web"] and "hybrid" in specs


def test_a_user_tool_still_answers_under_metadata_filters(store: Path, server: ToolServer) -> None:
    hg = open_with_tool(store, server.url, ["according to the web"])
    result = hg.ask(WITH_TRIGGER, save_trace=False, where=["source=gazette"])  # no store document passes it
    assert len(server.requests) == 1 and any(h.source == "web" for h in result.hits)
    assert result.termination_reason != "retrieval_failed"


def test_built_in_sources_search_with_the_hop_loops_fusion(store: Path) -> None:
    from hopgraph.tools.dispatch import ToolDispatcher

    settings = fake_settings()
    settings.retrieval.fusion, settings.hops.fusion = "zscore", "rrf"
    with mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        hg = HopGraph.open(store, settings)
        hg.warm_up()
    dispatcher = ToolDispatcher(hg, hg.hop_loop.services.registry, has_graph=True)
    query = "Saltmoor Studios Glass Harbor film"
    loop_hits = dispatcher.builtin("hybrid", query, 4)
    assert [h.rrf_score for h in loop_hits] == [h.rrf_score for h in hg.search(query, 4, "hybrid", fusion="rrf")]
    assert all(h.rrf_score < 1 for h in loop_hits)  # 1/(60 + rank) summed, not z-scores
    assert hg.search(query, 4, "hybrid")[0].rrf_score > 1  # plain search: retrieval.fusion (z-scores)


def test_built_in_searches_get_the_expanded_query(store: Path) -> None:
    from hopgraph.scope import question_scope
    from hopgraph.tools.dispatch import ToolDispatcher

    with mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        hg = HopGraph.open(store, fake_settings())
        hg.warm_up()
    seen: list[str] = []
    dispatcher = ToolDispatcher(hg, hg.hop_loop.services.registry, has_graph=True, expand=lambda q: q + " Tamsel")
    with mock.patch.object(ToolDispatcher, "builtin", lambda self, name, query, k: seen.append(query) or []):
        with question_scope() as scope:
            dispatcher("Kestrel Bay port", "hybrid", 3)
    assert seen == ["Kestrel Bay port Tamsel"]
    assert scope.notes == ["searched as: Kestrel Bay port Tamsel"]  # the trace says what the store was asked
