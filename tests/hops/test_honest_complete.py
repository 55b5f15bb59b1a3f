"""Whether an all-supported decision may be called complete (hops/honest_complete.py; invented names)."""

from __future__ import annotations

from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.honest_complete import name_cue_gap, one_of_several, weak_binding
from hopgraph.models import EvidenceRequirement, RequirementAssessment, SearchHit


def test_a_relation_read_far_from_the_entity_off_its_own_page_is_a_weak_binding():
    listing = ("Tarn Holloway as played by Mira Vell in the 1950 film of the novel by Ivo Ash, with music by Ben Orr "
               "and sets by Lina Dorr, shot in Tamsel over two summers; Spouse(s) Kit Arran (1st)")
    assert name_cue_gap(listing, "Mira Vell", "spouse") > 12
    assert name_cue_gap("Mira Vell married Kit Arran in 1940.", "Mira Vell", "spouse") == 0
    assert name_cue_gap("No cue here for Mira Vell.", "Mira Vell", "spouse") is None
    req = EvidenceRequirement(id="R2", description="", entities=["{R1}"], relation="spouse", depends_on="R1")
    view = ChunkView(SearchHit(chunk_id="tarn#0", doc_id="tarn", title="Tarn Holloway", text=listing), None)
    far = RequirementAssessment(requirement_id="R2", status="supported", evidence_chunk_ids=["tarn#0"],
                                bridge_entities=["Kit Arran"], entity="Mira Vell", evidence_sentence=listing)
    assert weak_binding(req, far, [view]).startswith("R2")
    near = far.model_copy(update={"evidence_sentence": "Mira Vell married Kit Arran in 1940."})
    assert weak_binding(req, near, [view]) == ""
    own = ChunkView(SearchHit(chunk_id="mira#0", doc_id="mira", title="Mira Vell", text=listing), None)
    assert weak_binding(req, far.model_copy(update={"evidence_chunk_ids": ["mira#0"]}), [own]) == ""  # her own page


def test_evidence_of_one_spouse_among_several_does_not_answer_a_question_that_does_not_say_which():
    req = EvidenceRequirement(id="R2", description="", entities=["{R1}"], relation="spouse", depends_on="R1")
    first = RequirementAssessment(requirement_id="R2", status="supported", evidence_chunk_ids=["lena#0"],
                                  bridge_entities=["Ivo Ash"], entity="Mira Vell",
                                  evidence_sentence="Lena Vell was the daughter of Mira Vell and her first "
                                                    "husband, Ivo Ash.")
    assert one_of_several(req, first, "Who was Lena Vell's mother's husband?").startswith("R2")
    assert one_of_several(req, first, "Who was the first husband of Lena Vell's mother?") == ""  # it says which
    former = first.model_copy(update={"evidence_sentence": "Mira Vell and her ex-husband Ivo Ash ran the mill."})
    assert one_of_several(req, former, "Whom did Lena Vell's mother marry?").startswith("R2")
    plain = first.model_copy(update={"evidence_sentence": "Mira Vell married Ivo Ash in Tamsel in 1931."})
    assert one_of_several(req, plain, "Whom did Lena Vell's mother marry?") == ""
    both = first.model_copy(update={"evidence_sentence": "Her husband Ivo Ash had left his first wife for her."})
    assert one_of_several(req, both, "Who was Lena Vell's mother's husband?") == ""  # one word of the relation is plain


def test_a_comparison_side_that_is_another_sides_value_is_no_side():
    from hopgraph.hops.honest_complete import side_answering_another
    from hopgraph.models import EvidenceDecision, RouteDecision

    sides = [EvidenceRequirement(id=f"R{i}", description="", entities=[name], relation="award")
             for i, name in enumerate(("Ada Brook", "Tom Reed", "Tarrow Prize"), start=1)]
    route = RouteDecision(route="multi_hop", shape="comparison", first_query="", reason="", requirements=sides)

    def won(rid: str, values: list[str]) -> RequirementAssessment:
        return RequirementAssessment(requirement_id=rid, status="supported", evidence_chunk_ids=[f"{rid}#0"],
                                     bridge_entities=values, entity="", evidence_sentence="")

    misread = EvidenceDecision(verdict="complete", reason="", assessments=[
        won("R1", ["Tarrow Prize for Design"]), won("R2", ["Tarrow Prize"]), won("R3", ["Kit Arran"])])
    assert side_answering_another(route, misread).startswith("R3")
    two = route.model_copy(update={"requirements": sides[:2]})
    assert side_answering_another(two, misread.model_copy(update={"assessments": misread.assessments[:2]})) == ""
    kin = EvidenceDecision(verdict="complete", reason="", assessments=[  # "Tom Reedham" is not "Tom Reed"
        won("R1", ["Tom Reedham"]), won("R2", ["Ada Brookes"]), won("R3", ["Brenmark"])])
    assert side_answering_another(route, kin) == ""
    married = [EvidenceRequirement(id=f"R{i}", description="", entities=[name], relation="spouse")
               for i, name in enumerate(("Ada Brook", "Tom Reed"), start=1)]
    wed = EvidenceDecision(verdict="complete", reason="",
                           assessments=[won("R1", ["Tom Reed"]), won("R2", ["Ada Brook"])])
    assert side_answering_another(route.model_copy(update={"requirements": married}), wed) == ""  # each other's spouse


def test_an_ordinal_before_the_word_of_another_relation_counts_nothing_asked():
    req = EvidenceRequirement(id="R1", description="", entities=["Kit Arran"], relation="father")
    eldest = RequirementAssessment(requirement_id="R1", status="supported", evidence_chunk_ids=["kit#0"],
                                   bridge_entities=["Ivo Arran"], entity="Kit Arran",
                                   evidence_sentence="Kit Arran was the eldest son of Ivo Arran.")
    assert one_of_several(req, eldest, "Who was Kit Arran's father?") == ""  # one father, several sons
