"""The hop controller's state machine with scripted router, grader, corrector and retriever."""

from __future__ import annotations

import pytest

from hopgraph.config_sections import HopSettings
from hopgraph.hops.loop import HopLoop
from hopgraph.models import (
    EvidenceDecision,
    EvidenceRequirement,
    RequirementAssessment,
    RouteDecision,
    SearchHit,
    SubQuery,
)


def hit(cid: str) -> SearchHit:
    return SearchHit(chunk_id=cid, doc_id=cid.split("#")[0], title=cid, text=f"text of {cid}")


def bridge_route() -> RouteDecision:
    return RouteDecision(
        route="multi_hop", shape="bridge", first_query="director of X", reason="test",
        requirements=[
            EvidenceRequirement(id="R1", description="director of X", entities=["X"], relation="director"),
            EvidenceRequirement(id="R2", description="birthplace of {R1}", entities=["{R1}"], relation="born_place", depends_on="R1"),
        ],
        plan=[
            SubQuery(text="director of X", requirement_id="R1", hop=1, entity="X", relation="director"),
            SubQuery(text="born {R1}", source="graph", requirement_id="R2", depends_on="R1", hop=2, entity="{R1}", relation="born_place"),
        ],
    )


def decision(verdict: str, supported: dict[str, list[str]], bridges: dict[str, list[str]] | None = None,
             missing: tuple[str, ...] = ()) -> EvidenceDecision:
    bridges = bridges or {}
    assessments = [RequirementAssessment(requirement_id=r, status="supported", evidence_chunk_ids=c,
                                         bridge_entities=bridges.get(r, [])) for r, c in supported.items()]
    assessments += [RequirementAssessment(requirement_id=r, status="missing", failure_reason="entity_missing: x") for r in missing]
    return EvidenceDecision(verdict=verdict, reason="scripted", assessments=assessments,
                            failure_reason="entity_missing: x" if missing else None)


class ScriptedRouter:
    def __init__(self, route: RouteDecision | Exception):
        self.result = route

    def route(self, question: str) -> RouteDecision:
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


class ScriptedGrader:
    """Returns the scripted decisions in order and records the hop it was called with."""

    def __init__(self, *decisions: EvidenceDecision | Exception):
        self.decisions = list(decisions)
        self.hops: list[int] = []
        self.evidence_sizes: list[int] = []

    def grade(self, question, route, evidence, hop):
        self.hops.append(hop)
        self.evidence_sizes.append(len(evidence))
        d = self.decisions.pop(0)
        if isinstance(d, Exception):
            raise d
        return d


class ScriptedCorrector:
    def __init__(self):
        self.calls: list[str] = []

    def correct(self, question, failed, decision):
        self.calls.append(failed.text)
        return failed.model_copy(update={"text": f"{failed.text} (rewritten)", "attempt": failed.attempt + 1,
                                         "extract": "rewrite: scripted"})


class ScriptedRetrieve:
    """Maps a query to hits; unknown queries get fresh unique hits."""

    def __init__(self, table: dict[str, list[str]] | None = None, fail_on: str | None = None):
        self.table = table or {}
        self.fail_on = fail_on
        self.calls: list[tuple[str, str, int]] = []

    def __call__(self, query: str, source: str, k: int) -> list[SearchHit]:
        self.calls.append((query, source, k))
        if self.fail_on and self.fail_on in query:
            raise RuntimeError("index exploded")
        ids = self.table.get(query, [f"{query}-{len(self.calls)}#0"])
        return [hit(c) for c in ids]


def make_loop(grader, retrieve=None, route=None, corrector=None, **budget) -> tuple[HopLoop, ScriptedRetrieve, ScriptedCorrector]:
    retrieve = retrieve or ScriptedRetrieve()
    corrector = corrector or ScriptedCorrector()
    settings = HopSettings(**budget)
    return HopLoop(ScriptedRouter(route or bridge_route()), grader, corrector, retrieve, settings), retrieve, corrector


def test_route_retrieve_grade_complete_in_one_hop():
    grader = ScriptedGrader(decision("complete", {"R1": ["a#0"], "R2": ["b#0"]}))
    loop, retrieve, _ = make_loop(grader, ScriptedRetrieve({"director of X": ["a#0", "b#0", "c#0"]}))
    result = loop.run("Where was the director of X born?", k=5)
    assert result.termination_reason == "complete"
    assert result.total_hops == 1 and len(result.traces) == 1
    assert [h.chunk_id for h in result.hits] == ["a#0", "b#0", "c#0"]
    assert [h.requirement_id for h in result.hits] == ["R1", "R2", None]
    assert retrieve.calls == [("director of X", "hybrid", 10)]
    assert result.traces[0].decision.verdict == "complete"
    assert result.stage_calls["route"] == 1 and result.stage_calls["grade"] == 1
    assert len(result.trace_id) == 32 and int(result.trace_id, 16) >= 0


def test_continue_fills_the_bridge_placeholder_and_runs_the_next_hop():
    grader = ScriptedGrader(
        decision("continue", {"R1": ["a#0"]}, {"R1": ["Oskar Brandt", "Other"]}, missing=()),
        decision("complete", {"R1": ["a#0"], "R2": ["o#0"]}),
    )
    loop, retrieve, _ = make_loop(grader, ScriptedRetrieve({"director of X": ["a#0"], "born Oskar Brandt": ["o#0"]}))
    result = loop.run("q", k=5)
    assert result.termination_reason == "complete"
    assert [c[:2] for c in retrieve.calls] == [("director of X", "hybrid"), ("born Oskar Brandt", "graph")]
    assert grader.hops == [1, 2]  # the plan hop whose queries ran
    assert grader.evidence_sizes == [1, 2]  # evidence accumulates over hops
    assert [t.hop for t in result.traces] == [1, 2]
    assert [h.hop for h in result.hits] == [1, 2]


def test_insufficient_corrects_in_the_same_hop_then_completes():
    grader = ScriptedGrader(
        decision("insufficient", {}, missing=("R1",)),
        decision("complete", {"R1": ["z#0"], "R2": ["z#0"]}),
    )
    loop, retrieve, corrector = make_loop(grader, ScriptedRetrieve({"director of X (rewritten)": ["z#0"]}))
    result = loop.run("q")
    assert result.termination_reason == "complete"
    assert corrector.calls == ["director of X"]
    assert [(t.hop, t.is_correction) for t in result.traces] == [(1, False), (1, True)]
    assert result.correction_count == 1
    assert "rewrite: scripted" in result.traces[1].notes


def test_correction_budget_per_hop_then_next_hop():
    # two insufficient verdicts in hop 1: one correction allowed, then the loop moves on (prepare)
    grader = ScriptedGrader(
        decision("insufficient", {}, missing=("R1",)),
        decision("insufficient", {}, missing=("R1",)),
        decision("complete", {"R1": ["c#0"]}),
    )
    loop, retrieve, corrector = make_loop(grader)
    result = loop.run("q")
    assert result.termination_reason == "complete"
    assert [(t.hop, t.is_correction) for t in result.traces] == [(1, False), (1, True), (2, True)]
    assert len(corrector.calls) == 2


def test_zero_corrections_allowed_goes_straight_to_next_hop():
    grader = ScriptedGrader(decision("insufficient", {}, missing=("R1",)), decision("complete", {"R1": ["c#0"]}))
    loop, _, corrector = make_loop(grader, max_corrections_per_hop=0)
    result = loop.run("q")
    assert [t.hop for t in result.traces] == [1, 2]
    assert result.correction_count == 0 and len(corrector.calls) == 1  # the rewrite ran as hop 2


def test_max_hops_reached():
    grader = ScriptedGrader(*[decision("insufficient", {}, missing=("R1",)) for _ in range(10)])
    loop, _, _ = make_loop(grader, max_hops=2)
    result = loop.run("q")
    assert result.termination_reason == "max_hops_reached"
    assert result.total_hops == 2
    assert max(t.hop for t in result.traces) == 2


def test_no_progress_when_a_round_adds_no_new_chunk():
    grader = ScriptedGrader(decision("insufficient", {}, missing=("R1",)))
    retrieve = ScriptedRetrieve({"director of X": ["a#0"], "director of X (rewritten)": ["a#0"]})
    loop, _, _ = make_loop(grader, retrieve)
    result = loop.run("q")
    assert result.termination_reason == "no_progress"
    assert [h.chunk_id for h in result.hits] == ["a#0"]
    assert "no new chunk" in result.traces[-1].notes[-1]


def open_and_chain_route() -> RouteDecision:
    """A plan reading one relation of an anchor beside an open bridge whose follow-up waits for hop 2."""
    return RouteDecision(
        route="multi_hop", shape="open", first_query="who chairs Brenmark", reason="test",
        requirements=[
            EvidenceRequirement(id="R1", description="chair of Brenmark", entities=["Brenmark"], relation="chair"),
            EvidenceRequirement(id="G1", description="names the top hits add", entities=[], relation="open_bridge"),
            EvidenceRequirement(id="G2", description="chairs of {G1}", entities=["{G1}"], relation="chairs",
                                depends_on="G1"),
        ],
        plan=[
            SubQuery(text="who chairs Brenmark", requirement_id="R1", hop=1, entity="Brenmark", relation="chair"),
            SubQuery(text="who chairs Brenmark", requirement_id="G1", hop=1, relation="open_bridge"),
            SubQuery(text="{G1} chairs", requirement_id="G2", depends_on="G1", hop=2, entity="{G1}", relation="chairs"),
        ],
    )


def test_a_fruitless_rewrite_moves_on_to_a_planned_hop_that_can_run():
    # R1 fails and its rewrite finds only chunks already seen; G1 named a bridge, so G2 can still run
    grader = ScriptedGrader(
        decision("insufficient", {"G1": ["a#0"]}, {"G1": ["Ada Brook"]}, missing=("R1",)),
        decision("continue", {"G1": ["a#0"], "G2": ["b#0"]}, {"G1": ["Ada Brook"]}, missing=("R1",)),
    )
    retrieve = ScriptedRetrieve({"who chairs Brenmark": ["a#0"], "who chairs Brenmark (rewritten)": ["a#0"],
                                 "Ada Brook chairs": ["b#0"]})
    loop, retrieve, _ = make_loop(grader, retrieve, route=open_and_chain_route(), max_hops=2)
    result = loop.run("q")
    assert ("Ada Brook chairs", "hybrid", 10) in retrieve.calls
    assert "on to the next planned hop" in " ".join(n for t in result.traces for n in t.notes)
    assert "b#0" in [h.chunk_id for h in result.hits]
    assert grader.hops == [1, 2]


def test_no_progress_when_first_retrieval_is_empty():
    loop, _, _ = make_loop(ScriptedGrader(), ScriptedRetrieve({"director of X": []}))
    result = loop.run("q")
    assert result.termination_reason == "no_progress" and result.hits == []


def test_no_progress_when_nothing_can_be_prepared():
    # R1 supported but without a bridge: R2's placeholder cannot be filled, nothing ran for it yet
    grader = ScriptedGrader(decision("continue", {"R1": ["a#0"]}))
    loop, retrieve, _ = make_loop(grader, ScriptedRetrieve({"director of X": ["x#0", "a#0"]}))
    result = loop.run("q")
    assert result.termination_reason == "no_progress"
    assert len(retrieve.calls) == 1
    assert result.hits[0].requirement_id == "R1"


def test_transition_budget():
    grader = ScriptedGrader(*[decision("insufficient", {}, missing=("R1",)) for _ in range(10)])
    loop, _, _ = make_loop(grader, max_transitions=4, max_hops=10)
    result = loop.run("q")
    assert result.termination_reason == "transition_budget"
    assert result.stage_calls["transitions"] == 4


def test_router_failure_searches_the_question_as_asked():
    grader = ScriptedGrader(*[decision("insufficient", {}, missing=("R1",)) for _ in range(10)])
    retrieve = ScriptedRetrieve({"Who ran the mill?": ["m#0", "n#0"]})
    loop = HopLoop(ScriptedRouter(ValueError("bad")), grader, ScriptedCorrector(), retrieve)
    result = loop.run("Who ran the mill?")
    assert result.termination_reason == "router_failed"  # said, never "complete"
    assert "router failed (ValueError: bad)" in result.route.reason and result.route.confidence == 0.0
    assert retrieve.calls[0][0] == "Who ran the mill?"
    assert result.hits[0].chunk_id == "m#0"  # the question's own best hit, before any rewrite's


def test_retrieval_failure_keeps_earlier_hits():
    grader = ScriptedGrader(decision("continue", {"R1": ["a#0"]}, {"R1": ["B"]}))
    loop, _, _ = make_loop(grader, ScriptedRetrieve({"director of X": ["a#0", "x#0"]}, fail_on="born"))
    result = loop.run("q")
    assert result.termination_reason == "retrieval_failed"
    assert [h.chunk_id for h in result.hits] == ["a#0", "x#0"]
    assert result.hits[0].requirement_id == "R1"
    assert "retrieval failed" in result.traces[-1].notes[0]


def test_grader_failure_keeps_hits():
    loop, _, _ = make_loop(ScriptedGrader(RuntimeError("boom")), ScriptedRetrieve({"director of X": ["a#0"]}))
    result = loop.run("q")
    assert result.termination_reason == "grader_failed"
    assert [h.chunk_id for h in result.hits] == ["a#0"]
    assert "grader failed" in result.traces[0].notes[-1]


def test_comparison_fans_out_in_one_hop():
    route = RouteDecision(
        route="multi_hop", shape="comparison", first_query="A born", reason="t",
        requirements=[EvidenceRequirement(id="R1", description="", entities=["A"], relation="born_date"),
                      EvidenceRequirement(id="R2", description="", entities=["B"], relation="born_date")],
        plan=[SubQuery(text="A born", requirement_id="R1", hop=1), SubQuery(text="B born", requirement_id="R2", hop=1)],
    )
    grader = ScriptedGrader(decision("complete", {"R1": ["a#0"], "R2": ["b#0"]}))
    loop, retrieve, _ = make_loop(grader, ScriptedRetrieve({"A born": ["x#0", "a#0"], "B born": ["b#0"]}), route=route)
    result = loop.run("Who was born first, A or B?")
    assert [c[0] for c in retrieve.calls] == ["A born", "B born"]
    assert [t.hop for t in result.traces] == [1, 1]
    assert len(grader.hops) == 1  # graded once per hop, after both sub-queries
    assert [h.chunk_id for h in result.hits] == ["a#0", "b#0", "x#0"]


def test_budgets_come_from_settings():
    grader = ScriptedGrader(decision("complete", {"R1": ["a#0"]}))
    loop, retrieve, _ = make_loop(grader, hits_per_hop=3, top_k=1)
    result = loop.run("q")
    assert retrieve.calls[0][2] == 3
    assert len(result.hits) == 1


@pytest.mark.parametrize("k", [1, 2])
def test_k_overrides_top_k(k):
    grader = ScriptedGrader(decision("complete", {"R1": ["a#0"]}))
    loop, _, _ = make_loop(grader, ScriptedRetrieve({"director of X": ["a#0", "b#0", "c#0"]}))
    assert len(loop.run("q", k=k).hits) == k


def test_prepare_skips_plan_hops_already_supported():
    route = bridge_route()
    route.requirements.append(EvidenceRequirement(id="R3", description="", entities=["{R2}"], relation="release_date", depends_on="R2"))
    route.plan.append(SubQuery(text="founded {R2}", requirement_id="R3", depends_on="R2", hop=3))
    grader = ScriptedGrader(
        decision("continue", {"R1": ["a#0"], "R2": ["a#0"]}, {"R1": ["B"], "R2": ["Tamsel"]}, missing=("R3",)),
        decision("complete", {"R1": ["a#0"], "R2": ["a#0"], "R3": ["t#0"]}),
    )
    loop, retrieve, _ = make_loop(grader, ScriptedRetrieve({"director of X": ["a#0"], "founded Tamsel": ["t#0"]}), route=route)
    result = loop.run("q")
    assert [c[0] for c in retrieve.calls] == ["director of X", "founded Tamsel"]
    assert grader.hops == [1, 3] and result.termination_reason == "complete"


def test_a_planned_hop_is_graded_even_when_it_finds_only_chunks_already_seen():
    # hop 2's query returns the page hop 1 already had: the grader still judges it with the plan advanced
    grader = ScriptedGrader(decision("continue", {"R1": ["a#0"]}, {"R1": ["Ann"]}, missing=("R2",)),
                            decision("complete", {"R1": ["a#0"], "R2": ["b#0"]}))
    retrieve = ScriptedRetrieve({"director of X": ["a#0", "b#0"], "born Ann": ["b#0"]})
    loop, _, _ = make_loop(grader, retrieve)
    result = loop.run("q")
    assert result.termination_reason == "complete"
    assert grader.hops == [1, 2]
