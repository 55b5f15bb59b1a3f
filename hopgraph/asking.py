"""What `HopGraph.ask` does around the hop loop for one question.

Before the loop: a follow-up question in a session is resolved against the session's memory
(`hopgraph.session`); metadata constraints are read from the question (`hopgraph.router.constraints`) and
joined with the explicit `where` filters. The loop then runs with a router that records the filters (and adds
the `metadata` source for questions that ask for documents) and a retriever limited to the documents the
filters keep. After the loop: conflicting evidence is listed (`hopgraph.hops.conflicts`) and the session
remembers the question's entities and answer.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hopgraph.metadata import describe, has_dates, known_values
from hopgraph.models import MetaFilter, RouteDecision, SearchHit, SubQuery

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph
    from hopgraph.hops.loop import HopLoop


@dataclass
class Prepared:
    question: str  # what the router reads
    filters: list[MetaFilter] = field(default_factory=list)
    listing: bool = False


#: Questions whose constraints are remembered per open store (reading them is pure given the store).
CONSTRAINT_MEMO = 4096
_MEMO_LOCK = threading.Lock()


def read_question_constraints(hg: HopGraph, question: str, where: list[MetaFilter]) -> Prepared:
    """The explicit filters plus the constraints the question states (when the store has metadata)."""
    from hopgraph.router.constraints import AUTHOR_KEYS, SOURCE_KEYS, TYPE_KEYS, read_constraints

    store = hg.store
    with _MEMO_LOCK:
        if "_constraint_vocabulary" not in store.__dict__:  # the store's metadata does not change while it is open
            store.__dict__["_constraint_vocabulary"] = (known_values(store, SOURCE_KEYS + AUTHOR_KEYS + TYPE_KEYS),
                                                        has_dates(store))
            store.__dict__["_constraint_memo"] = OrderedDict()
        vocabulary, dated = store.__dict__["_constraint_vocabulary"]
        memo: OrderedDict = store.__dict__["_constraint_memo"]
        c = memo.get(question)
    if not vocabulary and not dated:
        return Prepared(question, list(where))
    if c is None:
        c = read_constraints(question, vocabulary, dated)
        with _MEMO_LOCK:
            memo[question] = c
            while len(memo) > CONSTRAINT_MEMO:
                memo.popitem(last=False)
    explicit = {(f.key, f.op) for f in where}
    filters = list(where) + [f for f in c.filters if (f.key, f.op) not in explicit]
    return Prepared(c.question or question, filters, c.listing)


class ConstrainedRouter:
    """Routes with the wrapped router and records the metadata filters on the decision; a question that asks
    for documents also runs through the `metadata` source."""

    def __init__(self, inner, filters: list[MetaFilter], listing: bool, query: str):
        self.inner, self.filters, self.listing, self.query = inner, filters, listing, query

    def route(self, question: str) -> RouteDecision:
        route = self.inner.route(question)
        if not self.filters:
            return route
        route = route.model_copy(deep=True)  # the inner router may hand out a cached decision: never change it
        route.filters = list(self.filters)
        route.reason = f"{route.reason}; limited to documents with {describe(self.filters)}"
        if self.listing:
            route.plan.append(SubQuery(text=self.query, source="metadata", hop=1,
                                       extract=f"documents with {describe(self.filters)} (SQL over their metadata)"))
        return route

    def __getattr__(self, name: str):
        return getattr(self.inner, name)


def constrained_loop(hg: HopGraph, prepared: Prepared) -> HopLoop:
    """The HopGraph's hop loop with its router and retriever limited by the filters (a shallow copy: the
    shared loop is never changed, so concurrent questions do not see each other's filters)."""
    from hopgraph.metadata_search import filtered_search, metadata_source

    base = hg.hop_loop
    if not prepared.filters:
        return base
    loop = copy.copy(base)
    filters = prepared.filters
    has_graph = hg.store.count("entities") > 0

    def retrieve(query: str, source: str, k: int) -> list[SearchHit]:
        if source == "metadata":
            return metadata_source(hg, query, k, filters)
        if base.services.registry is not None and base.services.registry.is_user(source):
            return base.retrieve(query, source, k)  # a user tool (hopgraph.tools): outside the store's metadata
        profile = ("graph-hybrid" if has_graph else "hybrid") if source == "graph" else source
        return filtered_search(hg, query, k, profile, filters, hg.settings.hops.fusion)

    loop.retrieve = retrieve
    loop.router = ConstrainedRouter(base.router, filters, prepared.listing, prepared.question)
    return loop


def run_question(hg: HopGraph, question: str, k: int, where=None, session_id: str | None = None):
    """One question through the hop loop with everything around it (see the module docstring)."""
    from hopgraph.cache.after_loop import cached_conflicts
    from hopgraph.hops.conflicts import describe_conflict, find_conflicts
    from hopgraph.metadata import as_filters
    from hopgraph.session import sessions

    explicit = as_filters(where)
    memory = None
    routed = question
    if session_id:
        memory = sessions(hg).resolve(session_id, question)
        routed = memory.resolved
    prepared = read_question_constraints(hg, routed, explicit)
    result = constrained_loop(hg, prepared).run(prepared.question, k)
    result.question = question
    result.filters = prepared.filters
    if prepared.question != question:
        result.notes.append(f"routed as: {prepared.question}")
    if prepared.filters:
        result.notes.append(f"limited to documents with {describe(prepared.filters)}")
    result.conflicts = cached_conflicts(hg, result, find_conflicts)  # the same run: the same conflicts
    result.notes += [describe_conflict(c) for c in result.conflicts]
    if memory is not None:
        if memory.replaced:
            said = ", ".join(f"{ref!r} -> {name}" for ref, name in memory.replaced.items())
            result.notes.append(f"follow-up (session {session_id}, turn {memory.turn}): {said}; asked as: {memory.resolved}")
        result.session = memory
        sessions(hg).remember(session_id, result)
    return result
