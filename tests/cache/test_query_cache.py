"""`cached` inside and outside a question scope; the store fingerprint empties the cache when the store changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hopgraph.cache.fingerprint import meta_fingerprint
from hopgraph.cache.query_cache import QueryCache, cached, normalise
from hopgraph.config_sections import QueryCacheSettings
from hopgraph.scope import question_scope
from hopgraph.store import Store
from store_fixtures import build_fake_store


@pytest.fixture
def store(tmp_path: Path):
    corpus = tmp_path / "docs.json"
    corpus.write_text(json.dumps([{"id": "a", "title": "Lorn", "text": "Lorn is a town on the coast."}]))
    build_fake_store(corpus, tmp_path / "store")
    s = Store.open(tmp_path / "store")
    yield s
    s.close()


def counter():
    calls = []

    def compute():
        calls.append(1)
        return [len(calls)]

    return calls, compute


def test_outside_a_question_nothing_is_cached() -> None:
    calls, compute = counter()
    cached("retrieve", ("x",), compute)
    cached("retrieve", ("x",), compute)
    assert len(calls) == 2


def test_inside_a_question_once_per_key_with_counts_and_copies(store: Store) -> None:
    cache = QueryCache(store, QueryCacheSettings())
    calls, compute = counter()
    with question_scope(cache) as scope:
        first = cached("retrieve", ("x",), compute, list)
        first.append("mutated by a caller")
        second = cached("retrieve", ("x",), compute, list)
        cached("retrieve", ("y",), compute, list)
    assert len(calls) == 2 and second == [1]
    assert dict(scope.counts) == {"cache_retrieve_misses": 2, "cache_retrieve_hits": 1}
    with question_scope(cache) as scope:  # the next question reuses it
        assert cached("retrieve", ("x",), compute) == [1]
    assert scope.counts["cache_retrieve_hits"] == 1 and len(calls) == 2


def test_a_store_change_invalidates(store: Store) -> None:
    cache = QueryCache(store, QueryCacheSettings())
    calls, compute = counter()
    with question_scope(cache):
        cached("route", ("q",), compute)
    with store._lock:
        store.conn.execute("UPDATE meta SET value = ? WHERE key = 'created_at'", ("2030-01-01T00:00:00+00:00",))
        store.conn.commit()
    with question_scope(cache) as scope:
        assert cached("route", ("q",), compute) == [2]
    assert scope.counts == {"cache_route_misses": 1} and len(calls) == 2


def test_disabled_cache_computes_every_time(store: Store) -> None:
    cache = QueryCache(store, QueryCacheSettings(enabled=False))
    calls, compute = counter()
    with question_scope(cache) as scope:
        cached("link", ("x",), compute)
        cached("link", ("x",), compute)
    assert len(calls) == 2 and not scope.counts


def test_failures_are_not_cached(store: Store) -> None:
    cache = QueryCache(store, QueryCacheSettings())

    def boom():
        raise RuntimeError("down")

    with question_scope(cache):
        with pytest.raises(RuntimeError):
            cached("retrieve", ("x",), boom)
        assert cached("retrieve", ("x",), lambda: "ok") == "ok"


def test_normalise_keeps_case_and_folds_space() -> None:
    assert normalise("  Who  directed\tSalt Lines?\n") == "Who directed Salt Lines?"
    assert normalise("salt lines") != normalise("Salt Lines")
    assert normalise("ﬁlm") == "film"  # NFKC


def test_meta_fingerprint_depends_on_every_item() -> None:
    base = {"created_at": "1", "corpus_fingerprint": "c"}
    assert meta_fingerprint(base) == meta_fingerprint(dict(reversed(list(base.items()))))
    assert meta_fingerprint(base) != meta_fingerprint({**base, "chunks": "3"})
