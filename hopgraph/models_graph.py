"""Typed data of the knowledge graph: resolved entities and relations, and what graph exploration returns."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class Entity(BaseModel):
    """A resolved node of the knowledge graph."""

    entity_id: int
    name: str
    type: str = ""
    aliases: list[str] = Field(default_factory=list)
    doc_freq: int = 0


class Relation(BaseModel):
    """A resolved edge of the knowledge graph."""

    source_id: int
    predicate: str
    target_id: int
    chunk_id: str
    sentence: str = ""
    weight: float = 1.0
    kind: Literal["typed", "cooccur"] = "typed"


class ResolvedGraph(BaseModel):
    """Output of entity resolution: what the store's graph tables hold."""

    entities: list[Entity] = Field(default_factory=list)
    norm_of: dict[int, str] = Field(default_factory=dict)  # entity_id -> normalised name
    alias_rows: list[tuple[str, int]] = Field(default_factory=list)  # (normalised alias, entity_id)
    mentions: list[dict[str, Any]] = Field(default_factory=list)  # entity_id, chunk_id, start, end, text
    relations: list[Relation] = Field(default_factory=list)
    votes: list[tuple[int, str, str, str]] = Field(default_factory=list)  # per entity and document (indexing.votes)


class LinkedEntity(BaseModel):
    """An entity named in a text (a question), with where and how sure."""

    entity_id: int
    name: str
    surface: str
    confidence: float
    start: int
    end: int


class PathEdge(BaseModel):
    source: str
    predicate: str
    target: str
    sentence: str
    chunk_id: str
    kind: str


class EvidencePath(BaseModel):
    entities: list[str]
    edges: list[PathEdge]


class GraphNode(BaseModel):
    id: int
    name: str
    type: str
    degree: int
    distance: int = 0


class GraphEdge(BaseModel):
    id: int  # relation index
    source: int
    target: int
    predicate: str
    kind: str
    chunk_id: str
    sentence: str


class Neighborhood(BaseModel):
    center: int
    nodes: list[GraphNode] = Field(default_factory=list)
    edges: list[GraphEdge] = Field(default_factory=list)
