"""What `ask` computes from a finished run (its conflicting evidence) through the cross-question cache.

The same run (route, every trace's hit ids, the last assessments) gives the same conflicts, so a question
asked again does not check its evidence again. Cache hits and misses are added to the result's stage_calls.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import TypeAdapter

from hopgraph.cache.query_cache import cached
from hopgraph.models import AgenticRetrievalResult, Conflict
from hopgraph.scope import question_scope

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph

_CONFLICTS = TypeAdapter(list[Conflict])


def run_digest(result: AgenticRetrievalResult) -> str:
    """A digest of what a run's conflicts depend on: route, hits of every trace (tool passages by text), last
    decision (pure)."""
    parts = [result.route.model_dump_json() if result.route else ""]
    for t in result.traces:
        parts.append("|".join(h.chunk_id if h.source is None else f"{h.chunk_id}:{h.text}" for h in t.hits))
        if t.decision is not None:
            parts.append(t.decision.model_dump_json())
    return hashlib.sha1("\n".join(parts).encode("utf-8")).hexdigest()


def cached_conflicts(hg: HopGraph, result: AgenticRetrievalResult,
                     find: Callable[[HopGraph, AgenticRetrievalResult], list[Conflict]]) -> list[Conflict]:
    cache = getattr(hg.hop_loop, "services", None)
    cache = cache.cache if cache is not None else None
    if cache is None:
        return find(hg, result)
    with question_scope(cache, cache.fingerprint) as scope:  # the fingerprint the run itself just read
        out = cached("conflicts", (run_digest(result),), lambda: _CONFLICTS.dump_json(find(hg, result)),
                     _CONFLICTS.validate_json)
    for key, n in scope.counts.items():
        result.stage_calls[key] = result.stage_calls.get(key, 0) + n
    return out
