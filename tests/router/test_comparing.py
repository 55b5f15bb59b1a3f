"""Comparisons read from the question's wording (router/comparing.py and the router around it): "or", "vs",
"which of", "than", sameness, one side's own relation noun, and a yes/no question setting one name before
another. The invented world of tests/router/test_understand.py: the film "Glass Hours", the singer Tessa Marlow.
"""

from __future__ import annotations

import pytest

from hopgraph.router.comparing import where_verb
from hopgraph.router.rules import RuleRouter
from hopgraph.router.understand import CONFIDENT
from tagged import toks
from tests.router.test_understand import ROUTER, relations_of


@pytest.mark.parametrize("question, anchors, relation, order", [
    ("Which of Tessa Marlow and Ines Varga is older?", ["Tessa Marlow", "Ines Varga"], "born_date", "earliest"),
    ("Is Tessa Marlow older than Ines Varga?", ["Tessa Marlow", "Ines Varga"], "born_date", "earliest"),
    ("Tessa Marlow vs Ines Varga who died first", ["Tessa Marlow", "Ines Varga"], "died_date", "earliest"),
    ("Which of the two outlived the other, Tessa Marlow or Ines Varga?", ["Tessa Marlow", "Ines Varga"], "died_date",
     "latest"),
    ("Which film came out more recently, Glass Hours or Salt Lanterns?", ["Glass Hours", "Salt Lanterns"],
     "release_date", "latest"),
    ("Are Tessa Marlow and Ines Varga citizens of the same nation?", ["Tessa Marlow", "Ines Varga"], "nationality", "same"),
    ("I have two films on my list, Glass Hours and Salt Lanterns. Which one was released first?",
     ["Glass Hours", "Salt Lanterns"], "release_date", "earliest"),
    # "out of" picks among the named, it is no relation of the first one
    ("Who died earlier out of Tessa Marlow and Ines Varga?", ["Tessa Marlow", "Ines Varga"], "died_date", "earliest"),
    ("Who was born first out of Tessa Marlow and Ines Varga?", ["Tessa Marlow", "Ines Varga"], "born_date", "earliest"),
    # a yes/no question sets one before or after the other
    ("Was Tessa Marlow born before Ines Varga?", ["Tessa Marlow", "Ines Varga"], "born_date", "earliest"),
    ("Did Tessa Marlow die after Ines Varga?", ["Tessa Marlow", "Ines Varga"], "died_date", "latest"),
    # the same person on both sides: the person is what is compared
    ("Do Glass Hours and Salt Lanterns have the same director?", ["Glass Hours", "Salt Lanterns"], "director", "same"),
    ("Were Glass Hours and Salt Lanterns directed by the same person?", ["Glass Hours", "Salt Lanterns"], "director",
     "same"),
    # a span of time two dates share: the dates are compared
    ("Were Corvane Optics and Brell Foods founded in the same decade?", ["Corvane Optics", "Brell Foods"],
     "release_date", "same"),
])
def test_comparisons(question, anchors, relation, order):
    d = ROUTER.route(question)
    assert d.shape == "comparison" and d.anchors == anchors and d.order == order
    assert relations_of(d) == [relation] * len(anchors)


@pytest.mark.parametrize("question, bridge, attribute", [
    ("Of Glass Hours and Salt Lanterns, which was directed by the older person?", "director", "born_date"),
    ("Glass Hours vs Salt Lanterns director died first", "director", "died_date"),
    ("Did the people who directed Glass Hours and Salt Lanterns come from the same country?", "director", "nationality"),
])
def test_bridge_comparisons(question, bridge, attribute):
    d = ROUTER.route(question)
    assert d.shape == "bridge_comparison"
    assert relations_of(d) == [bridge, bridge, attribute, attribute]


def test_each_side_of_a_comparison_keeps_its_own_bridge():
    d = ROUTER.route("Were the mayor of Dunmere and the conductor of the Harbor Choir born in the same town?")
    by_anchor = {}
    for r in d.requirements:
        root = r.entities[0] if not r.depends_on else by_anchor[r.depends_on]
        by_anchor[r.id] = root
    assert d.shape == "bridge_comparison" and d.anchors == ["Dunmere", "Harbor Choir"]
    firsts = [r.relation for r in d.requirements if not r.depends_on]
    assert firsts == ["mayor", "conductor"]
    assert [r.relation for r in d.requirements if r.depends_on] == ["born_place", "born_place"]


@pytest.mark.parametrize("question, relations", [
    ("I'm curious about the directors of Glass Hours and Salt Lanterns. Do they both come from the same country?",
     ["director", "director", "nationality", "nationality"]),
    ("Which of these two movies was made by the older director: Glass Hours or Salt Lanterns?",
     ["director", "director", "born_date", "born_date"]),
])
def test_comparisons_across_a_context_sentence_and_a_colon(question, relations):
    assert relations_of(ROUTER.route(question)) == relations


def test_a_side_named_with_its_class_needs_no_bridge():
    d = ROUTER.route("Were the painter Tessa Marlow and Corvane Optics's chief founder born in the same town?")
    chains = {}
    for r in d.requirements:
        chains[r.id] = (chains[r.depends_on] if r.depends_on else []) + [r.relation]
    ends = sorted(tuple(c) for rid, c in chains.items() if not any(x.depends_on == rid for x in d.requirements))
    assert ends == [("born_place",), ("founder", "born_place")]


def test_a_comparison_with_words_no_relation_explains_is_unsure():
    d = ROUTER.route("How were the same settlers who left Dunmere driven out of Brinwick?")
    assert d.confidence < CONFIDENT
    assert ROUTER.route("Who is older, Tessa Marlow or Ines Varga?").confidence >= CONFIDENT


def chains_of(d) -> list[tuple[str, ...]]:
    """Every relation chain of the plan, from its anchor to its end."""
    chains: dict[str, list[str]] = {}
    for r in d.requirements:
        if r.id.startswith("R"):
            chains[r.id] = (chains[r.depends_on] if r.depends_on else []) + [r.relation]
    return sorted(tuple(c) for rid, c in chains.items() if not any(x.depends_on == rid for x in d.requirements))


@pytest.mark.slow
def test_each_compared_side_keeps_its_own_words(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(
        "Were the mayor whom Dunmere elected in 2019 and the conductor of the 2022 'Glass Hours' premiere born in "
        "the same town?")
    assert chains_of(d) == [("conductor", "born_place"), ("mayor elect", "born_place")]
    assert d.confidence < CONFIDENT


@pytest.mark.parametrize("question, chains", [
    ("Were Tessa Marlow and the Glass Hours director born in the same town?", [["born_place"], ["director", "born_place"]]),
    ("Was Tessa Marlow born in the same town as the Glass Hours director?", [["born_place"], ["director", "born_place"]]),
    ("Were the Glass Hours and Corvane Optics directors born in the same town?",
     [["director", "born_place"], ["director", "born_place"]]),
])
def test_a_relation_noun_after_one_compared_name_is_that_sides_alone(question, chains):
    d = ROUTER.route(question)
    reqs = {r.id: r for r in d.requirements}
    def chain(req):
        return chain(reqs[req.depends_on]) + [req.relation] if req.depends_on else [req.relation]
    tails = [chain(r) for r in d.requirements if r.id.startswith("R") and not any(o.depends_on == r.id for o in d.requirements)]
    assert sorted(tails) == sorted(chains)


def test_before_a_name_in_a_wh_question_or_before_a_clause_compares_nothing():
    assert ROUTER.route("Who was mayor of Glass Hours before Ines Varga?").shape != "comparison"
    assert ROUTER.route("Was Tessa Marlow a singer before joining Salt Lanterns?").shape != "comparison"


@pytest.mark.slow
@pytest.mark.parametrize("question, attribute", [
    # the people are named, but the question asks which of the things they lead to is older
    ("Which company is older: the one Tessa Marlow runs or the one Ines Varga runs?", "release_date"),
    ("Which firm was founded first, the one Tessa Marlow runs or the one Ines Varga runs?", "release_date"),
    # people compared through their own relation stay people
    ("Which of the two is older, Tessa Marlow or Ines Varga?", "born_date"),
    ("Which company's founder is older, Corvane Optics's or Brinwick Mills's?", "born_date"),
])
def test_a_thing_the_named_people_lead_to_is_what_is_compared(spacy_nlp, question, attribute):
    from hopgraph.router.spans import capitalised_spans
    from hopgraph.router.understand import understand

    q = question.rstrip("?")
    people = {"Tessa Marlow", "Ines Varga"}
    parsed = understand(question, capitalised_spans(q), spacy_nlp,
                        type_of=lambda name: "PERSON" if name in people else "ORG")
    assert (parsed.chains or [parsed.chain])[-1][-1] == attribute


@pytest.mark.slow
def test_the_person_who_made_a_work_is_a_bridge_and_a_claim_is_the_question(spacy_nlp):
    from hopgraph.router.understand import understand

    q = "My aunt says the guy who made Glass Hours is older than the woman who made Salt Lanterns. Is she right?"
    spans = RuleRouter(nlp=spacy_nlp).entity_spans(q.rstrip("?"))
    parsed = understand(q, spans, spacy_nlp, type_of=lambda name: "WORK_OF_ART")
    assert parsed.anchors == ["Glass Hours", "Salt Lanterns"]
    assert parsed.chain == ["director", "born_date"] and parsed.order == "earliest"


def test_a_bridge_after_the_joiner_is_the_second_sides_alone():
    """ "A and the director of B": only B goes through its director ("the directors of A and B" is both sides')."""
    d = ROUTER.route("Did Tessa Marlow and the director of Glass Hours grow up in the same town?")
    assert chains_of(d) == [("director", "raised_place"), ("raised_place",)]
    both = ROUTER.route("Were the directors of Glass Hours and Salt Lanterns born in the same town?")
    assert chains_of(both) == [("director", "born_place"), ("director", "born_place")]



def test_how_long_someone_held_a_post_is_no_confident_reading():
    """No relation states how long A led X: the comparison of "for longer" stays unsure; "lived longer" does not."""
    assert ROUTER.route("Who led Corvane Optics for longer, Tessa Marlow or Ines Varga?").confidence < CONFIDENT
    assert ROUTER.route("Who lived longer, Tessa Marlow or Ines Varga?").confidence >= CONFIDENT
    assert ROUTER.route("Which of the two had the longer lifespan, Tessa Marlow or Ines Varga?").confidence >= CONFIDENT


def test_a_dash_sets_the_compared_names_off_as_a_comma_does():
    d = ROUTER.route("Which one has been around longer - Corvane Optics or Brell Foods?")
    assert d.shape == "comparison" and relations_of(d) == ["release_date", "release_date"]


@pytest.mark.slow
def test_a_side_whose_own_clause_is_left_unread_makes_the_reading_unsure(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Is the company Odell Mills runs older than Brenmark Foods?")
    assert d.confidence < 1.0


@pytest.mark.slow
def test_the_same_place_asks_where_of_a_making_verb(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    # "founded in the same city": where each was founded, not who founded them
    got = router.route("Were Odell Mills and Brenmark Foods founded in the same city?")
    assert [r.relation for r in got.requirements if r.id.startswith("R")] == ["country", "country"]
    got = router.route("Do Odell Vance and Ines Brenmark hail from the same town?")
    assert [r.relation for r in got.requirements if r.id.startswith("R")] != ["nationality", "nationality"]


def test_a_verb_before_in_the_same_place_says_where_each_happened():
    held = toks("Were/AUX Kalvor/@ and/CCONJ Tesmir/@ held/VERB in/ADP the/DET same/ADJ town/NOUN ?/PUNCT")
    assert where_verb(held, set()) == {4, 5, 6, 7, 8}
    took = toks("Did/AUX Kalvor/@ and/CCONJ Tesmir/@ take/VERB place/NOUN in/ADP the/DET same/ADJ city/NOUN ?/PUNCT")
    assert where_verb(took, set()) == {4, 5, 6, 7, 8, 9}
    assert where_verb(held, {4}) == set()  # a relation phrase says it ("founded in the same city")
    year = toks("Were/AUX Kalvor/@ and/CCONJ Tesmir/@ held/VERB in/ADP the/DET same/ADJ year/NOUN ?/PUNCT")
    assert where_verb(year, set()) == set()


@pytest.mark.slow
def test_events_held_in_the_same_town_compare_where_each_took_place(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Were the Tarrow Fair and the Kell Show held in the same town?")
    assert [r.relation for r in got.requirements if r.id.startswith("R")] == ["country", "country"]


def test_older_of_bodies_a_class_word_names_is_a_founding_and_of_untyped_names_a_guess():
    from hopgraph.router.comparing import class_type

    assert class_type("Harwick Bakery") == class_type("Greyfold Cricket Club") == "ORG"
    assert class_type("Tessa Marlow") == class_type("Bakery") == ""
    got = ROUTER.route("Is Harwick Bakery older than Quarry Lane Academy?")
    assert relations_of(got) == ["release_date", "release_date"] and got.confidence >= CONFIDENT
    guess = ROUTER.route("Is Pentrow Feeds older than Marrowby Seeds?")  # people or firms: nothing says
    assert guess.confidence < CONFIDENT


@pytest.mark.slow
def test_a_yes_no_question_with_a_noun_phrase_after_before_compares_both_sides(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Was the founder of Tarrow Mills born before the founder of Pellin Seeds?")
    assert got.shape == "bridge_comparison" and got.anchors == ["Tarrow Mills", "Pellin Seeds"]
    assert relations_of(got) == ["founder", "founder", "born_date", "born_date"]
    got = router.route("Did Ida Pellow run the mill before joining Pellin Seeds?")
    assert "comparison" not in got.shape  # a gerund after "before": when, no second side


def test_the_same_school_is_a_place_of_study_and_bodies_in_the_same_town_are_where_they_lie():
    got = ROUTER.route("Did the founders of Tarrow Mills and Pellin Bakery go to the same university?")
    assert relations_of(got) == ["founder", "founder", "education", "education"]
    assert relations_of(ROUTER.route("Are Tarrow Mills and Pellin Bakery in the same town?")) == ["country", "country"]
    assert ROUTER.route("Are Ida Pellow and Nara Okafor in the same town?").confidence < CONFIDENT  # people: where?


def test_made_first_compares_when_each_was_made_not_the_makers_birth():
    got = ROUTER.route("Was Quillet or Satchwell created first?")
    assert relations_of(got) == ["release_date", "release_date"]
    got = ROUTER.route("Which of the two films, Glass Tide or Paper Moons, was directed by the younger person?")
    assert relations_of(got)[:2] == ["director", "director"]  # the maker is compared


@pytest.mark.slow
def test_sides_with_facts_of_their_own_leave_the_comparison_unsure(spacy_nlp):
    from hopgraph.router.spans import capitalised_spans
    from hopgraph.router.understand import CONFIDENT as SURE, understand

    def read(question: str):  # an embedding puts "village" near a birthplace
        return understand(question, capitalised_spans(question.rstrip("?")), spacy_nlp, type_of=lambda name: "PERSON",
                          meaning=lambda text: "born_place" if text == "village" else None)
    mixed = read("Did Tessa Marlow grow up in the same village where Ivo Brandt was born?")
    assert mixed.shape == "comparison" and mixed.confidence < SURE  # where she grew up, where he was born
    same = read("Did Tessa Marlow grow up in the same village as Ivo Brandt?")
    assert same.shape == "comparison" and same.chain == ["raised_place"] and same.confidence >= SURE


@pytest.mark.slow
@pytest.mark.parametrize("question, sure", [
    ("Which record was made at the older studio, Glass Hours or Salt Lanterns?", False),  # two works, a body
    ("older label Glass Hours or Salt Lanterns", False),
    ("Which is older, Glass Hours or Salt Lanterns?", True),  # the works themselves
    ("older album Glass Hours or Salt Lanterns", True),
])
def test_an_age_said_of_another_kind_of_thing_than_the_sides_is_no_reading_of_their_dates(spacy_nlp, question, sure):
    from hopgraph.router.understand import understand

    spans = RuleRouter(nlp=spacy_nlp).entity_spans(question.rstrip("?"))
    parsed = understand(question, spans, spacy_nlp, type_of=lambda name: "WORK_OF_ART")
    assert (parsed.confidence >= CONFIDENT) == sure


@pytest.mark.parametrize("question, relations", [
    # a claim to check that compares one of two things named together before
    ("I'm comparing Glass Hours and Salt Lanterns. My friend says Salt Lanterns came out earlier. Is she right?",
     ["release_date", "release_date"]),
    # the larger award is the larger sum, not the award won
    ("Which was the larger award, TESMIR or KALVOR?", ["award size", "award size"]),
])
def test_comparisons_a_claim_or_a_size_sets_up(question, relations):
    assert relations_of(ROUTER.route(question)) == relations


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    # first with a fact that is no date compares when each happened
    ("Who got the job first, Ada Brook or Ola Vell?", ["got the job", "got the job"]),
    ("Which of them got the post earlier, Ada Brook or Ola Vell?", ["got the post", "got the post"]),
])
def test_first_with_a_fact_that_is_no_date_compares_when_it_happened(question, relations, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


@pytest.mark.parametrize("question, chains", [
    ("Who was born first, Tessa Marlow's father-in-law or Ilse Varn?",
     [("born_date",), ("spouse", "father", "born_date")]),
    ("Who was born first, Tessa Marlow's maternal grandfather or Ilse Varn's brother-in-law?",
     [("mother", "father", "born_date"), ("spouse", "sibling", "born_date")]),
])
def test_a_kin_word_of_several_steps_keeps_every_step_on_its_side(question, chains):
    assert chains_of(ROUTER.route(question)) == sorted(chains)


def test_a_kin_noun_after_a_pronoun_before_a_name_says_what_that_side_is():
    from hopgraph.router.comparing import apposed

    q = toks("Who/PRON was/AUX older/ADJ ,/PUNCT Tessa/@ or/CCONJ her/PRON niece/NOUN Ada/@ ?/PUNCT")
    assert apposed(q, 8)  # "her niece Ada": Ada is the niece
    q = toks("Who/PRON was/AUX older/ADJ ,/PUNCT Tessa/@ or/CCONJ her/PRON niece/NOUN ?/PUNCT")
    assert not apposed(q, 4)


@pytest.mark.slow
def test_a_named_side_described_by_its_kin_to_the_other_is_compared_as_itself(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Who was born first, Tessa Marlow or her niece Ada Brook?")
    assert d.shape == "comparison" and relations_of(d) == ["born_date", "born_date"]


@pytest.mark.slow
@pytest.mark.parametrize("question, chains", [
    ("Was the man who founded Kalvor older than the woman who founded Brenmark?",
     [("founder", "born_date"), ("founder", "born_date")]),
    ("Was the man who bought Kalvor older than the woman who founded Brenmark?",
     [("buy", "born_date"), ("founder", "born_date")]),
])
def test_a_relative_clause_on_each_side_of_than_describes_that_side(question, chains, spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert d.shape == "bridge_comparison" and chains_of(d) == sorted(chains)


@pytest.mark.slow
@pytest.mark.parametrize("question", ["Of the two Kalvor riders Ada Brook and Tom Reed, who is older?",
                                      "Of the two painters Ada Brook and Tom Reed, who was born first?"])
def test_a_plural_class_noun_before_two_names_says_what_both_are(spacy_nlp, question):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert [(r.relation, r.entities) for r in d.requirements if r.id.startswith("R")] == \
        [("born_date", ["Ada Brook"]), ("born_date", ["Tom Reed"])]


@pytest.mark.slow
def test_the_noun_a_which_question_asks_names_the_class_of_the_sides(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which band got together first: Tamsel Parade or the Kalvor Lanterns?")
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["release_date", "release_date"]


@pytest.mark.slow
@pytest.mark.parametrize("question, first", [
    ("Who was older, the man who founded Kalvor Mills or the man who founded Tamsel Bank?", ["founder", "founder"]),
    ("Who was older, the man who founded Kalvor Mills or the woman who runs Tamsel Bank?", ["founder", "leader"])])
def test_each_side_described_by_a_clause_of_its_own_reads_its_own_bridge(question, first, spacy_nlp):
    # (the first side's founding had been read as the compared date, a founding set against a birth)
    got = relations_of(RuleRouter(nlp=spacy_nlp).route(question))
    assert got[:2] == first and got[2:] == ["born_date", "born_date"]


@pytest.mark.slow
def test_a_clause_on_a_person_before_two_names_gives_both_sides_its_relation(spacy_nlp):
    got = relations_of(RuleRouter(nlp=spacy_nlp).route(
        "Who was born first, the man who founded Kalvor Mills or Tamsel Bank?"))
    assert got == ["founder", "founder", "born_date", "born_date"]  # (had compared the two foundings)
    # a question's own "Who started …" asks when each began, no founder
    got = relations_of(RuleRouter(nlp=spacy_nlp).route(
        "Who started teaching at Brenmark first, Ada Brook or Tom Reed?"))
    assert "founder" not in got
