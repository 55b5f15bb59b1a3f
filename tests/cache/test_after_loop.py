"""Conflicts of a finished run go through the cache: the same run is checked once."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from hopgraph.cache.after_loop import cached_conflicts, run_digest
from hopgraph.cache.query_cache import QueryCache
from hopgraph.config_sections import QueryCacheSettings
from hopgraph.models import AgenticRetrievalResult, Conflict, ConflictValue, HopTrace, SearchHit
from hopgraph.store import Store
from store_fixtures import build_fake_store


def result(*chunk_ids: str) -> AgenticRetrievalResult:
    hits = [SearchHit(chunk_id=c, doc_id=c.split("#")[0]) for c in chunk_ids]
    return AgenticRetrievalResult(question="q", termination_reason="complete", traces=[HopTrace(hop=1, query="q", hits=hits)])


def test_the_same_run_is_checked_once(tmp_path: Path) -> None:
    corpus = tmp_path / "docs.json"
    corpus.write_text(json.dumps([{"id": "a", "title": "Lorn", "text": "Lorn is a town."}]))
    build_fake_store(corpus, tmp_path / "store")
    store = Store.open(tmp_path / "store")
    hg = SimpleNamespace(hop_loop=SimpleNamespace(services=SimpleNamespace(cache=QueryCache(store, QueryCacheSettings()))))
    calls = []

    def find(hg, r):
        calls.append(r)
        return [Conflict(requirement_id="R1", entity="Lorn", relation="born_date",
                         values=[ConflictValue(value="1803"), ConflictValue(value="1805")])]

    first = cached_conflicts(hg, result("a#0", "b#0"), find)
    again = result("a#0", "b#0")
    second = cached_conflicts(hg, again, find)
    cached_conflicts(hg, result("b#0", "a#0"), find)  # other hits: checked again
    assert len(calls) == 2 and first == second and second[0].values[1].value == "1805"
    assert again.stage_calls == {"cache_conflicts_hits": 1}
    store.close()


def test_digest_tells_tool_passages_apart_by_text() -> None:
    a, b = result("web:x#0"), result("web:x#0")
    a.traces[0].hits[0].source = b.traces[0].hits[0].source = "web"
    b.traces[0].hits[0].text = "changed"
    assert run_digest(a) != run_digest(b) and run_digest(result("a#0")) == run_digest(result("a#0"))
