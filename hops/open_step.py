"""An open step's answer as the question's grammar gives it (pure functions).

An open step is a relation of the question's own words ("the team whose rider won X", "the shop-owner of X").
Its answer still has a kind: the one a clause gives it (an organisation for "the club that X sponsors", kept in
`EvidenceRequirement.answer`), else a person for an agent noun. The grader puts names of that kind first, and a
name of that kind read in another sentence of the chunk that bound the step before counts as found there.
"""

from __future__ import annotations

from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.evidence import Support
from hopgraph.hops.free_cues import free_spec
from hopgraph.models import EvidenceRequirement, RequirementAssessment
from hopgraph.router.vocab import RELATIONS


def open_answer_kind(req: EvidenceRequirement) -> str:
    """The kind of name an open step's answer is: the one the question's grammar gave it ("the club that X
    sponsors": an organisation), else a person for an agent noun ("the shop-owner of X"); "" when unknown."""
    if req.answer:
        return req.answer
    return "person" if req.relation not in RELATIONS and free_spec(req.relation).answer == "person" else ""


def read_beside_the_step_before(s: Support, req: EvidenceRequirement, done: dict[str, RequirementAssessment],
                                view: ChunkView) -> bool:
    """An open step read in the chunk that bound the step before, from another sentence, with a name the graph
    types as the kind the question's grammar asks ("X won the cup. Brook, a student who rows for the club T,
    …": the club whose rower won, an organisation)."""
    before = done.get(req.depends_on or "")
    return bool(req.answer) and req.relation not in RELATIONS and before is not None and bool(s.bridges) \
        and s.sentence != before.evidence_sentence and view.type_fit(s.bridges[0], req.answer) > 0
