"""HopGraph: the public Python API. Build a store, open it, search, ask, explore the graph.

    from hopgraph import HopGraph
    HopGraph.build("data/sample", ".hopgraph")
    hg = HopGraph.open(".hopgraph")
    hits = hg.search("Where was the director of The Glass Harbor born?", k=5, profile="hybrid")
    result = hg.ask("Where was the director of The Glass Harbor born?")

    with HopGraph.open(".hopgraph") as hg:             # closes the store on exit
        hg.entity("Oskar Brandt").relations             # aliases, type, degree, relations, mentions
        hg.neighbors("The Glass Harbor", hops=2).nodes
        hg.path("The Glass Harbor", "Tamsel")           # evidence paths, each edge with its sentence

Everything heavy (indexes, models, the graph) loads once per HopGraph and is
shared by every query; a HopGraph is safe to use from several threads. The graph methods by entity name
(`entity`, `neighbors`, `path`) are in hopgraph/facade_graph.py.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

from hopgraph.config import Settings, load_settings
from hopgraph.errors import StoreDamaged, UserError
from hopgraph.facade_graph import GraphByName
from hopgraph.models import FUSIONS, PROFILES, AgenticRetrievalResult, IndexStats, MetaFilter, SearchHit, ToolSpec
from hopgraph.store import Store, damaged

RERANK_UNSET = ("hybrid-rerank needs a reranker: set retrieval.reranker_model (a sentence-transformers "
                "CrossEncoder name or path); without one it would equal hybrid")

if TYPE_CHECKING:
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.graph.search import GraphSearcher
    from hopgraph.hops.loop import HopLoop
    from hopgraph.hops.retrieve import Retriever


class HopGraph(GraphByName):
    def __init__(self, store: Store, settings: Settings):
        self.store = store
        self.settings = settings
        self._lock = threading.Lock()
        self.graph_load_seconds: float | None = None

    # ------------------------------------------------------------ lifecycle
    @staticmethod
    def build(corpus: Path | str, store: Path | str | None = None, settings: Settings | None = None,
              show_progress: bool = False, console: Console | None = None, reuse_vectors: bool = True,
              force: bool = False) -> IndexStats:
        """Index `corpus` into the store folder (default: settings.store).

        Unchanged chunks reuse their vectors from the store being replaced (`reuse_vectors=False` re-embeds all).
        Writes only into a missing path, an empty folder or a hopgraph store, never into or above the corpus
        (`force` also replaces a store of another schema version or with an unreadable database); one build per
        store at a time (`StoreBusy`); saved traces and the LLM cache move over (hopgraph/guard.py, swap.py).
        """
        from hopgraph.guard import check_destination, writer_lock
        from hopgraph.indexing.pipeline import build_index

        settings = settings or load_settings()
        root = Path(store or settings.store)
        with writer_lock(root):
            check_destination(root, corpus, force)
            return build_index(corpus, root, settings, show_progress, console, reuse_vectors)

    @classmethod
    def open(cls, store: Path | str | None = None, settings: Settings | None = None) -> HopGraph:
        settings = settings or load_settings()
        root = Path(store or settings.store)
        opened = Store.open(root, settings.index.embedding_model if _model_set_explicitly(settings) else None)
        _refuse_incomplete(opened)
        return cls(opened, settings)

    def close(self) -> None:
        self.store.close()

    # ------------------------------------------------------------ incremental updates
    def add(self, docs: Iterable[Document | dict] | Path | str, show_progress: bool = False) -> IndexStats:
        """Add documents to the store, replacing those with the same id; `docs` are Documents, {id, title, text,
        metadata} dicts or a corpus path. Only new and changed documents are extracted and embedded; the store
        afterwards equals a fresh build of its final documents. This HopGraph then reads the new store."""
        from hopgraph.indexing.incremental import add_documents, as_documents

        stats = add_documents(self.store.root, as_documents(docs), self.settings, show_progress)
        self.reload()
        return stats

    def remove(self, doc_ids: Iterable[str] | str, show_progress: bool = False) -> IndexStats:
        """Remove documents by id (every id must be in the store); this HopGraph then reads the new store."""
        from hopgraph.indexing.incremental import remove_documents

        stats = remove_documents(self.store.root, [doc_ids] if isinstance(doc_ids, str) else doc_ids, self.settings,
                                 show_progress)
        self.reload()
        return stats

    def reload(self) -> None:
        """Re-open the store folder (after an update swapped it) and drop every component loaded from the old one."""
        old, self.store = self.store, Store.open(self.store.root)
        for name in ("retriever", "graph", "graph_searcher", "hop_loop"):
            self.__dict__.pop(name, None)
        old.close()

    def __enter__(self) -> HopGraph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ components, loaded once
    @cached_property
    def retriever(self) -> Retriever:
        from hopgraph.hops.retrieve import Retriever

        with self._lock:
            try:
                retriever = Retriever(self.store, self.settings)
            except Exception:
                from hopgraph.check import index_problem

                problem = index_problem(self.store)  # a damaged index file is one line, anything else a bug
                if problem:
                    raise StoreDamaged(damaged(self.store.root, problem, self.store.meta().get("corpus_path"))) from None
                raise
            if self.store.replaced():  # a rebuild swapped in between: its index files may not match our chunks
                raise UserError(f"the store {self.store.root} was replaced by a new build while loading: run this again")
            return retriever

    @cached_property
    def graph(self) -> KnowledgeGraph:
        from hopgraph.graph.build import KnowledgeGraph

        with self._lock:
            start = time.perf_counter()
            try:
                kg = KnowledgeGraph.from_store(self.store)
            except sqlite3.DatabaseError as e:
                raise StoreDamaged(damaged(self.store.root, f"its database cannot be read ({e})", force=True)) from None
            self.graph_load_seconds = time.perf_counter() - start
            return kg

    @cached_property
    def graph_searcher(self) -> GraphSearcher:
        from hopgraph.graph.search import GraphSearcher

        return GraphSearcher(self.retriever, self.graph, self.settings)

    @cached_property
    def hop_loop(self) -> HopLoop:
        from hopgraph.hops.loop import build_hop_loop

        return build_hop_loop(self)

    # ------------------------------------------------------------ retrieval
    def search(self, question: str, k: int = 10, profile: str | None = None,
               where: list[str] | list[MetaFilter] | None = None, fusion: str | None = None) -> list[SearchHit]:
        """Single-shot retrieval with one of the profiles in `hopgraph.models.PROFILES`; `where` limits it to the
        documents whose metadata passes every filter (`date>=2021-01-01`, `source=gazette`; `hopgraph.metadata`);
        `fusion` overrides `retrieval.fusion` (the hop loop passes `hops.fusion`)."""
        profile = profile or self.settings.retrieval.default_profile
        if profile not in PROFILES:
            raise UserError(f"unknown profile {profile!r} (choose from {', '.join(PROFILES)})")
        if not question.strip():
            raise UserError("the question is empty")
        if k < 1:
            raise UserError(f"k must be at least 1 (got {k})")
        if fusion not in (None, *FUSIONS):
            raise UserError(f"unknown fusion {fusion!r} (choose from {', '.join(FUSIONS)})")
        if profile == "hybrid-rerank" and not self.settings.retrieval.reranker_model:
            raise UserError(RERANK_UNSET)
        if profile in ("graph", "graph-hybrid"):
            self.require_graph()
        if where:
            from hopgraph.metadata import as_filters
            from hopgraph.metadata_search import filtered_search

            return filtered_search(self, question, k, profile, as_filters(where), fusion)
        r = self.retriever
        if profile == "dense":
            return r.search_dense(question, k)
        if profile == "bm25":
            return r.search_bm25(question, k)
        if profile in ("hybrid", "hybrid-rerank"):
            return r.search_hybrid(question, k, rerank=profile == "hybrid-rerank", fusion=fusion)
        if profile == "graph":
            return self.graph_searcher.search_graph(question, k)
        return self.graph_searcher.search_graph_hybrid(question, k, fusion)

    def ask(self, question: str, k: int | None = None, answer: bool = False, save_trace: bool = True,
            where: list[str] | list[MetaFilter] | None = None, session_id: str | None = None) -> AgenticRetrievalResult:
        """Multi-hop retrieval through the hop loop; the result carries the full trace. `where` limits every source
        to documents passing the metadata filters (constraints the question states are added); with a
        `session_id` a follow-up question ("And when did he die?") is resolved against the session's memory."""
        if not question.strip():
            raise UserError("the question is empty")
        self.warm_up()  # load indexes and the graph outside the question's timing
        from hopgraph.asking import run_question

        result = run_question(self, question, k or self.settings.hops.top_k, where, session_id)
        if answer:
            from hopgraph.hops.answer import compose_answer

            result.answer = compose_answer(self, result)
        if save_trace and result.trace_id:
            from hopgraph.traces import enforce_retention

            self.store.save_trace(result.trace_id, question, result.model_dump_json())
            enforce_retention(self.store, self.settings.traces.keep)
        return result

    def tools(self) -> list[ToolSpec]:
        """The retrieval tools the hop loop can send sub-queries to: built-ins, entry-point and configured tools."""
        return self.hop_loop.services.registry.specs()

    def warm_up(self) -> None:
        """Load every component questions need (indexes, embedder, graph, hop loop) now, once."""
        _ = self.retriever, self.graph_searcher, self.hop_loop

    def stats(self) -> dict[str, object]:
        meta = self.store.meta()
        return {
            "store": str(self.store.root),
            "documents": self.store.count("documents"),
            "chunks": self.store.count("chunks"),
            "entities": self.store.count("entities"),
            "relations": self.store.count("relations"),
            "traces": self.store.count("traces"),
            **{k: meta[k] for k in ("embedding_model", "dimension", "schema_version", "corpus_fingerprint",
                                    "created_at", "index_seconds", "spacy_model") if k in meta},
        }


def _refuse_incomplete(store: Store) -> None:
    """A store missing an index file is damaged: one line naming the files (hopgraph/check.py)."""
    from hopgraph.check import missing_files

    missing = missing_files(store.root)
    if missing:
        corpus = store.meta().get("corpus_path")
        store.close()
        names = ", ".join(missing[:3]) + (f" and {len(missing) - 3} more" if len(missing) > 3 else "")
        raise StoreDamaged(damaged(store.root, f"{names} {'is' if len(missing) == 1 else 'are'} missing", corpus))


def _model_set_explicitly(settings: Settings) -> bool:
    """Only refuse a store's embedding model when the user chose a model (config, env or flag)."""
    return "embedding_model" in settings.index.model_fields_set
