"""Cue words of open relations and whether a sentence states them (hops/free_cues.py)."""

from __future__ import annotations

from hopgraph.hops.free_cues import AGENT_SPEC, FREE, agent_verb, done_by, free_cues, free_spec, states_freely


def test_cues_are_stems_and_irregular_past_forms():
    cue = free_cues("acquired")
    assert cue is not None and cue.search("Dunmore acquires Pellmor Ltd") and not cue.search("an old acquaintance")
    ran = free_cues("runs")
    assert ran is not None and ran.search("she ran the Tesmir depot")
    assert free_cues("of a") is None  # no word long enough to say anything


def test_a_cue_inside_a_name_does_not_state_the_relation():
    cue = free_cues("first branch")
    assert cue is not None
    assert not states_freely(cue, "Services are held at the First Church of Tesmir since 1840.")
    assert states_freely(cue, "Its first branch opened in Kalvor in 1904.")
    assert states_freely(cue, "First opened in 1904, the Kalvor branch grew.")  # the sentence's first word
    assert states_freely(cue, "\"Branches followed in every town,\" she said.")


def test_the_last_word_of_a_name_says_what_it_names():
    cue = free_cues("conservatory")
    assert cue is not None
    assert states_freely(cue, "Then she went to the Tesmir Conservatory to study horn.")
    assert states_freely(cue, "She taught at the Conservatory of Kalvor.")
    assert not states_freely(cue, "She played with the Conservatory Players of Kalvor.")


def test_a_cue_both_in_a_name_and_as_a_word_states_it():
    cue = free_cues("acquired")
    assert cue is not None
    assert states_freely(cue, "Acquirer Weekly said Pellmor was acquired by Dunmore in 2011.")
    assert not states_freely(cue, "He wrote for Acquirer Weekly for a decade.")


def test_agent_nouns_and_person_clauses_are_answered_by_a_person():
    assert agent_verb("winner") == "win" and agent_verb("owner") == "own" and agent_verb("cedar") == ""
    assert free_spec("race winner") is AGENT_SPEC
    assert free_spec("actress starred") is AGENT_SPEC
    assert free_spec("first branch") is FREE


def test_a_by_phrase_naming_the_entity_makes_the_subject_the_answer():
    cue = free_cues("direct")
    assert cue is not None
    said = "Ember over Kalvor is a 1994 film directed by Ada Vell and produced by Tesmir Pictures."
    assert done_by(said, "Ada Vell", cue, title="Ember over Kalvor") == "Ember over Kalvor"
    assert done_by(said, "Ada Vell", cue) == "Ember"  # untitled: the first name before the cue
    assert done_by("In the spring, Ember was directed by Ada Vell.", "Ada Vell", cue) == "Ember"


def test_no_subject_is_read_when_the_by_phrase_names_someone_else():
    cue = free_cues("direct")
    assert cue is not None
    assert done_by("Ember is a film directed by Tomas Reed.", "Ada Vell", cue) == ""
    assert done_by("Ada Vell directed Ember in 1994.", "Ada Vell", cue) == ""  # active: the object follows


def test_an_irregular_verbs_past_form_states_it():
    grow = free_cues("grow")
    assert grow.search("Ada Brook grew up in Tamsel.") and grow.search("She grows roses.")
    assert free_cues("sells").search("The firm sold its depot in 2019.")
    assert not free_cues("grow").search("The grey heron nests here.")


def test_the_noun_of_a_verbs_event_states_it():
    assert free_cues("acquired").search("It has completed its acquisition of Corvane Optics.")
    assert free_cues("bought").search("The purchase gives the firm a foothold.")
    assert not free_cues("acquired").search("The company makes lenses.")


def test_an_irregular_past_form_also_finds_the_verbs_other_forms():
    from hopgraph.hops.free_cues import free_cues

    cue = free_cues("bought")
    assert cue.search("Odell Mills, buying the Harl works in May") is not None
    assert cue.search("she buys from local farms") is not None
    # a verb whose particle says what it means keeps its own form: "took over" is no "taking part"
    assert free_cues("took").search("with the university also taking part") is None


def test_a_renaming_is_stated_in_other_words():
    renamed = free_cues("renamed")
    assert renamed.search("Since the spring Corvane Optics trades as Corvane Vision.")
    assert renamed.search("The Tamsel Harriers changed their name to Tamsel AC in 1990.")
    assert renamed.search("Brook Lane Mills changed its name to Brook Textiles in 2004.")
    assert not renamed.search("The board named Ada Vell as chief executive.")  # naming someone is no renaming


def test_buying_a_company_is_also_said_as_acquiring_it():
    for relation in ("buyer", "bought", "acquired"):
        cue = free_cues(relation)
        assert cue.search("Marrow Cloud has agreed to acquire Tessel Data."), relation
        assert cue.search("Most recently she worked there after its acquisition of Tessel."), relation
        assert cue.search("Marrow Cloud bought Tessel Data in 2019."), relation
    assert not free_cues("buyer").search("Marrow Cloud hired Tessel's founder.")


def test_a_thing_sold_is_said_to_be_bought_or_acquired():
    assert free_cues("sold").search("Tarrant Marine has bought the Orrin boatyard for £2.6 million.")
    assert free_cues("sold").search("Dunmore agreed to acquire Pellmor Ltd.")
    assert free_cues("sell").search("The purchase gives the firm a second site.")
    assert not free_cues("sold").search("The yard builds fishing boats.")
