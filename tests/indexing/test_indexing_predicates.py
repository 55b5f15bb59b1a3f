"""Canonical predicate vocabulary (pure functions, no spaCy)."""

from __future__ import annotations

import pytest

from hopgraph.indexing.predicates import (
    CANONICAL, GOLD_PREDICATE, canonical_predicate, canonicalise, is_reversed, role_predicate, role_title, to_gold,
)


@pytest.mark.parametrize("raw, canon", [
    ("wife", "spouse"), ("husband", "spouse"), ("marry", "spouse"), ("married to", "spouse"),
    ("found", "founder"), ("co-found", "founder"), ("establish", "founder"), ("set up", "founder"),
    ("co-founder", "founder"), ("found in", "founded in"), ("base in", "headquartered in"),
    ("study at", "educated at"), ("graduate from", "educated at"), ("alumnus", "educated at"),
    ("work for", "work for"), ("join", "work for"), ("member", "member of"), ("belong to", "part of"),
    ("acquire", "acquired"), ("buy", "acquired"), ("own", "owner of"), ("subsidiary", "subsidiary of"),
    ("take part in", "participant in"), ("locate in", "located in"), ("village in", "located in"),
    ("company in", "headquartered in"), ("born in", "born in"), ("die in", "die in"),
    ("chief technology officer", "role: chief technology officer"), ("professor at", "role: professor"),
    ("mayor", "role: mayor"), ("chair", "role: chair"), ("lead", "role: leader"),
])
def test_raw_predicates_map_to_the_canonical_vocabulary(raw, canon):
    assert canonical_predicate(raw) == canon


@pytest.mark.parametrize("raw", ["direct", "director", "write", "compose", "father", "son", "win", "also know as",
                                 "be", "film"])
def test_router_predicates_are_kept(raw):
    assert canonical_predicate(raw) == raw


@pytest.mark.parametrize("raw, readable", [("grow up in", "grow up in"), ("take from", "take from"),
                                            ("move motion on", "move motion on"), ("premiere", "premiere")])
def test_other_verbs_stay_readable_phrases(raw, readable):
    assert canonical_predicate(raw) == readable


@pytest.mark.parametrize("raw", ["up", "in", "say", "tell", "'s", "-"])
def test_particles_reporting_verbs_and_non_words_are_dropped(raw):
    assert canonical_predicate(raw) == ""


def test_film_director_stays_director_whatever_its_modifiers():
    assert canonical_predicate("film director") == "director"
    assert canonical_predicate("artistic director of") == "director"


def test_passive_like_raw_predicates_are_turned_around():
    assert is_reversed("employ") and not is_reversed("work for")
    assert canonicalise("Brightmoor Bank", "employ", "Odile Varn", "svo") == \
        ("Odile Varn", "work for", "Brightmoor Bank")
    assert canonicalise("Tessel Medal", "award to", "Odile Varn", "prep") == ("Odile Varn", "win", "Tessel Medal")


def test_dates_after_verbs_are_kept_only_for_dated_events():
    assert canonicalise("Odile Varn", "born in", "1961", "prep", "DATE") == ("Odile Varn", "born on", "1961")
    assert canonicalise("Quillon", "found in", "4 May 1990", "prep", "DATE") == ("Quillon", "founded on", "4 May 1990")
    assert canonicalise("Quillon", "open", "1990", "svo", "DATE") == ("Quillon", "open", "1990")
    assert canonicalise("Odile Varn", "spend", "twelve years", "svo", "DATE") is None
    assert canonicalise("Odile Varn", "retire after", "2019", "prep", "DATE") is None
    assert canonicalise("Odile Varn", "die in", "Kellmarsh", "prep", "GPE") == ("Odile Varn", "die in", "Kellmarsh")


def test_a_name_holding_a_weekday_is_no_date():
    assert canonicalise("Rolf Adder", "direct", "Tuesday Rain", "passive", "WORK_OF_ART") == \
        ("Rolf Adder", "direct", "Tuesday Rain")


def test_attending_a_school_is_education_and_nationality_modifiers_are_kept():
    assert canonicalise("Odile Varn", "attend", "Kellmarsh College", "svo", "ORG")[1] == "educated at"
    assert canonicalise("Odile Varn", "attend", "Kellmarsh Fair", "svo", "EVENT")[1] == "participant in"
    assert canonicalise("Odile Varn", "journalist", "Tarnish", "nationality", "NORP") == \
        ("Odile Varn", "journalist", "Tarnish")


def test_role_predicates_keep_their_title():
    pred = role_predicate("Chief  Executive")
    assert pred == "role: chief executive"
    assert role_title(pred) == "chief executive" and role_title("founder") is None
    assert canonical_predicate(pred) == pred


def test_gold_mapping_follows_the_direction_convention():
    assert to_gold("founder") == ("founded_by", True)
    assert to_gold("son") == ("parent_of", True)
    assert to_gold("father") == ("parent_of", False)
    assert to_gold("role: chief executive") == ("role", False)
    assert to_gold("wife") == ("spouse", False)
    assert to_gold("grow up in") == ("other", False)
    assert set(GOLD_PREDICATE) - set(CANONICAL) <= {"director", "producer", "direct", "write", "compose", "design",
                                                    "develop", "create", "writer", "composer", "author", "publisher",
                                                    "publish", "make", "manufacture", "launch", "produce", "perform",
                                                    "premiere", "conduct"}


def test_an_occupation_at_an_organisation_is_a_role():
    assert canonical_predicate("glaciologist at") == "role: glaciologist"
    assert canonical_predicate("concert at") == "concert at"


def test_news_drops_bare_class_nouns_and_stretches_of_time_but_keeps_work_makers():
    assert canonicalise("Quellby Power", "utility", "Dunmere", "apposition", "GPE", None, True) is None
    assert canonicalise("Quellby Power", "utility", "Dunmere", "apposition", "GPE", None, False) is not None
    assert canonicalise("Orla Vennick", "volunteer for", "ten years", "apposition", "DATE") is None
    assert canonicalise("The Long Thaw", "novel by", "Orla Vennick", "apposition") == (
        "Orla Vennick", "author", "The Long Thaw")
    assert canonicalise("Orla Vennick", "teach composition at", "Dunmere College", "prep") == (
        "Orla Vennick", "work for", "Dunmere College")


def test_going_to_a_school_is_an_education_and_news_copulas_are_no_relation():
    assert canonicalise("Odile Varn", "go to", "Kellmarsh grammar school", "prep")[1] == "educated at"
    assert canonicalise("Odile Varn", "go to", "Kellmarsh", "prep")[1] == "go to"
    assert canonicalise("Kellmarsh", "be", "Tour of Varn", "copula", narrative=True) is None
    assert canonicalise("Kellmarsh", "be", "Tour of Varn", "copula") is not None


def test_in_news_a_verb_object_preposition_relates_only_a_site_post_or_event():
    assert canonicalise("Kelmark Trail", "haul salt into", "Ossel valley", "prep", narrative=True) is None
    assert canonicalise("Quorvex", "open office in", "Tarnby", "prep", narrative=True) == (
        "Quorvex", "open office in", "Tarnby")
    assert canonicalise("Tam Ostry", "grow up in", "Tarnby", "prep", narrative=True) == (
        "Tam Ostry", "grow up in", "Tarnby")
    assert canonicalise("Kelmark Trail", "haul salt into", "Ossel valley", "prep") == (
        "Kelmark Trail", "haul salt into", "Ossel valley")  # encyclopedic text keeps it


def test_relational_nouns_in_news_say_who_made_held_or_contains_what():
    assert canonicalise("The Long Road", "novel", "Tam Ostry", "possessive", "PERSON", narrative=True) == (
        "Tam Ostry", "author", "The Long Road")
    assert canonicalise("Ossel", "river", "Kelmark", "of-genitive", "GPE", narrative=True) == (
        "Ossel", "located in", "Kelmark")
    assert canonicalise("Edda Brun", "seamstress", "Quorvex", "possessive", "ORG", "PERSON", narrative=True) == (
        "Edda Brun", "role: seamstress", "Quorvex")
    assert canonicalise("Ossel", "outflow", "Lake Kelm", "possessive", "LOC", narrative=True) == (
        "Ossel", "outflow", "Lake Kelm")
    assert canonicalise("Quorvex", "utility", "Kelmark", "possessive", "GPE", narrative=True) is None


def test_a_dated_work_class_names_no_author():
    assert canonicalise("The Long Road", "film", "1922", "copula", "DATE")[1] != "author"


def test_a_contract_or_partnership_with_someone_makes_partners_and_a_motion_stays_readable():
    assert canonicalise("Quorvex", "sign contract with", "Brask Tents", "prep", narrative=True) == (
        "Quorvex", "partner of", "Brask Tents")
    assert canonicalise("Tam Ostry", "move motion on", "Tarnby bypass", "prep", narrative=True) == (
        "Tam Ostry", "move motion on", "Tarnby bypass")


def test_a_course_taken_at_a_school_is_an_education():
    assert canonicalise("Orla Vennick", "do engineering at", "Ostrel Polytechnic", "prep") == \
        ("Orla Vennick", "educated at", "Ostrel Polytechnic")
    assert canonicalise("Orla Vennick", "take degree at", "University of Tarnby", "prep") == \
        ("Orla Vennick", "educated at", "University of Tarnby")
    assert canonicalise("Orla Vennick", "do business at", "Quillon Outfitters", "prep", narrative=True) is None


def test_holding_a_stake_in_something_is_owning_it():
    assert canonicalise("Ostrel", "hold stake in", "Kelm Resorts", "prep", narrative=True) == \
        ("Ostrel", "owner of", "Kelm Resorts")
    assert canonicalise("Ostrel", "hold meeting in", "Kelm Hall", "prep", narrative=True) is None


def test_selling_ones_share_in_something_says_one_owned_it():
    assert canonicalise("Orla Vennick", "sell share in", "Kelm Rafting", "prep", narrative=True) == \
        ("Orla Vennick", "owner of", "Kelm Rafting")
