"""Whether an all-supported decision may be called complete (hops/honest_complete.py; invented names)."""

from __future__ import annotations

from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.honest_complete import name_cue_gap, weak_binding
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
