"""Typed data passed between stages. Every stage takes and returns these models."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

# ---------------------------------------------------------------- indexing


class Document(BaseModel):
    """One source document as loaded from a corpus."""

    doc_id: str
    title: str = ""
    text: str
    metadata: dict[str, Any] = Field(default_factory=dict)


class Chunk(BaseModel):
    """A sentence-aligned span of a document; the unit of retrieval."""

    chunk_id: str
    doc_id: str
    title: str = ""
    text: str
    start: int  # character offset of the chunk in the document text
    end: int
    content_hash: str
    position: int = 0  # index of the chunk within its document

    @property
    def retrieval_text(self) -> str:
        """What retrievers see: the title with the text."""
        return f"{self.title}\n{self.text}" if self.title else self.text


class Mention(BaseModel):
    """An entity surface form found in a chunk (before resolution)."""

    text: str
    label: str  # spaCy NER label, TITLE for a document title, PROPN for noun chunks
    chunk_id: str
    start: int  # character offsets within the chunk text (-1 for titles)
    end: int


class Triple(BaseModel):
    """A typed relation read from one sentence (surface forms, before resolution)."""

    subject: str
    predicate: str  # lemma-ish, lower case: "direct", "director", "born in"
    object: str
    chunk_id: str
    sentence: str
    pattern: str = ""  # which extraction rule produced it (svo, copula, passive …)


class Cooccurrence(BaseModel):
    """Two mentions in the same sentence; weaker than a typed relation."""

    a: str
    b: str
    chunk_id: str
    sentence: str
    weight: float = 1.0  # 1 for a shared sentence; lower for a topic co-occurrence (see extract.py)


class ChunkExtraction(BaseModel):
    """Everything the extractor found in one chunk."""

    chunk_id: str
    mentions: list[Mention] = Field(default_factory=list)
    triples: list[Triple] = Field(default_factory=list)
    cooccurrences: list[Cooccurrence] = Field(default_factory=list)


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


class IndexStats(BaseModel):
    """Summary of one `hopgraph index` run."""

    documents: int = 0
    skipped_empty: int = 0
    skipped_unreadable: int = 0  # binary or not UTF-8 files passed over
    unreadable: list[str] = Field(default_factory=list)  # "path: reason" of each unreadable file
    ignored: list[str] = Field(default_factory=list)  # "path: reason" of files and folders not read (hidden, other types, links out)
    chunks: int = 0
    chunks_embedded: int = 0  # the rest reused their vectors from the previous store
    chunks_extracted: int = 0  # the rest reused their extraction from the previous store (unchanged documents)
    documents_added: int = 0  # ids the previous store did not hold
    documents_replaced: int = 0  # same id, new content
    documents_removed: int = 0  # ids of the previous store no longer there
    entities: int = 0
    relations: int = 0
    seconds: float = 0.0
    stage_seconds: dict[str, float] = Field(default_factory=dict)

    @property
    def chunks_per_second(self) -> float:
        return self.chunks / self.seconds if self.seconds else 0.0


# ---------------------------------------------------------------- retrieval

Profile = Literal["dense", "bm25", "hybrid", "hybrid-rerank", "graph", "graph-hybrid"]
PROFILES: tuple[str, ...] = ("dense", "bm25", "hybrid", "hybrid-rerank", "graph", "graph-hybrid")


class SearchHit(BaseModel):
    """One retrieved chunk with every score that placed it."""

    chunk_id: str
    doc_id: str
    title: str = ""
    text: str = ""
    score: float = 0.0  # the score of the final ranking (meaning depends on profile)
    dense_rank: int | None = None  # 1-based
    bm25_rank: int | None = None
    rrf_score: float | None = None
    rerank_score: float | None = None
    graph_score: float | None = None
    graph_rank: int | None = None
    hop: int | None = None  # hop that found it (hop loop only)
    requirement_id: str | None = None  # requirement it is bound to (hop loop only)
    source: str | None = None  # the registered tool that returned it when it is not a chunk of the store
    url: str | None = None  # where an external tool's passage came from (when it said)


# ---------------------------------------------------------------- hop loop

#: A retrieval source: a built-in ("dense", "bm25", "hybrid", "graph", "metadata") or the name of a tool in
#: the registry (`hopgraph.tools`: entry point `hopgraph.tools` or `[[tools]]` in the config).
SourceName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,39}$")]
BUILTIN_SOURCES: tuple[str, ...] = ("dense", "bm25", "hybrid", "graph", "metadata")


class MetaFilter(BaseModel):
    """A condition on document metadata (`hopgraph.metadata`): `date>=2021-01-01`, `source=gazette`."""

    key: str
    op: Literal["=", "!=", ">=", "<=", ">", "<"] = "="
    value: str
    phrase: str = ""  # the words of the question it was read from ("" for an explicit --where)


class EvidenceRequirement(BaseModel):
    """One atomic fact the question needs; never an answer."""

    id: str  # R1, R2 …
    description: str
    entities: list[str] = Field(default_factory=list)
    relation: str = ""
    depends_on: str | None = None  # id of an earlier requirement whose result fills the bridge
    # what the fact is about when it is not the entity itself: "astronomical clock" for "when was the
    # astronomical clock built in {R1}" (a page titled by the entity and these words states it)
    topic: list[str] = Field(default_factory=list)


class SubQuery(BaseModel):
    """A query the loop runs to satisfy one requirement."""

    text: str
    source: SourceName = "hybrid"
    requirement_id: str | None = None
    depends_on: str | None = None
    extract: str = ""  # what to pull from earlier results, e.g. "bridge entity of R1"
    hop: int = 1  # plan step: sub-queries of one hop run together (a comparison fans out)
    entity: str = ""  # the entity the sub-query asks about ("{R1}" until the bridge is known)
    relation: str = ""  # the relation it asks for (a name from hopgraph.router.vocab, or free words)
    attempt: int = 0  # 0 = as planned; n = n-th rewrite by the corrector


class RouteDecision(BaseModel):
    route: Literal["single_hop", "multi_hop"]
    shape: str = "single"  # single | bridge | comparison | temporal | inference
    first_query: str
    reason: str
    requirements: list[EvidenceRequirement] = Field(default_factory=list)
    plan: list[SubQuery] = Field(default_factory=list)
    order: str = ""  # comparisons: earliest | latest | same (what the answer step picks)
    anchors: list[str] = Field(default_factory=list)  # the entities the question names
    # how sure the router is of its reading (1 = every word explained); below the router's threshold the
    # loop searches generically and never calls the run complete
    confidence: float = 1.0
    filters: list[MetaFilter] = Field(default_factory=list)  # metadata constraints every source is limited to


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


class ToolSpec(BaseModel):
    """A retrieval source as the registry lists it (`hopgraph tools`) and the LLM router sees it."""

    name: SourceName
    kind: Literal["builtin", "entry_point", "http"] = "builtin"
    description: str
    when_to_use: list[str] = Field(default_factory=list)  # example sub-queries it suits
    when_not_to_use: list[str] = Field(default_factory=list)  # example sub-queries it does not
    input_schema: dict[str, Any] = Field(default_factory=lambda: {
        "type": "object", "properties": {"query": {"type": "string"}, "k": {"type": "integer", "minimum": 1}},
        "required": ["query"]})
    triggers: list[str] = Field(default_factory=list)  # user tools: phrases ("re:" regexes) that make the rule router pick it
    timeout_s: float | None = None  # user tools: longest wait for one call


class ToolPassage(BaseModel):
    """One passage an external tool returns; it becomes a `SearchHit` with `source` = the tool."""

    text: str = Field(min_length=1)
    title: str = ""
    id: str = ""
    url: str = ""
    score: float | None = None


class ResolvedGraph(BaseModel):
    """Output of entity resolution: what the store's graph tables hold."""

    entities: list[Entity] = Field(default_factory=list)
    norm_of: dict[int, str] = Field(default_factory=dict)  # entity_id -> normalised name
    alias_rows: list[tuple[str, int]] = Field(default_factory=list)  # (normalised alias, entity_id)
    mentions: list[dict[str, Any]] = Field(default_factory=list)  # entity_id, chunk_id, start, end, text
    relations: list[Relation] = Field(default_factory=list)
    votes: list[tuple[int, str, str, str]] = Field(default_factory=list)  # per entity and document (indexing.votes)


# ---------------------------------------------------------------- graph exploration


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
