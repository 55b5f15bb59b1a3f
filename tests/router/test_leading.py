"""A verb that can mean "leads" is the leader relation only when said of a body (invented world)."""

import pytest

from hopgraph.router.lexicon import Mention, Sense, match_at
from hopgraph.router.leading import leads_a_body, made_a_post_holder, reads_as_leader, shares_a_role
from hopgraph.router.mentions import find_mentions
from hopgraph.router.rules import RuleRouter
from tests.router.test_understand import relations_of
from tests.router.test_filler import toks
from tagged import mention_at


def _leading_mention(question: str):
    q = toks(question)
    lemmas = [x.lemma for x in q]
    i = next(t.i for t in q if t.pos == "VERB" and match_at(lemmas, t.i))
    n, sense = match_at(lemmas, i)
    return q, Mention(i, i + n, q[i].text, sense)


def test_a_company_a_name_or_a_pronoun_after_the_verb_is_a_body():
    for question in ("Who/PRON runs:run/VERB the/DET company/NOUN that/PRON makes:make/VERB Kalvor/X ?/PUNCT",
                     "Who/PRON heads:head/VERB Kalvor/X ?/PUNCT",
                     "Who/PRON leads:lead/VERB the/DET small/ADJ party/NOUN ?/PUNCT",
                     "Who/PRON chairs:chair/VERB the/DET trust/NOUN ?/PUNCT",
                     # a compound's head noun, after a qualifying noun or gerund
                     "Who/PRON chairs:chair/VERB the/DET milk/NOUN cooperative/NOUN ?/PUNCT",
                     "Who/PRON runs:run/VERB the/DET shipping:ship/VERB company/NOUN ?/PUNCT",
                     # a fork of a project is a body too, whatever month and year date it
                     "Who/PRON leads:lead/VERB the/DET June/PROPN 2021/NUM fork/NOUN of/ADP Kalvor/X ?/PUNCT",
                     # a thing named before ("X was sold in 1960. Who ran it then?")
                     "Who/PRON ran:run/VERB it/PRON then/ADV ?/PUNCT",
                     ):
        q, m = _leading_mention(question)
        assert leads_a_body(q, m) and reads_as_leader(q, m), question


def test_the_named_subject_of_a_passive_leading_verb_is_the_body():
    q, m = _leading_mention("Who/PRON is:be/AUX Kalvor/X run/VERB by/ADP ?/PUNCT")
    assert leads_a_body(q, m) and reads_as_leader(q, m)
    q, m = _leading_mention("Who/PRON was:be/AUX Kalvor/X led:lead/VERB by/ADP in/ADP 2010/NUM ?/PUNCT")
    assert leads_a_body(q, m)
    q, m = _leading_mention("Who/PRON was:be/AUX the/DET race/NOUN run:run/VERB by/ADP ?/PUNCT")
    assert not leads_a_body(q, m)  # no name before the verb: nothing said to be led


@pytest.mark.slow
def test_who_a_name_is_run_by_is_its_leader(spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route("Who is Brenmark Holdings run by?")) == ["leader"]


def test_an_object_asked_in_place_can_be_the_body():
    q, m = _leading_mention("Kalvor/X now/ADV chairs:chair/VERB which/PRON trust/NOUN ?/PUNCT")
    assert leads_a_body(q, m)  # "X now chairs which trust?"


def test_an_event_or_an_asked_object_is_no_body():
    for question in ("Who/PRON led:lead/VERB the/DET premiere/NOUN of/ADP Kalvor/X ?/PUNCT",
                     "What/PRON company/NOUN does:do/AUX the/DET wife/NOUN of/ADP Kalvor/X run/VERB ?/PUNCT",
                     "Who/PRON owns:own/VERB the/DET firm/NOUN that/PRON runs:run/VERB it/PRON ?/PUNCT",
                     "Who/PRON chaired:chair/VERB the/DET board/NOUN meeting/NOUN ?/PUNCT"):
        q, m = _leading_mention(question)
        assert not leads_a_body(q, m) and not reads_as_leader(q, m), question


def test_a_leading_verb_used_as_a_noun_is_no_post():
    q = toks("Who/PRON is:be/AUX the/DET lead/NOUN guitarist/NOUN of/ADP Kalvor/X ?/PUNCT")
    assert not reads_as_leader(q, mention_at(q, 3))
    q = toks("Who/PRON is:be/AUX the/DET head/NOUN of/ADP Kalvor/X ?/PUNCT")
    assert reads_as_leader(q, mention_at(q, 3))


def test_a_post_of_two_words_opening_with_a_leading_verb_is_a_post():
    q = toks("Where/SCONJ was/AUX the/DET managing:manage/VERB director/NOUN of/ADP Kalvor/X born/VERB ?/PUNCT")
    n, sense = match_at([x.lower for x in q], 3)
    assert n == 2 and sense.relation == "leader" and reads_as_leader(q, Mention(3, 5, "managing director", sense))
    found = find_mentions(q, {0})
    assert [(m.start, m.end, m.sense.relation) for m in found][:1] == [(3, 5, "leader")]  # the longer phrase


@pytest.mark.slow
def test_posts_and_leading_verbs_read_as_the_leader_relation(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who is the CEO of Marrow Pumps?")) == ["leader"]
    assert relations_of(router.route("Where did Marrow Pumps' chief executive study?")) == ["leader", "education"]
    assert relations_of(router.route("Who chairs the Tollen Rowing Club?")) == ["leader"]
    d = router.route("Did the chief executives of Marrow Pumps and Kessing Mills study at the same university?")
    assert [r.relation for r in d.requirements] == ["leader", "leader", "education", "education"]


@pytest.mark.slow
def test_a_leading_verb_of_an_event_is_no_leader(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert "leader" not in relations_of(router.route("Where did the captain who led the Orvell ascent grow up?"))
    assert "leader" not in relations_of(router.route("What company does the wife of the Orvell Cup winner run?"))


def test_a_name_the_graph_types_as_no_body_is_not_led():
    q, m = _leading_mention("Who/PRON runs:run/VERB Kalvor/X ?/PUNCT")
    assert leads_a_body(q, m, lambda a: "ORG") and leads_a_body(q, m, lambda a: "")
    assert not leads_a_body(q, m, lambda a: "FAC") and not leads_a_body(q, m, lambda a: "WORK_OF_ART")
    assert leads_a_body(q, m, lambda a: "PERSON")  # a business name the tagger took for a person's


def test_a_post_stands_only_when_it_says_whose():
    def post(spec: str, at: int) -> bool:
        q = toks(spec)
        return reads_as_leader(q, mention_at(q, at))

    assert post("Who/PRON is:be/AUX the/DET president/NOUN of/ADP Kalvor/X ?/PUNCT", 3)
    assert post("Who/PRON was:be/AUX president/NOUN in/ADP 2021/NUM of/ADP Kalvor/X ?/PUNCT", 2)
    assert post("Where/ADV did:do/AUX Kalvor/X chair/NOUN study:study/VERB ?/PUNCT", 3)
    assert not post("Who/PRON was:be/AUX president/NOUN when/SCONJ Kalvor/X became:become/VERB a/DET state/NOUN",
                    2)


@pytest.mark.slow
def test_a_named_post_is_searched_for_and_bound_by_name(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    chair = router.route("Who is the chairman of the company that bought Tollen Mills?")
    lead = next(r for r in chair.requirements if r.relation == "leader")
    assert lead.post == "chairman"
    assert any(p.requirement_id == lead.id and p.text.startswith("chairman of") for p in chair.plan)
    # a leading verb or a word that names no post keeps the generic search
    for question in ("Who heads the company that bought Tollen Mills?", "Who is the boss of Tollen Mills?"):
        d = router.route(question)
        assert all(r.post == "" for r in d.requirements), question
        assert any(p.text.startswith("head of") for p in d.plan), question
    # a leading verb that is the post's own noun names that post
    chairs = router.route("Who chairs the company that bought Tollen Mills?")
    assert [r.post for r in chairs.requirements if r.relation == "leader"] == ["chair"]
    manages = router.route("Who manages the Tollen Rovers?")  # a club's manager, not its chairman
    assert [r.post for r in manages.requirements if r.relation == "leader"] == ["manager"]


def test_a_post_at_a_named_body_says_whose_it_is():
    q = toks("Who/PRON is:be/AUX the/DET chair/NOUN at/ADP Kalvor/X ?/PUNCT")
    assert reads_as_leader(q, mention_at(q, 3))
    q = toks("Who/PRON was:be/AUX chair/NOUN at/ADP the/DET time/NOUN ?/PUNCT")
    assert not reads_as_leader(q, mention_at(q, 2))  # a time, no body


@pytest.mark.slow
def test_a_schools_head_is_its_leader(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who is the head teacher at Cordle Green School?")) == ["leader"]
    assert relations_of(router.route("Where did the headmistress of Cordle Green School train?")) == ["leader", "education"]


def test_a_verb_of_taking_a_post_right_before_it_is_no_hop():
    from hopgraph.router.leading import post_taking_verbs

    q = toks("Who/PRON was:be/AUX appointed:appoint/VERB chair/NOUN of/ADP Kalvor/X ?/PUNCT")
    assert post_taking_verbs(q, [mention_at(q, 3)]) == {2}
    q = toks("Who/PRON praised:praise/VERB the/DET chair/NOUN of/ADP Kalvor/X ?/PUNCT")
    assert post_taking_verbs(q, [mention_at(q, 3)]) == set()


@pytest.mark.slow
def test_chairing_a_bodys_board_is_leading_the_body(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who chairs the board of Tarrow Mills?")) == ["leader"]
    assert relations_of(router.route("Who chairs the board of trustees of Tarrow Mills?")) == ["leader"]
    # the noun of the post, then its body: "the chair of governors" leads the school
    assert relations_of(router.route("Who is the chair of governors at Tarrow Primary?")) == ["leader"]
    assert relations_of(router.route("Who is the chair of the trustees of Tarrow Mills?")) == ["leader"]


def test_a_director_of_an_organisation_is_its_leader_and_of_a_work_its_maker():
    from hopgraph.router.leading import as_leader, directs_a_body
    from hopgraph.router.lexicon import PHRASES

    names = {0: "Kalvor Trust"}
    name_of = lambda a: names[a]  # noqa: E731
    of_body = toks("Who/PRON is/AUX the/DET director/NOUN of/ADP the/DET Kalvor/X ?/PUNCT")
    director = Mention(3, 4, "director", PHRASES["director"])
    assert directs_a_body(of_body, director, name_of)
    assert as_leader(director).sense.relation == "leader"
    trust = toks("Who/PRON is/AUX the/DET director/NOUN of/ADP the/DET trust/NOUN ?/PUNCT")
    assert directs_a_body(trust, director, name_of)  # an organisation noun
    owned = toks("Where/ADV did/AUX the/DET Kalvor/X director/NOUN study/VERB ?/PUNCT")
    assert directs_a_body(owned, Mention(4, 5, "director", PHRASES["director"]), name_of)
    names[0] = "Kalvor Nights"  # a title: its director made it
    assert not directs_a_body(of_body, director, name_of)
    film = toks("Who/PRON is/AUX the/DET director/NOUN of/ADP the/DET film/NOUN ?/PUNCT")
    assert not directs_a_body(film, director, name_of)


@pytest.mark.slow
def test_the_director_of_a_named_company_is_its_leader_with_that_post(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Where did the director of Tollen Mills Ltd study?")
    assert relations_of(d) == ["leader", "education"]
    assert next(r for r in d.requirements if r.relation == "leader").post == "director"


@pytest.mark.slow
def test_a_body_that_runs_something_is_asked_not_its_leader(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Which trust runs Tollen Grammar School?")
    assert "leader" not in relations_of(d) and d.confidence < 0.75
    assert relations_of(router.route("Which woman runs Tollen Grammar School?")) == ["leader"]


def test_the_publisher_a_person_asked_of_a_press_is_its_post():
    from hopgraph.router.leading import heads_a_press
    from hopgraph.router.lexicon import PHRASES

    q = toks("Who/PRON is/AUX the/DET publisher/NOUN of/ADP the/DET Kalvor/X ?/PUNCT")
    publisher = Mention(3, 4, "publisher", PHRASES["publisher"])
    assert heads_a_press(q, publisher, lambda a: "Kalvor Press", "person")
    assert not heads_a_press(q, publisher, lambda a: "Kalvor Nights", "person")  # a book: the house that publishes it
    assert not heads_a_press(q, publisher, lambda a: "Kalvor Press", "thing")  # "Which publisher …": the house


def test_making_someone_a_post_holder_is_employing_them():
    q = toks("the/DET trust/NOUN that/PRON made:make/VERB Kalvor/X its/PRON executive/ADJ head/NOUN ?/PUNCT")
    m, post = made_a_post_holder(q, Mention(3, 4, "made", Sense(facets=(("person", "maker"),), verb=True)))
    assert m.sense.relation == "employer" and post == {5, 6, 7}  # "its executive head" says which post
    made = toks("the/DET firm/NOUN that/PRON made:make/VERB Kalvor/X ?/PUNCT")
    assert made_a_post_holder(made, Mention(3, 4, "made", Sense(facets=(("person", "maker"),), verb=True))) is None


def test_a_persons_co_founder_shares_the_role():
    q = toks("Where/ADV was/AUX Kalvor/X co-founder/NOUN born/VERB ?/PUNCT")
    q[2].possessive = True  # "Kalvor's"
    m = Mention(3, 4, "co-founder", Sense(relation="founder"))
    assert shares_a_role(q, m, lambda a: "PERSON")  # another founder of what X founded
    assert not shares_a_role(q, m, lambda a: "ORG")  # a body's co-founder is one of its founders


@pytest.mark.slow
def test_the_woman_who_leads_the_fork_of_a_project_is_the_forks_leader(spacy_nlp):
    got = relations_of(RuleRouter(nlp=spacy_nlp).route("Where did the woman who leads the June 2021 fork of Kalvor "
                                                       "grow up?"))
    assert got == ["fork", "leader", "raised_place"]


def test_a_leading_phrase_whose_of_has_no_object_stands_to_be_read_backwards():
    from hopgraph.router.lexicon import Mention, Sense
    from hopgraph.router.leading import reads_as_leader
    from tests.router.test_filler import toks

    q = toks("Which/DET trust/NOUN runs:run/VERB the/DET school/NOUN that/PRON Kalvor/X was:be/AUX in/ADP charge/NOUN "
             "of/ADP ?/PUNCT")
    m = Mention(7, 11, "was in charge of", Sense(relation="leader", verb=True))
    assert reads_as_leader(q, m, lambda a: "PERSON")  # kept, so the voice reads it from the school


def test_a_business_known_by_its_trade_is_a_body_one_can_lead():
    from hopgraph.router.leading import ORGANISATION_NOUNS

    for noun in ("chain", "bakery", "co-op", "hotel"):
        assert noun in ORGANISATION_NOUNS, noun
    q, m = _leading_mention("Who/PRON heads:head/VERB the/DET chain/NOUN that/PRON bought:buy/VERB Kalvor/X ?/PUNCT")
    assert leads_a_body(q, m)


@pytest.mark.slow
@pytest.mark.parametrize("question", ["Where was the woman who took charge of Brenmark Holdings born?",
                                      "Where was the woman who took the helm at Brenmark Holdings born?"])
def test_taking_charge_or_the_helm_of_a_body_is_leading_it(spacy_nlp, question):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == ["leader", "born_place"]


def test_a_post_after_a_possessive_and_an_adjective_says_whose_it_is():
    from tagged import toks as tagged

    from hopgraph.router.leading import says_whose

    t = tagged("Who/PRON did/AUX Kalvor's/@ first/ADJ chairman/NOUN marry/VERB ?/PUNCT")
    assert says_whose(t, mention_at(t, 4))
    t = tagged("Who/PRON was/AUX the/DET first/ADJ chairman/NOUN ?/PUNCT")
    assert not says_whose(t, mention_at(t, 4))  # whose chair the question does not say


def test_a_post_after_a_name_and_a_year_says_whose_it_is():
    from tagged import toks as tagged

    from hopgraph.router.leading import says_whose

    t = tagged("Kalvor/@ 2014/NUM ceo/NOUN former/ADJ employer/NOUN")
    assert says_whose(t, mention_at(t, 2))
    t = tagged("Who/PRON was/AUX chair/NOUN in/ADP 2014/NUM ?/PUNCT")
    assert not says_whose(t, mention_at(t, 2))


@pytest.mark.slow
def test_a_bodys_first_post_holder_is_its_leader_and_first_orders_no_sides(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Where was Brenmark Dairies' first chairman born?")) == ["leader", "born_place"]
    got = router.route("Who succeeded the sister of Brenmark Dairies' first chairman as manager of the Kalvor Hall?")
    assert got.shape == "bridge" and relations_of(got) == ["leader", "sibling", "successor"]


@pytest.mark.slow
@pytest.mark.parametrize("question, chain", [
    ("Who was Kalvor's most recent chair?", ["leader"]),  # had read no relation
    ("Where was Kalvor's longest-serving chair born?", ["leader", "born_place"]),  # had read a hop "longest-serving"
])
def test_modifiers_between_a_possessive_and_a_post_say_which_holder(spacy_nlp, question, chain):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == chain


@pytest.mark.slow
def test_a_year_between_a_possessive_and_a_post_still_says_whose_post(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who is the mother-in-law of Kalvor's 2017 managing director?")
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["leader", "spouse", "mother"]
