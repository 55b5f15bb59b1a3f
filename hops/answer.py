"""A short answer from a hop-loop result, citing chunk ids.

With an LLM configured and `hopgraph.hops.llm_steps.llm_answer` available, that writes it.
Otherwise the answer is extractive: the answer entity (the bridge entity of the last
requirement of the chain; for a comparison, the compared entity whose date is earlier or
later, or whether the values agree) and the sentence that supports it, cited as [chunk_id].
A "partial evidence" notice is added when the loop did not end complete.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hopgraph.indexing.normalize import normalize, parse_date
from hopgraph.models import AgenticRetrievalResult, RequirementAssessment

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph

PARTIAL = "Partial evidence: the hop loop stopped ({reason}) before every requirement was supported."


def compose_answer(hg: HopGraph, result: AgenticRetrievalResult) -> str:
    """The LLM's cited answer when one is configured and answers, else the extractive one."""
    if hg.settings.llm.enabled:
        from hopgraph.hops.llm_steps import llm_answer

        text = llm_answer(hg, result)
        if text:  # None when the LLM failed: fall back to the extractive answer
            return text
    return extractive_answer(result)


def extractive_answer(result: AgenticRetrievalResult) -> str:
    """The answer entity and its supporting sentence, cited; pure."""
    lines = _comparison_lines(result) if result.route and result.route.shape in ("comparison", "bridge_comparison") else []
    if not lines:
        lines = _chain_lines(result)
    if not lines:
        lines = ["No answer could be read from the retrieved evidence."]
    if result.termination_reason != "complete":
        lines.append(PARTIAL.format(reason=result.termination_reason))
    return "\n".join(lines)


def _assessments(result: AgenticRetrievalResult) -> dict[str, RequirementAssessment]:
    for trace in reversed(result.traces):
        if trace.decision is not None:
            return {a.requirement_id: a for a in trace.decision.assessments}
    return {}


def _cite(a: RequirementAssessment) -> str:
    sentence = " ".join(a.evidence_sentence.split())
    cites = "".join(f"[{c}]" for c in a.evidence_chunk_ids[:1])
    return f'"{sentence}" {cites}' if sentence else cites


def _chain_lines(result: AgenticRetrievalResult) -> list[str]:
    by_id = _assessments(result)
    reqs = result.route.requirements if result.route else []
    supported = [by_id[r.id] for r in reqs if r.id in by_id and by_id[r.id].status == "supported"]
    if not supported:
        return []
    last = supported[-1]
    req = next(r for r in reqs if r.id == last.requirement_id)
    answer = last.bridge_entities[0] if last.bridge_entities else None
    head = f"Answer: {answer}" if answer else f"Evidence for the {req.relation or 'question'} of {last.entity}"
    out = [f"{head} ({req.relation.replace('_', ' ')} of {last.entity}) — {_cite(last)}"]
    for a in supported[:-1]:
        r = next(x for x in reqs if x.id == a.requirement_id)
        out.append(f"  via {r.relation.replace('_', ' ')} of {a.entity}: {a.bridge_entities[0] if a.bridge_entities else '?'} — {_cite(a)}")
    return out


def _comparison_lines(result: AgenticRetrievalResult) -> list[str]:
    """Per compared entity the final value; then which one wins (dates) or whether they agree."""
    route = result.route
    by_id = _assessments(result)
    reqs = route.requirements
    n = len(route.anchors)
    if n < 2 or len(reqs) % n:
        return []
    finals = reqs[-n:]  # hop-major order: the last n requirements are the final values per anchor
    values: list[tuple[str, str, RequirementAssessment]] = []
    for anchor, req in zip(route.anchors, finals):
        a = by_id.get(req.id)
        if a is None or a.status != "supported" or not a.bridge_entities:
            return []
        values.append((anchor, a.bridge_entities[0], a))
    lines = [f"{anchor}: {value} — {_cite(a)}" for anchor, value, a in values]
    dates = [parse_date(v) for _, v, _ in values]
    if route.order in ("earliest", "latest") and all(dates):
        keyed = [(d[0], d[1] or 0, d[2] or 0) for d in dates]
        pick = min if route.order == "earliest" else max
        best = keyed.index(pick(keyed))
        return [f"Answer: {values[best][0]} ({route.order})"] + lines
    if route.order == "same":
        same = len({normalize(v) for _, v, _ in values}) == 1
        return [f"Answer: {'yes' if same else 'no'}"] + lines
    return lines
