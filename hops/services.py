"""What the hop loop uses besides its steps: the question scope, cached router and grader calls, the tools.

`LoopServices.route` is the ROUTE stage's call: the decision comes from the cross-question cache when the
same question (normalised) was routed before against the same store, router and registry; an LLM router's
decisions are also kept in the store. A rule-made decision (also the LLM router's rule fallback) gets its
user-tool sub-queries from the tools' triggers (`hopgraph.tools.triggers.pick_tools`); the LLM router picks
tools itself from the registry it is shown. `LoopServices.grade` is the GRADE stage's call, cached by
question, route, evidence chunk ids and hop. Decisions an LLM step left to its rule fallback are not cached.
"""

from __future__ import annotations

import hashlib
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from hopgraph.cache.query_cache import QueryCache, cached, normalise
from hopgraph.cache.route_store import load_route, route_key, save_route
from hopgraph.models import EvidenceDecision, RouteDecision, SearchHit
from hopgraph.scope import QuestionScope, current, question_scope
from hopgraph.tools.registry import ToolRegistry
from hopgraph.tools.triggers import pick_tools, strip_source_clauses

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph
    from hopgraph.hops.components import Grader, Router
    from hopgraph.store import Store

LLM_MARK = "[llm]"  # how an LLM router's own decisions start their reason (its fallbacks do not)
FALLBACK_MARK = "[llm fallback"  # an LLM step that failed and let the rules answer: not cached


class LoopServices:
    def __init__(self, cache: QueryCache | None = None, registry: ToolRegistry | None = None,
                 store: Store | None = None, persist_llm_routes: bool = False):
        self.cache = cache
        self.registry = registry
        self.store = store
        self.persist_llm_routes = persist_llm_routes

    def scope(self) -> AbstractContextManager[QuestionScope]:
        return question_scope(self.cache)

    def attach(self, router: Any) -> None:
        """Show the registry to a router that reads it (the LLM router's `tools`)."""
        if self.registry is not None and hasattr(router, "tools"):
            router.tools = self.registry

    def router_key(self, router: Router) -> str:
        """The router, its model, the registry and any per-question state the router carries (the metadata
        filters and listing flag of `hopgraph.asking.ConstrainedRouter`): decisions are shared only among equals."""
        model = getattr(getattr(router, "client", None), "model", "") or ""
        state = "".join(repr(getattr(router, "__dict__", {}).get(name, "")) for name in ("filters", "listing", "query"))
        return f"{type(router).__name__}:{model}:{self.registry.signature() if self.registry else '-'}:{state}"

    def route(self, router: Router, question: str) -> RouteDecision:
        key = (self.router_key(router), normalise(question))
        return cached("route", key, lambda: self._route(router, question, key[0]).model_dump_json(),
                      RouteDecision.model_validate_json, _not_fallback)

    def grade(self, grader: Grader, question: str, route: RouteDecision, evidence: list[SearchHit],
              hop: int) -> EvidenceDecision:
        """The grader's decision; the same question, route, evidence (chunk ids in order) and hop grade alike."""
        key = (type(grader).__name__, normalise(question), route_digest(route), evidence_key(evidence), hop)
        return cached("grade", key, lambda: grader.grade(question, route, evidence, hop).model_dump_json(),
                      EvidenceDecision.model_validate_json, _not_fallback)

    def _route(self, router: Router, question: str, router_key_: str) -> RouteDecision:
        scope = current()
        is_llm = hasattr(router, "client")  # the LLM router reads the registry and the question itself
        persist = self.persist_llm_routes and is_llm and self.store is not None and scope is not None
        key = route_key(scope.fingerprint, router_key_, normalise(question)) if persist else ""
        if persist and (stored := load_route(self.store, key)) is not None:
            scope.counts["cache_route_store_hits"] += 1
            return stored
        users = self.registry.user_specs() if self.registry is not None else []
        # the rule router reads the question without source clauses ("…, according to the web?")
        decision = router.route(question if is_llm or not users else strip_source_clauses(question, users))
        if users and not decision.reason.startswith(LLM_MARK):
            decision = pick_tools(decision, question, users)
        if persist and decision.reason.startswith(LLM_MARK):
            save_route(self.store, key, decision)
        return decision


def _not_fallback(decision_json: str) -> bool:
    """Decisions are kept as JSON (parsing a copy back is faster than a deep copy); their top-level reason
    is the only `"reason"` key."""
    return f'"reason":"{FALLBACK_MARK}' not in decision_json


def route_digest(route: RouteDecision) -> str:
    return hashlib.sha1(route.model_dump_json().encode("utf-8")).hexdigest()


def evidence_key(evidence: list[SearchHit]) -> tuple:
    """Chunk ids in order; an external tool's passage also by its text (its id may name changing content)."""
    return tuple(h.chunk_id if h.source is None else (h.chunk_id, hash(h.text)) for h in evidence)


def build_services(hg: HopGraph) -> LoopServices:
    from hopgraph.tools.registry import load_registry

    cfg = hg.settings.query_cache
    cache = QueryCache(hg.store, cfg) if cfg.enabled else None
    return LoopServices(cache, load_registry(hg.settings), hg.store, cfg.persist_llm_routes)
