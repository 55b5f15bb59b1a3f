"""The LLM's cited answer: sentences that cite only retrieved chunk ids, with a notice when evidence is partial.

Citations the LLM invents are dropped with their sentence; when the LLM fails or cites nothing real, the
caller gives the extractive answer instead (`hopgraph.hops.answer`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from hopgraph.hops.llm_steps import bind_chunk_ids, shared_client
from hopgraph.hops.prompts import MAX_EVIDENCE_CHUNKS, answer_messages
from hopgraph.llm import LLMClient, LLMFailure, track_usage
from hopgraph.models import AgenticRetrievalResult

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph


class AnswerSentence(BaseModel):
    text: str = Field(min_length=1)
    chunk_ids: list[str | int] = Field(default_factory=list)


class AnswerOutput(BaseModel):
    sentences: list[AnswerSentence] = Field(min_length=1)


def compose_cited(out: AnswerOutput, shown: list[str]) -> str | None:
    """Sentences with their bound citations appended; sentences citing no real chunk are dropped."""
    sentences = []
    for s in out.sentences:
        ids = bind_chunk_ids(s.chunk_ids, shown)
        text = re.sub(r"\s*\[[^\]]*\]", "", s.text).strip()  # citations are added from chunk_ids only
        if not ids or not text:
            continue
        body, end = (text[:-1], text[-1]) if text[-1] in ".!?" else (text, ".")
        sentences.append(f"{body} {''.join(f'[{c}]' for c in ids)}{end}")
    return " ".join(sentences) or None


def partial_notice(result: AgenticRetrievalResult) -> str:
    """'Partial evidence: …' naming why the loop stopped and which requirements are still missing."""
    notice = f"Partial evidence: the search stopped ({result.termination_reason.replace('_', ' ')})"
    decisions = [t.decision for t in result.traces if t.decision is not None]
    missing = [a.requirement_id for a in decisions[-1].assessments if a.status == "missing"] if decisions else []
    if missing and result.route is not None:
        names = {r.id: r.description for r in result.route.requirements}
        notice += " with no evidence for " + "; ".join(f"{m} ({names.get(m, '?')})" for m in missing)
    return notice + "."


def cited_answer(client: LLMClient, result: AgenticRetrievalResult) -> str | None:
    """An answer citing only chunk ids of `result.hits`, or None when the LLM fails or cites nothing real."""
    shown = result.hits[:MAX_EVIDENCE_CHUNKS]
    if not shown:
        return None
    try:
        out = client.complete_json("answer", answer_messages(result.question, shown), AnswerOutput)
    except LLMFailure as e:
        result.notes.append(f"{e}; the extractive answer is given instead")  # "answer: LLM failed …"
        return None
    text = compose_cited(out, [h.chunk_id for h in shown])
    if text is None:
        result.notes.append("answer: the LLM's answer cited no retrieved chunk; the extractive answer is given instead")
    if text is None or result.termination_reason == "complete":
        return text
    return f"{partial_notice(result)} {text}"


def llm_answer(hg: HopGraph, result: AgenticRetrievalResult) -> str | None:
    """The LLM's cited answer (None when no LLM is configured or it fails: use the extractive answer).

    The answer's LLM counters are added to `result.stage_calls`.
    """
    client = shared_client(hg)
    if client is None:
        return None
    with track_usage() as usage:
        text = cited_answer(client, result)
    for key, n in usage.items():
        result.stage_calls[key] = result.stage_calls.get(key, 0) + n
    return text
