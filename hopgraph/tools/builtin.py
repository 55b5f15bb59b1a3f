"""The built-in retrieval sources as registered tools: what each searches, when to use it and when not.

Each `BuiltinTool` runs as a search profile of the store (`HopGraph.search`). Hook for more built-ins: add a
`BuiltinTool` to `BUILTINS` (a custom `run(hg, query, k)` replaces the profile call when a source is not a
search profile).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hopgraph.models import PROFILES, SearchHit, ToolSpec

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph


@dataclass(frozen=True)
class BuiltinTool:
    spec: ToolSpec
    profile: str  # the HopGraph.search profile that answers it
    needs_graph: bool = False  # without a knowledge graph it runs as plain hybrid
    run: Callable[[HopGraph, str, int], list[SearchHit]] | None = None  # instead of the profile, when set

    def available(self) -> bool:
        return self.run is not None or self.profile in PROFILES


BUILTINS: tuple[BuiltinTool, ...] = (
    BuiltinTool(ToolSpec(
        name="hybrid", description="Dense and BM25 rankings of the store's chunks fused (RRF); the default source.",
        when_to_use=["director of The Glass Harbor", "what the council decided about the ferry timetable"],
        when_not_to_use=["a question about a web page or service outside the documents"],
    ), "hybrid"),
    BuiltinTool(ToolSpec(
        name="dense", description="Embedding similarity over the store's chunks: passages that say it in other words.",
        when_to_use=["why the harbour bridge was closed", "films about a lighthouse keeper's daughter"],
        when_not_to_use=["an exact code or rare name such as ticket HG-1042", "relations between named entities"],
    ), "dense"),
    BuiltinTool(ToolSpec(
        name="bm25", description="Lexical BM25 over the store's chunks: exact names, codes and rare words.",
        when_to_use=["Oskar Brandt", "HG-1042 release notes"],
        when_not_to_use=["a paraphrase with none of the document's words", "why the project was delayed"],
    ), "bm25"),
    BuiltinTool(ToolSpec(
        name="graph", description="The knowledge graph: entities named in the query, their relations and pages, "
                                  "fused with hybrid search (plain hybrid when the store has no graph).",
        when_to_use=["director of The Glass Harbor", "{R1} place of birth", "founder of Kestrel Ferries"],
        when_not_to_use=["a topic with no named entity, such as causes of harbour silting"],
    ), "graph-hybrid", needs_graph=True),
    BuiltinTool(ToolSpec(
        name="metadata", description="Documents selected by their metadata (date, source, author, type) with SQL; "
                                     "only for a question that states such a constraint.",
        when_to_use=["reports after 2022", "articles from the Harbor Gazette", "the latest minutes"],
        when_not_to_use=["a fact stated in the text with no date or source constraint"],
    ), "metadata", run=lambda hg, query, k: _metadata(hg, query, k)),
)


def _metadata(hg: HopGraph, query: str, k: int) -> list[SearchHit]:
    """The metadata source without filters (a question with constraints runs it with them, `hopgraph.asking`)."""
    from hopgraph.metadata_search import metadata_source

    return metadata_source(hg, query, k, [])


def builtin_tools() -> dict[str, BuiltinTool]:
    """The built-ins this installation can run, by name (metadata only once its profile exists)."""
    return {t.spec.name: t for t in BUILTINS if t.available()}
