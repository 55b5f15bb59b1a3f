"""Final-hit order: bound evidence in requirement order, then round-robin over runs."""

from __future__ import annotations

from hopgraph.hops.compose import bound_order, compose_hits
from hopgraph.models import EvidenceDecision, HopTrace, RequirementAssessment, SearchHit


def trace(hop: int, ids: list[str], scores: list[float] | None = None) -> HopTrace:
    scores = scores or [1.0] * len(ids)
    return HopTrace(hop=hop, query=f"q{hop}", hits=[SearchHit(chunk_id=c, doc_id=c, score=s) for c, s in zip(ids, scores)])


def decided(**bound: list[str]) -> EvidenceDecision:
    return EvidenceDecision(verdict="complete", reason="", assessments=[
        RequirementAssessment(requirement_id=r, status="supported", evidence_chunk_ids=c) for r, c in bound.items()])


def test_bound_first_in_requirement_order_then_round_robin():
    traces = [trace(1, ["a", "b", "c"]), trace(2, ["d", "e", "b"])]
    hits = compose_hits(traces, decided(R2=["e"], R1=["c"]), ["R1", "R2"], k=10)
    assert [h.chunk_id for h in hits] == ["c", "e", "a", "d", "b"]
    assert [h.requirement_id for h in hits] == ["R1", "R2", None, None, None]
    assert [h.hop for h in hits] == [1, 2, 1, 2, 1]


def test_second_bound_chunks_come_after_every_first_one():
    traces = [trace(1, ["a", "b", "c", "d"])]
    hits = compose_hits(traces, decided(R1=["a", "b"], R2=["c", "d"]), ["R1", "R2"], k=10)
    assert [(h.chunk_id, h.requirement_id) for h in hits] == [("a", "R1"), ("c", "R2"), ("b", "R1"), ("d", "R2")]


def test_no_score_arithmetic_across_hops():
    # hop 2 scores are far higher but round-robin keeps hop order
    traces = [trace(1, ["a", "b"], [0.01, 0.009]), trace(2, ["c", "d"], [50.0, 40.0])]
    hits = compose_hits(traces, None, [], k=10)
    assert [h.chunk_id for h in hits] == ["a", "c", "b", "d"]
    assert [h.score for h in hits] == [0.01, 50.0, 0.009, 40.0]


def test_dedup_and_top_k():
    traces = [trace(1, ["a", "b"]), trace(1, ["a", "c"])]
    hits = compose_hits(traces, decided(R1=["b"]), ["R1"], k=2)
    assert [h.chunk_id for h in hits] == ["b", "a"]


def test_missing_requirements_bind_nothing_and_unknown_chunks_are_skipped():
    d = EvidenceDecision(verdict="insufficient", reason="", assessments=[
        RequirementAssessment(requirement_id="R1", status="missing", evidence_chunk_ids=["a"]),
        RequirementAssessment(requirement_id="R2", status="supported", evidence_chunk_ids=["zzz", "b"])])
    hits = compose_hits([trace(1, ["a", "b"])], d, ["R1", "R2"], k=5)
    assert [(h.chunk_id, h.requirement_id) for h in hits] == [("b", "R2"), ("a", None)]
    assert bound_order(None, ["R1"]) == []


def test_rewrites_fill_in_after_every_planned_run():
    planned = [trace(1, ["a", "b", "c"]), trace(2, ["d", "e"])]
    rewrite = trace(2, ["x", "y"])
    rewrite.is_correction = True
    hits = compose_hits([planned[0], rewrite, planned[1]], None, [], k=10)
    assert [h.chunk_id for h in hits] == ["a", "d", "b", "e", "c", "x", "y"]


def run(ids: list[str], rid: str | None = None, query: str = "Q?", hop: int = 1,
        texts: dict[str, str] | None = None) -> HopTrace:
    return HopTrace(hop=hop, query=query, requirement_id=rid,
                    hits=[SearchHit(chunk_id=c, doc_id=c, text=(texts or {}).get(c, "")) for c in ids])


def test_an_unsure_reading_ranks_every_chunk_by_what_all_runs_saw():
    traces = [run(["a", "b", "c"]), run(["x", "c", "y"], "R1", "r1"), run(["z", "c", "w"], "R2", "r2")]
    decision = EvidenceDecision(verdict="continue", reason="", assessments=[
        RequirementAssessment(requirement_id="R1", status="supported", evidence_chunk_ids=["x"])])
    sure = [h.chunk_id for h in compose_hits(traces, decision, ["R1", "R2"], 5, question="Q?")]
    unsure = compose_hits(traces, decision, ["R1", "R2"], 5, unsure=True, question="Q?")
    assert sure[0] == "x"  # bound evidence first when the reading is trusted
    # "a" tops the question's own search; "c", found by every run, passes "b", second in that search only
    assert [h.chunk_id for h in unsure][:3] == ["a", "c", "b"]
    assert {h.chunk_id: h.requirement_id for h in unsure}.get("x") == "R1"  # a bound chunk keeps its requirement


def test_a_trusted_chain_ranks_its_chunks_higher_in_an_unsure_reading():
    traces = [run(["a", "b", "c", "d"]), run(["x", "c"], "R1", "r1"), run(["c", "z"], "R2", "r2")]
    decision = decided(R1=["x"], R2=["z"])
    plain = [h.chunk_id for h in compose_hits(traces, decision, ["R1", "R2"], 10, unsure=True, question="Q?")]
    trusted = [h.chunk_id for h in compose_hits(traces, decision, ["R1", "R2"], 10, unsure=True, question="Q?",
                                                trusted=["R1", "R2"])]
    assert trusted.index("z") < plain.index("z")
    assert trusted.index("x") < plain.index("x")


def test_configured_weights_rank_an_unsure_reading():
    from hopgraph.hops.candidate_scores import FEATURES

    traces = [run(["a", "b", "c"]), run(["x", "y"], "R2", "r2", hop=2)]
    follow_ups_only = [1.0 if name == "follow_up" else 0.0 for name in FEATURES]
    asked_only = [1.0 if name == "asked" else 0.0 for name in FEATURES]
    by_follow_ups = [h.chunk_id for h in compose_hits(traces, None, [], 5, unsure=True, question="Q?",
                                                      weights=follow_ups_only)]
    by_asked = [h.chunk_id for h in compose_hits(traces, None, [], 5, unsure=True, question="Q?", weights=asked_only)]
    assert by_follow_ups[:3] == ["a", "x", "y"]  # the question's own best hit first, then the follow-up's
    assert by_asked[:3] == ["a", "b", "c"]
