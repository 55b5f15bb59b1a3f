"""LLM versions of the hop-loop steps: grader, corrector, and their wiring (the cited answer: `llm_answer`).

Each step asks the shared `LLMClient` for a validated JSON object and then
checks it against what was really retrieved: chunk ids the LLM invents are
dropped, a requirement without a real supporting chunk is "missing", and the
verdict is never "complete" while a requirement is missing. On `LLMFailure`
the rule-based step answers and the fallback is written into the trace
("[llm fallback: …]" in the decision reason or the sub-query's `extract`).
"""

from __future__ import annotations

import threading
import weakref
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from hopgraph.hops.components import Corrector, Grader, Router
from hopgraph.hops.grade import decide
from hopgraph.hops.prompts import (
    CORRECTOR_EXAMPLE_QUERY,
    MAX_EVIDENCE_CHUNKS,
    corrector_messages,
    grader_messages,
)
from hopgraph.llm import LLMClient, LLMFailure
from hopgraph.models import (
    EvidenceDecision,
    EvidenceRequirement,
    RequirementAssessment,
    RouteDecision,
    SearchHit,
    SubQuery,
)
from hopgraph.router.llm import PLACEHOLDER, LLMRouter

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph

Source = Literal["dense", "bm25", "hybrid", "graph"]

# ---------------------------------------------------------------- output schemas (what the LLM must return)


class LLMAssessment(BaseModel):
    requirement_id: str
    status: Literal["supported", "missing"]
    evidence_chunk_ids: list[str | int] = Field(default_factory=list)  # ids, or the [n] numbers of the chunks
    bridge_entities: list[str] = Field(default_factory=list)
    evidence_sentence: str = ""
    problem: Literal["entity_missing", "relation_missing", "bridge_missing"] = "relation_missing"


class GraderOutput(BaseModel):
    verdict: Literal["complete", "continue", "insufficient"]
    reason: str = ""
    assessments: list[LLMAssessment] = Field(default_factory=list)
    next_requirement_id: str | None = None
    next_query: str | None = None
    failure_reason: str | None = None


class CorrectorOutput(BaseModel):
    query: str = Field(min_length=1)
    source: Source = "hybrid"
    reason: str = ""


# ---------------------------------------------------------------- pure checks


def bind_chunk_ids(raw: list[str | int], shown: list[str]) -> list[str]:
    """Real chunk ids only: exact ids from `shown`, or 1-based [n] numbers into it; others dropped."""
    known = set(shown)
    out: list[str] = []
    for item in raw:
        s = str(item).strip().strip("[]").strip()
        cid = s if s in known else shown[int(s) - 1] if s.isdigit() and 1 <= int(s) <= len(shown) else None
        if cid is not None and cid not in out:
            out.append(cid)
    return out


def select_evidence(hits: list[SearchHit], limit: int = MAX_EVIDENCE_CHUNKS) -> list[SearchHit]:
    """At most `limit` distinct chunks, interleaving hops (best of each hop first) so no hop is cut off."""
    seen: set[str] = set()
    rank_in_hop: dict[int | None, int] = {}
    ranked = []
    for h in hits:
        if h.chunk_id in seen:
            continue
        seen.add(h.chunk_id)
        rank = rank_in_hop[h.hop] = rank_in_hop.get(h.hop, -1) + 1
        ranked.append((rank, len(ranked), h))
    return [h for _, _, h in sorted(ranked, key=lambda t: t[:2])][:limit]


def fill_placeholders(text: str, bridges: dict[str, list[str]]) -> str:
    """Replace {R1} with the first bridge entity found for R1 (left as is when none)."""
    return PLACEHOLDER.sub(lambda m: bridges[m.group(1)][0] if bridges.get(m.group(1)) else m.group(0), text)


def bind_assessments(out: GraderOutput, requirements: list[EvidenceRequirement], shown: list[SearchHit]) -> list[RequirementAssessment]:
    """One assessment per requirement, in order; "supported" needs a real chunk id (and a bridge if one is needed)."""
    given: dict[str, LLMAssessment] = {}
    for a in out.assessments:
        given.setdefault(a.requirement_id, a)
    texts = {h.chunk_id: h.text for h in shown}
    dependents = {r.depends_on for r in requirements if r.depends_on}
    done: dict[str, RequirementAssessment] = {}
    for req in requirements:
        a = given.get(req.id)
        bridges = {rid: x.bridge_entities for rid, x in done.items()}
        entity = fill_placeholders(req.entities[0], bridges) if req.entities else ""
        ids = bind_chunk_ids(a.evidence_chunk_ids, list(texts)) if a and a.status == "supported" else []
        names = [b.strip() for b in a.bridge_entities if b.strip()] if a and ids else []
        dep = done.get(req.depends_on) if req.depends_on else None
        if dep is not None and dep.status == "missing":
            why = f"dependency_missing: {req.id} needs the bridge entity of {req.depends_on}"
        elif a is None or a.status == "missing":
            why = f"{a.problem if a else 'relation_missing'}: {req.id} ({req.description}) is not stated in the retrieved chunks"
        elif not ids:
            why = f"relation_missing: {req.id} the LLM cited no retrieved chunk"
        elif req.id in dependents and not names:
            why = f"bridge_missing: {req.id} is stated but no name was read for the next hop"
        else:
            why = ""
        done[req.id] = (
            RequirementAssessment(requirement_id=req.id, status="missing", entity=entity, failure_reason=why) if why else
            RequirementAssessment(requirement_id=req.id, status="supported", evidence_chunk_ids=ids, bridge_entities=names,
                                  entity=entity, evidence_sentence=_quoted(a.evidence_sentence, [texts[i] for i in ids]))
        )
    return list(done.values())


def _quoted(sentence: str, texts: list[str]) -> str:
    """The LLM's quoted sentence, kept only when it really occurs in a bound chunk."""
    norm = " ".join(sentence.split()).lower()
    return sentence.strip() if norm and any(norm in " ".join(t.split()).lower() for t in texts) else ""


def bind_decision(out: GraderOutput, route: RouteDecision, shown: list[SearchHit], hop: int) -> EvidenceDecision:
    """The verdict from the bound assessments and how far the plan has run (as the rule grader decides it).

    complete: every requirement supported. insufficient: a requirement whose sub-query already
    ran (plan hop <= `hop`) is missing, so the loop rewrites it. continue: the next plan hop can run.
    """
    requirements = route.requirements or [EvidenceRequirement(id="R1", description=route.first_query)]
    assessments = bind_assessments(out, requirements, shown)
    missing = [a for a in assessments if a.status == "missing"]
    said = f"[llm said {out.verdict}] {out.reason}".strip()
    if not missing:
        return EvidenceDecision(verdict="complete", reason=f"all {len(assessments)} requirements supported; {said}",
                                assessments=assessments)
    hop_of = {sq.requirement_id: sq.hop for sq in route.plan}
    ran = [a for a in missing if hop_of.get(a.requirement_id, 1) <= hop]
    if ran:
        first = ran[0]
        return EvidenceDecision(verdict="insufficient", reason=f"{first.requirement_id} missing after its query ran; {said}",
                                next_requirement_id=first.requirement_id, failure_reason=first.failure_reason,
                                assessments=assessments)
    nxt = min(missing, key=lambda a: hop_of.get(a.requirement_id, 1)).requirement_id
    bridges = {a.requirement_id: a.bridge_entities for a in assessments}
    planned = next((sq.text for sq in route.plan if sq.requirement_id == nxt), None)
    query = out.next_query if out.next_requirement_id == nxt and out.next_query else planned
    return EvidenceDecision(verdict="continue", reason=f"next: {nxt}; {said}", next_requirement_id=nxt,
                            next_query=fill_placeholders(query, bridges) if query else None, assessments=assessments)


# ---------------------------------------------------------------- the steps


class LLMGrader:
    """Grader protocol backed by the LLM, with a rule-based grader as fallback (and, with
    `keep_rule_support`, as a floor: what the rules bind stays supported)."""

    def __init__(self, client: LLMClient, fallback: Grader, keep_rule_support: bool = False):
        self.client = client
        self.fallback = fallback
        self.keep_rule_support = keep_rule_support

    def grade(self, question: str, route: RouteDecision, evidence: list[SearchHit], hop: int) -> EvidenceDecision:
        shown = select_evidence(evidence)
        try:
            out = self.client.complete_json("grader", grader_messages(question, route.requirements, shown, hop), GraderOutput)
        except LLMFailure as e:
            decision = self.fallback.grade(question, route, evidence, hop)
            decision.reason = f"[llm fallback: {e}] {decision.reason}"
            return decision
        decision = bind_decision(out, route, shown, hop)
        if self.keep_rule_support and any(a.status == "missing" for a in decision.assessments):
            decision = keep_rule_support(decision, self.fallback.grade(question, route, evidence, hop), route, hop)
        return decision


def keep_rule_support(llm: EvidenceDecision, rules: EvidenceDecision, route: RouteDecision, hop: int) -> EvidenceDecision:
    """The LLM's decision, with every requirement it calls missing but the rules support taken from the rules;
    the verdict is decided again when any was (pure)."""
    by_rules = {a.requirement_id: a for a in rules.assessments if a.status == "supported"}
    taken = [a.requirement_id for a in llm.assessments if a.status == "missing" and a.requirement_id in by_rules]
    if not taken:
        return llm
    merged = [by_rules[a.requirement_id] if a.requirement_id in taken else a for a in llm.assessments]
    failures = {a.requirement_id: a.failure_reason or f"{a.requirement_id} missing" for a in merged if a.status == "missing"}
    decision = decide(route, merged, failures, hop)
    decision.reason = f"{decision.reason}; rules bound {', '.join(taken)} ({llm.reason})"
    return decision


class LLMCorrector:
    """Corrector protocol backed by the LLM, with a rule-based corrector as fallback."""

    def __init__(self, client: LLMClient, fallback: Corrector):
        self.client = client
        self.fallback = fallback

    def correct(self, question: str, failed: SubQuery, decision: EvidenceDecision) -> SubQuery:
        own = next((a for a in decision.assessments if a.requirement_id == failed.requirement_id), None)
        why = (own.failure_reason if own else "") or decision.failure_reason or decision.reason
        messages = corrector_messages(question, failed.text, failed.requirement_id or "", why)
        try:
            out = self.client.complete_json("corrector", messages, CorrectorOutput)
            if _same_query(out.query, failed.text):
                raise LLMFailure("corrector: the LLM repeated the failed query")
            if _same_query(out.query, CORRECTOR_EXAMPLE_QUERY):
                raise LLMFailure("corrector: the LLM copied the reply format's placeholder")
        except LLMFailure as e:
            rewrite = self.fallback.correct(question, failed, decision)
            rewrite.extract = f"[llm fallback: {e}] {rewrite.extract}".strip()
            return rewrite
        return failed.model_copy(update={
            "text": out.query.strip(), "source": out.source, "attempt": failed.attempt + 1,
            "extract": f"[llm] rewrite {failed.attempt + 1}: {out.reason} (was {failed.text!r})",
        })


def _same_query(a: str, b: str) -> bool:
    return " ".join(a.lower().split()) == " ".join(b.lower().split())


# ---------------------------------------------------------------- wiring

_clients: weakref.WeakKeyDictionary[HopGraph, LLMClient] = weakref.WeakKeyDictionary()
_clients_lock = threading.Lock()


def shared_client(hg: HopGraph) -> LLMClient | None:
    """The one LLMClient of this HopGraph (cache in its store), or None when no LLM is configured."""
    if not hg.settings.llm.enabled:
        return None
    with _clients_lock:
        if hg not in _clients:
            _clients[hg] = LLMClient(hg.settings.llm, hg.store)
        return _clients[hg]


def build_llm_components(hg: HopGraph, rule_router: Router, rule_grader: Grader,
                         rule_corrector: Corrector) -> tuple[Router, Grader, Corrector]:
    """LLM router, grader and corrector over the rule-based ones; the rule-based ones when no LLM is configured."""
    client = shared_client(hg)
    if client is None:
        return rule_router, rule_grader, rule_corrector
    keep = hg.settings.llm.keep_rule_support
    return LLMRouter(client, rule_router), LLMGrader(client, rule_grader, keep), LLMCorrector(client, rule_corrector)
