"""Dependency patterns and their canonical predicates on hand-written sentences (real small spaCy model)."""

from __future__ import annotations

import pytest

from hopgraph.models import Chunk

pytestmark = pytest.mark.slow

DOC_TITLE = ""


def test_coordinated_subjects_of_marry_are_spouses(triples):
    got = triples("Mirela Dovan and Kasimir Otte were married in Lisvara in 2009.")
    assert ("Mirela Dovan", "spouse", "Kasimir Otte") in got
    assert ("Kasimir Otte", "married in", "Lisvara") in got
    assert ("Mirela Dovan", "married on", "2009") in got


def test_married_to_is_spouse(triples):
    assert ("Maud Ilse", "spouse", "Teodor Ilse") in triples("Maud Ilse is married to Teodor Ilse.")


def test_each_coordinated_agent_is_a_founder(triples):
    got = triples("Quorvex was founded by Anneli Brask and Tobin Reyes.")
    assert {("Anneli Brask", "founder", "Quorvex"), ("Tobin Reyes", "founder", "Quorvex")} <= got


def test_roles_from_apposition_compound_copula_and_verbs(triples):
    assert ("Anneli Brask", "role: chief technology officer", "Quorvex") in triples(
        "Anneli Brask, the chief technology officer of Quorvex, spoke first.")
    assert ("Tobin Reyes", "role: chair", "Quorvex") in triples("Tobin Reyes chairs the board of Quorvex.")
    assert ("Yara Pell", "role: engineer", "Quorvex") in triples("Yara Pell is a Quorvex engineer.")
    assert ("Pim Larsen", "role: editor", "Ostwick Gazette") in triples(
        "Ostwick Gazette editor Pim Larsen retired.")


def test_phrasal_verbs_keep_their_particle_and_start_up_is_no_relation(triples):
    got = triples("Elsabet Marn grew up in Kettlebury and studied at the University of Ostwick.")
    assert ("Elsabet Marn", "grow up in", "Kettlebury") in got
    assert ("Elsabet Marn", "educated at", "University of Ostwick") in got
    got = triples("Brimstock Labs is a start-up based in Ostwick.")
    assert ("Brimstock Labs", "headquartered in", "Ostwick") in got
    assert not any(p.split()[0] in ("up", "start") for _s, p, _o in got)


def test_dates_and_durations_after_verbs(triples):
    got = triples("Wenna Holt was born in Kettlebury in 1972 and died in Ostwick on 3 May 2020.")
    assert {("Wenna Holt", "born in", "Kettlebury"), ("Wenna Holt", "born on", "1972"),
            ("Wenna Holt", "die in", "Ostwick"), ("Wenna Holt", "die on", "3 May 2020")} <= got
    got = triples("Yara Pell spent twelve years at Dunmore Hospital.")
    assert not any(o == "twelve years" for _s, _p, o in got)


def test_common_noun_objects_stay_in_readable_phrases(triples):
    assert ("Corin Ash", "participant in", "Ostwick Marathon") in triples(
        "Corin Ash took part in the Ostwick Marathon.")
    got = triples("Halden Mills acquired Torvane Foods in 2015.")
    assert ("Halden Mills", "acquired", "Torvane Foods") in got


def test_employing_is_turned_around(triples):
    assert ("Jorun Ake", "work for", "Fennway Bank") in triples("Fennway Bank employs Jorun Ake.")


def test_mid_text_year_ranges_and_numbers_are_no_relations(triples):
    got = triples("The hall reopened last week. Its past conductors include Ilse Marrow (1961–1979) "
                             "and Tam Drost (1979–1990).")
    assert not any(p in ("born on", "die on") for _s, p, _o in got)


def test_dateline_is_no_subject_and_an_appositive_name_is(triples):
    got = triples("Ostwick, 5 May 2021 — Quorvex will open a plant in Kettlebury.")
    assert not any(s == "Ostwick" for s, _p, _o in got)
    got = triples("The valley had one newspaper. "
                             "A rival paper, the Ostwick Ledger, was founded in Kettlebury in 1894.")
    assert ("Ostwick Ledger", "founded in", "Kettlebury") in got
    assert ("Ostwick Ledger", "founded on", "1894") in got


def test_a_position_without_its_organisation_is_held_at_the_one_named_before(extractor):
    text = "Quorvex opened a second plant on Monday. \"We are growing fast,\" said chief executive Anneli Brask."
    chunk = Chunk(chunk_id="c1", doc_id="d1", title="Plant opens as orders grow", text=text, start=0,
                  end=len(text), content_hash="h")
    ext = extractor.extract([chunk])[0]
    from hopgraph.indexing.context import ChunkContext
    if not hasattr(ChunkContext(extractor.nlp(text), chunk.title), "narrative"):
        pytest.skip("document modes not available")
    got = {(t.subject, t.predicate, t.object) for t in ext.triples}
    assert ("Anneli Brask", "role: chief executive", "Quorvex") in got


def test_an_active_founding_dates_what_was_founded(triples):
    got = triples("Ilan Vosk founded Quorvex in Kettlebury in 1987 and led it until 2010.")
    assert ("Ilan Vosk", "founder", "Quorvex") in got
    assert ("Quorvex", "founded on", "1987") in got and ("Quorvex", "founded in", "Kettlebury") in got
    assert not any(o == "2010" for _s, _p, o in got)  # "until 2010" dates no event


def test_a_place_named_with_in_locates_a_building_or_an_organisation(triples):
    got = triples("Some 300 people met at the Brindle Hotel in Ostwick on Thursday.")
    assert ("Brindle Hotel", "located in", "Ostwick") in got


def test_being_awarded_a_prize_is_winning_it(triples):
    got = triples("Odile Varn has been awarded the Tessel Medal for her work.")
    assert ("Odile Varn", "win", "Tessel Medal") in got


def test_a_founders_intransitive_date_is_not_the_founders(triples):
    got = triples("Tarnis, which the chemist Brona Keltie founded in 2004 as a spin-off from Ostrel "
                             "University, will close.")
    assert not any(s == "Brona Keltie" and o == "2004" for s, _p, o in got)


def test_a_place_naming_a_rescue_team_is_not_the_team(triples):
    got = triples("Quillon Bank hired staff. Brona Keltie, a volunteer with the Ostrel mountain rescue "
                             "team for ten years, spoke.")
    assert not any(o == "Ostrel" for _s, _p, o in got)


def test_its_headquarters_point_back_to_the_organisation(triples):
    got = triples("Quillon Therapeutics signed a lease at the Tarnby Science Park, which will be its "
                             "headquarters.")
    assert not any(s == "Tarnby Science Park" and p == "headquartered in" for s, p, _o in got)


def test_a_party_candidate_is_a_member_and_a_town_rider_comes_from_it(triples):
    got = triples("Brona Keltie, the Ostrel Reform League's candidate in the election, spoke.")
    assert ("Brona Keltie", "member of", "Ostrel Reform League") in got
    got = triples("The previous leader, the Tarnby rider Ada Vennick, finished fourth.")
    assert not any(s == "Ada Vennick" and p == "member of" for s, p, _o in got)


def test_a_prize_awarded_to_someone_is_their_win(triples):
    got = triples("The Brask Prize was awarded to the violinist Tam Ostry for a daring recital.")
    assert ("Tam Ostry", "win", "Brask Prize") in got


def test_coordinated_verbs_share_the_place_after_the_second(triples):
    got = triples("Tam Ostry was born and raised in Kettlebury.")
    assert ("Tam Ostry", "born in", "Kettlebury") in got
    assert ("Tam Ostry", "raise in", "Kettlebury") in got


def test_born_before_a_pronoun_subject_is_said_of_whom_the_pronoun_means(triples):
    got = triples("Tam Ostry grew up in Kettlebury. Born in Kettlebury in 1980, she joined Quorvex in 2005.")
    assert ("Tam Ostry", "born in", "Kettlebury") in got
    assert ("Tam Ostry", "born on", "1980") in got


def test_riding_for_a_team_is_membership(triples):
    got = triples("Orla Vennick, who was born in Tarnby and rides for the team Kelmark Wheelers, attacked early.")
    assert ("Orla Vennick", "member of", "Kelmark Wheelers") in got


def test_time_spent_at_a_place_and_units_founded_within_others(triples):
    assert ("Tam Ostry", "work for", "Quorvex Labs") in triples(
        "Tam Ostry spent twelve years at Quorvex Labs before founding Brask Bio.")
    assert ("Institute of Snow Studies", "part of", "Faculty of Science") in triples(
        "The Institute of Snow Studies was founded in 1978 within the Faculty of Science.")
    assert ("Ostwick General Hospital", "headquartered in", "Kettlebury") in triples(
        "Ostwick General Hospital occupies the Kettlebury campus.")


def test_each_coordinated_object_gets_the_edge(triples):
    got = triples("Brask Tents was founded by Ostry's grandfather Anders and the seamstress Orla Vennick.")
    assert ("Anders", "founder", "Brask Tents") in got
    assert ("Orla Vennick", "founder", "Brask Tents") in got
    got = triples("Quorvex hired Tam Ostry and the engineer Orla Vennick.")
    assert ("Orla Vennick", "work for", "Quorvex") in got


def test_a_founding_member_is_a_member_and_a_founder(triples):
    got = triples("Orla Vennick was a founding member of the Tarnby Hiking Club.", title="Club history")
    assert ("Orla Vennick", "member of", "Tarnby Hiking Club") in got
    assert ("Orla Vennick", "founder", "Tarnby Hiking Club") in got


def test_an_event_first_held_in_a_year_was_founded_then(triples):
    got = triples("The Kelm Road Race is a one-day race. The race was first held in 1951 over 120 kilometres.",
                  title="Kelm Road Race: history")
    assert ("Kelm Road Race", "founded on", "1951") in got
    got = triples("The Kelm Road Race was held in 1999 in heavy rain.", title="Race report")
    assert not any(p == "founded on" for _s, p, _o in got)


def test_a_negated_statement_relates_nothing(triples):
    got = triples("Tam Ostry has declared that he holds no interest in Quillon Hydro. Orla Vennick did not join "
                  "Quillon Hydro.", title="Council minutes")
    assert not any(o == "Quillon Hydro" for _s, _p, o in got)


def test_her_after_and_means_the_name_before_it_and_starts_a_noun_phrase_of_its_own(triples):
    got = triples("Ivo Ash was the son of Mara Vell and her second husband, Jon Pike.")
    assert ("Jon Pike", "spouse", "Mara Vell") in got
    assert ("Ivo Ash", "son", "Mara Vell") in got
    assert not {t for t in got if t[0] == "Jon Pike" and t[1] in ("son", "child")}  # his own phrase: a husband
    assert ("Jon Pike", "spouse", "Ivo Ash") not in got
    # conjoined posts without a noun phrase of their own still share the organisation
    got = triples("Cy Dunn, co-founder and chief executive of Brenmark, said.")
    assert {("Cy Dunn", "founder", "Brenmark"), ("Cy Dunn", "role: chief executive", "Brenmark")} <= got


def test_an_apposition_before_and_describes_its_own_conjunct_only(triples):
    got = triples("The marriage took place of Laura Dunn, daughter of Tom and Helen Dunn of Kelby, and Daniel Brisk, "
                  "son of Orla Brisk of Tamsel.", "Wedding notice, August 2011")
    assert ("Laura Dunn", "daughter", "Helen Dunn") in got
    assert not any(s == "Daniel Brisk" and p == "daughter" for s, p, _ in got)


def test_the_person_an_appointment_names_succeeds_not_the_body_that_appoints(triples):
    got = triples("Brenvale Foods today announces the appointment of Priya Sand as chief executive, succeeding Tom "
                  "Dunn, who retires after eleven years.", "Press release, May 2018")
    assert ("Priya Sand", "succeed", "Tom Dunn") in got
    assert not any(s == "Brenvale Foods" and p == "succeed" for s, p, _ in got)


def test_a_post_in_a_where_clause_is_held_at_the_organisation_it_describes(triples):
    got = triples("Brenvale Foods today announces the appointment of Priya Sand as chief executive. Ms Sand joins "
                  "from Carrow Dairies, where she was finance director.", "Press release, May 2018")
    assert ("Sand", "role: finance director", "Carrow Dairies") in got
    assert not any(p == "role: finance director" and o == "Brenvale Foods" for _, p, o in got)
