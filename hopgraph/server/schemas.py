"""Request and response models of the HTTP API (the pipeline's own models are reused where they fit)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from hopgraph.models import Chunk, EvidencePath, GraphEdge, GraphNode, Neighborhood


class AskRequest(BaseModel):
    """Body of `POST /ask`."""

    model_config = ConfigDict(extra="forbid")

    question: str = Field(..., min_length=1, max_length=2000, description="The (multi-hop) question.")
    k: int | None = Field(None, ge=1, le=50, description="Final hits returned (default: config hops.top_k).")
    answer: bool = Field(False, description="Also compose a short answer from the evidence.")
    where: list[str] = Field(default_factory=list, max_length=20,
                             description="Metadata filters KEY OP VALUE ('date>=2021-01-01', 'source=gazette') every source is limited to.")
    session_id: str | None = Field(None, min_length=1, max_length=100, pattern=r"^[\w.:-]+$",
                                   description="Follow-up questions: the session whose earlier questions resolve 'he', 'it', 'the film' …")


class EntitySuggestion(BaseModel):
    """One row of `GET /entities`: an entity whose name or alias matches."""

    id: int
    name: str
    type: str
    degree: int
    matched: str = Field("", description="The name or alias that matched.")


class EntityRelation(BaseModel):
    """One edge touching an entity, with both ends named and the sentence it was read from."""

    id: int = Field(..., description="Relation index (same id as in /graph/neighborhood edges).")
    source_id: int
    source_name: str
    predicate: str
    target_id: int
    target_name: str
    kind: str
    chunk_id: str
    sentence: str


class EntityMention(BaseModel):
    chunk_id: str
    start: int
    end: int
    text: str


class EntityDetail(BaseModel):
    """`GET /entities/{id}`."""

    id: int
    name: str
    type: str
    aliases: list[str]
    doc_freq: int
    degree: int
    relations: list[EntityRelation]
    mentions: list[EntityMention]


class EntityRef(BaseModel):
    id: int
    name: str
    type: str


class ChunkDetail(Chunk):
    """`GET /chunks/{id}`: the chunk with the entities it mentions."""

    entities: list[EntityRef] = Field(default_factory=list)


class ExplorerNeighborhood(Neighborhood):
    """`GET /graph/neighborhood`: typed relations by default; co-occurrence edges only with `cooccur=true`."""

    cooccur_hidden: int = Field(0, description="Co-occurrence edges left out (touching the centre or joining nodes shown).")
    total_nodes: int = Field(0, description="Entities within reach before the `limit` cap (the centre included).")


class PathResult(BaseModel):
    """`GET /graph/path`: the shortest evidence paths between two entities."""

    source: EntityRef
    target: EntityRef
    paths: list[EvidencePath]


class Subgraph(BaseModel):
    """Nodes and edges without a centre (`GET /graph/evidence`)."""

    nodes: list[GraphNode] = Field(default_factory=list)
    edges: list[GraphEdge] = Field(default_factory=list)


class Health(BaseModel):
    status: str = "ok"
    store: str
    documents: int
    chunks: int
    entities: int
    relations: int
    ask_available: bool


class TypeCount(BaseModel):
    type: str
    count: int


class StoreOverview(BaseModel):
    """`GET /overview`: what the explorer's start page shows about the store."""

    documents: int
    chunks: int
    entities: int
    relations: int
    typed_relations: int
    types: list[TypeCount] = Field(default_factory=list, description="Entity types, most frequent first.")
    top_entities: list[EntitySuggestion] = Field(default_factory=list, description="Best connected entities.")
    examples: list[str] = Field(default_factory=list, description="Questions built from the store's own typed relations.")
