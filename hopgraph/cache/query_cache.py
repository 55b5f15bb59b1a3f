"""The per-store cache of sub-query results, entity links and route decisions.

Kinds: sub-query results (`retrieve`), entity links (`link`), route decisions (`route`) and the grader's
decisions (`grade`, keyed by question, route and the evidence's chunk ids: the same evidence grades alike),
and the conflicts `ask` reads from a finished run (`conflicts`, `hopgraph.cache.after_loop`).
Keys are (store fingerprint, kind-specific parts, normalised text). Text is normalised without changing
what retrieval sees: Unicode NFKC and runs of whitespace folded to one space; case is kept, because the
router and the entity linker read capital letters. The fingerprint is read once per question
(`hopgraph.scope.question_scope` calls `sync`); when it changed, every in-memory entry is dropped.

Use `cached(kind, key, compute, copy)` from inside a question: it counts `cache_<kind>_hits` and
`cache_<kind>_misses` into the question's stage_calls; outside a question it just computes.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, TypeVar

from hopgraph.cache.fingerprint import store_fingerprint
from hopgraph.cache.lru import LRU
from hopgraph.scope import current

if TYPE_CHECKING:
    from hopgraph.config_sections import QueryCacheSettings
    from hopgraph.store import Store

KINDS = ("retrieve", "link", "route", "grade", "conflicts")
T = TypeVar("T")
_MISSING = object()


def normalise(text: str) -> str:
    """NFKC with whitespace runs folded and the ends stripped; case and punctuation kept (pure)."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


class QueryCache:
    def __init__(self, store: Store, settings: QueryCacheSettings):
        self.store = store
        self.settings = settings
        self.lrus = {kind: LRU(settings.max_entries) for kind in KINDS}
        self._fingerprint: str | None = None
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self.settings.enabled

    def sync(self) -> str:
        """The store's current fingerprint; a new one empties the cache (the store was rebuilt or updated)."""
        fp = store_fingerprint(self.store)
        with self._lock:
            if fp != self._fingerprint:
                for lru in self.lrus.values():
                    lru.clear()
                self._fingerprint = fp
        return fp

    @property
    def fingerprint(self) -> str | None:
        """The fingerprint the last `sync` read (None before the first)."""
        return self._fingerprint

    def clear(self) -> None:
        for lru in self.lrus.values():
            lru.clear()

    def stats(self) -> dict[str, dict[str, int]]:
        """Per kind: entries, hits and misses since the cache was made."""
        return {k: {"entries": len(v), "hits": v.hits, "misses": v.misses} for k, v in self.lrus.items()}


def cached(kind: str, key: tuple[Hashable, ...], compute: Callable[[], T],
           copy: Callable[[T], T] = lambda v: v, keep: Callable[[T], bool] = lambda v: True) -> T:
    """`compute()` through the current question's cache (the value is computed once per key and store);
    `copy` makes what callers get independent of what is kept. Failures, and values `keep` refuses (an LLM
    step's rule fallback: the LLM may answer next time), are not cached."""
    scope = current()
    cache = scope.cache if scope is not None else None
    if cache is None or not cache.enabled:
        return copy(compute())  # `copy` may also decode what compute keeps (JSON): callers get the same type
    lru = cache.lrus[kind]
    full = (scope.fingerprint, *key)
    value = lru.get(full, _MISSING)
    if value is _MISSING:
        scope.counts[f"cache_{kind}_misses"] += 1
        value = compute()
        if keep(value):
            lru.put(full, value)
    else:
        scope.counts[f"cache_{kind}_hits"] += 1
    return copy(value)
