"""Places reached through a common noun, a relative 'where' or an organisation's seat (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

DOC_TITLE = ""


def test_a_common_noun_placed_in_a_town_places_the_subject_there(triples):
    got = triples("Quillon Boots, based in a former sawmill in Ostrel, will make ski boots.", title="New firm")
    assert ("Quillon Boots", "headquartered in", "Ostrel") in got
    got = triples("Orla Vennick grew up above her mother's bakery in Tarnby.", title="Profile")
    assert ("Orla Vennick", "grow up in", "Tarnby") in got


def test_a_thing_moved_into_a_building_is_no_placement_of_the_subject(triples):
    got = triples("Quillon Boots hauled timber into the old sawmill.", title="New firm")
    assert not any(p.endswith(" in") for _s, p, _o in got)


def test_a_where_clause_places_its_verb_in_the_noun_it_modifies(triples):
    got = triples("Orla Vennick returned to Ostrel, the village where she was born in 1971.")
    assert ("Orla Vennick", "born in", "Ostrel") in got
    got = triples("Orla Vennick moved back to Kestwick, the town where she was born.")
    assert ("Orla Vennick", "born in", "Kestwick") in got  # "the town" says it is a place, whatever NER says


def test_a_where_clause_about_an_organisation_places_nothing(triples):
    got = triples("Orla Vennick spent ten years at Quillon Therapeutics, where she grew restless.", title="Profile")
    assert not any(p.endswith(" in") and o == "Quillon Therapeutics" for _s, p, o in got)


def test_an_organisations_headquarters_on_a_street_in_a_town(triples):
    got = triples("Tarnby Hydro was founded in 1956. Its headquarters are on Kettenweg in Ostrel, in a listed "
                  "building.", title="Utility profile")
    assert ("Tarnby Hydro", "headquartered in", "Ostrel") in got


def test_a_site_written_right_before_in_a_town_lies_there(triples):
    got = triples("Ostrel, 18 December 2021 — The new Kelm gondola at the Tarnby ski area carried its first "
                  "passengers. Its ticket office is on Kettenweg in Ostrel.", title="Gondola opens")
    assert ("Kelm gondola", "located in", "Tarnby ski area") in got
    assert ("Kettenweg", "located in", "Ostrel") in got


def test_a_heading_names_an_organisation_and_its_town(triples):
    got = triples("Kelm Ski School, Ostrel — Newsletter for families, winter 2022\nDear parents, the season "
                  "starts on 10 December.", title="newsletter-winter")
    assert ("Kelm Ski School", "headquartered in", "Ostrel") in got
    got = triples("Kelm Ski School, Ostrel and Tarnby run joint courses this winter.", title="Courses")
    assert ("Kelm Ski School", "headquartered in", "Ostrel") not in got  # a list, not a heading


def test_studied_here_in_an_organisations_own_newsletter_is_studied_at_it(triples):
    text = ("Kestwick Ballet School — News for students and staff, May 2019\n"
            "A new teacher. Orla Vennick, a dancer, was born in Ostrel and studied here before a career abroad.")
    assert ("Orla Vennick", "educated at", "Kestwick Ballet School") in triples(text, title="Academy news")
    quoted = ('Kestwick Ballet School — News, May 2019\n'
              '"I studied here for years," said Orla Vennick.')
    assert not any(p == "educated at" for _s, p, _o in triples(quoted, title="Academy news"))
