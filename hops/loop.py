"""The hop controller: an explicit, bounded state machine around router, retriever, grader, corrector.

    ROUTE -> RETRIEVE -> GRADE -> complete     -> FINALIZE
                                  continue     -> PREPARE (next plan hop) -> RETRIEVE
                                  insufficient -> CORRECT (same hop)      -> RETRIEVE
                                                  (corrections used up: PREPARE)
             RETRIEVE (a rewrite adding nothing) -> PREPARE when the next plan hop can run, else FINALIZE

Budgets (`settings.hops`): max_hops retrieval hops, max_corrections_per_hop rewrites in
one hop, max_transitions state changes. A rewrite round that adds no new chunk ends the
run (no_progress), unless a later planned hop can run (its bridge is known): the loop moves on
to it, as a failed rewrite says nothing of the next step. A planned hop is graded even when it
adds nothing (its facts may be on chunks already seen). A router that raises leaves the question
searched as asked (the run ends router_failed, never complete); a retrieval or grading stage that
raises ends it with retrieval_failed / grader_failed, keeping what was found. Every retrieval is
recorded as a `HopTrace`.
"""

from __future__ import annotations

import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hopgraph.config_sections import HopSettings
from hopgraph.hops.compose import compose_hits
from hopgraph.hops.trusted_chain import trusted_chain
from hopgraph.hops.components import Corrector, Grader, Router
from hopgraph.hops.entityless import unread_route, with_generic_bridge
from hopgraph.hops.residual import residual_words
from hopgraph.hops.grade import fill
from hopgraph.hops.services import LoopServices
from hopgraph.llm import track_usage
from hopgraph.router.plan import GENERIC, placeholder
from hopgraph.router.vocab import OPEN_BRIDGE
from hopgraph.router.understand import CONFIDENT
from hopgraph.models import AgenticRetrievalResult, EvidenceDecision, HopTrace, RouteDecision, SearchHit, SubQuery
from hopgraph.scope import take_notes

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph

Retrieve = Callable[[str, str, int], list[SearchHit]]

ROUTE, RETRIEVE, GRADE, CORRECT, PREPARE, FINALIZE = "route", "retrieve", "grade", "correct", "prepare", "finalize"


@dataclass
class RunState:
    """Everything one question's run knows; the stages read and update it."""

    question: str
    route: RouteDecision | None = None
    hop: int = 0  # retrieval hops used
    plan_hop: int = 0  # last plan hop whose sub-queries were sent
    pending: list[SubQuery] = field(default_factory=list)
    pending_is_correction: bool = False
    ran: dict[str, SubQuery] = field(default_factory=dict)  # requirement id -> last query run for it
    traces: list[HopTrace] = field(default_factory=list)
    evidence: list[SearchHit] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    decision: EvidenceDecision | None = None
    corrections_this_hop: int = 0
    corrections: int = 0
    termination: str | None = None
    router_failed: bool = False  # the router raised: the question was searched as asked
    calls: Counter = field(default_factory=Counter)


class HopLoop:
    def __init__(self, router: Router, grader: Grader, corrector: Corrector, retrieve: Retrieve,
                 settings: HopSettings | None = None, services: LoopServices | None = None):
        self.router = router
        self.grader = grader
        self.corrector = corrector
        self.retrieve = retrieve
        self.settings = settings or HopSettings()
        self.services = services or LoopServices()  # question scope, cross-question cache, tool registry

    def run(self, question: str, k: int | None = None) -> AgenticRetrievalResult:
        start = time.perf_counter()
        s = RunState(question)
        stage, transitions = ROUTE, 0
        handlers = {ROUTE: self._route, RETRIEVE: self._retrieve, GRADE: self._grade,
                    CORRECT: self._correct, PREPARE: self._prepare}
        with track_usage() as usage, self.services.scope() as scope:  # LLM calls; cache and tool counts
            while stage != FINALIZE:
                if transitions >= self.settings.max_transitions:
                    s.termination = "transition_budget"
                    break
                transitions += 1
                stage = handlers[stage](s)
        s.calls.update({key: n for key, n in usage.items() if n})
        s.calls.update(scope.counts)
        order = [r.id for r in s.route.requirements] if s.route else []
        return AgenticRetrievalResult(
            question=question, trace_id=uuid.uuid4().hex, route=s.route,
            hits=compose_hits(s.traces, s.decision, order, k or self.settings.top_k,
                              unsure=s.route is not None and s.route.confidence < CONFIDENT, question=question,
                              trusted=trusted_chain(s.route, s.decision), weights=self.settings.candidate_weights),
            traces=s.traces, total_hops=s.hop,
            termination_reason="router_failed" if s.router_failed else s.termination or "no_progress",
            correction_count=s.corrections, elapsed_s=time.perf_counter() - start,
            stage_calls={**s.calls, "transitions": transitions},
        )

    # ------------------------------------------------------------ stages
    def _route(self, s: RunState) -> str:
        s.calls["route"] += 1
        try:
            s.route = with_generic_bridge(self.services.route(self.router, s.question), s.question)
        except Exception as e:  # noqa: BLE001 - a router that fails leaves the question searched as asked
            s.route = with_generic_bridge(unread_route(s.question, f"{type(e).__name__}: {e}"), s.question)
            s.router_failed = True
        first = [sq for sq in s.route.plan if sq.hop == 1] or [SubQuery(text=s.route.first_query or s.question)]
        s.pending, s.plan_hop, s.hop = first, 1, 1
        return RETRIEVE

    def _retrieve(self, s: RunState) -> str:
        new = 0
        for sq in s.pending:
            t0 = time.perf_counter()
            s.calls["retrieve"] += 1
            try:
                hits = self.retrieve(sq.text, sq.source, self.settings.hits_per_hop)
            except Exception as e:  # noqa: BLE001
                s.traces.append(HopTrace(hop=s.hop, is_correction=s.pending_is_correction, query=sq.text,
                                         source=sq.source, stage_calls={"retrieve": 1}, notes=[f"retrieval failed: {e}"]))
                s.termination = "retrieval_failed"
                return FINALIZE
            fresh = [h for h in hits if h.chunk_id not in s.seen]
            new += len(fresh)
            s.seen.update(h.chunk_id for h in hits)
            s.evidence.extend(hits)
            if sq.requirement_id:
                s.ran[sq.requirement_id] = sq
            notes = [n for n in (sq.extract,) if n] + take_notes()
            s.traces.append(HopTrace(hop=s.hop, is_correction=s.pending_is_correction, query=sq.text, source=sq.source,
                                     requirement_id=sq.requirement_id, hits=hits, elapsed_s=time.perf_counter() - t0, stage_calls={"retrieve": 1},
                                     notes=notes + ([f"for {sq.requirement_id}"] if sq.requirement_id else [])))
        if new == 0 and (s.pending_is_correction or s.decision is None):
            if s.pending_is_correction and self._next_hop_ready(s):  # a fruitless rewrite cancels no planned hop
                s.traces[-1].notes.append("no new chunk: on to the next planned hop")
                return PREPARE
            s.traces[-1].notes.append("no new chunk: stopping")
            s.termination = "no_progress"
            return FINALIZE
        return GRADE

    def _grade(self, s: RunState) -> str:
        t0 = time.perf_counter()
        s.calls["grade"] += 1
        last = s.traces[-1]
        last.stage_calls["grade"] = 1
        try:
            decision = self.services.grade(self.grader, s.question, s.route, s.evidence, s.plan_hop)
        except Exception as e:  # noqa: BLE001
            last.notes.append(f"grader failed: {e}")
            s.termination = "grader_failed"
            return FINALIZE
        finally:
            last.elapsed_s += time.perf_counter() - t0
        s.decision = last.decision = decision
        if decision.verdict == "complete":
            s.termination = "complete"
            return FINALIZE
        if decision.verdict == "insufficient" and s.corrections_this_hop < self.settings.max_corrections_per_hop:
            return CORRECT
        return PREPARE

    def _correct(self, s: RunState) -> str:
        s.corrections_this_hop += 1
        s.corrections += 1
        s.pending = self._rewrites(s, max_plan_hop=s.plan_hop)
        s.pending_is_correction = True
        return RETRIEVE if s.pending else PREPARE

    def _prepare(self, s: RunState) -> str:
        if s.hop >= self.settings.max_hops:
            s.termination = "max_hops_reached"
            return FINALIZE
        hops = sorted({sq.hop for sq in _later_work(s)})
        target = hops[0] if hops else s.plan_hop  # the next plan hop with work left, else retry this one
        pending = self._rewrites(s, max_plan_hop=target)
        if not pending:
            s.termination = "no_progress"
            return FINALIZE
        s.pending, s.plan_hop, s.hop = pending, target, s.hop + 1
        s.pending_is_correction = all(sq.attempt > 0 for sq in pending)
        s.corrections_this_hop = 0
        return RETRIEVE

    def _next_hop_ready(self, s: RunState) -> bool:
        """A later plan hop has a sub-query not yet run whose bridge is known (it can run now), and hops are left."""
        if s.hop >= self.settings.max_hops:
            return False
        return any(sq.requirement_id is not None and sq.requirement_id not in s.ran
                   and _fill(sq, s.decision) is not None for sq in _later_work(s))

    def _rewrites(self, s: RunState, max_plan_hop: int) -> list[SubQuery]:
        """Queries for every missing requirement up to a plan hop: planned ones not yet run
        (bridge filled in) first, then rewrites of the ones that ran and failed."""
        decision = s.decision
        status = {a.requirement_id: a.status for a in decision.assessments} if decision else {}
        fresh: list[SubQuery] = []
        rewrites: list[SubQuery] = []
        for sq in s.route.plan:
            rid = sq.requirement_id
            if rid is None or sq.hop > max_plan_hop or status.get(rid) == "supported":  # plain queries run once
                continue
            if rid not in s.ran:
                fresh += _fill_all(_after_open(sq, s), decision)
                continue
            s.calls["correct"] += 1
            try:
                rewrites.append(self.corrector.correct(s.question, s.ran[rid], decision))
            except Exception as e:  # noqa: BLE001 - a failed rewrite just skips that query
                s.traces[-1].notes.append(f"corrector failed for {rid}: {e}")
        return fresh + rewrites


def _later_work(s: RunState) -> list[SubQuery]:
    """Planned sub-queries after the current plan hop whose requirement is not yet supported."""
    supported = {a.requirement_id for a in s.decision.assessments if a.status == "supported"} if s.decision else set()
    return [sq for sq in s.route.plan if sq.hop > s.plan_hop and sq.requirement_id not in supported]


#: Bridge names the generic bridge search follows up (its bridge is a guess: the best few are tried).
GENERIC_FOLLOW_UPS = 3


def _after_open(sq: SubQuery, s: RunState) -> SubQuery:
    """A sub-query that follows an open bridge asks only for the question words the bridge's chunk lacks
    (`residual_words`): the words that chunk matched would only retrieve it again."""
    dep = next((r for r in s.route.requirements if r.id == sq.depends_on), None) if sq.depends_on else None
    if dep is None or dep.relation != OPEN_BRIDGE or not sq.relation or sq.relation not in sq.text or s.decision is None:
        return sq
    chunks = next((a.evidence_chunk_ids for a in s.decision.assessments if a.requirement_id == dep.id), [])
    covered = list({h.chunk_id: h.text for h in s.evidence if h.chunk_id in chunks}.values())
    rest = residual_words(sq.relation, covered)
    return sq if rest == sq.relation else sq.model_copy(update={"text": sq.text.replace(sq.relation, rest)})


def _fill_all(sq: SubQuery, decision: EvidenceDecision | None) -> list[SubQuery]:
    """The planned sub-query filled with its bridge; a generic bridge's follow-up once per candidate name."""
    first = _fill(sq, decision)
    if first is None or decision is None or not (sq.depends_on or "").startswith(GENERIC):
        return [first] if first is not None else []
    names = next((a.bridge_entities for a in decision.assessments if a.requirement_id == sq.depends_on), [])
    out = [first]
    for name in names[1:GENERIC_FOLLOW_UPS]:
        out.append(sq.model_copy(update={"text": sq.text.replace(placeholder(sq.depends_on), name),
                                         "entity": sq.entity.replace(placeholder(sq.depends_on), name)}))
    return out


def _fill(sq: SubQuery, decision: EvidenceDecision | None) -> SubQuery | None:
    """The planned sub-query with its bridge placeholder filled; None while the bridge is unknown."""
    if "{" not in sq.text and "{" not in sq.entity:
        return sq
    if decision is None:
        return None
    text, entity = fill(sq.text, decision.assessments), fill(sq.entity, decision.assessments)
    if "{" in text:
        return None
    return sq.model_copy(update={"text": text, "entity": entity})


def build_hop_loop(hg: HopGraph) -> HopLoop:
    """The hop loop of a HopGraph: rule-based components, LLM ones when an LLM is configured."""
    from hopgraph.hops.correct import RuleCorrector
    from hopgraph.hops.lazy_models import LazyMeaning, LazySpacy
    from hopgraph.hops.name_twins import NameTwins
    from hopgraph.hops.grade import RuleGrader
    from hopgraph.hops.services import build_services
    from hopgraph.router.rules import RuleRouter
    from hopgraph.tools.dispatch import ToolDispatcher

    kg = _graph_or_none(hg)
    services = build_services(hg)
    router = RuleRouter(kg, LazySpacy(hg.settings.index.spacy_model), LazyMeaning(hg))
    grader, corrector = RuleGrader(kg, search=hg.retriever.search_bm25), RuleCorrector(kg)
    if hg.settings.llm.enabled:
        from hopgraph.hops.llm_steps import build_llm_components

        router, grader, corrector = build_llm_components(hg, router, grader, corrector)
        services.attach(router)
    twins = NameTwins.from_graph(kg).expand if kg is not None else None  # acronyms searched with their names
    retrieve = ToolDispatcher(hg, services.registry, has_graph=kg is not None, expand=twins)  # built-ins and user tools
    return HopLoop(router, grader, corrector, retrieve, hg.settings.hops, services)


def _graph_or_none(hg: HopGraph):
    """The store's knowledge graph, or None when the store was built without one."""
    return hg.graph if hg.store.count("entities") else None
