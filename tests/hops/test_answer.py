"""The extractive answer: answer entity, supporting sentence, citation, partial notice."""

from __future__ import annotations

from hopgraph.hops.answer import extractive_answer
from hopgraph.models import (
    AgenticRetrievalResult,
    EvidenceDecision,
    EvidenceRequirement,
    HopTrace,
    RequirementAssessment,
    RouteDecision,
)


def result(shape: str, reqs, assessments, termination="complete", anchors=(), order="") -> AgenticRetrievalResult:
    route = RouteDecision(route="multi_hop", shape=shape, first_query="", reason="", requirements=reqs,
                          anchors=list(anchors), order=order)
    d = EvidenceDecision(verdict="complete", reason="", assessments=assessments)
    return AgenticRetrievalResult(question="q", route=route, traces=[HopTrace(hop=1, query="q", decision=d)],
                                  termination_reason=termination)


def supported(rid, bridge, chunk, sentence="") -> RequirementAssessment:
    return RequirementAssessment(requirement_id=rid, status="supported", bridge_entities=[bridge], evidence_chunk_ids=[chunk],
                                 entity="E", evidence_sentence=sentence)


def test_bridge_answer_is_the_last_bridge_with_its_sentence_cited():
    reqs = [EvidenceRequirement(id="R1", description="", entities=["X"], relation="director"),
            EvidenceRequirement(id="R2", description="", entities=["{R1}"], relation="born_place", depends_on="R1")]
    text = extractive_answer(result("bridge", reqs, [supported("R1", "Oskar Brandt", "film#0", "Directed by Oskar Brandt."),
                                                     supported("R2", "Tamsel", "oskar#0", "He was born in Tamsel.")]))
    assert text.startswith("Answer: Tamsel")
    assert '"He was born in Tamsel." [oskar#0]' in text and "[film#0]" in text
    assert "Partial" not in text


def test_answers_read_as_sentences_and_never_quote_a_graders_note():
    reqs = [EvidenceRequirement(id="R1", description="", entities=["X"], relation="started_company_bought"),
            EvidenceRequirement(id="R2", description="", entities=["{R1}"], relation="born_place", depends_on="R1")]
    text = extractive_answer(result("bridge", reqs, [
        supported("R1", "Ilse Varga", "mill#0", "open reading: started_company_bought not stated"),
        supported("R2", "Osk", "varga#0", "Ilse Varga was born in Osk.")]))
    first, step = text.splitlines()
    assert first == 'Answer: Osk — "Ilse Varga was born in Osk." [varga#0]'
    assert step == "  Step 1: Ilse Varga — see [mill#0]"
    assert "open reading" not in text and "(" not in text and "started" not in text


def test_comparison_picks_the_earlier_date():
    reqs = [EvidenceRequirement(id="R1", description="", entities=["A"], relation="born_date"),
            EvidenceRequirement(id="R2", description="", entities=["B"], relation="born_date")]
    r = result("comparison", reqs, [supported("R1", "5 May 1950", "a#0"), supported("R2", "1931", "b#0")],
               anchors=["A", "B"], order="earliest")
    assert extractive_answer(r).splitlines()[0] == "Answer: B — the earlier of the two"
    r.route.order = "latest"
    assert extractive_answer(r).splitlines()[0] == "Answer: A — the later of the two"


def test_a_lifespan_comparison_picks_the_longer_life_from_both_dates():
    reqs = [EvidenceRequirement(id=f"R{i}", description="", entities=[side], relation=rel)
            for i, (side, rel) in enumerate([("A", "born_date"), ("B", "born_date"), ("A", "died_date"),
                                             ("B", "died_date")], start=1)]
    r = result("comparison", reqs, [supported("R1", "1900", "a#0"), supported("R2", "1920", "b#0"),
                                    supported("R3", "1950", "a#0"), supported("R4", "1990", "b#1")],
               anchors=["A", "B"], order="latest")
    r.route.first_query = "Who lived longer, A or B?"
    assert extractive_answer(r).splitlines()[0] == "Answer: B — the longer life"  # 70 years against 50
    r.route.first_query = "Who died younger, A or B?"
    assert extractive_answer(r).splitlines()[0] == "Answer: A — the shorter life"


def test_same_value_comparison_says_yes_or_no():
    reqs = [EvidenceRequirement(id="R1", description="", entities=["A"], relation="nationality"),
            EvidenceRequirement(id="R2", description="", entities=["B"], relation="nationality")]
    r = result("comparison", reqs, [supported("R1", "American", "a#0"), supported("R2", "American", "b#0")],
               anchors=["A", "B"], order="same")
    assert extractive_answer(r).startswith("Answer: yes")


def test_partial_evidence_notice():
    reqs = [EvidenceRequirement(id="R1", description="", entities=["X"], relation="director")]
    text = extractive_answer(result("single", reqs, [RequirementAssessment(requirement_id="R1", status="missing")],
                                    termination="max_hops_reached"))
    assert "No answer" in text and "Partial evidence" in text and "max_hops_reached" in text


CHAIN = [EvidenceRequirement(id="R1", description="", entities=["X"], relation="director"),
         EvidenceRequirement(id="R2", description="", entities=["{R1}"], relation="born_place", depends_on="R1")]


def test_an_entity_reached_only_at_an_intermediate_step_is_no_answer():
    text = extractive_answer(result("bridge", CHAIN, [supported("R1", "Oskar Brandt", "film#0", "Directed by Oskar Brandt."),
                                                      RequirementAssessment(requirement_id="R2", status="missing")],
                                    termination="max_hops_reached"))
    first, step = text.splitlines()[:2]
    assert first == "No answer: the evidence found stops before the question's last step."
    assert step.startswith("  Step 1: Oskar Brandt") and "Answer" not in text and "guess" not in text


def test_an_answer_the_loop_did_not_confirm_is_a_guess():
    assessments = [supported("R1", "Oskar Brandt", "film#0"), supported("R2", "Tamsel", "oskar#0", "He was born in Tamsel.")]
    text = extractive_answer(result("bridge", CHAIN, assessments, termination="no_progress"))
    assert text.startswith('Best guess, not confirmed: Tamsel — "He was born in Tamsel." [oskar#0]')
    assert "Answer:" not in text and "Partial evidence" in text
    assert extractive_answer(result("bridge", CHAIN, assessments)).startswith("Answer: Tamsel")


def test_an_unconfirmed_comparison_is_a_guess_too():
    reqs = [EvidenceRequirement(id=f"R{i}", description="", entities=[a], relation="release_date") for i, a in ((1, "A"), (2, "B"))]
    r = result("comparison", reqs, [supported("R1", "1990", "a#0"), supported("R2", "1980", "b#0")],
               termination="no_progress", anchors=["A", "B"], order="earliest")
    assert extractive_answer(r).splitlines()[0] == "Best guess, not confirmed: B — the earlier of the two"


def test_llm_answer_used_when_configured_and_extractive_when_it_fails(monkeypatch):
    import sys
    import types

    from hopgraph.config import Settings
    from hopgraph.hops.answer import compose_answer

    reqs = [EvidenceRequirement(id="R1", description="", entities=["X"], relation="director")]
    r = result("single", reqs, [supported("R1", "Oskar Brandt", "film#0", "Directed by Oskar Brandt.")])
    hg = types.SimpleNamespace(settings=Settings())
    assert compose_answer(hg, r).startswith("Answer: Oskar Brandt")  # no LLM configured
    hg.settings.llm.base_url, hg.settings.llm.model = "http://127.0.0.1:9/v1", "m"
    fake = types.ModuleType("hopgraph.hops.llm_answer")
    fake.llm_answer = lambda h, res: "Oskar Brandt directed it [film#0]."
    monkeypatch.setitem(sys.modules, "hopgraph.hops.llm_answer", fake)
    assert compose_answer(hg, r) == "Oskar Brandt directed it [film#0]."
    fake.llm_answer = lambda h, res: None
    assert compose_answer(hg, r).startswith("Answer: Oskar Brandt")


def test_an_event_compared_by_time_is_dated_by_its_sentence_or_its_documents_date():
    from hopgraph.models import SearchHit

    reqs = [EvidenceRequirement(id="R1", description="", entities=["Orrin Ferries"], relation="sold"),
            EvidenceRequirement(id="R2", description="", entities=["Brack Yard"], relation="sold")]
    r = result("comparison", reqs, [supported("R1", "Westmoor Lines", "a#0", "Westmoor Lines agreed to buy Orrin Ferries."),
                                    supported("R2", "Tarn Marine", "b#0", "Tarn Marine bought Brack Yard in June 2009.")],
               anchors=["Orrin Ferries", "Brack Yard"], order="earliest")
    r.traces[0].hits = [SearchHit(chunk_id="a#0", doc_id="a", title="Press release, 4 March 2013", text=""),
                        SearchHit(chunk_id="b#0", doc_id="b", title="Local news", text="")]
    lines = extractive_answer(r).splitlines()
    assert lines[0] == "Answer: Brack Yard — the earlier of the two"
    assert lines[1].startswith("Orrin Ferries: 2013-03-04 —") and lines[2].startswith("Brack Yard: 2009-06 —")
    r.traces[0].hits[0].title = "Press release"  # no date anywhere for one side: no pick
    assert not extractive_answer(r).startswith("Answer:")
