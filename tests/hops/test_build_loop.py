"""`build_hop_loop`: rule components on a real (model-free) store, LLM components when configured."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from unittest import mock

import pytest

from hopgraph.facade import HopGraph
from hopgraph.hops.correct import RuleCorrector
from hopgraph.hops.grade import RuleGrader
from hopgraph.hops.loop import build_hop_loop
from hopgraph.router.rules import RuleRouter
from kg_fixtures import write_small_corpus
from store_fixtures import HashEmbedder, build_fake_store, fake_settings


@pytest.fixture
def hg(tmp_path: Path):
    build_fake_store(write_small_corpus(tmp_path / "docs.json"), tmp_path / "store")
    with mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        h = HopGraph.open(tmp_path / "store", fake_settings())
        yield h
        h.close()


def test_rule_components_and_hybrid_for_graph_queries_without_a_graph(hg: HopGraph) -> None:
    loop = build_hop_loop(hg)
    assert isinstance(loop.router, RuleRouter) and isinstance(loop.grader, RuleGrader) and isinstance(loop.corrector, RuleCorrector)
    profiles: list[str] = []
    real = hg.search
    hg.search = lambda q, k, profile=None, fusion=None: profiles.append(profile) or real(q, k, profile=profile, fusion=fusion)  # type: ignore[method-assign]
    hits = loop.retrieve("Oskar Brandt", "graph", 3)
    assert profiles == ["hybrid"] and 1 <= len(hits) <= 3

    result = loop.run("Where was the director of The Glass Harbor born?", 5)
    assert result.route.shape == "bridge"
    assert {h.doc_id for h in result.hits} >= {"film", "oskar"}
    assert result.termination_reason == "complete"


def test_llm_components_when_an_llm_is_configured(hg: HopGraph, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {}

    def build_llm_components(h, router, grader, corrector):
        seen["args"] = (h, router, grader, corrector)
        return "llm-router", "llm-grader", "llm-corrector"

    fake = types.ModuleType("hopgraph.hops.llm_steps")
    fake.build_llm_components = build_llm_components
    monkeypatch.setitem(sys.modules, "hopgraph.hops.llm_steps", fake)
    hg.settings.llm.base_url, hg.settings.llm.model = "http://127.0.0.1:9/v1", "m"
    loop = build_hop_loop(hg)
    assert (loop.router, loop.grader, loop.corrector) == ("llm-router", "llm-grader", "llm-corrector")
    assert isinstance(seen["args"][1], RuleRouter)  # the rule-based ones are handed over as fallbacks
