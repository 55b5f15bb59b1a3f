"""Typed data of the hop loop: the grader's decisions, each hop's trace and the run's result, with the
conflicts found in its evidence and the session memory a follow-up question was resolved with.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from hopgraph.models_retrieval import SearchHit, SourceName
from hopgraph.models_routing import MetaFilter, RouteDecision


class RequirementAssessment(BaseModel):
    requirement_id: str
    status: Literal["supported", "missing"]
    evidence_chunk_ids: list[str] = Field(default_factory=list)
    bridge_entities: list[str] = Field(default_factory=list)
    entity: str = ""  # the entity the requirement was checked for (bridge filled in)
    evidence_sentence: str = ""  # the sentence of the first evidence chunk that states the relation
    failure_reason: str = ""  # why it is missing: "<code>: <detail>" (entity_missing, relation_missing, …)


class EvidenceDecision(BaseModel):
    verdict: Literal["complete", "continue", "insufficient"]
    reason: str
    next_query: str | None = None
    next_requirement_id: str | None = None
    failure_reason: str | None = None
    assessments: list[RequirementAssessment] = Field(default_factory=list)


class HopTrace(BaseModel):
    hop: int
    is_correction: bool = False
    query: str
    requirement_id: str | None = None  # the requirement the query ran for (None: the question as asked)
    source: SourceName = "hybrid"
    hits: list[SearchHit] = Field(default_factory=list)
    decision: EvidenceDecision | None = None
    elapsed_s: float = 0.0
    stage_calls: dict[str, int] = Field(default_factory=dict)
    notes: list[str] = Field(default_factory=list)


TerminationReason = Literal[
    "complete",
    "max_hops_reached",
    "no_progress",
    "router_failed",
    "retrieval_failed",
    "grader_failed",
    "transition_budget",
]


class AgenticRetrievalResult(BaseModel):
    question: str
    trace_id: str | None = None
    route: RouteDecision | None = None
    hits: list[SearchHit] = Field(default_factory=list)
    traces: list[HopTrace] = Field(default_factory=list)
    termination_reason: TerminationReason
    total_hops: int = 0
    correction_count: int = 0
    elapsed_s: float = 0.0
    stage_calls: dict[str, int] = Field(default_factory=dict)
    answer: str | None = None
    notes: list[str] = Field(default_factory=list)  # e.g. why the LLM answer fell back to the extractive one
    filters: list[MetaFilter] = Field(default_factory=list)  # metadata constraints the run was limited to
    conflicts: list[Conflict] = Field(default_factory=list)  # evidence bound to one requirement that disagrees
    session: SessionMemory | None = None  # follow-up questions: what the session remembered and resolved


class ConflictValue(BaseModel):
    """One of the disagreeing values, with every chunk that states it."""

    value: str
    chunk_ids: list[str] = Field(default_factory=list)
    sentences: list[str] = Field(default_factory=list)
    doc_ids: list[str] = Field(default_factory=list)
    dates: list[str] = Field(default_factory=list)  # ISO dates of the dated documents among them
    sources: list[str] = Field(default_factory=list)


class Conflict(BaseModel):
    """Evidence for one requirement that disagrees ("born in 1931" in one chunk, "born in 1933" in another)."""

    requirement_id: str
    entity: str
    relation: str
    values: list[ConflictValue] = Field(default_factory=list)
    preferred: str | None = None  # the value a preference rule chose; None when no rule decided
    decided_by: str = ""  # agreement | recent | trusted | "" (undecided)
    reason: str = ""


class MemoryItem(BaseModel):
    """An entity a session remembers from an earlier question."""

    name: str
    type: str = ""  # graph entity type (PERSON, GPE, ORG …)
    role: str = ""  # anchor | bridge | answer
    gender: str = ""  # he | she | "" — read from the entity's own page
    turn: int = 0
    about: str = ""  # the opening of the entity's own page ("X is a 1979 drama film"): what "the film" can mean


class SessionMemory(BaseModel):
    """What a follow-up question was resolved with (shown in the trace)."""

    session_id: str
    turn: int = 0
    asked: str = ""  # the question as typed
    resolved: str = ""  # the question routed (references replaced)
    replaced: dict[str, str] = Field(default_factory=dict)  # "he" -> "Oskar Brandt"
    memory: list[MemoryItem] = Field(default_factory=list)  # what the session held before this question
