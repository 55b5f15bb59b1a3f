"""A generic bridge for a question that names no entity (a pure function).

"Who is the spouse of the actress that plays the harbour pilot on the evening serial?" names nobody the
router could anchor a chain on (lower-case names, descriptions only), so it is planned as one retrieval of
the whole question. Its answer usually lies one hop beyond what that retrieval finds: the top chunks name the
thing described (the actress), and the fact asked about is on that name's own page. So such a route gets
the generic bridge search the router adds beside any unsure reading:

    G1  names the question's top hits add (an open bridge with no anchor)
    G2  each of the best few names with the question's words, one hop later

and its confidence is capped below `CONFIDENT`, so the runs vote on the final order (`compose_hits`) and
the grader never calls the run complete.
"""

from __future__ import annotations

from hopgraph.models import EvidenceRequirement, RouteDecision, SubQuery
from hopgraph.router.plan import GENERIC, placeholder
from hopgraph.router.spans import content_words
from hopgraph.router.understand import CONFIDENT
from hopgraph.router.vocab import OPEN_BRIDGE

#: Confidence given to a question without an entity: a search, not a reading.
ENTITYLESS_CONFIDENCE = 0.3
#: Question words carried by the follow-up query of each bridge name.
FOLLOW_UP_WORDS = 12


def needs_generic_bridge(route: RouteDecision) -> bool:
    """The route names no entity and plans no chain (one requirement, nothing depending on it)."""
    if route.anchors or any(e for r in route.requirements for e in r.entities):
        return False
    return len(route.requirements) <= 1 and not any(r.depends_on for r in route.requirements) \
        and not any(r.id.startswith(GENERIC) for r in route.requirements)


def with_generic_bridge(route: RouteDecision, question: str) -> RouteDecision:
    """The route with the generic bridge search added when it names no entity (else unchanged)."""
    if not needs_generic_bridge(route):
        return route
    words = " ".join(content_words(question, limit=FOLLOW_UP_WORDS, years=True))
    if not words:
        return route
    g1, g2 = f"{GENERIC}1", f"{GENERIC}2"
    reqs = [EvidenceRequirement(id=g1, description="entity the question's top hits name", entities=[],
                                relation=OPEN_BRIDGE),
            EvidenceRequirement(id=g2, description=f"{words} of {placeholder(g1)}", entities=[placeholder(g1)],
                                relation=words, depends_on=g1)]
    plan = [SubQuery(text=question.strip(), source="hybrid", requirement_id=g1, hop=1, relation=OPEN_BRIDGE,
                     extract="generic bridge: names the top hits add (no entity in the question)"),
            SubQuery(text=f"{placeholder(g1)} {words}", source="hybrid", requirement_id=g2, depends_on=g1, hop=2,
                     entity=placeholder(g1), relation=words, extract=f"bridge entity of {g1}")]
    return route.model_copy(update={
        "route": "multi_hop", "requirements": list(route.requirements) + reqs, "plan": list(route.plan) + plan,
        "confidence": min(route.confidence, ENTITYLESS_CONFIDENCE, CONFIDENT),
        "reason": f"{route.reason}; no entity: generic bridge search".lstrip("; "),
    })


def unread_route(question: str, why: str) -> RouteDecision:
    """The route of a question the router failed on: the question as asked, one requirement of its words, so
    the run still searches (and follows the generic bridge) instead of ending with no hits."""
    asked = question.strip()
    words = " ".join(content_words(asked, limit=FOLLOW_UP_WORDS)) or asked
    return RouteDecision(
        route="single_hop", shape="open", first_query=asked, confidence=0.0,
        reason=f"the router failed ({why}); the question is searched as asked",
        requirements=[EvidenceRequirement(id="R1", description=asked, entities=[], relation=words)],
        plan=[SubQuery(text=asked, source="hybrid", requirement_id="R1", hop=1, relation=words)])
