"""The rule-based evidence grader: which requirements do the retrieved chunks support?

`RuleGrader.grade` walks the requirements in order. A requirement that depends on an
earlier one is checked for the earlier one's bridge entities ("{R1}" -> "Zette Marchetti").
A requirement with dependents counts as supported only when a bridge entity was found,
since the next hop cannot run without it. The verdict:

- complete      every requirement is supported (never while one is missing);
- insufficient  a requirement whose sub-query already ran (plan hop <= `hop`) is missing:
                the loop rewrites that query;
- continue      everything attempted so far is supported; the next plan hop can run.

`failure_reason` starts with a code the corrector reads: entity_missing (no chunk names the
entity), relation_missing (named, but the relation is not stated), bridge_missing (stated,
but no bridge entity could be read), dependency_missing (its bridge is unknown).
Whether an all-supported decision may be called complete is `hopgraph.hops.honest_complete`'s to say.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from hopgraph.hops.bridge_kinds import class_word
from hopgraph.hops.bridge_order import KIN, all_wrong_kind, by_class, by_type, none_fits, page_name, spelled_out
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.counts import amount_support, count_support, tenure_support
from hopgraph.hops.evidence import Support, check
from hopgraph.hops.gender import asked_sex, by_sex, sexed_steps
from hopgraph.hops.open_step import open_answer_kind, read_beside_the_step_before
from hopgraph.hops.honest_complete import OPEN_READING, unverified
from hopgraph.hops.lookahead import Search, by_follow_up, specificity
from hopgraph.hops.open_bridge import TOP_CHUNKS, open_bridges
from hopgraph.hops.our_voice import speaks_for
from hopgraph.indexing.normalize import normalize
from hopgraph.models import EvidenceDecision, EvidenceRequirement, RequirementAssessment, RouteDecision, SearchHit
from hopgraph.router.lexicon import post_forms
from hopgraph.router.plan import GENERIC
from hopgraph.router.vocab import OPEN_BRIDGE, RELATIONS

if TYPE_CHECKING:
    from hopgraph.graph.build import KnowledgeGraph

MAX_BOUND = 2  # chunks bound per requirement
MAX_BRIDGES = 3  # bridge candidates carried to the next hop
SEARCHES_REMEMBERED = 1024  # follow-up searches of open bridges' candidates kept
_PLACEHOLDER = re.compile(r"\{([RG]\d+)\}")


class RuleGrader:
    def __init__(self, kg: KnowledgeGraph | None = None, search: Search | None = None):
        """`search` (text, k) -> hits, when given, checks an open bridge's candidates by a follow-up search
        (`hopgraph.hops.lookahead`); its answers are remembered, as every hop re-grades every requirement (the
        grader lives as long as the store it searches)."""
        self.kg = kg if kg is not None and kg.entities else None
        self.search = functools.lru_cache(maxsize=SEARCHES_REMEMBERED)(search) if search is not None else None

    def grade(self, question: str, route: RouteDecision, evidence: list[SearchHit], hop: int) -> EvidenceDecision:
        views = _views(evidence, self.kg)
        dependents = {r.depends_on for r in route.requirements if r.depends_on}
        kin_of = {r.depends_on for r in route.requirements if r.depends_on and r.relation in KIN}
        open_ids = {r.id for r in route.requirements if r.relation == OPEN_BRIDGE}
        compared = route.shape in ("comparison", "bridge_comparison")  # its dates need a date read
        assessments: dict[str, RequirementAssessment] = {}
        failures: dict[str, str] = {}
        sex = asked_sex(question)  # "the woman put in charge of X": her name before the men's
        sexed = sexed_steps(route) if sex else set()
        for req in route.requirements:
            if req.relation == OPEN_BRIDGE:
                # its candidates are checked ahead; a relation's open fallback keeps its reading (types order it)
                a, why = assess_open(req, question, views, search=self.search)
            else:
                a, why = assess(req, views, assessments, req.id in dependents, req.depends_on in open_ids, compared,
                                first=asks_first_holder(question, req), kin_next=req.id in kin_of)
                if why and req.id in dependents and not req.depends_on and self.kg is not None \
                        and (fb := assess_open(req, question, views, beside_anchor=True))[1] == "" \
                        and not none_fits(fb[0].bridge_entities, req.relation, views):
                    # the relation's bridge cannot be read: take the open reading of the top chunks instead
                    a, why = fb[0], ""
                    a.evidence_sentence = f"{OPEN_READING}: {req.relation} not stated"
                    asked = open_answer_kind(req)  # the names of the kind the question asks first (or the
                    # relation's: a successor is no society; kin keep the reading's order)
                    if (asked or (req.relation in RELATIONS and req.relation not in KIN)) and views:
                        a.bridge_entities = by_type(a.bridge_entities, req.relation, views[0], asked)
                    a.bridge_entities = by_class(a.bridge_entities, req.noun)  # then those of its class noun
                    open_ids.add(req.id)
            if req.id in sexed and not why:
                a.bridge_entities = by_sex(a.bridge_entities, sex, views)
            a.failure_reason = why
            assessments[req.id] = a
            if why:
                failures[req.id] = why
        unconfirmed = [r.id for r in route.requirements if r.depends_on in open_ids]
        decision = decide(route, list(assessments.values()), failures, hop, unconfirmed)
        if decision.verdict == "complete" and (doubt := unverified(question, route, decision, views, open_ids)):
            decision = decision.model_copy(update={"verdict": "continue", "reason": f"unverified: {doubt}"})
        return decision


#: How a compared quantity is read, by the answer kind the router gave it.
_COUNTERS = {"number": count_support, "amount": amount_support, "tenure": tenure_support}


def _specificity(view: ChunkView, name: str) -> float:
    """`specificity` of a name by the graph: the most chunks any entity it links to is named in."""
    kg = view.kg
    if kg is None:
        return 1.0
    naming = max((len(kg.entity_chunks.get(e, ())) for e in view.ids_of(name)), default=0)
    return specificity(naming, len(kg.chunk_entities))


def _views(evidence: list[SearchHit], kg: KnowledgeGraph | None) -> list[ChunkView]:
    seen: set[str] = set()
    out = []
    for h in evidence:
        if h.chunk_id not in seen:
            seen.add(h.chunk_id)
            out.append(ChunkView(h, kg))
    return out


def entity_names(req: EvidenceRequirement, done: dict[str, RequirementAssessment]) -> list[str]:
    """The names to look for: the requirement's entities with placeholders filled by bridges."""
    names: list[str] = []
    for e in req.entities:
        m = _PLACEHOLDER.fullmatch(e.strip())
        if m:
            dep = done.get(m.group(1))
            names += dep.bridge_entities[:MAX_BRIDGES] if dep else []
        else:
            names.append(e)
    return names


def assess(req: EvidenceRequirement, views: list[ChunkView], done: dict[str, RequirementAssessment],
           needs_bridge: bool, after_open: bool = False, compared: bool = False,
           first: bool = False, kin_next: bool = False) -> tuple[RequirementAssessment, str]:
    """One requirement against the evidence: (assessment, failure reason or ""). A `compared` date (a side of a
    comparison) is found only with a date read. A bridge whose next step asks for its kin (`kin_next`) is a
    person: names the graph types only as a body or a place are no bridge.

    After an open bridge (`after_open`) the bridge is only a likely name, and the rest of the
    question only loose words: the fact counts on the bridge's own page when the corpus has one."""
    names = entity_names(req, done)
    if req.entities and not names:
        return _missing(req), f"dependency_missing: {req.id} needs the bridge entity of {req.depends_on}"
    if not names:  # a question with no entity: any chunk carrying the relation words
        names = [""]
    supports: list[tuple[int, int, Support]] = []
    named = False
    # a dependent fact must come from another chunk than the one that named its bridge (the next hop's page),
    # unless that chunk is the most likely bridge's own page ("The party's founder …" on the party's page) or
    # the graph read the fact there ("X won the race. The 24-year-old, who was born in T, …": one article)
    used = set(done[req.depends_on].evidence_chunk_ids) if req.depends_on in done else set()
    # a report the graph reads as about a bridge states its facts when the relation is one the plan read: not the
    # generic bridge search's guesses, nor the loose words of a question no relation explains
    read_by_plan = not req.id.startswith(GENERIC) and (req.relation in RELATIONS or len(req.relation.split()) <= 2)
    for rank, name in enumerate(names):
        for pos, view in enumerate(views):
            likeliest = rank == 0 and bool(name)
            reused = view.hit.chunk_id in used and not (likeliest and view.is_home(name))
            if reused and not likeliest:
                continue
            if req.answer in _COUNTERS:  # "Which has more kilns?": a count, read as a number; "the larger
                counter = _COUNTERS[req.answer]  # grant": a sum; "Who was chair for longer?": since when
                s = counter(view, name, req.relation) if name else None
            else:
                s = check(view, name, stated_words(req), req.topic) if name else _unnamed(view, req.relation)
            if reused and (s is None or not (s.by_graph or read_beside_the_step_before(s, req, done, view))):
                continue
            # a less likely bridge: its own page only (titled by it, or a report the graph reads as about it);
            # after an open bridge, its own page or a graph edge stating the relation (the fact is often on the
            # other end's page: "Y is chairman of X")
            strict = rank > 0 or (after_open and view.has_page(name) and not (s is not None and s.by_graph))
            if s is not None and (not strict or s.home or (read_by_plan and _own_page(view, name))):
                supports.append((rank, pos, s))
            elif name and not named:
                named = view.mentions(name)
    if not supports:
        what = f"no retrieved chunk names {names[0]!r}" if not named else f"{names[0]!r} is named but its {req.relation or 'fact'} is not stated"
        code = "relation_missing" if named else "entity_missing"
        return _missing(req, names[0]), f"{code}: {req.id} {what}"
    # best: the most likely bridge candidate first, then one stating the post asked for ("chairman"), own page,
    # graph edge, bridges; then retrieval order
    supports.sort(key=lambda t: (t[0], not says_post(t[2].sentence, req.post),
                                 first and not _SAYS_FIRST.search(t[2].sentence), -t[2].score, t[1]))
    best = supports[0][2]
    bridges = _merge_bridges([s for _, _, s in supports if s.entity == best.entity])
    if views and views[0].kg is not None:
        bridges = _dedupe_names([spelled_out(page_name(b, views[0]), views[0]) for b in bridges])
        bridges = by_type(bridges, req.relation, views[0], req.answer)
    bridges = by_class(bridges, req.noun)
    if req.depends_on in done:  # a step never leads straight back to where the one before it started ("the
        back = normalize(done[req.depends_on].entity)  # old employer of X's chief executive" is not X)
        bridges = [b for b in bridges if normalize(b) != back]
    if kin_next and views and bridges and all(views[0].not_human(b) for b in bridges):
        return _missing(req, best.entity), f"bridge_missing: {req.id} {req.relation} of {best.entity!r} names no person"
    if needs_bridge and all_wrong_kind(bridges, req, views):
        return _missing(req, best.entity), f"bridge_missing: {req.id} {req.relation} of {best.entity!r} names no {req.answer}"
    if needs_bridge and not bridges:
        return _missing(req, best.entity), f"bridge_missing: {req.id} {req.relation} of {best.entity!r} is stated but no name could be read"
    if compared and not bridges and req.relation in RELATIONS and RELATIONS[req.relation].answer == "date":
        # dates compared are found only when one is read ("Founder A will step down" dates nothing to compare)
        return _missing(req, best.entity), f"bridge_missing: {req.id} {req.relation} of {best.entity!r} is stated but no date could be read"
    chunk_ids = list(dict.fromkeys(s.chunk_id for _, _, s in supports if s.entity == best.entity))[:MAX_BOUND]
    return RequirementAssessment(
        requirement_id=req.id, status="supported", evidence_chunk_ids=chunk_ids,
        bridge_entities=bridges[:MAX_BRIDGES], entity=best.entity, evidence_sentence=best.sentence,
    ), ""


def _own_page(view: ChunkView, name: str) -> bool:
    """The chunk is the name's own page though not titled by it: a report the graph reads as about it, or a chunk
    that speaks for it as "we"."""
    return view.is_about(name) or speaks_for(view, name)


def assess_open(req: EvidenceRequirement, question: str, views: list[ChunkView],
                beside_anchor: bool = False, search: Search | None = None) -> tuple[RequirementAssessment, str]:
    """An open bridge: the names the top chunks add to the question, the most related first (`beside_anchor`:
    only names a chunk naming the requirement's entity also names); with a `search`, the first few reordered
    by what a follow-up search finds said of each (`by_follow_up`)."""
    found = open_bridges(question, req.entities, views, beside_anchor=beside_anchor)
    if search is not None and len(found) > 1:
        found = by_follow_up(found, question, req.entities, {v.hit.chunk_id for v in views[:TOP_CHUNKS]}, search,
                             spread=lambda name: _specificity(views[0], name))
    if not found:
        return _missing(req), f"bridge_missing: {req.id} no name in the top chunks links to the question"
    name, chunk_id = found[0]
    return RequirementAssessment(
        requirement_id=req.id, status="supported", evidence_chunk_ids=[chunk_id],
        bridge_entities=[n for n, _ in found[:MAX_BRIDGES]], entity=req.entities[0] if req.entities else "",
    ), ""


def _unnamed(view: ChunkView, relation: str) -> Support | None:
    """Support for a requirement without an entity: most of the relation's words occur in the chunk."""
    words = [w for w in relation.lower().split() if len(w) > 2]
    if not words:
        return None
    text = view.norm_text
    found = sum(1 for w in words if f" {w[:5]}" in text)
    if found * 3 < len(words) * 2:
        return None
    return Support(view.hit.chunk_id, "", False, False, "")


def stated_words(req: EvidenceRequirement) -> str:
    """What the evidence must state: the relation, or an open relation's words without the class noun of its
    answer ("company acquired": "acquired"; "the company's lenses" names a company, it states no
    acquisition)."""
    if req.relation in RELATIONS or not req.noun:
        return req.relation
    words = [w for w in req.relation.split() if class_word(w) != class_word(req.noun)]
    return " ".join(words) or req.relation


def _dedupe_names(names: list[str]) -> list[str]:
    return list(dict.fromkeys(names))


def _merge_bridges(supports: list[Support]) -> list[str]:
    out: list[str] = []
    for s in supports:
        for b in s.bridges:
            if b not in out:
                out.append(b)
    return out


#: Relations that are themselves the name of a post or a title won ("the first director of X").
_HOLDER_WORDS = {"director": ["director"], "winner": ["winner", "recipient"]}
#: A sentence telling of the first holder of a post ("named Ada Brook as its first chair", "its founding head").
_SAYS_FIRST = re.compile(r"\b(?:first|founding|inaugural)\b", re.IGNORECASE)


def asks_first_holder(question: str, req: EvidenceRequirement) -> bool:
    """The question asks for the first holder of the requirement's post ("the first chair of X", "its founding
    director") or the first winner of a prize: evidence saying "first" then comes before other holders'."""
    words = post_forms(req.post) if req.post else _HOLDER_WORDS.get(req.relation, [])
    if not words:
        return False
    forms = "|".join(re.escape(w) for w in words)
    return re.search(rf"\b(?:first|founding|inaugural|original)\s+(?:[a-z-]+\s+)?(?:{forms})\b", question,
                     re.IGNORECASE) is not None


def says_post(sentence: str, post: str) -> bool:
    """The sentence names the post in any of its forms ("chairman and CEO of Y" says "chairman" and "chief
    executive"); any sentence does when none is asked."""
    if not post:
        return True
    forms = "|".join(re.escape(f) for f in post_forms(post))
    return re.search(rf"\b(?:{forms})\b", sentence, re.IGNORECASE) is not None


def _missing(req: EvidenceRequirement, entity: str = "") -> RequirementAssessment:
    return RequirementAssessment(requirement_id=req.id, status="missing", entity=entity)


def decide(route: RouteDecision, assessments: list[RequirementAssessment], failures: dict[str, str], hop: int,
           confirm: list[str] | None = None) -> EvidenceDecision:
    """The verdict from the assessments and how far the plan has run (pure). The requirements in
    `confirm` (facts of a guessed bridge) count as missing until their own sub-query has run."""
    hop_of = {sq.requirement_id: sq.hop for sq in route.plan}
    early = {rid for rid in confirm or () if hop_of.get(rid, 1) > hop}
    assessments = [a.model_copy(update={"status": "missing", "failure_reason": f"unconfirmed: {a.requirement_id} is read "
                                        "from a guessed bridge before its own query ran"})
                   if a.requirement_id in early and a.status == "supported" else a for a in assessments]
    missing = [a for a in assessments if a.status == "missing"]
    supported = len(assessments) - len(missing)
    if not missing:
        return EvidenceDecision(verdict="complete", reason=f"all {len(assessments)} requirements supported",
                                assessments=assessments)
    attempted = [a for a in missing if hop_of.get(a.requirement_id, 1) <= hop]
    if attempted:
        first = attempted[0].requirement_id
        return EvidenceDecision(
            verdict="insufficient", reason=f"{supported}/{len(assessments)} supported; {first} missing after its query ran",
            next_requirement_id=first, failure_reason=failures.get(first, f"{first} missing"), assessments=assessments,
        )
    nxt = min(missing, key=lambda a: hop_of.get(a.requirement_id, 1))
    step = next((sq for sq in route.plan if sq.requirement_id == nxt.requirement_id), None)
    return EvidenceDecision(
        verdict="continue", reason=f"{supported}/{len(assessments)} supported; next: {nxt.requirement_id}",
        next_requirement_id=nxt.requirement_id,
        next_query=fill(step.text, assessments) if step is not None else None, assessments=assessments,
    )


def fill(text: str, assessments: list[RequirementAssessment]) -> str:
    """Replace "{R1}" with R1's first bridge entity (left as is when none is known)."""
    bridges = {a.requirement_id: a.bridge_entities for a in assessments}
    return _PLACEHOLDER.sub(lambda m: bridges.get(m.group(1), [m.group(0)])[0] if bridges.get(m.group(1)) else m.group(0), text)
