"""Relation phrases found in a question's tokens (router/mentions.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.mentions import find_mentions
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def _found(spec: str) -> list[tuple[int, int, str]]:
    return [(m.start, m.end, m.sense.relation) for m in find_mentions(toks(spec), {0})]


def test_the_longer_phrase_wins_over_a_verb_lemma_at_the_same_place():
    assert _found("Who/PRON is/AUX the/DET managing:manage/VERB director/NOUN of/ADP Kalvor/X ?/PUNCT") == \
        [(3, 5, "leader")]


def test_the_askers_own_kin_or_staff_are_no_relation():
    assert _found("Who/PRON cooks:cook/VERB my/PRON kid/NOUN 's/PART lunch/NOUN at/ADP Kalvor/X ?/PUNCT") == []
    assert _found("Who/PRON cooks:cook/VERB the/DET kid/NOUN 's/PART lunch/NOUN at/ADP Kalvor/X ?/PUNCT") != []


@pytest.mark.slow
def test_the_context_sentences_relative_clause_is_the_first_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(
        "We're visiting the bakery that supplies the Tesmir canteen tomorrow. Who is its managing director?")
    assert relations_of(d) == ["bakery supplies", "leader"]


@pytest.mark.slow
def test_a_request_opening_the_question_is_no_relation(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert "country" not in relations_of(router.route("Find the company that bought Tarrow Mills."))
    assert relations_of(router.route("I need to know who founded Tarrow Mills.")) == ["founder"]
    assert relations_of(router.route("Which town is Tarrow Mills found in?")) != []  # "found in" mid-question reads


def test_a_lesser_or_specialised_post_and_head_before_a_trade_are_posts_of_their_own():
    from hopgraph.router.mentions import find_mentions
    from tagged import toks

    def read(tagged: str) -> list[tuple[str, str, str]]:
        return [(m.text, m.sense.relation, m.via) for m in find_mentions(toks(tagged), {0})]

    assert read("Who/PRON is/AUX the/DET deputy/NOUN head/NOUN of/ADP Kalvor/@ ?/PUNCT") == \
        [("deputy head", "deputy head", "open")]
    assert read("Who/PRON is/AUX the/DET finance/NOUN director/NOUN of/ADP Kalvor/@ ?/PUNCT") == \
        [("finance director", "finance director", "open")]
    assert read("Who/PRON is/AUX the/DET head/NOUN coach/NOUN of/ADP Kalvor/@ ?/PUNCT") == \
        [("head coach", "head coach", "open")]
    assert read("Who/PRON is/AUX the/DET chair/NOUN of/ADP Kalvor/@ ?/PUNCT") == [("chair", "leader", "lexicon")]
    assert read("Who/PRON is/AUX the/DET head/NOUN mistress/NOUN of/ADP Kalvor/@ ?/PUNCT")[0][1] == "leader"
    assert read("Was/AUX that/DET head's/NOUN grandfather/NOUN from/ADP Kalvor/@ ?/PUNCT")[0][1] == "leader"


@pytest.mark.slow
def test_a_leading_post_right_after_a_name_is_its_post_not_a_verb_read_backwards(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Tarrow Rowing Club chair spouse birthplace")) == ["leader", "spouse", "born_place"]
    assert relations_of(router.route("Where did the woman who founded Tarrow Mills study?")) == ["founder", "education"]


def test_residents_before_a_body_noun_say_whose_body_not_how_many_live_there():
    from tagged import toks as tagged_toks

    q = tagged_toks("Who/PRON leads/VERB the/DET residents/NOUN '/PART association/NOUN in/ADP Kalvor/@ ?/PUNCT")
    assert "population" not in [m.sense.relation for m in find_mentions(q, {0})]
    q = tagged_toks("How/ADV many/ADJ residents/NOUN does/AUX Kalvor/@ have/VERB ?/PUNCT")
    assert "population" in [m.sense.relation for m in find_mentions(q, {0, 1})]


def test_finding_something_is_no_place_it_lies_but_being_found_in_one_is():
    from tagged import toks as tagged

    active = tagged("Who/PRON found/VERB the/DET bug/NOUN in/ADP Kalvor/@ ?/PUNCT")
    active[1].lemma = "find"
    assert find_mentions(active, {0}) == []
    passive = tagged("Where/ADV is/AUX Kalvor/@ found/VERB ?/PUNCT")
    passive[1].lemma, passive[3].lemma = "be", "find"
    assert [m.text for m in find_mentions(passive, {0})] == ["found"]


def test_found_in_a_relative_clause_is_finding_and_after_did_is_founding():
    from tagged import toks as tagged

    clause = tagged("Where/ADV does/AUX the/DET man/NOUN who/PRON found/VERB the/DET bug/NOUN work/VERB ?/PUNCT")
    clause[5].lemma = "found"  # however the tagger lemmatises it: a past form, so "find"
    assert all(m.text != "found" for m in find_mentions(clause, {0}))
    bare = tagged("Did/AUX Kalvor/@ found/VERB Tesmir/@ ?/PUNCT")
    bare[2].lemma = "found"
    assert [m.text for m in find_mentions(bare, set())] == ["found"]


def test_a_participle_describing_the_noun_after_it_is_no_relation():
    from tagged import toks

    from hopgraph.router.mentions import find_mentions

    q = toks("Which/DET of/ADP them/PRON ruled/VERB on/ADP written/VERB evidence/NOUN ?/PUNCT")
    q[5].lemma = "write"
    assert [m.sense.relation for m in find_mentions(q, {0})] == []
    q = toks("Who/PRON wrote/VERB the/DET film/NOUN written/VERB by/ADP Kalvor/@ ?/PUNCT")
    q[1].lemma, q[4].lemma = "write", "write"
    assert "writer" in [m.sense.relation for m in find_mentions(q, {0})]


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Who did Ada Brook take over from?", ["predecessor"]),
    ("What did Ada Brook die from?", ["death_cause"]),
    ("Where does Ada Brook come from?", ["born_place"]),
])
def test_a_phrase_ending_in_from_that_names_no_origin_is_read_at_the_end_of_a_question(question, relations, spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


def test_a_noun_after_is_a_says_what_someone_is_not_whose_it_is():
    from tagged import toks

    from hopgraph.router.mentions import find_mentions

    q = toks("His/PRON sister/NOUN is/AUX an/DET author/NOUN ./PUNCT")
    q[2].lemma = "be"
    assert [m.sense.relation for m in find_mentions(q, set())] == ["sibling"]
    q = toks("Who/PRON is/AUX the/DET poet/NOUN of/ADP Kalvor/@ ?/PUNCT")
    q[1].lemma = "be"
    assert "writer" in [m.sense.relation for m in find_mentions(q, {0})]


def test_followed_is_a_succession_only_with_a_person_or_a_post_after_it():
    from tagged import toks as tagged_toks

    def relations(spec: str) -> list[str]:
        return [m.sense.relation for m in find_mentions(tagged_toks(spec), {0})]

    assert "successor" in relations("Who/PRON followed/VERB Kalvor/@ as/ADP chair/NOUN ?/PUNCT")
    assert "successor" in relations("Who/PRON was/AUX the/DET woman/NOUN who/PRON followed/VERB him/PRON ?/PUNCT")
    assert "successor" not in relations("Which/DET club/NOUN does/AUX the/DET film/NOUN Kalvor/@ follows/VERB ?/PUNCT")
    assert "successor" not in relations("Who/PRON was/AUX followed/VERB by/ADP Kalvor/@ ?/PUNCT")


def test_a_person_who_starts_with_no_object_begins_a_job_and_founds_nothing():
    began = "The/DET brewer/NOUN who/PRON started:start/VERB in/ADP 2018/NUM at/ADP Kalvor/X ?/PUNCT"
    assert find_mentions(toks(began), set()) == []
    founded = "The/DET brewer/NOUN who/PRON started:start/VERB Kalvor/X in/ADP 2018/NUM ?/PUNCT"
    assert [m.text for m in find_mentions(toks(founded), set())] == ["started"]


@pytest.mark.slow
def test_coming_after_someone_in_a_post_is_succeeding_them(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who came after Tessa Marlow as chair?")) == ["successor"]
    assert relations_of(router.route("Where was the man who came after Tessa Marlow as head of Brenmark Holdings "
                                     "born?")) == ["successor", "born_place"]
    assert "successor" not in relations_of(router.route("What came after the Brenmark Holdings merger?"))
    # (before someone in a post: the earlier holder; with the body in the possessive it had compared two birth dates)
    assert relations_of(router.route("Who came before Tessa Marlow as chair?")) == ["predecessor"]
    assert relations_of(router.route("Who came before Tessa Marlow as Brenmark Holdings' chair?")) == ["predecessor"]
    assert "predecessor" not in relations_of(router.route("What came before the Brenmark Holdings merger?"))



@pytest.mark.slow
def test_taking_over_with_nothing_taken_over_is_succeeding(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who took over after Tessa Marlow?")) == ["successor"]
    assert relations_of(router.route("Brenmark's founder died in 2010. Who took over?")) == ["founder", "successor"]
    assert "successor" not in relations_of(router.route("Which firm took over Brenmark Holdings in 2010?"))
    # taken over by a named subject, with the object in a do-question or the noun a clause is on: an acquisition
    for question in ("Who did Brenmark Holdings take over?", "Who ran the firm that Brenmark Holdings took over?",
                     "Who ran the firm Brenmark Holdings took over?"):
        assert not {"successor", "predecessor"} & set(relations_of(router.route(question))), question
    assert relations_of(router.route("Who ran Brenmark Holdings before Tessa Marlow took over?")) == ["leader"]


@pytest.mark.slow
def test_children_as_the_object_of_a_verb_are_no_ones_kin(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    hired = router.route("Who owned the firm that Kalvor Council hired in 2012 to bus children to school?")
    assert "child" not in [r.relation for r in hired.requirements]
    assert [r.relation for r in router.route("Where do Ada Brook's children live?").requirements][:1] == ["child"]
