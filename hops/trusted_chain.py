"""The router's own chain, when the evidence bears it out in full (a pure function).

An unsure reading ("words nothing explains") does not put its bound chunks first, because a misread
plan may bind the wrong chunks. But when every requirement of the router's own reading is a known
relation, the chain can hold (no person's fact of a place), and each one is bound to a chunk, that
chain is evidence found, not a guess: its chunks get a signal of their own (`in_chain`) when the final
list is ranked (`hops/candidate_scores.py`).

The first step alone may be an open relation ("the film in which X made her debut"): it starts at a name the
question gives, so its chunk is about that name, and the known relations after it check what it bound (a
director is found only for a work). An open step after a known one checks nothing, so such a chain is not
trusted, unless it is the last step, a phrase of two words or more, and its evidence says it word for word with a
name read ("our finance director, P" for the finance director of the firm the chain found): that sentence checks it;
or a step of a chain linked hop to hop whose evidence says the name read owns its last word ("the party whose
candidate won X": "Y, the Vell Party's candidate").
One word ("head", "district") is said of too many things to check anything.
"""

from __future__ import annotations

import re

from hopgraph.indexing.normalize import normalize
from hopgraph.models import EvidenceDecision, EvidenceRequirement, RouteDecision
from hopgraph.router.coherence import coherent
from hopgraph.router.plan import GENERIC
from hopgraph.router.vocab import RELATIONS


def trusted_chain(route: RouteDecision | None, decision: EvidenceDecision | None) -> list[str]:
    """Requirement ids of the router's own reading (not the generic bridge search) when all are known,
    coherent relations (the first may be open, from a name) and all are supported; [] otherwise."""
    if route is None or decision is None:
        return []
    own = [r for r in route.requirements if not r.id.startswith(GENERIC)]
    status = {a.requirement_id: a.status for a in decision.assessments}
    relations = [r.relation for r in own]
    known = [rel for rel in relations if rel in RELATIONS]
    linked = all(r.depends_on == prev.id for prev, r in zip(own, own[1:]))  # each step from the one before
    opens_the_chain = len(own) > 1 and relations[0] not in RELATIONS and _from_a_name(own[0]) and linked
    closes_the_chain = len(own) > 1 and relations[-1] not in RELATIONS and _said_word_for_word(own[-1], decision)
    owned = sum(1 for r in own[1:-1] if r.relation not in RELATIONS and linked and _said_as_owned(r, decision))
    if not own or len(known) < len(relations) - opens_the_chain - closes_the_chain - owned or not coherent(known):
        return []
    if any(status.get(r.id) != "supported" for r in own):
        return []
    return [r.id for r in own]


def _from_a_name(req: EvidenceRequirement) -> bool:
    """The requirement starts at names the question gives (no placeholder of an earlier step)."""
    return bool(req.entities) and not any(e.startswith("{") for e in req.entities)


def _said_word_for_word(req: EvidenceRequirement, decision: EvidenceDecision) -> bool:
    """The requirement's evidence sentence says its relation's words (two or more) as one phrase, and a name was
    read there."""
    found = next((a for a in decision.assessments if a.requirement_id == req.id), None)
    words = normalize(req.relation)
    return found is not None and bool(found.bridge_entities) and len(words.split()) >= 2 and \
        f" {words} " in f" {normalize(found.evidence_sentence)} "


def _said_as_owned(req: EvidenceRequirement, decision: EvidenceDecision) -> bool:
    """A step of two words or more read from "the party whose candidate …" ("party candidate"), whose evidence
    says the bridge read there owns the last word: "the Vell Party's candidate", "candidate of the Vell Party"."""
    found = next((a for a in decision.assessments if a.requirement_id == req.id), None)
    words = req.relation.split()
    if found is None or not found.bridge_entities or len(words) < 2:
        return False
    bridge, noun, sentence = re.escape(found.bridge_entities[0]), re.escape(words[-1]), found.evidence_sentence
    return bool(re.search(rf"{bridge}['’]s\s+(?:\w+\s+)?{noun}", sentence, re.IGNORECASE)
                or re.search(rf"\b{noun}\s+(?:of|for)\s+(?:the\s+)?{bridge}", sentence, re.IGNORECASE))
