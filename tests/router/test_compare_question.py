"""How a comparison question is read: what each side is compared by (router/compare_question.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from tests.router.test_understand import relations_of


@pytest.mark.slow
def test_more_of_a_noun_compares_counts_read_as_numbers(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which has more turbines, Vell Moor or Orrin Bank?")
    sides = [r for r in d.requirements if r.id.startswith("R")]
    assert [r.relation for r in sides] == ["turbines", "turbines"] and {r.answer for r in sides} == {"number"}


@pytest.mark.slow
def test_a_bigger_size_is_no_count(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which has the bigger capacity, Vell Moor or Orrin Bank?")
    assert all(r.answer != "number" for r in d.requirements)


@pytest.mark.slow
def test_the_larger_of_a_thing_that_is_no_amount_compares_its_sum(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which was the larger award, BRINEFLOW or TIDEWATCH?")
    sides = [r for r in d.requirements if r.id.startswith("R")]
    assert [r.relation for r in sides] == ["award size"] * 2 and {r.answer for r in sides} == {"amount"}


@pytest.mark.slow
def test_who_held_a_post_for_longer_compares_since_when_each_held_it(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who was chair of the trust for longer, Ada Vell or Cy Brook?")
    sides = [r for r in d.requirements if r.id.startswith("R")]
    assert [r.relation for r in sides] == ["chair since"] * 2 and {r.answer for r in sides} == {"tenure"}
    assert "born_date" not in [r.relation for r in d.requirements]  # no life is compared


@pytest.mark.slow
@pytest.mark.parametrize("question", ["Ada Vell and Cy Brook - which of them served longer as branch treasurer?",
                                      "Who was treasurer for longer, Ada Vell or Cy Brook?",
                                      "Who was treasurer longer, Ada Vell or Cy Brook?",
                                      "Who has been treasurer longer, Ada Vell or Cy Brook?"])
def test_a_post_no_leader_word_names_is_compared_by_since_when_each_held_it(spacy_nlp, question):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    sides = [r for r in d.requirements if r.id.startswith("R")]
    assert [r.relation for r in sides] == ["treasurer since"] * 2 and {r.answer for r in sides} == {"tenure"}


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "Which was founded first, the firm Ada Vell joined or the firm that designed Orrin Hall?",
    "Which was formed first, the choir that Ada Vell joined in 2010 or the architects who designed Orrin Hall?",
])
def test_a_side_told_by_its_own_clause_is_a_hop_and_its_verb_no_compared_event(spacy_nlp, question):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    first = {r.entities[0]: r for r in d.requirements if r.id.startswith("R") and not r.depends_on}
    assert d.shape == "bridge_comparison"
    assert "join" in first["Ada Vell"].relation and first["Orrin Hall"].relation == "creator"
    dated = [r for r in d.requirements if r.depends_on]  # each side's own firm is dated, not its joining
    assert sorted(r.relation for r in dated) == ["release_date", "release_date"]
    assert sorted(r.depends_on for r in dated) == sorted(first[n].id for n in first)


@pytest.mark.slow
def test_a_clause_whose_verb_is_the_only_relation_is_not_shared_with_the_other_side(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Is the company Ada Vell runs older than Orrin Ltd?")
    assert not any(r.relation == "leader" and r.entities == ["Orrin Ltd"] for r in d.requirements) or d.confidence < 1


@pytest.mark.slow
def test_things_described_in_a_sentence_before_a_pointing_question_leave_the_reading_unsure(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    described = router.route("I know the choir Ada Vell joined in 2010 and the architects who designed Orrin Hall. "
                             "Which of those was formed first?")
    assert described.shape == "comparison" and described.confidence < 1
    listed = router.route("Two groups I know: the choir Ada Vell joined in 2010, and the architects who designed "
                          "Orrin Hall. Which of those was formed first?")  # a list read as the question's choice
    assert listed.shape == "bridge_comparison" and \
        {r.relation for r in listed.requirements if r.depends_on} == {"release_date"}
    named = router.route("I know two groups, Orrin Choir and Brack & Sons. Which of those was formed first?")
    assert named.shape == "comparison" and named.confidence == 1.0


@pytest.mark.slow
@pytest.mark.parametrize("question, event", [
    ("Which was knocked down earlier, Orrin House or Brack Hall?", "knocked down"),
    ("Which was demolished first, Orrin House or Brack Hall?", "demolished"),
    ("Which did the council approve first, Orrin House or Brack Hall?", "approve"),
])
def test_a_passive_or_auxiliary_question_verb_is_the_compared_event(spacy_nlp, question, event):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == [event, event]


@pytest.mark.slow
def test_a_founding_keeps_its_relation(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which was founded first, Orrin Ltd or Brack Ltd?")
    assert [r.relation for r in d.requirements] == ["release_date", "release_date"] and d.confidence == 1.0


@pytest.mark.slow
def test_a_thing_placed_at_a_name_is_searched_with_its_noun_not_followed_as_a_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which was knocked down earlier, the tram depot on Quay Street or Orrin House?")
    sides = {r.entities[0]: r for r in d.requirements if r.id.startswith("R")}
    assert set(sides) == {"Quay Street", "Orrin House"} and not any(r.depends_on for r in d.requirements)
    assert {r.relation for r in sides.values()} == {"knocked down"}  # no "tram depot" hop, for either side
    first = {q.requirement_id: q.text for q in d.plan}
    assert "tram depot" in first[sides["Quay Street"].id] and "depot" not in first[sides["Orrin House"].id]


@pytest.mark.slow
def test_a_thing_one_side_possesses_is_not_the_other_sides_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which is older, the company that came out of the Orrin Lab or the firm "
                                        "created around Brack's probe?")
    first = {r.entities[0]: r.relation for r in d.requirements if r.id.startswith("R") and not r.depends_on}
    assert first["Brack"] == "probe" and first["Orrin Lab"] != "probe"
    shared = RuleRouter(nlp=spacy_nlp).route("Who is older, the director of Orrin or Brack's director?")
    assert [r.relation for r in shared.requirements if not r.depends_on] == ["director", "director"]


@pytest.mark.slow
def test_a_relative_clause_on_the_second_side_describes_that_side_alone(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Which is older, the Lorn Singers or the firm that bought Kessel Ales?")
    first, second = [r.relation for r in d.requirements if r.entities == ["Lorn Singers"]], \
        [r.relation for r in d.requirements if r.entities == ["Kessel Ales"]]
    assert first == ["release_date"] and second and second[0] != "release_date"  # the buyer's founding, not both
    d = router.route("Which is older, Tom Reed or the man who founded Kessel Ales?")
    assert [r.relation for r in d.requirements if r.entities == ["Kessel Ales"]] == ["founder"]


def test_the_noun_of_a_clause_the_joiner_opens_before_the_second_name():
    from hopgraph.router.comparing import second_sides_noun
    from tests.router.test_filler import toks

    q = toks("Which/DET is/AUX older/ADJ ,/PUNCT Lorn/PROPN or/CCONJ the/DET firm/NOUN that/PRON bought:buy/VERB "
             "Kalvor/X ?/PUNCT")
    assert second_sides_noun(q, 10).text == "firm"
    both = toks("Who/PRON was/AUX born/VERB first/ADV ,/PUNCT the/DET man/NOUN who/PRON founded:found/VERB Kalvor/X "
                "or/CCONJ Lorn/PROPN ?/PUNCT")
    assert second_sides_noun(both, 9) is None  # the clause opens the question's first side


@pytest.mark.slow
def test_a_who_clause_before_a_body_beside_a_person_is_that_sides_own_bridge(spacy_nlp):
    from hopgraph.graph.build import KnowledgeGraph
    from hopgraph.models import Entity

    ents = {0: Entity(entity_id=0, name="Kessel Ales", type="ORG"), 1: Entity(entity_id=1, name="Tom Reed", type="PERSON")}
    graph = KnowledgeGraph.from_parts(ents, [], [(0, "c#0"), (1, "c#1")], [], {"c#0": "Kessel Ales", "c#1": "Tom Reed"})
    d = RuleRouter(graph, nlp=spacy_nlp).route("Who was born first, the woman who founded Kessel Ales or Tom Reed?")
    assert [r.relation for r in d.requirements if r.entities == ["Kessel Ales"]] == ["founder"]
    assert [r.relation for r in d.requirements if r.entities == ["Tom Reed"]] == ["born_date"]  # no founder of his


@pytest.mark.slow
@pytest.mark.parametrize("question", ["Who took charge of their firm earlier, Ada Vell at Kalvor or Cy Brook at Brenmark?",
                                      "Who was put in charge of their club first, Ada Vell or Cy Brook?"])
def test_taking_the_lead_first_compares_when_each_took_it_not_their_births(spacy_nlp, question):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    relations = [r.relation for r in d.requirements]
    assert "born_date" not in relations and "leader" not in relations
    assert any("charge" in r for r in relations)
    led = RuleRouter(nlp=spacy_nlp).route("Who led the trust for longer, Ada Vell or Cy Brook?")
    assert "born_date" not in [r.relation for r in led.requirements]  # (a post held: since when)


@pytest.mark.slow
def test_a_possessive_with_its_noun_left_out_takes_the_other_sides_noun(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    for q in ("Was Kalvor's founder older than Brenmark's?", "Who is older, Kalvor's founder or Brenmark's?"):
        d = router.route(q)  # (the second side had compared Brenmark's own date, with full confidence)
        assert d.shape == "bridge_comparison" and "founder -> born_date / founder -> born_date of" in d.reason


@pytest.mark.slow
@pytest.mark.parametrize("question, chains", [
    # a name beside a side described by a clause of its own is compared as itself
    ("Which was set up first, Kalvor or the charity Tom Reed runs?",
     [("release_date",), ("run charity", "release_date")]),
    ("Is the company Ada Brook runs older than Kalvor?", [("release_date",), ("run company", "release_date")]),
    # two bodies reached by their clauses: when each was founded, not a birth
    ("Which is older, the firm Ada Brook founded or the firm Tom Reed founded?",
     [("founded", "release_date"), ("founded", "release_date")]),
])
def test_a_side_described_by_its_own_clause_beside_a_named_side(spacy_nlp, question, chains):
    from tests.router.test_comparing import chains_of

    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert d.shape == "bridge_comparison" and chains_of(d) == sorted(chains)


@pytest.mark.slow
def test_which_of_two_names_chaired_a_body_first_compares_when_each_took_the_chair(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which of Ada Vell and Cy Brook chaired Kalvor first?")
    relations = [r.relation for r in d.requirements]
    assert "born_date" not in relations and "leader" not in relations  # was: each one's leader, then a birth
    assert any("chair" in r for r in relations)


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "Which was founded first, Kalvor Trust or the firm that built Brenmark Walk?",
    "Which came first: Kalvor Trust or the developer that built Brenmark Walk?",
])
def test_a_name_against_the_doer_of_a_clause_compares_the_name_itself_with_the_doer(spacy_nlp, question):
    # "the firm that built B": B is the clause's object; the side compared is who built it, not B
    d = RuleRouter(nlp=spacy_nlp).route(question)
    chains = {r.entities[0]: r.relation for r in d.requirements if not r.depends_on}
    assert chains == {"Kalvor Trust": "release_date", "Brenmark Walk": "maker"}
    assert any(r.relation == "release_date" and r.depends_on for r in d.requirements)
    assert d.confidence < 1.0  # the clause is read by its verb alone: unsure


@pytest.mark.slow
def test_two_doer_clauses_keep_the_relation_of_their_noun(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Is the woman who directed Brenmark Walk older than the man who directed Tamsel?")
    assert [r.relation for r in d.requirements if not r.depends_on] == ["director", "director"]


@pytest.mark.slow
def test_going_longer_asks_which_began_first_not_a_post(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which has been going longer, the Orrin Trust or the Vell Society?")
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["release_date"] * 2


@pytest.mark.slow
@pytest.mark.parametrize("question", ["Who has been in charge longer, Ada Vell or Cy Brook?",
                                      "Who was in charge for longer, Ada Vell or Cy Brook?"])
def test_being_in_charge_longer_compares_since_when(question, spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["charge since"] * 2


def _sides(spacy_nlp, question):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    return [(r.relation, r.entities) for r in d.requirements if r.id.startswith("R")]


@pytest.mark.slow
@pytest.mark.parametrize("question, events", [
    ("Which came first: the launch of the Kalvor Star or the opening of the Tamsel Bridge?", ["launch", "opening"]),
    ("Which was earlier, the completion of the Kalvor Bridge or Tom Reed's appointment?",
     ["completion", "appointment"]),
])
def test_an_event_noun_of_each_side_is_the_dated_fact_no_hop(spacy_nlp, question, events):
    sides = _sides(spacy_nlp, question)
    assert [rel for rel, _ in sides] == events  # no release date of a thing the launch would lead to


@pytest.mark.slow
def test_an_event_that_made_a_side_dates_that_side_itself(spacy_nlp):
    sides = _sides(spacy_nlp, "Which came first, the Tamsel Hall reopening or the merger that created Kalvor College?")
    assert sides == [("reopen", ["Tamsel Hall"]), ("release_date", ["Kalvor College"])]


@pytest.mark.slow
def test_a_class_noun_after_a_side_says_which_thing_and_is_not_shared(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which was established first, Kalvor Sailing Club or the Brenmark boatyard?")
    sides = [r for r in d.requirements if r.id.startswith("R")]
    assert [(r.relation, r.entities) for r in sides] == [("release_date", ["Kalvor Sailing Club"]),
                                                         ("release_date", ["Brenmark"])]
    assert "boatyard" in next(q.text for q in d.plan if q.requirement_id == "R2")  # which thing by Brenmark


@pytest.mark.slow
def test_a_role_noun_after_a_side_is_still_a_hop_to_the_person(spacy_nlp):
    sides = _sides(spacy_nlp, "Who is older, Tom Reed or the Kalvor conductor?")
    assert ("conductor", ["Kalvor"]) in sides and ("born_date", ["{R2}"]) in sides


@pytest.mark.slow
def test_a_thing_in_a_named_place_is_dated_itself(spacy_nlp):
    sides = _sides(spacy_nlp,
                   "Which opened first, the museum in the old Kalvor Hall or the school in the Tamsel chapel?")
    assert [rel for rel, _ in sides] == ["release_date", "release_date"]


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "Which was older, the studio that made Kalvor Star or the firm that built the Tamsel Bridge?",
    "Which is older, the studio that made Kalvor Star or the studio that made Tamsel Bridge?",
])
def test_bodies_that_made_each_side_are_each_sides_hop(spacy_nlp, question):
    sides = _sides(spacy_nlp, question)
    assert sides[:2] == [("maker", ["Kalvor Star"]), ("maker", ["Tamsel Bridge"])]
    assert [rel for rel, _ in sides[2:]] == ["release_date", "release_date"]


@pytest.mark.slow
def test_the_bodies_each_side_runs_are_answered_by_a_body_and_dated_by_their_founding(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which company is older: the one Ada Brook runs or the one Tom Reed runs?")
    first = [r for r in d.requirements if r.id in ("R1", "R2")]
    assert [(r.entities, r.answer) for r in first] == [(["Ada Brook"], "org"), (["Tom Reed"], "org")]
    assert [q.text for q in d.plan if q.requirement_id in ("R3", "R4")] == ["{R1} founded", "{R2} founded"]


@pytest.mark.slow
def test_two_events_each_between_two_names_are_the_two_sides(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(
        "Which happened first: the Brenmark Bank's merger into Odell Mills, "
        "or Corvane Optics' purchase of Kalvor Foods?")
    sides = [r for r in d.requirements if r.id.startswith("R")]
    assert [(r.relation, r.entities) for r in sides] == [("merger", ["Brenmark Bank"]),
                                                         ("purchase", ["Corvane Optics"])]
    assert "Odell Mills" in next(q.text for q in d.plan if q.requirement_id == "R1")  # the other party


@pytest.mark.slow
def test_a_compound_noun_heads_a_sides_own_clause(spacy_nlp):
    sides = _sides(spacy_nlp,
                   "Which opened first, the garden centre Kalvor bought or the plant centre Ada Brook started?")
    assert sides[:2] == [("buy garden centre", ["Kalvor"]), ("founded", ["Ada Brook"])]


def test_an_age_at_the_sides_own_death_is_a_lifetime():
    from hopgraph.router.compare_question import died_then
    from tagged import toks

    assert died_then(toks("Who/PRON was/AUX older/ADJ when/SCONJ he/PRON died/VERB ,/PUNCT Kalvor/@ or/CCONJ "
                          "Brenmark/@ ?/PUNCT"))
    assert not died_then(toks("Who/PRON was/AUX older/ADJ when/SCONJ the/DET war/NOUN ended/VERB ,/PUNCT Kalvor/@ "
                              "or/CCONJ Brenmark/@ ?/PUNCT"))
    assert not died_then(toks("Who/PRON died/VERB first/ADV ,/PUNCT Kalvor/@ or/CCONJ Brenmark/@ ?/PUNCT"))


@pytest.mark.slow
def test_older_when_they_died_reads_both_dates_of_each_side(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who was older when they died, Tessa Marlow or her son Odell Marlow?")
    assert sorted(relations_of(d)) == ["born_date", "born_date", "died_date", "died_date"]  # (had only the births)


@pytest.mark.slow
def test_older_at_death_reads_both_dates_of_each_side(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who was older at death, Tessa Marlow or her son Odell Marlow?")
    assert sorted(relations_of(d)) == ["born_date", "born_date", "died_date", "died_date"]  # (had only the deaths)


def test_living_to_the_greater_age_is_a_lifetime():
    from hopgraph.router.compare_question import lifespan
    from tagged import toks

    assert lifespan(toks("Who/PRON lived/VERB to/ADP the/DET greater/ADJ age/NOUN ,/PUNCT Kalvor/@ or/CCONJ "
                         "Brenmark/@ ?/PUNCT"))
    assert lifespan(toks("Which/DET man/NOUN reached/VERB the/DET greater/ADJ age/NOUN ?/PUNCT"))
    assert not lifespan(toks("Who/PRON was/AUX the/DET greater/ADJ player/NOUN ,/PUNCT Kalvor/@ or/CCONJ "
                             "Brenmark/@ ?/PUNCT"))  # no age


@pytest.mark.slow
def test_the_greater_age_reads_both_dates_of_each_side(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who lived to the greater age, Tessa Marlow or her son Odell Marlow?")
    assert sorted(relations_of(d)) == ["born_date", "born_date", "died_date", "died_date"]  # (had only the births)
