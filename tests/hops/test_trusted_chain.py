"""Which reading's chain is borne out in full: known, coherent relations, every one supported."""

from __future__ import annotations

from hopgraph.hops.trusted_chain import trusted_chain
from hopgraph.models import EvidenceDecision, EvidenceRequirement, RequirementAssessment, RouteDecision


def route(*relations: str, generic: bool = True) -> RouteDecision:
    reqs = [EvidenceRequirement(id=f"R{n}", description="", relation=rel,
                                entities=["Kalvor"] if n == 1 else [f"{{R{n - 1}}}"],
                                depends_on=None if n == 1 else f"R{n - 1}")
            for n, rel in enumerate(relations, 1)]
    if generic:
        reqs.append(EvidenceRequirement(id="G1", description="", relation="open_bridge", entities=["Kalvor"]))
    return RouteDecision(route="multi_hop", first_query="Q?", reason="", requirements=reqs, confidence=0.5)


def decision(**status: str) -> EvidenceDecision:
    return EvidenceDecision(verdict="continue", reason="", assessments=[
        RequirementAssessment(requirement_id=r, status=s, evidence_chunk_ids=["c"] if s == "supported" else [])
        for r, s in status.items()])


def test_a_supported_chain_of_known_relations_is_trusted_whatever_the_generic_search_did():
    assert trusted_chain(route("director", "born_place"), decision(R1="supported", R2="supported", G1="missing")) \
        == ["R1", "R2"]


def test_a_missing_step_an_open_relation_or_an_impossible_chain_is_not():
    assert trusted_chain(route("director", "born_place"), decision(R1="supported", R2="missing")) == []
    assert trusted_chain(route("director", "make debut"), decision(R1="supported", R2="supported")) == []
    assert trusted_chain(route("make debut"), decision(R1="supported")) == []
    assert trusted_chain(route("country", "born_date"), decision(R1="supported", R2="supported")) == []
    assert trusted_chain(None, None) == []


def test_an_open_first_step_from_a_name_checked_by_known_relations_after_it_is_trusted():
    assert trusted_chain(route("make debut", "director"), decision(R1="supported", R2="supported")) == ["R1", "R2"]
    assert trusted_chain(route("make debut", "director"), decision(R1="supported", R2="missing")) == []
    assert trusted_chain(route("make debut", "sponsor", "director"),
                         decision(R1="supported", R2="supported", R3="supported")) == []


def said(sentence: str, bridges: list[str]) -> EvidenceDecision:
    d = decision(R1="supported", R2="supported")
    d.assessments[1].evidence_sentence, d.assessments[1].bridge_entities = sentence, bridges
    return d


def test_an_open_last_step_its_evidence_says_word_for_word_with_a_name_read_is_trusted():
    sentence = "You will report to our finance director, Ada Brook, until May."
    assert trusted_chain(route("founded", "finance director"), said(sentence, ["Ada Brook"])) \
        == ["R1", "R2"]
    # the words apart, no name read, or one word said of many things: no check
    assert trusted_chain(route("founded", "finance director"),
                         said("The director of finance is Ada Brook.", ["Ada Brook"])) == []
    assert trusted_chain(route("founded", "finance director"), said(sentence, [])) == []
    assert trusted_chain(route("founded", "head"), said("Ada Brook is head of Tarn School.", ["Ada Brook"])) == []


def test_a_middle_step_whose_evidence_says_the_name_read_owns_its_last_word_is_trusted():
    def owned(sentence: str) -> EvidenceDecision:
        d = decision(R1="supported", R2="supported", R3="supported")
        d.assessments[1].evidence_sentence, d.assessments[1].bridge_entities = sentence, ["Vell Party"]
        return d

    chain = route("win", "party candidate", "founder")  # "the founder of the party whose candidate won Kalvor"
    assert trusted_chain(chain, owned("Ada Brook, the Vell Party's candidate, spoke first.")) == ["R1", "R2", "R3"]
    assert trusted_chain(chain, owned("Ada Brook is the candidate of the Vell Party.")) == ["R1", "R2", "R3"]
    # the owned noun said of another name, or not at all: no check
    assert trusted_chain(chain, owned("The Vell Party met; Ada Brook's candidate spoke.")) == []
    assert trusted_chain(chain, owned("Ada Brook joined the Vell Party in May.")) == []
