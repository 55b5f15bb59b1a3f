"""The final hits of a hop-loop run (a pure function).

Order: chunks bound to requirements first, in requirement order (the best chunk of every
requirement, then their second chunks), then the remaining hits round-robin over the
planned retrieval runs in the order they ran (first hit of each run, then second …), then
round-robin over the corrector's rewrites (guesses, so they come last). Chunks are
de-duplicated by id and cut at top-K. Scores of different hops are never compared or summed.
For a question the router read with low confidence, a misread plan may have bound the wrong chunks, so
the best hit of the question as asked comes first (no guess of a misread plan pushes it out), then every
chunk any run returned, ranked by what all the runs saw of it (`candidate_scores`: its rank in the
question's own search and in follow-ups, how many runs agree on it, whether it holds the question's words the
top hit lacks or names what the top hit names).
"""

from __future__ import annotations

from itertools import zip_longest

from hopgraph.hops.candidate_scores import ranked_candidates
from hopgraph.models import EvidenceDecision, HopTrace, SearchHit


def compose_hits(traces: list[HopTrace], decision: EvidenceDecision | None, requirement_order: list[str], k: int,
                 unsure: bool = False, question: str = "", trusted: list[str] | None = None,
                 weights: list[float] | None = None) -> list[SearchHit]:
    """Bound evidence first (requirement order), then round-robin over runs; unique, top-k. When the
    question was read `unsure`ly, a misread plan may have bound the wrong chunks: the best hit of the
    `question` as asked comes first, then every returned chunk ranked by `ranked_candidates`, which weighs
    the question's own search, the follow-ups, the bound evidence and the `trusted` requirements (a chain of
    known relations the evidence bore out, `trusted_chain`), by `weights` (setting hops.candidate_weights) when
    given."""
    first_seen: dict[str, SearchHit] = {}
    for t in traces:
        for h in t.hits:
            if h.chunk_id not in first_seen:
                first_seen[h.chunk_id] = h.model_copy(update={"hop": t.hop})
    out: list[SearchHit] = []
    taken: set[str] = set()

    def take(chunk_id: str, requirement_id: str | None) -> None:
        if chunk_id in taken or chunk_id not in first_seen or len(out) >= k:
            return
        taken.add(chunk_id)
        out.append(first_seen[chunk_id].model_copy(update={"requirement_id": requirement_id}))

    bound = bound_order(decision, requirement_order)
    if unsure:  # the question's own best hit, then every returned chunk ranked by what all the runs saw of it
        bound_to = {c: rid for rid, c in reversed(bound)}
        asked = as_asked(traces, question)
        for chunk_id in asked[:1] + ranked_candidates(traces, bound, trusted or [], asked, question, weights):
            take(chunk_id, bound_to.get(chunk_id))
    for rid, chunk_id in bound:
        take(chunk_id, rid)
    for runs in ([t for t in traces if not t.is_correction], [t for t in traces if t.is_correction]):
        for row in zip_longest(*[t.hits for t in runs]):
            for h in row:
                if h is not None:
                    take(h.chunk_id, None)
    return out


def as_asked(traces: list[HopTrace], question: str) -> list[str]:
    """Chunk ids of the first run of the question as asked, best first (the words of the question itself,
    whatever requirement ran them, else the first run for no requirement)."""
    planned = [t for t in traces if not t.is_correction]
    run = next((t for t in planned if question and t.query.strip() == question.strip()), None) or \
        next((t for t in planned if t.requirement_id is None), None)
    return list(dict.fromkeys(h.chunk_id for h in run.hits)) if run is not None else []


def bound_order(decision: EvidenceDecision | None, requirement_order: list[str]) -> list[tuple[str, str]]:
    """(requirement id, chunk id): every requirement's first bound chunk, then its second, …"""
    if decision is None:
        return []
    bound = {a.requirement_id: a.evidence_chunk_ids for a in decision.assessments if a.status == "supported"}
    lists = [[(rid, c) for c in bound.get(rid, [])] for rid in requirement_order]
    return [pair for row in zip_longest(*lists) for pair in row if pair is not None]

