"""Typed data passed between stages. Every stage takes and returns these models.

They are defined by stage in sibling modules and all importable from here:

    models_indexing    documents, chunks, extractions, IndexStats
    models_graph       entities, relations, ResolvedGraph, graph exploration (paths, neighbourhoods)
    models_retrieval   profiles, SearchHit, sources and tool specs
    models_routing     requirements, sub-queries, RouteDecision, metadata filters
    models_hops        grader decisions, hop traces, AgenticRetrievalResult, conflicts, session memory
"""

from __future__ import annotations

from hopgraph.models_graph import (
    Entity,
    EvidencePath,
    GraphEdge,
    GraphNode,
    LinkedEntity,
    Neighborhood,
    PathEdge,
    Relation,
    ResolvedGraph,
)
from hopgraph.models_hops import (
    AgenticRetrievalResult,
    Conflict,
    ConflictValue,
    EvidenceDecision,
    HopTrace,
    MemoryItem,
    RequirementAssessment,
    SessionMemory,
    TerminationReason,
)
from hopgraph.models_indexing import (
    Chunk,
    ChunkExtraction,
    Cooccurrence,
    Document,
    IndexStats,
    Mention,
    Triple,
)
from hopgraph.models_retrieval import (
    BUILTIN_SOURCES,
    FUSIONS,
    PROFILES,
    Fusion,
    Profile,
    SearchHit,
    SourceName,
    ToolPassage,
    ToolSpec,
)
from hopgraph.models_routing import (
    EvidenceRequirement,
    MetaFilter,
    RouteDecision,
    SubQuery,
)

__all__ = [
    "Document", "Chunk", "Mention", "Triple", "Cooccurrence", "ChunkExtraction", "Entity", "Relation",
    "IndexStats", "Profile", "PROFILES", "Fusion", "FUSIONS", "SearchHit", "SourceName", "BUILTIN_SOURCES", "MetaFilter",
    "EvidenceRequirement", "SubQuery", "RouteDecision", "RequirementAssessment", "EvidenceDecision",
    "HopTrace", "TerminationReason", "AgenticRetrievalResult", "ConflictValue", "Conflict", "MemoryItem",
    "SessionMemory", "ToolSpec", "ToolPassage", "ResolvedGraph", "LinkedEntity", "PathEdge", "EvidencePath",
    "GraphNode", "GraphEdge", "Neighborhood",
]
