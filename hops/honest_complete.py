"""Is an all-supported decision trustworthy enough to call "complete"? (pure functions)

`unverified` gives the reason a run whose requirements are all supported may still be wrong: a question read
with low confidence, no entity to tie the evidence to, fewer planned steps than the wording implies, a
binding read far from the words stating it or guessed from the top chunks, a loose fact with no question word
on the anchor's page. The grader then says "continue" instead of "complete".
"""

from __future__ import annotations

import re

from hopgraph.hops.bridge_order import KIN
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.names import name_forms
from hopgraph.indexing.normalize import normalize
from hopgraph.models import EvidenceDecision, EvidenceRequirement, RequirementAssessment, RouteDecision
from hopgraph.router.depth import implied_hops, plan_steps
from hopgraph.router.spans import content_words
from hopgraph.router.understand import CONFIDENT
from hopgraph.router.vocab import RELATIONS, cue_regex

OPEN_READING = "open reading"  # evidence_sentence prefix of a relation whose bridge was guessed from the top chunks
#: Words allowed between an entity's name and the word stating its relation, off the entity's own page.
BINDING_WINDOW = 12


def unsure_reading(route: RouteDecision) -> str:
    """Why the router's reading cannot back a "complete" verdict ("" when it can): a question read with
    low confidence (words no relation explains, an open bridge, a name the chain leaves out) may be planned
    wrongly, so its evidence proves nothing."""
    if route.confidence < CONFIDENT:
        return f"the question was read with confidence {route.confidence:.1f} (below {CONFIDENT})"
    return ""


def unverified(question: str, route: RouteDecision, decision: EvidenceDecision, views: list[ChunkView],
               open_ids: set[str]) -> str:
    """Why an all-supported decision is not yet trustworthy ("" when it is), pure:

    - the question names no entity (nothing ties the evidence to it);
    - its wording implies more hops than the plan has steps (later hops were never planned);
    - a single-step fact the vocabulary does not know (matched on loose words) while no retrieved page of
      the anchor carries a question word besides the anchor's name;
    - a fact the vocabulary does not know, read after an open bridge from a chunk that does not name the
      bridge or carries no question word besides the bridge's and the anchor's names;
    - a supported fact that names one of several (`one_of_several`: "her first husband");
    - a comparison side that another side's evidence names as its value (`side_answering_another`).
    (Vocabulary relations were already checked as stated by `check`.)
    """
    if (doubt := unsure_reading(route)):
        return doubt
    if route.shape in ("comparison", "bridge_comparison"):
        return side_answering_another(route, decision)
    anchors = route.anchors or [e for r in route.requirements if not r.depends_on for e in r.entities]
    if not anchors:
        return "no entity in the question"
    steps = plan_steps([sq.hop for sq in route.plan if sq.requirement_id])
    if steps >= 2 and implied_hops(question) > steps:
        return f"the question implies {implied_hops(question)} hops, the plan has {steps}"
    by_id = {a.requirement_id: a for a in decision.assessments}
    for req in route.requirements:
        a = by_id.get(req.id)
        if a is not None and (why := weak_binding(req, a, views) or one_of_several(req, a, question)):
            return why
    free = [r for r in route.requirements if r.relation not in RELATIONS]  # facts matched on loose words
    if steps == 1 and free and not any(_own_page_with_words(v, a, question) for a in anchors[:1] for v in views):
        return f"no retrieved page of {anchors[0]!r} carries a question word"
    taken = {w for a in anchors for w in normalize(a).split()}  # the anchor's words prove nothing
    for req in route.requirements:
        if req in free and req.depends_on in open_ids and (a := by_id.get(req.id)) is not None:
            bridge = ([a.entity] if a.entity else []) + (by_id[req.depends_on].bridge_entities if req.depends_on in by_id else [])
            home = [v for v in views if v.hit.chunk_id in a.evidence_chunk_ids]
            if not any(_names_with_words(v, b, question, taken) for b in bridge for v in home):
                return f"{req.id} is not read from a chunk naming the open bridge {bridge[:1]} with a question word"
            if not any(v.is_home(b) for b in bridge for v in home):  # a guessed bridge: only its own page proves it
                return f"{req.id} is not read from the own page of the open bridge {bridge[:1]}"
    return ""


def side_answering_another(route: RouteDecision, decision: EvidenceDecision) -> str:
    """Why a comparison's sides cannot all be sides ("" when they can), pure: a side that the evidence reads as
    what another side is compared by ("Sian won the Tarrow Prize before Ada did": both won it) was misread as a
    side; the prize is the thing the sides share. Kin are left alone: in "Were A and B married?" B is A's spouse."""
    kin = {r.id for r in route.requirements if r.relation in KIN}
    found = {a.requirement_id: [normalize(b) for b in a.bridge_entities] for a in decision.assessments
             if a.status == "supported" and a.requirement_id not in kin}
    for req in route.requirements:
        if req.depends_on:
            continue
        for name in (normalize(e) for e in req.entities):
            if name and any(b == name or b.startswith(f"{name} ") for rid, bs in found.items() if rid != req.id
                            for b in bs):
                return f"{req.id}: {name!r} is what another side is compared by, not a side"
    return ""


def weak_binding(req: EvidenceRequirement, a: RequirementAssessment, views: list[ChunkView]) -> str:
    """Why a supported requirement's binding is too weak to call a run complete ("" when it is not), pure:

    - its bridge was guessed from the top chunks because no chunk states the relation (an open reading);
    - a known relation read off the entity's own page from a sentence where the entity's name and the word
      stating the relation lie more than `BINDING_WINDOW` words apart (a list or an infobox naming several
      people: "... portrayed by A in the film ... Spouse(s) B" is no statement of A's spouse).
    """
    if a.status != "supported":
        return ""
    if a.evidence_sentence.startswith(OPEN_READING):
        return f"{req.id} was guessed: {a.evidence_sentence}"
    if req.relation not in RELATIONS or not a.entity or not a.evidence_sentence:
        return ""
    bound = [v for v in views if v.hit.chunk_id in a.evidence_chunk_ids]
    if not bound or any(v.is_home(a.entity) for v in bound):
        return ""
    gap = name_cue_gap(a.evidence_sentence, a.entity, req.relation)
    if gap is not None and gap > BINDING_WINDOW:
        return f"{req.id}: {a.entity!r} is {gap} words from the words stating its {req.relation}"
    return ""


#: Words before a relation's word that say the entity had several of it ("her first husband", "his former wife").
_SEVERAL = re.compile(r"\b(first|second|third|fourth|fifth|former|ex|previous|earlier|eldest|youngest)[\s-]+$")
#: Relations whose words name the one asked for ("her first husband": a spouse; "the eldest son of X" names a
#: child of X, and X is his only father).
_COUNTED = frozenset({"spouse", "child", "sibling"})


def one_of_several(req: EvidenceRequirement, a: RequirementAssessment, question: str) -> str:
    """Why a supported requirement names only one of several ("" when it does not), pure: every word of the
    evidence sentence stating a kin relation follows a word that counts or ages it ("her first husband", "his
    eldest son"), so the entity had more than one, and the question does not say which ("X's first husband"
    does)."""
    if a.status != "supported" or req.relation not in _COUNTED or not a.evidence_sentence:
        return ""
    cue = cue_regex(req.relation)
    text = normalize(a.evidence_sentence)
    spots = list(cue.finditer(text)) if cue is not None else []
    which = [_SEVERAL.search(text[:m.start()]) for m in spots]
    if not spots or not all(which):
        return ""
    words = {w.group(1) for w in which}
    if words & set(normalize(question).split()):
        return ""
    return f"{req.id}: the evidence names one of several ({min(words)} {req.relation})"


def name_cue_gap(sentence: str, name: str, relation: str) -> int | None:
    """Fewest words between a mention of `name` and a cue word of `relation` in the sentence (None when
    either is missing: nothing to measure)."""
    cue = cue_regex(relation)
    if cue is None:
        return None
    text = normalize(sentence)
    cues = [len(text[:m.start()].split()) for m in cue.finditer(text)]
    spots = []
    for form in {f for f in name_forms(name) if f}:
        n = len(form.split())
        spots += [(len(text[:m.start()].split()), n) for m in re.finditer(rf"(?<!\S){re.escape(form)}(?!\S)", text)]
    if not cues or not spots:
        return None
    return min(max(0, c - (s + n), s - c - 1) for c in cues for s, n in spots)


def _own_page_with_words(view: ChunkView, name: str, question: str) -> bool:
    """The chunk is `name`'s own page and carries a question content word that is not part of the name."""
    return view.is_home(name) and _has_other_word(view, question, set(normalize(name).split()))


def _names_with_words(view: ChunkView, name: str, question: str, taken: set[str]) -> bool:
    """The chunk names `name` and carries a question content word that is neither in it nor in `taken`."""
    return view.mentions(name) and _has_other_word(view, question, taken | set(normalize(name).split()))


def _has_other_word(view: ChunkView, question: str, taken: set[str]) -> bool:
    skip = {w[:5] for w in taken}
    words = {w[:5] for w in content_words(question, limit=30)} - skip
    return any(f" {w}" in view.norm_text for w in words if len(w) > 2)
