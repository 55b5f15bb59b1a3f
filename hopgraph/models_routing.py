"""Typed data of routing: what a question needs (requirements), the plan of sub-queries, metadata filters."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from hopgraph.models_retrieval import SourceName


class MetaFilter(BaseModel):
    """A condition on document metadata (`hopgraph.metadata`): `date>=2021-01-01`, `source=gazette`."""

    key: str
    op: Literal["=", "!=", ">=", "<=", ">", "<"] = "="
    value: str
    phrase: str = ""  # the words of the question it was read from ("" for an explicit --where)


class EvidenceRequirement(BaseModel):
    """One atomic fact the question needs; never an answer."""

    id: str  # R1, R2 …
    description: str
    entities: list[str] = Field(default_factory=list)
    relation: str = ""
    depends_on: str | None = None  # id of an earlier requirement whose result fills the bridge
    # what the fact is about when it is not the entity itself: "astronomical clock" for "when was the
    # astronomical clock built in {R1}" (a page titled by the entity and these words states it)
    topic: list[str] = Field(default_factory=list)
    # what kind of thing an open relation's answer is, read from the question's grammar ("the candidate
    # who won X": person; "the state where X was fought": place); "" when unknown or the relation is known
    answer: str = ""
    # the post the question names for the leader relation ("chairman" in "the chairman of X"): evidence that
    # says it comes before other leaders of the body; "" for any leader
    post: str = ""
    # the class noun the question gives the answer ("party" in "the party that X is a member of"): a name
    # of that class often carries it ("the … Party"); "" when the question gives none
    noun: str = ""


class SubQuery(BaseModel):
    """A query the loop runs to satisfy one requirement."""

    text: str
    source: SourceName = "hybrid"
    requirement_id: str | None = None
    depends_on: str | None = None
    extract: str = ""  # what to pull from earlier results, e.g. "bridge entity of R1"
    hop: int = 1  # plan step: sub-queries of one hop run together (a comparison fans out)
    entity: str = ""  # the entity the sub-query asks about ("{R1}" until the bridge is known)
    relation: str = ""  # the relation it asks for (a name from hopgraph.router.vocab, or free words)
    attempt: int = 0  # 0 = as planned; n = n-th rewrite by the corrector


class RouteDecision(BaseModel):
    route: Literal["single_hop", "multi_hop"]
    shape: str = "single"  # single | bridge | comparison | temporal | inference
    first_query: str
    reason: str
    requirements: list[EvidenceRequirement] = Field(default_factory=list)
    plan: list[SubQuery] = Field(default_factory=list)
    order: str = ""  # comparisons: earliest | latest | same (what the answer step picks)
    anchors: list[str] = Field(default_factory=list)  # the entities the question names
    # how sure the router is of its reading (1 = every word explained); below the router's threshold the
    # loop searches generically and never calls the run complete
    confidence: float = 1.0
    filters: list[MetaFilter] = Field(default_factory=list)  # metadata constraints every source is limited to
