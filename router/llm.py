"""LLM router: the LLM splits a question into evidence requirements and an ordered plan.

The LLM's reply is validated by `RouterOutput` (ids unique, every plan step
bound to a requirement, `{R1}` placeholders only for requirements planned
earlier), so an inconsistent plan counts as invalid output and is retried.
When the LLM fails or its breaker is open, the rule-based router answers and
the decision's `reason` starts with "[llm fallback: …]".
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from hopgraph.hops.components import Router
from hopgraph.hops.prompts import router_messages
from hopgraph.llm import LLMClient, LLMFailure
from hopgraph.models import EvidenceRequirement, RouteDecision, SubQuery

PLACEHOLDER = re.compile(r"\{([RG]\d+)\}")


class PlannedQuery(BaseModel):
    requirement_id: str
    query: str = Field(min_length=1)
    source: str = "hybrid"  # a tool of the registry; an unknown name runs as hybrid
    depends_on: str | None = None
    extract: str = ""


class RouterOutput(BaseModel):
    """What the LLM must return; checked for internal consistency."""

    route: Literal["single_hop", "multi_hop"]
    shape: Literal["single", "bridge", "comparison", "temporal", "inference"] = "single"
    reason: str = ""
    order: Literal["", "earliest", "latest", "same"] = ""
    requirements: list[EvidenceRequirement] = Field(min_length=1)
    plan: list[PlannedQuery] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> RouterOutput:
        ids = [r.id for r in self.requirements]
        if len(set(ids)) != len(ids):
            raise ValueError(f"duplicate requirement ids {ids}")
        for r in self.requirements:
            if r.depends_on is not None and (r.depends_on not in ids or r.depends_on == r.id):
                raise ValueError(f"{r.id} depends on unknown requirement {r.depends_on}")
        planned: set[str] = set()
        for step in self.plan:
            if step.requirement_id not in ids:
                raise ValueError(f"plan step for unknown requirement {step.requirement_id}")
            for ref in PLACEHOLDER.findall(step.query):
                if ref not in planned:
                    raise ValueError(f"query {step.query!r} uses {{{ref}}} before {ref} is planned")
            planned.add(step.requirement_id)
        return self


def to_route_decision(out: RouterOutput) -> RouteDecision:
    """Map the validated LLM plan onto the shared RouteDecision model (the rule router's conventions).

    A dependent requirement names its bridge by placeholder in `entities`; a sub-query's plan
    `hop` is one more than the hop of the requirement it depends on, so comparisons fan out in hop 1.
    """
    requirements = [_with_placeholder(r) for r in out.requirements]
    by_id = {r.id: r for r in requirements}
    hop_of: dict[str, int] = {}
    plan = []
    for step in out.plan:
        req = by_id[step.requirement_id]
        refs = PLACEHOLDER.findall(step.query)
        dep = step.depends_on or (refs[0] if refs else None) or req.depends_on
        deps = {*refs, *([dep] if dep else [])}
        hop_of[req.id] = 1 + max((hop_of.get(d, 1) for d in deps), default=0)
        plan.append(SubQuery(
            text=step.query, source=step.source, requirement_id=req.id, depends_on=dep,
            extract=step.extract or (f"bridge entity of {dep}" if dep else ""), hop=hop_of[req.id],
            entity=req.entities[0] if req.entities else "", relation=req.relation,
        ))
    anchors = list(dict.fromkeys(e for r in requirements for e in r.entities if not PLACEHOLDER.fullmatch(e)))
    route = "multi_hop" if len(plan) > 1 else out.route
    return RouteDecision(route=route, shape=out.shape, first_query=plan[0].text, reason=f"[llm] {out.reason}".strip(),
                         requirements=requirements, plan=plan, order=out.order, anchors=anchors)


def _with_placeholder(req: EvidenceRequirement) -> EvidenceRequirement:
    """A dependent requirement's first entity is its bridge placeholder ("{R1}")."""
    mark = "{" + req.depends_on + "}" if req.depends_on else ""
    if not mark or mark in req.entities:
        return req
    return req.model_copy(update={"entities": [mark, *req.entities]})


class LLMRouter:
    """Router protocol backed by the LLM, with the rule-based router as fallback."""

    def __init__(self, client: LLMClient, fallback: Router):
        self.client = client
        self.fallback = fallback
        self.tools = None  # the ToolRegistry shown in the prompt (set by build_hop_loop)

    def route(self, question: str) -> RouteDecision:
        from hopgraph.tools.prompt import registry_prompt

        tools = registry_prompt(self.tools.specs()) if self.tools is not None else ""
        try:
            out = self.client.complete_json("router", router_messages(question, tools), RouterOutput)
        except LLMFailure as e:
            decision = self.fallback.route(question)
            decision.reason = f"[llm fallback: {e}] {decision.reason}"
            return decision
        known = set(self.tools.names) if self.tools is not None else {"dense", "bm25", "hybrid", "graph"}
        for step in out.plan:
            step.source = step.source if step.source in known else "hybrid"
        return to_route_decision(out)
