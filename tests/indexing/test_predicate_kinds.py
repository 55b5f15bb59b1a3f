"""Canonical predicates fitted to their arguments' kinds (pure functions, invented names)."""

from __future__ import annotations

from hopgraph.indexing.predicate_kinds import fit_kinds
from hopgraph.indexing.predicates import canonicalise


def test_an_organisation_in_a_place_is_headquartered_there():
    assert fit_kinds("located in", "Ostrel University Hospital", "Tarnby") == "headquartered in"
    assert fit_kinds("located in", "Quillon", "Tarnby", subj_label="ORG") == "headquartered in"
    assert fit_kinds("located in", "Ostrel Bridge", "Tarnby") == "located in"


def test_a_structure_is_located_not_headquartered_but_a_house_tagged_org_is_a_firm():
    assert fit_kinds("headquartered in", "Ostrel Bridge", "Tarnby") == "located in"
    assert fit_kinds("headquartered in", "Brindle House", "Tarnby", subj_label="ORG") == "headquartered in"
    assert fit_kinds("headquartered in", "Brindle House", "Tarnby") == "headquartered in"


def test_launching_an_organisation_founds_it_and_a_product_stays_a_product():
    assert fit_kinds("launch", "Quillon Bank", "Tarnby Cycling Club") == "founder"
    assert fit_kinds("launch", "Quillon Bank", "Swiftline", obj_label="PRODUCT") == "launch"
    assert fit_kinds("launch in", "Tarnby Cycling Club", "Ostrel") == "founded in"
    assert fit_kinds("open on", "Ostrel University Hospital", "1974") == "founded on"
    assert fit_kinds("open on", "Ostrel Bridge", "1974") == "open on"


def test_an_event_held_in_a_place_is_located_there():
    assert fit_kinds("hold in", "Ostrel Harp Festival", "Tarnby") == "located in"
    assert fit_kinds("hold in", "Brona Keltie", "Tarnby", subj_label="PERSON") == "hold in"


def test_canonicalise_applies_the_kinds():
    assert canonicalise("Ostrel University Hospital", "hospital in", "Tarnby", "copula") == \
        ("Ostrel University Hospital", "headquartered in", "Tarnby")


def test_a_river_joining_another_is_no_employee():
    assert fit_kinds("work for", "Ossel", "Tarn", subj_label="LOC", raw="join") == "join"
    assert fit_kinds("work for", "Brona Keltie", "Quillon Bank", subj_label="PERSON", raw="join") == "work for"


def test_leaving_or_coming_from_an_organisation_is_having_worked_there():
    assert fit_kinds("leave", "Tam Ostry", "Quorvex Labs", "PERSON", "ORG") == "work for"
    assert fit_kinds("come from", "Tam Ostry", "Ostwick General Hospital", "PERSON", "ORG") == "work for"
    assert fit_kinds("leave", "Tam Ostry", "Kettlebury", "PERSON", "GPE") == "leave"


def test_a_group_by_its_name_has_members_not_employees():
    assert fit_kinds("work for", "Tam Ostry", "Kelmark Chamber Orchestra", "PERSON", "ORG") == "member of"
    assert fit_kinds("join from", "Tam Ostry", "Kelmark Wheelers Team", "PERSON", "ORG") == "member of"
    assert fit_kinds("work for", "Tam Ostry", "Quorvex Labs", "PERSON", "ORG") == "work for"


def test_conducting_an_orchestra_and_a_prize_won_for_a_work():
    assert fit_kinds("conduct", "Tam Ostry", "Kelmark Philharmonic", "PERSON", "ORG") == "role: conductor"
    assert fit_kinds("win for", "Tam Ostry", "The Long Road", "PERSON", "WORK_OF_ART") == "author"
    assert fit_kinds("win for", "Tam Ostry", "Kelmark Wheelers", "PERSON", "PERSON") == "win for"


def test_presenting_or_performing_at_an_event_is_taking_part_in_it():
    assert fit_kinds("present at", "Wenna Thale", "Kestwick Book Fair", subj_label="PERSON") == "participant in"
    assert fit_kinds("perform at", "Orla Vennick", "Ostrel Harp Festival", subj_label="PERSON") == "participant in"
    assert fit_kinds("present at", "Wenna Thale", "Tarnby", subj_label="PERSON", obj_label="GPE") == "present at"
