"""The replaceable steps of the hop loop. Rule-based and LLM implementations both satisfy these."""

from __future__ import annotations

from typing import Protocol

from hopgraph.models import AgenticRetrievalResult, EvidenceDecision, RouteDecision, SearchHit, SubQuery


class Router(Protocol):
    def route(self, question: str) -> RouteDecision:
        """Plan the question into atomic evidence requirements and an ordered plan of sub-queries."""
        ...


class Grader(Protocol):
    def grade(self, question: str, route: RouteDecision, evidence: list[SearchHit], hop: int) -> EvidenceDecision:
        """Assess every requirement against the evidence retrieved so far (all hops).

        Binds supported requirements to real chunk ids, pulls bridge entities for
        the next dependent sub-query, and never answers `complete` while a
        requirement is missing.
        """
        ...


class Corrector(Protocol):
    def correct(self, question: str, failed: SubQuery, decision: EvidenceDecision) -> SubQuery:
        """Rewrite a sub-query that retrieved nothing useful; the reason goes in `extract`/trace notes."""
        ...


class Answerer(Protocol):
    def answer(self, question: str, result: AgenticRetrievalResult) -> str:
        """A short answer citing chunk ids, from the final hits only."""
        ...
