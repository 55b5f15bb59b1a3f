"""The router's own chain, when the evidence bears it out in full (a pure function).

An unsure reading ("words nothing explains") puts the question's own best hits first, because a misread
plan may bind the wrong chunks. But when every requirement of the router's own reading is a known
relation, the chain can hold (no person's fact of a place), and each one is bound to a chunk, that
chain is evidence found, not a guess: its chunks come right after the question's own best hits.
"""

from __future__ import annotations

from hopgraph.models import EvidenceDecision, RouteDecision
from hopgraph.router.coherence import coherent
from hopgraph.router.plan import GENERIC
from hopgraph.router.vocab import RELATIONS


def trusted_chain(route: RouteDecision | None, decision: EvidenceDecision | None) -> list[str]:
    """Requirement ids of the router's own reading (not the generic bridge search) when all are known,
    coherent relations and all are supported; [] otherwise."""
    if route is None or decision is None:
        return []
    own = [r for r in route.requirements if not r.id.startswith(GENERIC)]
    status = {a.requirement_id: a.status for a in decision.assessments}
    relations = [r.relation for r in own]
    if not own or any(rel not in RELATIONS for rel in relations) or not coherent(relations):
        return []
    if any(status.get(r.id) != "supported" for r in own):
        return []
    return [r.id for r in own]
