"""Entity type voting (pure functions, invented names)."""

from __future__ import annotations

from collections import Counter

from hopgraph.indexing.types import name_type, relation_evidence, vote_type


def test_majority_of_mention_labels():
    assert vote_type(Counter({"PERSON": 3, "ORG": 1}), None, "Wenna Thale") == "PERSON"


def test_untyped_labels_do_not_vote_and_fall_back_in_order():
    assert vote_type(Counter({"PROPN": 4, "ORG": 1}), None, "Kestwick") == "ORG"
    assert vote_type(Counter({"PROPN": 2, "TITLE": 1}), None, "Kestwick") == "PROPN"
    assert vote_type(Counter({"TITLE": 1}), None, "") == "TITLE"
    assert vote_type(Counter(), None, "") == "CONCEPT"


def test_relational_evidence_outvotes_a_single_ner_guess():
    assert vote_type(Counter({"ORG": 1}), Counter({"PERSON": 1}), "Fenna Holloway") == "PERSON"
    assert vote_type(Counter({"PERSON": 2}), Counter({"ORG": 2}), "Saltmere") == "ORG"


def test_name_head_states_the_type():
    assert name_type("Drevna Therapeutics") == "ORG"
    assert name_type("University of Kestwick") == "ORG"
    assert name_type("City of Kestwick") == "GPE"
    assert name_type("Ostrel Glacier") == "LOC"
    assert name_type("Kettlegasse") == "FAC"
    assert name_type("Wenna Thale") is None
    assert name_type("Hospital") is None  # one common word says nothing
    assert vote_type(Counter({"PERSON": 1}), None, "Drevna Therapeutics") == "ORG"


def test_dates_stay_dates():
    assert vote_type(Counter({"DATE": 2}), None, "March 2019") == "DATE"


def test_relation_evidence_table():
    assert relation_evidence("born in") == ("PERSON", "GPE")
    assert relation_evidence("headquartered in") == ("ORG", None)  # a street or a campus as well as a town
    assert relation_evidence("role: chief technology officer") == ("PERSON", "ORG")
    assert relation_evidence("premiere") == (None, None)


def test_an_untyped_personal_name_shape_is_a_person():
    assert vote_type(Counter({"PROPN": 2}), None, "Orla Vennick") == "PERSON"
    assert vote_type(Counter({"PROPN": 2}), None, "QX-9") == "PROPN"


def test_a_position_held_in_a_place_types_its_object_a_place():
    assert relation_evidence("role: mayor") == ("PERSON", "GPE")
    assert relation_evidence("role: chief executive") == ("PERSON", "ORG")


def test_a_club_abbreviation_opens_an_organisations_name():
    assert name_type("VC Tarnby") == "ORG"
    assert name_type("FC Ossel Rovers") == "ORG"
    assert name_type("Vc Tarnby") is None  # an abbreviation is written in capitals


def test_a_sports_teams_name_ending_in_its_sport_is_an_organisation():
    assert name_type("Ostrel–Tarnby Cycling") == "ORG"
    assert name_type("Kestwick Racing") == "ORG"


def test_organisations_name_what_they_are_in_their_last_word():
    for name in ("Quellmoor Chambers", "Tarrowby Line", "Vennick Records", "Ossel Homes", "Ossel Rovers",
                 "Tarrow Vale FC", "Brask Associates"):
        assert name_type(name) == "ORG", name


def test_an_ampersand_joins_a_firms_name():
    assert name_type("Brask & Vennick") == "ORG"
    assert name_type("Brask & Sons") == "ORG"
    assert name_type("Bread and Butter") is None


def test_a_vessel_prefix_and_a_drinks_or_cheeses_kind_name_a_product():
    assert name_type("MV Ossel Star") == "PRODUCT"
    assert name_type("Tarrow Lager") == "PRODUCT"
    assert name_type("Quellby Brie") == "PRODUCT"


def test_a_surname_like_head_keeps_a_persons_name_unless_the_text_says_otherwise():
    assert vote_type(Counter({"PERSON": 5}), None, "Ysmay Chambers") == "PERSON"
    assert vote_type(Counter({"PERSON": 5}), Counter({"ORG": 3}), "Quellmoor Chambers") == "ORG"
    assert vote_type(Counter({"PERSON": 5}), Counter({"FAC": 1}), "Ixworne Lane") == "FAC"  # "on land off Ixworne Lane"


def test_a_head_word_or_a_possessive_before_the_head_is_no_persons_name():
    assert vote_type(Counter({"PERSON": 4}), None, "Bridge Lane") == "FAC"
    assert vote_type(Counter({"PERSON": 4}), None, "Tarrow Magistrates' Court") == "ORG"


def test_evidence_against_a_person_takes_votes_from_person_only():
    assert vote_type(Counter({"PERSON": 1}), Counter({"NOT_PERSON": 1}), "Quiet Vennick") == "PROPN"
    assert vote_type(Counter({"PERSON": 2, "GPE": 1}), Counter({"NOT_PERSON": 1}), "Vennick Plinth") == "GPE"
    assert vote_type(Counter({"PERSON": 6}), Counter({"NOT_PERSON": 1}), "Ysmay Vennick") == "PERSON"
    assert vote_type(Counter({"PROPN": 1}), Counter({"NOT_PERSON": 1}), "Ysmay Vennick") == "PROPN"


def test_a_title_or_post_nominal_letters_make_a_persons_name():
    assert vote_type(Counter({"ORG": 2}), None, "Ysmay Marrel KC") == "PERSON"
    assert vote_type(Counter({"ORG": 1}), None, "Cllr Ysmay Vennick") == "PERSON"
    assert vote_type(Counter({"ORG": 1}), None, "Marrel J") == "PERSON"
    assert vote_type(Counter({"ORG": 1}), None, "Marrel Dorvin") == "ORG"
