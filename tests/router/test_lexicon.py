"""Relation phrases of the lexicon (router/lexicon.py), read in questions about an invented world."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import LITERAL_ONLY, PHRASES
from hopgraph.router.meaning import examples
from hopgraph.router.rules import RuleRouter
from tests.router.test_understand import relations_of


def test_whether_someone_lives_is_a_death_and_no_example_for_other_words():
    assert {PHRASES[p].relation for p in ("alive", "still alive", "dead", "deceased")} == {"died_date"}
    # "retired" or "left" sit near these words in meaning, and are no deaths: they match literally only
    texts, _ = examples()
    assert not {"alive", "dead", "deceased", "home to"} & set(texts)
    assert {"alive", "home to"} <= LITERAL_ONLY


@pytest.mark.slow
def test_being_home_to_a_thing_is_where_it_lies_and_alive_asks_a_death(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Which country is home to Tarrow Mills?")) == ["country"]
    assert relations_of(router.route("Which town is home to the company that makes the Glass Lantern?"))[-1] == "town"
    assert relations_of(router.route("Is the founder of Tarrow Mills still alive?")) == ["founder", "died_date"]
    assert relations_of(router.route("Is Ida Pellow dead?")) == ["died_date"]
    assert relations_of(router.route("What did Ida Pellow do for a living?")) == ["occupation"]


def test_a_birth_city_is_a_birthplace():
    assert PHRASES["birth city"].relation == PHRASES["birth town"].relation == "born_place"


@pytest.mark.slow
def test_the_posts_that_lead_an_orchestra_or_a_theatre_are_leaders_and_a_conductor_alone_is_not(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who is the music director of the Vell Philharmonic?")) == ["leader"]
    assert relations_of(router.route("Where did the Vell Philharmonic's chief conductor study?")) == ["leader", "education"]
    assert "leader" not in relations_of(router.route("Where was the conductor of the premiere of Glass Tide born?"))


def test_a_job_title_is_an_occupation():
    assert PHRASES["job title"].relation == "occupation"


def test_dying_of_something_is_a_cause_and_a_wedding_has_its_own_date_and_place():
    assert PHRASES["die of"].relation == PHRASES["die from"].relation == "death_cause"
    marry = PHRASES["marry"]
    assert marry.resolve("person") == ("spouse",) and marry.resolve("") == ("spouse",)
    assert marry.resolve("date") == ("married",)  # a fact of the wedding, none of the vocabulary
    assert marry.resolve("place", inner=True) == ("spouse",)  # "the man X married": a person, no wedding place
    assert PHRASES["die"].resolve("", inner=True) == ("died_place",)


@pytest.mark.slow
def test_death_causes_wedding_dates_and_sister_bodies_read_with_spacy(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("What did the founder of Tarrow Mills die of?")) == ["founder", "death_cause"]
    assert relations_of(router.route("What did Ida Pellow die from?")) == ["death_cause"]
    wedding = router.route("When did the founder of Tarrow Mills get married?")
    assert relations_of(wedding) == ["founder", "married"] and wedding.confidence < 1.0
    assert relations_of(router.route("Who did Ida Pellow marry?")) == ["spouse"]
    assert relations_of(router.route("Where was the man Ida Pellow married born?")) == ["spouse", "born_place"]
    assert "sibling" not in relations_of(router.route("What is the sister company of Tarrow Mills?"))
    assert relations_of(router.route("Who runs Ida Pellow's sister's company?"))[0] == "sibling"
    assert "leader" not in relations_of(router.route("Where is the head office of Tarrow Mills?"))


def test_opening_idioms_ask_when_a_body_started():
    assert {PHRASES[p].resolve("date") for p in ("open its door", "start trading", "open for business")} == \
        {("release_date",)}


def test_where_someone_teaches_is_where_they_work_and_what_they_teach_is_its_own_fact():
    assert PHRASES["teach"].resolve("place") == ("employer",)
    assert PHRASES["teach"].resolve("place", inner=True) == ("employer",)  # "the school where X teaches"
    assert PHRASES["teach"].resolve("") == ("teach",)  # "What does X teach?"


def test_what_a_job_was_is_an_occupation_and_where_it_was_an_employer():
    assert PHRASES["job"].resolve("") == ("occupation",)  # "What was X's first job?"
    assert PHRASES["job"].resolve("place") == ("employer",)  # "Where did X have her first job?"
    assert PHRASES["job"].resolve("place", inner=True) == ("occupation",)  # a noun, no verb naming a place


@pytest.mark.slow
def test_where_someone_learned_a_trade_is_their_education(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Where did Ida Pellow learn her trade?")) == ["education"]
    assert relations_of(router.route("Where did Ida Pellow learn to cook?"))[0] == "education"


@pytest.mark.slow
def test_being_killed_is_dying_and_killing_someone_is_no_death_of_the_killer(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Where was Ossian Varrow killed?")) == ["died_place"]
    assert relations_of(router.route("When was Ossian Varrow killed?")) == ["died_date"]
    assert "died_place" not in relations_of(router.route("Who killed Ossian Varrow?"))


def test_a_half_sibling_is_a_sibling():
    assert {PHRASES[p].resolve() for p in ("half-brother", "half sister", "half-sibling")} == {("sibling",)}


def test_everyday_words_for_grandparents_are_grandparents():
    assert {PHRASES[p].resolve() for p in ("nan", "gran", "nana", "grandma")} == {("parent", "mother")}
    assert PHRASES["grandad"].resolve() == ("parent", "father")


@pytest.mark.slow
def test_being_put_in_charge_of_a_body_is_leading_it(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who was put in charge of Tarrow Mills in 2017?")) == ["leader"]
    d = router.route("Where was the man put in charge of Tarrow Mills in 2017 born?")
    assert relations_of(d) == ["leader", "born_place"]


@pytest.mark.slow
def test_the_principal_of_a_college_is_its_leader_and_a_principal_player_is_not(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Where was the principal of Tarrow College born?")
    assert relations_of(d) == ["leader", "born_place"] and d.requirements[0].post == "principal"
    for adjective in ("Who is Tarrow College's principal cellist?",
                      "Who was the principal investigator of Tarrow College's trial?"):
        assert "leader" not in relations_of(router.route(adjective)), adjective
    assert relations_of(router.route("Where did the Vell Philharmonic's principal conductor study?")) == \
        ["leader", "education"]


@pytest.mark.slow
@pytest.mark.parametrize("verb", ["erected", "constructed"])
def test_erecting_or_constructing_a_building_is_building_it(spacy_nlp, verb):
    got = RuleRouter(nlp=spacy_nlp).route(f"In which year was Kalvor Hall {verb}?")
    assert [r.relation for r in got.requirements if r.id.startswith("R")] == ["release_date"]


def test_a_building_erected_or_constructed_by_someone_states_its_maker_and_its_date():
    from hopgraph.router.vocab import cue_regex

    assert cue_regex("maker").search("The hall was erected by Tom Reed & Sons in 1887.")
    assert cue_regex("release_date").search("The hall was constructed in 1887.")


@pytest.mark.slow
def test_a_head_office_is_where_a_body_is_based(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Where is Brenmark Holdings' head office?")) == ["country"]
    assert "leader" in relations_of(router.route("Who is the head of Brenmark Holdings?"))


def test_everyday_idioms_for_a_spouse_and_for_leading_a_body():
    assert all(PHRASES[p].relation == "spouse" for p in ("other half", "better half", "hubby"))
    assert all(PHRASES[p].relation == "leader" for p in ("head up", "take the rein at", "run the show at"))


@pytest.mark.slow
def test_idioms_read_as_their_relations(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    # ("other half" had read a sibling by meaning)
    assert relations_of(router.route("Who's the other half of the man in charge at Brenmark?")) == ["leader", "spouse"]
    assert relations_of(router.route("Where was the woman who took the reins at Kalvor born?")) == \
        ["leader", "born_place"]


@pytest.mark.slow
def test_passing_into_or_to_someone_is_a_change_of_hands_not_a_death(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    sold = router.route("Which passed into outside ownership first, Brenmark Woollens or Kalvor Foods?")
    assert "died_date" not in [r.relation for r in sold.requirements]
    assert [r.relation for r in router.route("When did Tom Reed pass?").requirements] == ["died_date"]


@pytest.mark.slow
def test_carrying_off_or_scooping_a_prize_is_winning_it(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Which prize did Tom Reed carry off at the 2015 show?")) == ["award"]
    assert relations_of(router.route("Which award did Kalvor Stores scoop in 2019?")) == ["award"]
