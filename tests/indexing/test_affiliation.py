"""Appointments, memberships, place-described organisations and stated classes (real small spaCy model)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

DOC_TITLE = "Harbour news"


def test_an_appointment_is_a_role_at_the_appointing_organisation(triples):
    got = triples("Trevane Looms has appointed Orla Vennick as chief executive, the company said.")
    assert ("Orla Vennick", "role: chief executive", "Trevane Looms") in got
    assert not any(p == "appoint" for _s, p, _o in got)


def test_an_election_names_its_office(triples):
    got = triples("Orla Vennick has been elected mayor of Dunmere.")
    assert ("Orla Vennick", "role: mayor", "Dunmere") in got


def test_a_person_of_an_organisation_is_a_member(triples):
    got = triples("Orla Vennick of the Harbour Workers Party won the seat.")
    assert ("Orla Vennick", "member of", "the Harbour Workers Party") in got or \
        ("Orla Vennick", "member of", "Harbour Workers Party") in got


def test_an_organisation_described_by_a_place_is_based_there(triples):
    got = triples("Kestwick Press, the Dunmere publisher, turned fifty on Friday.")
    assert ("Kestwick Press", "headquartered in", "Dunmere") in got


def test_stated_classes_are_type_evidence(triples):
    got = triples("Quellmark, a diagnostics company, hired Orla Vennick. Tarrowby is a small town.")
    assert ("Quellmark", "class: ORG", "company") in got
    assert ("Tarrowby", "class: GPE", "town") in got


def test_winning_a_race_is_a_win_not_mere_taking_part(triples):
    got = triples("Orla Vennick won the Tour of Dunmere on Sunday.")
    assert ("Orla Vennick", "win", "Tour of Dunmere") in got
    assert not any(p == "participant in" for _s, p, _o in got)


def test_a_position_taken_as_or_become_is_a_role(triples):
    got = triples("Orla Vennick took office as director of the Dunmere Conservatory on 1 May.")
    assert ("Orla Vennick", "role: director", "the Dunmere Conservatory") in got or \
        ("Orla Vennick", "role: director", "Dunmere Conservatory") in got
    got = triples("Cy Dunn joined the Kestwick Courier as a trainee in 1995.")
    assert any(s == "Cy Dunn" and p == "role: trainee" and "Kestwick Courier" in o for s, p, o in got)
    got = triples("When Orla Vennick became managing director of Quellby Resorts, sales fell.")
    assert any(s == "Orla Vennick" and "director" in p and o == "Quellby Resorts" for s, p, o in got)


def test_minutes_attendance_gives_each_bracketed_capacity_a_role(triples):
    text = ("Dunmere Harbour Authority — Board meeting of 3 May 2021.\n"
            "Present: O. Vennick (chair), C. Dunn (finance), two guests.\n"
            "The board approved the budget.")
    got = triples(text, title="Board meeting, May")
    assert ("C. Dunn", "role: finance", "Dunmere Harbour Authority") in got


def test_an_organisations_possessive_names_its_unit_however_parsed(triples):
    got = triples("Brona Keltie will become director of the University of Ostrel's Institute of Snow "
                             "Studies on 1 May, the university said.")
    assert ("Institute of Snow Studies", "subsidiary of", "University of Ostrel") in got


def test_appointed_as_any_post_is_a_role(triples):
    got = triples("The Ostrel Philharmonic has appointed Brona Keltie as its principal cellist from "
                             "the start of the season.")
    assert ("Brona Keltie", "role: principal cellist", "Ostrel Philharmonic") in got


def test_an_election_is_a_role_and_what_one_was_elected_to(triples):
    got = triples("Dario Venk has been elected mayor of Ostwick in the 2019 elections.")
    assert ("Dario Venk", "role: mayor", "Ostwick") in got
    assert ("Dario Venk", "elected to", "Ostwick") in got


def test_an_organisations_coded_product_is_its_product(triples):
    assert ("QRX-12", "product of", "Quorvex Labs") in triples(
        "Quorvex Labs' inhaled drug QRX-12 slowed the disease by half.")
    assert ("QRX-12", "product of", "Quorvex Labs") in triples(
        "Quorvex Labs opened in 2011. Its lead programme, QRX-12, is an inhaled small molecule.")


def test_a_place_modifying_the_noun_before_the_class_noun_is_the_firms_place(triples):
    got = triples("Quillon Bio, a Tarnby diagnostics company, has raised new funds.", title="Funding round")
    assert ("Quillon Bio", "headquartered in", "Tarnby") in got


def test_an_organisation_at_another_is_part_of_it(triples):
    got = triples("This winter the resort began a partnership with the Centre for Snow Medicine at "
                  "Kelmark University Hospital.")
    assert ("Centre for Snow Medicine", "part of", "Kelmark University Hospital") in got


def test_the_team_rider_describes_the_person_named_before(triples):
    got = triples("Orla Vennick's hopes ended on Wednesday. The Kelm Cycling Team rider touched wheels and fell.")
    assert ("Orla Vennick", "member of", "Kelm Cycling Team") in got


def test_names_listed_among_an_organisations_institutes_are_its_parts(triples):
    got = triples("Kelmark University was founded in 1831. Among its research institutes are the Institute of "
                  "Glacier Studies and the Centre for Valley History.")
    assert ("Institute of Glacier Studies", "part of", "Kelmark University") in got


def test_a_bracketed_party_tagged_an_organisation_elsewhere_is_the_persons(extractor):
    from hopgraph.indexing.affiliation import member_triples
    from hopgraph.indexing.context import ChunkContext
    from spacy.tokens import Span

    doc = extractor.nlp("The Ossel List won two seats. Cllr Brona Keltie (Ossel List) asked about the bus.")
    doc.ents = [Span(doc, 1, 3, "ORG"), Span(doc, 8, 10, "PERSON"), Span(doc, 11, 13, "PERSON")]
    ctx = ChunkContext(doc, "Minutes", "narrative")
    person = next(s for s in ctx.spans if s.text == "Brona Keltie")
    assert ("Brona Keltie", "member of", "Ossel List", "person-of") in set(member_triples(ctx, person))


def test_a_named_district_of_a_town_lies_in_it_whatever_ner_called_the_town(extractor):
    from hopgraph.indexing.affiliation import possessive_triples
    from hopgraph.indexing.context import ChunkContext
    from spacy.tokens import Span

    doc = extractor.nlp("Its laboratory in Tarnby's Oskfeld district will stay open.")
    doc.ents = [Span(doc, 3, 4, "ORG"), Span(doc, 5, 6, "GPE")]  # the small model's guess on the town
    ctx = ChunkContext(doc, "Lab news", "narrative")
    district = next(s for s in ctx.spans if s.text == "Oskfeld")
    assert ("Oskfeld", "located in", "Tarnby", "possessive-place") in set(possessive_triples(ctx, district))


def test_a_person_shaped_name_tagged_org_of_a_sure_organisation_is_a_member(extractor):
    from hopgraph.indexing.affiliation import member_triples
    from hopgraph.indexing.context import ChunkContext
    from spacy.tokens import Span

    doc = extractor.nlp("Kelda Morrow of the Ostrel Cycling Club won the race on Sunday.")
    doc.ents = [Span(doc, 0, 2, "ORG"), Span(doc, 4, 7, "ORG")]  # the small model's guess on the rider
    ctx = ChunkContext(doc, "Race report", "narrative")
    rider = next(s for s in ctx.spans if s.text == "Kelda Morrow")
    assert ("Kelda Morrow", "member of", "Ostrel Cycling Club", "person-of") in set(member_triples(ctx, rider))


def test_a_person_with_a_named_team_is_its_member(triples):
    got = triples("The club has produced several riders, among them Orla Vennick, now with the Kelm–Ostrel team, "
                  "who joined the youth group in 2007.")
    assert ("Orla Vennick", "member of", "Kelm–Ostrel") in got
    got = triples("Orla Vennick, with the mayor of Ostrel, opened the bridge.")
    assert not any(p == "member of" for _s, p, _o in got)


def test_a_title_taken_over_in_an_organisations_own_newsletter_is_held_there(triples):
    text = ("Kestwick Cycling — Team News, May 2020\n"
            "New faces. Orla Vennick, a physician from Ostrel, starts as team doctor next month.")
    got = triples(text, title="Team news")
    assert ("Orla Vennick", "role: team doctor", "Kestwick Cycling") in got
    assert not any(o == "Team News" for _s, _p, o in got)


def test_a_capitalised_post_of_an_organisation_is_a_role(triples):
    got = triples("Orla Vennick was an engineer, author and President of Kestwick College from 1950 to 1961.")
    assert ("Orla Vennick", "role: president", "Kestwick College") in got
    got = triples("Cy Dunn, Chairman of Trevane Looms, said the mill would reopen.")
    assert ("Cy Dunn", "role: chairman", "Trevane Looms") in got
    got = triples("Orla Vennick served as the elected Governor of Dunmere Province from 1930 to 1934.")
    assert ("Orla Vennick", "role: governor", "Dunmere Province") in got


def test_posts_held_as_one_share_their_organisation(triples):
    got = triples("Cy Dunn was an executive who served as chairman and CEO of Trevane Looms.")
    assert ("Cy Dunn", "role: chairman", "Trevane Looms") in got
    assert ("Cy Dunn", "role: ceo", "Trevane Looms") in got
