"""Plan building (`router/plan.py`): the generic bridge search's follow-up query (invented world only)."""

from __future__ import annotations

from hopgraph.router.plan import asked_of_bridge
from hopgraph.router.rules import RuleRouter
from tests.router.test_rules import graph


def test_the_question_is_re_asked_without_its_anchor():
    assert asked_of_bridge("Who chairs the board of the firm that bought Tarrow Mills?", ["Tarrow Mills"]) == \
        "chairs board firm bought"
    # written in lower case (a search-box query), the anchor still goes
    assert asked_of_bridge("tarrow mills buyer chair", ["Tarrow Mills"]) == "buyer chair"


def test_an_anchor_is_taken_out_as_a_whole_word_only():
    assert asked_of_bridge("Is Ada older than the mayor of Canada?", ["Ada"]) == "older mayor canada"


def test_every_anchor_goes_and_the_longest_first():
    words = asked_of_bridge("Did Marra Quell Trio or Marra Quell tour first?", ["Marra Quell", "Marra Quell Trio"])
    assert words == "tour first"


def test_the_follow_up_keeps_words_the_unsure_reading_left_out():
    # the studio asked for and the "debut album" are no relation of the reading; the follow-up of every name the
    # top hits add still asks them, with the name in the anchor's place
    question = "In which studio did the band that Ilse Varn joined record their debut album?"
    d = RuleRouter(graph()).route(question)
    assert d.confidence < 0.75
    follow_up = next(sq.text for sq in d.plan if sq.requirement_id == "G2")
    assert follow_up.startswith("{G1} ")
    assert {"studio", "band", "joined", "debut", "album"} <= set(follow_up.split())
    assert "ilse" not in follow_up.lower()


def test_a_year_is_asked_of_the_bridge_too():
    # "in 2015" tells one term or one election from the others: a search matches it exactly
    assert asked_of_bridge("Which label signed the band Ilse Varn joined in 2015?", ["Ilse Varn"]) == \
        "label signed band joined 2015"
    assert asked_of_bridge("tarrow mills 12 staff chair", ["Tarrow Mills"]) == "staff chair"  # a count is no year


def test_a_question_read_with_no_relation_still_follows_the_names_its_hits_add():
    # a search-box query nothing in the vocabulary explains: the question as asked, then the generic bridge search
    d = RuleRouter(graph()).route("ilse varn brewery head brewer hometown")
    assert d.confidence < 0.75
    assert [r.id for r in d.requirements] == ["R1", "G1", "G2"]
    assert d.plan[0].requirement_id == "R1" and d.plan[0].text == "ilse varn brewery head brewer hometown"


def test_the_further_facts_of_a_comparison_are_asked_of_each_side():
    from hopgraph.router.plan import build_plan
    from hopgraph.router.spans import ParsedQuestion

    parsed = ParsedQuestion("comparison", ["Ines Varga", "Oskar Brenn"], ["born_date"], order="latest",
                            also=["died_date"])
    reqs, plan = build_plan(parsed, "Who lived longer, Ines Varga or Oskar Brenn?", lambda relation: "hybrid")
    assert [(r.relation, r.entities, r.depends_on) for r in reqs] == [
        ("born_date", ["Ines Varga"], None), ("born_date", ["Oskar Brenn"], None),
        ("died_date", ["Ines Varga"], None), ("died_date", ["Oskar Brenn"], None)]
    assert {p.requirement_id for p in plan if p.requirement_id} == {"R1", "R2", "R3", "R4"}
    bridged = ParsedQuestion("bridge_comparison", ["Glass Hours", "Tern Lights"], ["director", "born_date"],
                             order="latest", also=["died_date"])
    reqs, _ = build_plan(bridged, "Which director lived longer?", lambda relation: "hybrid")
    assert [(r.relation, r.depends_on) for r in reqs[-2:]] == [("died_date", "R1"), ("died_date", "R2")]


def test_who_lived_longer_asks_both_dates_of_each_side():
    d = RuleRouter().route("Who lived longer, Ines Varga or Oskar Brenn?")
    assert sorted(r.relation for r in d.requirements if r.id.startswith("R")) == ["born_date"] * 2 + ["died_date"] * 2
    first = RuleRouter().route("Who was born first, Ines Varga or Oskar Brenn?")
    assert [r.relation for r in first.requirements if r.id.startswith("R")] == ["born_date", "born_date"]
