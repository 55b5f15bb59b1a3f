"""The cross-question cache in the hop loop (a real model-free store) and LLM route decisions kept in the store."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from hopgraph.cache.query_cache import QueryCache
from hopgraph.config_sections import QueryCacheSettings
from hopgraph.facade import HopGraph
from hopgraph.hops.services import LoopServices
from hopgraph.models import RouteDecision, SubQuery
from hopgraph.scope import question_scope
from hopgraph.store import Store
from kg_fixtures import write_small_corpus
from store_fixtures import HashEmbedder, build_fake_store, fake_settings

QUESTION = "Where was the director of The Glass Harbor born?"


@pytest.fixture
def hg(tmp_path: Path):
    build_fake_store(write_small_corpus(tmp_path / "docs.json"), tmp_path / "store")
    with mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        h = HopGraph.open(tmp_path / "store", fake_settings())
        h.warm_up()
        yield h
        h.close()


def comparable(result) -> dict[str, Any]:
    """The result without what differs between runs by design (ids, timings, call counts)."""
    data = result.model_dump(exclude={"trace_id", "elapsed_s", "stage_calls"})
    for t in data["traces"]:
        t.pop("elapsed_s")
        t.pop("stage_calls")
    return data


def test_second_ask_is_served_from_the_cache_and_identical(hg: HopGraph) -> None:
    first = hg.ask(QUESTION, save_trace=False)
    second = hg.ask("  Where was the director of  The Glass Harbor born? ", save_trace=False)
    assert first.stage_calls["cache_route_misses"] == 1 and first.stage_calls["cache_retrieve_misses"] >= 2
    calls = second.stage_calls
    assert calls["cache_route_hits"] == 1 and "cache_route_misses" not in calls
    assert calls["cache_retrieve_hits"] == calls["retrieve"] and "cache_retrieve_misses" not in calls
    assert calls["cache_grade_hits"] == calls["grade"] and "cache_grade_misses" not in calls
    assert comparable(second)["hits"] == comparable(first)["hits"]
    assert comparable(hg.ask(QUESTION, save_trace=False)) == comparable(first)


def test_a_store_update_is_never_served_stale(hg: HopGraph, tmp_path: Path) -> None:
    hg.ask(QUESTION, save_trace=False)
    with hg.store._lock:  # any write of the store's meta (every build and update writes it) changes the fingerprint
        hg.store.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('updated_at', 'now')")
        hg.store.conn.commit()
    again = hg.ask(QUESTION, save_trace=False)
    assert again.stage_calls["cache_route_misses"] == 1 and "cache_route_hits" not in again.stage_calls
    assert "cache_retrieve_hits" not in again.stage_calls


def test_cache_off(hg: HopGraph) -> None:
    hg.settings.query_cache.enabled = False
    hg.__dict__.pop("hop_loop", None)
    hg.ask(QUESTION, save_trace=False)
    calls = hg.ask(QUESTION, save_trace=False).stage_calls
    assert not any(k.startswith("cache_") for k in calls)


class StubLLMRouter:
    """Looks like the LLM router to the services (it has a `client`); counts its calls."""

    def __init__(self) -> None:
        self.client = type("Client", (), {"model": "stub-model"})()
        self.calls = 0

    def route(self, question: str) -> RouteDecision:
        self.calls += 1
        return RouteDecision(route="single_hop", first_query=question, reason="[llm] one fact",
                             plan=[SubQuery(text=question, requirement_id="R1")])


def test_llm_routes_are_kept_in_the_store_across_processes(hg: HopGraph) -> None:
    router = StubLLMRouter()
    for _ in range(2):  # a fresh cache each time: as if the process restarted
        services = LoopServices(QueryCache(hg.store, QueryCacheSettings()), None, hg.store, persist_llm_routes=True)
        with question_scope(services.cache) as scope:
            decision = services.route(router, "Who founded Saltmoor Studios?")
        assert decision.reason == "[llm] one fact"
    assert router.calls == 1 and scope.counts["cache_route_store_hits"] == 1
    reopened = Store.open(hg.store.root)
    assert any(r["key"].startswith("route:") for r in reopened.conn.execute("SELECT key FROM llm_cache"))
    reopened.close()


def test_llm_fallback_decisions_are_not_cached(hg: HopGraph) -> None:
    class FlakyGrader:
        calls = 0

        def grade(self, question, route, evidence, hop):
            from hopgraph.models import EvidenceDecision

            self.calls += 1
            return EvidenceDecision(verdict="continue", reason="[llm fallback: timeout] rules")

    grader = FlakyGrader()
    services = LoopServices(QueryCache(hg.store, QueryCacheSettings()))
    route = RouteDecision(route="single_hop", first_query="q", reason="rules")
    for _ in range(2):
        with question_scope(services.cache):
            services.grade(grader, "q", route, [], 1)
    assert grader.calls == 2


def test_routers_carrying_filters_do_not_share_decisions() -> None:
    class Filtered:
        def __init__(self, filters):
            self.filters = filters

        def route(self, question):
            return RouteDecision(route="single_hop", first_query=question, reason=f"filters {self.filters}")

    services = LoopServices()
    assert services.router_key(Filtered(["date>=2021"])) != services.router_key(Filtered(["source=gazette"]))
