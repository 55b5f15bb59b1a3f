"""Typed data of retrieval: profiles, a retrieved chunk, and the sources (built-in or tools) it can come from."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field


Profile = Literal["dense", "bm25", "hybrid", "hybrid-rerank", "graph", "graph-hybrid"]
PROFILES: tuple[str, ...] = ("dense", "bm25", "hybrid", "hybrid-rerank", "graph", "graph-hybrid")
#: How hybrid search fuses its dense and BM25 rankings (`hopgraph.hops.fuse`; settings retrieval.fusion, hops.fusion).
Fusion = Literal["auto", "zscore", "rrf"]
FUSIONS: tuple[str, ...] = ("auto", "zscore", "rrf")


class SearchHit(BaseModel):
    """One retrieved chunk with every score that placed it."""

    chunk_id: str
    doc_id: str
    title: str = ""
    text: str = ""
    score: float = 0.0  # the score of the final ranking (meaning depends on profile)
    dense_rank: int | None = None  # 1-based
    bm25_rank: int | None = None
    rrf_score: float | None = None  # hybrid's fused dense + BM25 score: RRF or summed z-scores (retrieval.fusion)
    rerank_score: float | None = None
    graph_score: float | None = None
    graph_rank: int | None = None
    hop: int | None = None  # hop that found it (hop loop only)
    requirement_id: str | None = None  # requirement it is bound to (hop loop only)
    source: str | None = None  # the registered tool that returned it when it is not a chunk of the store
    url: str | None = None  # where an external tool's passage came from (when it said)


#: A retrieval source: a built-in ("dense", "bm25", "hybrid", "graph", "metadata") or the name of a tool in
#: the registry (`hopgraph.tools`: entry point `hopgraph.tools` or `[[tools]]` in the config).
SourceName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,39}$")]
BUILTIN_SOURCES: tuple[str, ...] = ("dense", "bm25", "hybrid", "graph", "metadata")


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
