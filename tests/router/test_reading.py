"""The relation chain read from a question's clauses (router/reading.py), with a real tagger.

Invented world: the Brekkum harbour regatta, the Tarrow Greens, Odell Mills, the opera Glass Hours.
"""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.understand import CONFIDENT
from tests.router.test_understand import relations_of


@pytest.mark.slow
def test_the_requirement_carries_the_kind(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Where was the sailor who won the Brekkum harbour regatta born?")
    first = next(r for r in d.requirements if r.id == "R1")
    assert first.relation == "win" and first.answer == "person"


@pytest.mark.slow
def test_the_questions_own_free_verb_is_its_last_fact(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who sponsors the firm whose founder designed the Brekkum ferry?"))[-1] == "sponsors"
    # a second question after a comma decides what comes last, not the first one's verb
    two = relations_of(router.route("who sponsors the mill that makes the Tern kettle, where did she study"))
    assert "sponsors" not in two and two[-1] == "education"


@pytest.mark.slow
def test_a_participle_after_its_noun_is_a_relative_clause_without_that(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    # the film stars the name: its own relation comes first, the director of that film after
    assert relations_of(router.route("Who directed the film starring Tessa Marlow?")) == ["film starring", "director"]
    got = router.route("Where was the head of the lab carrying out the Brekkum ferry trial born?")
    assert relations_of(got)[:2] == ["lab carrying", "leader"]
    assert next(r for r in got.requirements if r.id == "R1").answer == "org"
    # a participle that does not follow its noun is no such clause
    assert not any("film" in r for r in relations_of(router.route("Who directed the film after watching Tessa Marlow?")))


@pytest.mark.slow
def test_a_making_date_is_searched_with_the_questions_own_verb(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    founded = router.route("When was the employer of Tessa Marlow founded?")
    assert relations_of(founded)[-1] == "release_date"
    assert any(p.text.endswith(" founded") for p in founded.plan)
    # a release keeps the generic words
    released = router.route("When was the film Glass Hours released?")
    assert any(p.text.endswith("release date") for p in released.plan)


@pytest.mark.slow
def test_the_verb_after_the_asked_noun_is_the_last_fact_with_that_noun(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = relations_of(router.route("Which river runs through the birthplace of the engineer who designed the Brekkum ferry?"))
    assert got == ["creator", "born_place", "river runs"]


@pytest.mark.slow
def test_a_second_question_about_the_firsts_answer_follows_its_open_fact(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = relations_of(router.route("Which company bought Brekkum Ferries, and where is it headquartered?"))
    assert got[0] == "bought" and len(got) == 2
    # a known relation asked first keeps its place
    assert relations_of(router.route("Who directed Glass Hours, and where was he born?")) == ["director", "born_place"]


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "Who is the chancellor of the university Ida Pellow studied at?",
    "I'm meeting Ida Pellow soon. Who is the chancellor of the university she studied at?",
])
def test_a_clause_ending_in_a_bare_preposition_is_a_relative_one_after_a_kind_word(spacy_nlp, question):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == ["education", "chancellor"]


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    # the clause's verb has the whole "director of film X" as its subject: the director is the first hop
    ("What is the award that the director of film Glass Hours earned?", ["director", "award"]),
    # the work Tessa Marlow wrote, its director, where he was born (the tagger may read "wrote" as an auxiliary)
    ("Where was the director of the film that Tessa Marlow wrote born?", ["write", "director", "born_place"]),
])
def test_a_relative_clause_around_an_of_phrase_keeps_the_phrase_inner(spacy_nlp, question, relations):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


@pytest.mark.slow
def test_a_relation_noun_heading_a_clause_on_the_anchor_is_no_hop_of_its_own(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who is the husband of the designer who founded Corvane Optics?")) == ["founder", "spouse"]
    assert relations_of(router.route("Where was the director who made Glass Hours born?"))[-1] == "born_place"


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    # the who-clause's verb says what the person did, whatever the question then asks of that person
    ("Where did the person who founded Odell Mills grow up?", ["founder", "raised_place"]),
    ("When was the woman who founded Odell Mills born?", ["founder", "born_date"]),
])
def test_a_verb_in_a_who_clause_is_the_persons_deed(spacy_nlp, question, relations):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


@pytest.mark.slow
def test_the_noun_of_a_that_clause_says_its_answer_is_an_organisation(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who manages the football club that Odell Mills sponsors?")
    first = d.requirements[0]
    assert (first.relation, first.noun, first.answer) == ("sponsor", "club", "org")


@pytest.mark.slow
def test_a_date_verb_in_a_where_clause_asks_a_place_and_a_post_after_is_names_one(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    # "premiered" means a premiere date, but in a where-clause its answer is the place: the verb, open
    rels = relations_of(router.route("Who designed the opera house where Glass Hours premiered?"))
    assert rels[-1] == "creator" and "release_date" not in rels
    # "where X is medical director": the post is the clause's relation, not the director of anything
    d = router.route("When did the tram reach the campus of the hospital where Ada Lusk is medical director?")
    assert d.requirements[0].relation == "medical director" and d.requirements[0].noun == "hospital"


@pytest.mark.slow
def test_a_passive_participle_whose_agent_is_the_name_is_the_first_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    # the name did something to the noun ("Odell Mills funded the charity"): that comes first, then its chair
    assert relations_of(router.route("Who chairs the charity funded by Odell Mills?")) == ["charity funded", "leader"]
    assert relations_of(router.route("Where did the chef backed by Odell Mills study?")) == ["chef backed", "education"]
    # a known maker's verb with another fact asked: what the name wrote, then where it came out; never sure
    got = router.route("Where was the novel written by Odell Mills published?")
    assert relations_of(got)[0] == "write" and len(relations_of(got)) == 2 and got.confidence < 1.0
    # the agent is more than the name: the name's own relation stays first
    assert relations_of(router.route("Who chairs the charity funded by Odell Mills's founder?"))[0] != "charity funded"


@pytest.mark.slow
def test_words_after_the_name_ask_of_what_its_passive_clause_reached(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    # what Odell Mills bought, then when it opened
    assert relations_of(router.route("When did the hotel bought by Odell Mills open?")) == ["hotel bought", "open"]
    # the words qualifying the clause's noun are the clause's own, no hop of their own
    assert relations_of(router.route("Who chairs the rowing club funded by Odell Mills?")) == ["rowing funded", "leader"]


@pytest.mark.slow
def test_a_clause_ending_on_its_preposition_after_a_kind_noun_is_the_names_own(spacy_nlp):
    # "the company X works for": X works for the company, which is what the founder is asked of
    got = RuleRouter(nlp=spacy_nlp).route("Who founded the company Odell Mills works for?")
    assert relations_of(got) == ["employer", "founder"]


@pytest.mark.slow
def test_the_passive_clause_is_the_participle_right_before_by_the_name(spacy_nlp):
    # the council's vote is what is asked of the plan the name proposed
    got = RuleRouter(nlp=spacy_nlp).route("Which council voted to approve the plan proposed by Odell Mills?")
    assert relations_of(got)[0] == "plan proposed" and len(relations_of(got)) == 2


@pytest.mark.slow
def test_going_to_university_is_where_one_studied(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Where did Odell Mills's founder go to university?")
    assert relations_of(got) == ["founder", "education"]


@pytest.mark.slow
def test_how_many_asks_a_count_and_a_bare_verb_after_the_agent_is_the_questions(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    # "how many" is no cause: the place where the name died is the hop, not how it died
    got = router.route("The town where Odell Mills died has how many libraries?")
    assert relations_of(got)[0] == "died_place"
    # "win" after the by-phrase is the question's own verb, so the party the name led comes first
    got = router.route("How many seats did the party led by Odell Mills win in 2019?")
    assert relations_of(got)[0] == "party led"


@pytest.mark.slow
def test_what_the_name_possesses_is_the_object_of_the_clause_verb_before_it(spacy_nlp):
    # the firm audits the accounts: one hop, then who runs that firm (not a last hop "accounts")
    got = RuleRouter(nlp=spacy_nlp).route("Who runs the firm that audits Odell Mills's accounts?")
    assert relations_of(got) == ["firm audits accounts", "leader"]
    # its adjectives and nouns too, and none left for a last hop
    got = RuleRouter(nlp=spacy_nlp).route("Who runs the firm that audits Odell Mills's annual charity accounts?")
    assert relations_of(got) == ["firm audits annual charity accounts", "leader"]
    # a bare verb that "did" leaves last is no possession
    got = RuleRouter(nlp=spacy_nlp).route("What award did the firm that owns Odell Mills's old stage win in 2009?")
    assert relations_of(got)[0] == "firm owns old stage"


@pytest.mark.slow
def test_a_role_noun_after_the_name_is_the_first_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Which university did the Brekkum Cup winner attend?")) == ["winner", "education"]
    # a noun of the named thing's class is no hop: the heater is what is named
    assert "heater" not in relations_of(router.route("What year was the maker of the Odell heater established?"))[:1]


@pytest.mark.slow
def test_a_described_subject_of_an_object_clause_reads_its_verb_backwards(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    # the cup's winner wrote the play; the theatre staged that play
    got = router.route("Which theatre staged the play the Brekkum Cup winner wrote?")
    assert relations_of(got)[:2] == ["winner", "write"]
    got = router.route("Who directed the film the Brekkum Cup winner produced?")
    assert relations_of(got) == ["winner", "produce", "director"]


@pytest.mark.slow
def test_one_relation_twice_across_an_of_phrase_is_two_steps_and_unsure(spacy_nlp):
    # the singer of the band that performed it: a member of that band, which no relation of the vocabulary names
    got = RuleRouter(nlp=spacy_nlp).route("Where did the singer of the band behind Paper Moons grow up?")
    assert relations_of(got) == ["performer", "performer", "raised_place"] and got.confidence < 1.0


@pytest.mark.slow
def test_the_verb_after_an_opening_who_is_the_last_hop(spacy_nlp):
    # "founded" stands next to the name, but it is the question's own verb: the company first, then its founder
    got = RuleRouter(nlp=spacy_nlp).route("Who founded Odell Mills's brother's company?")
    assert relations_of(got)[-1] == "founder" and relations_of(got)[0] == "sibling"


def test_which_of_picks_one_of_what_the_chain_reaches():
    from hopgraph.router.reading import selects_one
    from tagged import toks

    assert selects_one(toks("Which/DET of/ADP Kalvor/@ sons/NOUN took/VERB over/ADP the/DET mill/NOUN ?/PUNCT"))
    assert selects_one(toks("Who/PRON among/ADP Kalvor/@ children/NOUN left/VERB ?/PUNCT"))
    assert not selects_one(toks("Which/DET son/NOUN of/ADP Kalvor/@ left/VERB ?/PUNCT"))


@pytest.mark.slow
def test_the_words_that_pick_one_are_no_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Which of Tessa Marlow's sons took over the mill?")
    assert relations_of(got) == ["child"] and got.confidence < CONFIDENT
    assert any(p.requirement_id == "R1" and "mill" in p.text for p in got.plan)  # the words say which son


@pytest.mark.slow
def test_a_possessive_after_a_bodys_person_ends_the_whole_phrase_and_a_post_tagged_a_name_is_still_a_noun(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Where was the founder of Tarrow Mills's wife born?")) == \
        ["founder", "spouse", "born_place"]
    assert relations_of(router.route("Where was the father of Ida Pellow's wife born?")) == \
        ["spouse", "father", "born_place"]  # a person's wife: the father is hers
    assert relations_of(router.route("What is the place of birth of Ida Pellow's father?")) == ["father", "born_place"]
    assert relations_of(router.route("Where did the wife of the Tarrow Bank CEO study?")) == \
        ["leader", "spouse", "education"]


@pytest.mark.slow
def test_a_reduced_relative_with_an_auxiliary_is_the_first_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who is the son of the firefighter Tarrow House is named after?")) == \
        ["named_after", "child"]


@pytest.mark.slow
def test_a_facility_where_something_was_made_is_that_making_not_a_country(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = relations_of(router.route("Who owns the studio where 'Glass Tide' was recorded?"))
    assert "country" not in got
    assert relations_of(router.route("In which country was the film Glass Tide produced?")) != []


@pytest.mark.slow
def test_a_relative_that_is_no_pointer_so_the_pronoun_after_it_stands_for_the_name(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("I've been using Brekkum Draw for years. Who founded the company that made it?")
    assert relations_of(d) == ["maker", "founder"] and d.anchors == ["Brekkum Draw"]
    assert relations_of(router.route("We love the Tern kettle. Who runs the firm that built it?")) == ["maker", "leader"]


@pytest.mark.slow
def test_the_asked_school_a_post_is_of_is_no_school_its_holder_went_to(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Which school is Ilse Varrow the headteacher of?")) == ["leader"]
    assert relations_of(router.route("Which school did Ilse Varrow's husband go to?")) == ["spouse", "education"]


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    # the clause whose object is the name is the first hop; the words after the name go on from its answer
    ("coach who signed Ada Brook predecessor birthplace", ["coach signed", "predecessor", "born_place"]),
    ("coach who signed Ada Brook birthplace", ["coach signed", "born_place"]),
])
def test_a_terse_clause_ending_on_the_name_is_its_first_hop(question, relations, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


@pytest.mark.slow
def test_a_participle_before_by_neither_closes_the_clause_around_it_nor_comes_after_its_verb(spacy_nlp):
    # "the chef hired by X" is what X did (first), then where that chef trained, then who founded that school
    got = relations_of(RuleRouter(nlp=spacy_nlp).route("Who founded the school where the chef hired by Ada Brekkum "
                                                       "trained?"))
    assert got == ["hire", "education", "founder"]


@pytest.mark.slow
def test_the_date_asked_of_a_verb_after_a_who_clause_is_not_the_clauses_founding_date(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = relations_of(router.route("When did the man who founded Kessel Ales join the Lorn Singers?"))
    assert got[0] == "founder" and "release_date" not in got  # who he is, then when he joined
    assert relations_of(router.route("When was Kessel Ales founded?")) == ["release_date"]


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    # the club does what the verb after "that" says: it founded the anchor, no place founded it
    ("Who chairs the club that set up the Tarrow Greens?", ["founder", "leader"]),
    ("Who chairs the society which founded Odell Mills?", ["founder", "leader"]),
    ("When was the society that founded Odell Mills itself founded?", ["founder", "release_date"]),
    # passive: the place it was founded in is the anchor
    ("Who chairs the club that was founded in Brekkum?", ["country", "leader"]),
])
def test_the_head_of_a_that_clause_is_the_doer_of_its_verb(spacy_nlp, question, relations):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


def test_a_name_ending_the_question_after_an_open_clause_verb_owns_nothing_after_it():
    from hopgraph.router.lexicon import Mention, Sense
    from hopgraph.router.reading import read_chain
    from tagged import toks

    q = toks("who/PRON is/AUX the/DET boss/NOUN of/ADP the/DET firm/NOUN that/PRON runs/VERB Kalvor/@")
    runs = Mention(6, 9, "firm that runs", Sense(relation="firm runs", verb=True), via="open")
    boss = Mention(3, 4, "boss", Sense(relation="leader"))
    assert read_chain(q, [runs, boss], "person", 0, {0}).relations == ["firm runs", "leader"]  # (had raised an
    # IndexError looking past the name for what it owns)
