"""Running one sub-query on its source: the hop loop's `retrieve(query, source, k)`.

Built-in sources search the store through `HopGraph.search` (results cached across questions by normalised
query, source, k and store fingerprint). User tools are called with a deadline (their `timeout_s`); a tool
that fails or misses it returns no hits, the trace gets a note, and the tool is skipped for the rest of the
question, so a dead tool costs at most its timeout once per question and never fails the question. External
passages become hits with `source` set to the tool and ids `<tool>:<passage id>#0`; the loop binds and cites
them like any chunk. A source no one registered runs as hybrid, with a note.
"""

from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hopgraph.cache.query_cache import cached, normalise
from hopgraph.models import SearchHit, ToolPassage
from hopgraph.scope import current
from hopgraph.tools.registry import ToolRegistry

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph

DEFAULT_TIMEOUT_S = 10.0  # entry-point tools that declare none
_POOL = ThreadPoolExecutor(max_workers=8, thread_name_prefix="hopgraph-tool")


def passage_hits(tool: str, passages: list[Any], k: int) -> list[SearchHit]:
    """SearchHits of a tool's passages (ToolPassage or dicts of its fields), first k, in the tool's order (pure)."""
    hits = []
    for rank, p in enumerate(passages[:k], 1):
        p = p if isinstance(p, ToolPassage) else ToolPassage.model_validate(p)
        pid = "".join(p.id.split())[:120] or hashlib.sha1(f"{p.url}\n{p.title}\n{p.text}".encode()).hexdigest()[:12]
        doc_id = f"{tool}:{pid}"
        hits.append(SearchHit(chunk_id=f"{doc_id}#0", doc_id=doc_id, title=p.title, text=p.text,
                              score=p.score if p.score is not None else 1.0 / rank, source=tool, url=p.url or None))
    return hits


def _copies(hits: list[SearchHit]) -> list[SearchHit]:
    return [h.model_copy() for h in hits]


class ToolDispatcher:
    def __init__(self, hg: HopGraph, registry: ToolRegistry, has_graph: bool, expand: Callable[[str], str] | None = None):
        self.hg = hg
        self.registry = registry
        self.has_graph = has_graph
        self.expand = expand  # what a query of the store's own search gets added (`hops.name_twins`: acronyms)

    def __call__(self, query: str, source: str, k: int) -> list[SearchHit]:
        if self.registry.is_user(source):
            return self.call_tool(source, query, k)
        if source not in self.registry.builtins:
            if (scope := current()) is not None:
                scope.note(f"unknown source {source!r}: searched with hybrid")
            source = "hybrid"
        scope = current()
        if self.expand is not None:
            expanded = self.expand(query)
            if expanded != query and scope is not None:
                scope.note(f"searched as: {expanded}")  # the trace shows what the store was asked
            query = expanded
        context = scope.retrieval_context if scope is not None else ()
        return cached("retrieve", (source, k, normalise(query), context), lambda: self.builtin(source, query, k), _copies)

    def builtin(self, name: str, query: str, k: int) -> list[SearchHit]:
        tool = self.registry.builtins[name]
        if tool.run is not None:
            return tool.run(self.hg, query, k)
        profile = tool.profile if self.has_graph or not tool.needs_graph else "hybrid"
        return self.hg.search(query, k, profile=profile, fusion=self.hg.settings.hops.fusion)

    def call_tool(self, name: str, query: str, k: int) -> list[SearchHit]:
        """The tool's hits, or none (with a note) when it fails, times out, or failed earlier in this question."""
        scope = current()
        counts = scope.counts if scope is not None else None
        if scope is not None and name in scope.failed_tools:
            scope.note(f"tool {name} skipped: it failed earlier in this question ({scope.failed_tools[name]})")
            counts["tool_skipped"] += 1
            return []
        tool = self.registry.user[name]
        timeout = tool.spec.timeout_s or DEFAULT_TIMEOUT_S
        if counts is not None:
            counts["tool_calls"] += 1
        future = _POOL.submit(tool.search, query, k)
        try:
            hits = passage_hits(name, list(future.result(timeout=timeout)), k)
        except FutureTimeout:
            future.cancel()
            return self._failed(name, f"no reply within {timeout:g} s")
        except Exception as e:  # noqa: BLE001 - a user tool never fails the question
            return self._failed(name, " ".join(f"{type(e).__name__}: {e}".split())[:300])
        if scope is not None:
            scope.note(f"tool {name}: {len(hits)} passages")
        return hits

    def _failed(self, name: str, why: str) -> list[SearchHit]:
        scope = current()
        if scope is not None:
            scope.failed_tools[name] = why
            scope.counts["tool_failures"] += 1
            scope.note(f"tool {name} failed and was skipped: {why}")
        return []
