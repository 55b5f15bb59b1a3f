"""The question's own verb and where a second question starts (router/question_verb.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.question_verb import (asked_nouns, asks_first, clause_on_unnamed, date_verb, free_main_verb,
                                           names_the_asked, second_questions, with_past_form)
from hopgraph.router.rules import RuleRouter
from tagged import toks
from tests.router.test_understand import relations_of


def _mention(start: int, end: int, text: str, relation: str, verb: bool | None = None) -> Mention:
    return Mention(start, end, text, Sense(relation=relation, verb=verb))


def test_a_wh_word_after_a_comma_or_and_starts_a_second_question():
    q = toks("Which/DET firm/NOUN bought/VERB Kalvor/@ ,/PUNCT and/CCONJ where/SCONJ is/AUX it/PRON based/VERB ?/PUNCT")
    assert second_questions(q) == [6]
    assert second_questions(toks("Where/SCONJ is/AUX Kalvor/@ based/VERB ?/PUNCT")) == []


def test_the_open_fact_of_the_first_question_comes_first():
    q = toks("Which/DET firm/NOUN bought/VERB Kalvor/@ ,/PUNCT and/CCONJ where/SCONJ is/AUX it/PRON based/VERB ?/PUNCT")
    located = [_mention(9, 10, "based", "located", verb=True)]
    assert asks_first(q, [q[2]], located, at=3)
    # the open word in the second question: the relations ask first
    assert not asks_first(q, [q[9]], [_mention(2, 3, "bought", "owner")], at=3)
    assert not asks_first(toks("Who/PRON bought/VERB Kalvor/@ ?/PUNCT"), [], located, at=2)


def test_the_verb_right_after_a_subject_wh_word_is_the_questions_own():
    q = toks("Who/PRON leads/VERB the/DET Kalvor/@ guild/NOUN ?/PUNCT")
    assert free_main_verb(q, [q[1]], {0}) == "leads"
    river = toks("Which/DET river/NOUN runs/VERB through/ADP Kalvor/@ ?/PUNCT")
    assert free_main_verb(river, [river[2]], {0}) == "river runs"
    assert free_main_verb(q, [q[4]], {0}) == ""  # a noun, not the verb after the wh-word


def test_no_own_verb_when_another_wh_word_asks_a_later_question():
    q = toks("Who/PRON runs/VERB Kalvor/@ ,/PUNCT where/SCONJ did/AUX she/PRON study/VERB ?/PUNCT")
    assert free_main_verb(q, [q[1]], {0}) == ""


def test_asked_nouns_need_which_or_what_and_end_on_a_noun():
    assert [t.lower for t in asked_nouns(toks("What/DET record/NOUN label/NOUN signed/VERB Kalvor/@"), 0)] == ["record", "label"]
    assert asked_nouns(toks("Who/PRON signed/VERB Kalvor/@"), 0) == []
    assert asked_nouns(toks("Which/DET big/ADJ signed/VERB Kalvor/@"), 0) == []


def test_a_date_of_a_making_keeps_its_verb_but_a_release_does_not():
    founded = [_mention(3, 4, "founded", "release_date", verb=True)]
    assert date_verb(["release_date"], founded) == "founded"
    released = [_mention(3, 4, "released", "release_date", verb=True)]
    assert date_verb(["release_date"], released) == ""
    assert date_verb(["born_place"], founded) == ""


def test_a_passive_verb_after_the_asked_noun_is_the_questions_own():
    q = toks("Which/DET trust/NOUN is/AUX chaired/VERB by/ADP the/DET sister/NOUN of/ADP Kalvor/@ ?/PUNCT")
    assert free_main_verb(q, [q[3]], {0}) == "trust chaired"
    no_by = toks("Which/DET trust/NOUN is/AUX chaired/VERB in/ADP Kalvor/@ ?/PUNCT")
    assert free_main_verb(no_by, [no_by[3]], {0}) == ""  # no agent: not the passive this reads


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Which firm bought Corvane Optics, and where is it based?", ["bought", "country"]),
    # the open verb right after the name is the first question's, not an open bridge's
    ("Which company did Corvane Optics buy in 2019, and who founded it?", ["buy", "founder"]),
])
def test_an_open_first_question_and_a_known_second(question, relations, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


def test_a_thing_at_the_anchor_named_by_open_words_is_the_first_hop():
    from hopgraph.router.lexicon import Mention, PHRASES
    from hopgraph.router.question_verb import placed_at_anchor
    from tagged import toks

    q = toks("Who/PRON is/AUX the/DET telescope/NOUN at/ADP Kalvor/@ named/VERB after/ADP ?/PUNCT")
    named = [Mention(6, 8, "named after", PHRASES["name after"])]
    assert placed_at_anchor(q, [q[3]], named, 5)
    q = toks("What/PRON plane/NOUN bombed/VERB on/ADP Kalvor's/@ birthplace/NOUN ?/PUNCT")
    assert not placed_at_anchor(q, [q[1]], [Mention(5, 6, "birthplace", PHRASES["birthplace"])], 4)  # X's own


def test_the_owner_of_a_relation_phrase_in_a_question_without_its_anchor_is_the_first_hop():
    from hopgraph.router.lexicon import PHRASES
    from hopgraph.router.question_verb import owns_what_is_asked

    q = toks("Who/PRON is/AUX the/DET illustrator's/NOUN mother/NOUN ?/PUNCT")
    mother = [Mention(4, 5, "mother", PHRASES["mother"])]
    assert owns_what_is_asked(q, [q[3]], mother, None)
    q = toks("Who/PRON is/AUX the/DET mother/NOUN of/ADP the/DET illustrator/NOUN ?/PUNCT")
    assert owns_what_is_asked(q, [q[6]], [Mention(3, 4, "mother", PHRASES["mother"])], None)
    # words that are not one noun phrase around the relation phrase say something else
    q = toks("What/PRON was/AUX the/DET donor's/NOUN wife's/NOUN maiden/ADJ name/NOUN ?/PUNCT")
    assert not owns_what_is_asked(q, [q[3], q[5]], [Mention(4, 5, "wife", PHRASES["wife"])], None)
    # with the anchor in the question its own grammar orders the chain
    q = toks("Who/PRON is/AUX Kalvor's/@ illustrator's/NOUN mother/NOUN ?/PUNCT")
    assert not owns_what_is_asked(q, [q[3]], [Mention(4, 5, "mother", PHRASES["mother"])], 2)


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("I'm reading Glass Hours. Who is the illustrator's mother?", ["illustrator", "mother"]),
    ("I'm reading Glass Hours. Who is the father of the illustrator?", ["illustrator", "father"]),
    ("I'm watching Glass Hours. Who is the director's father?", ["director", "father"]),
    # the sentence's own verb is the last fact, asked of the whole noun phrase
    ("I'm watching Glass Hours. Where was the director's wife born?", ["director", "spouse", "born_place"]),
])
def test_a_chain_in_a_sentence_after_its_anchor_starts_at_the_owner(question, relations, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


@pytest.mark.parametrize("verb, searched", [
    ("open", "open opened"), ("close", "close closed"), ("marry", "marry married"), ("launch", "launch launched"),
    ("founded", "founded"), ("built", "built"), ("begin", "begin"), ("opening", "opening"), ("opens", "opens"),
    ("come out", "come out"),
])
def test_a_bare_verb_is_searched_with_its_past_form(verb, searched):
    assert with_past_form(verb) == searched


def test_a_making_date_asked_with_did_is_searched_as_documents_state_it():
    from hopgraph.router.plan import query_text

    assert query_text("release_date", "Tamsel Pier", date_verb="open") == "Tamsel Pier open opened"


def test_a_second_question_asking_a_place_or_a_date_says_what_it_asks():
    from hopgraph.router.question_verb import second_kind

    q = toks("Who/PRON founded/VERB Kalvor/@ ,/PUNCT and/CCONJ where/ADV was/AUX she/PRON born/VERB ?/PUNCT")
    assert second_kind(q) == (5, "place")
    relative = toks("Kalvor/@ ,/PUNCT who/PRON died/VERB on/ADP which/DET date/NOUN ?/PUNCT")
    assert second_kind(relative) == (None, "")  # "who" after a comma: a relative clause, no second question


@pytest.mark.slow
@pytest.mark.parametrize("question, chain", [
    ("Who founded Brenmark Holdings, and where was she born?", ["founder", "born_place"]),
    ("Who founded Brenmark Holdings and when did she die?", ["founder", "died_date"]),
    ("What firm makes the Glass Hours lamp, and when was it founded?", ["maker", "release_date"]),
])
def test_the_first_question_asks_as_it_asks_and_the_second_of_its_answer(question, chain, spacy_nlp):
    # (the founding had taken the second question's place, and the first's person had ruled the date out)
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question))[:2] == chain


@pytest.mark.slow
@pytest.mark.parametrize("question", ["Which organisation was chaired by the father-in-law of Ada Brook?",
                                      "Which organisation was once chaired by the father-in-law of Ada Brook?"])
def test_the_asked_things_own_passive_verb_is_the_last_hop_after_a_chain(spacy_nlp, question):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["spouse", "father", "organisation chaired"]


def test_words_no_hop_further_on_leave_the_passive_verb_the_questions_own():
    q = toks("Which/DET school/NOUN was/AUX led/VERB by/ADP the/DET mother/NOUN of/ADP the/DET woman/NOUN "
             "elected/VERB chair/NOUN of/ADP governors/NOUN at/ADP Kalvor/@ ?/PUNCT")
    assert free_main_verb(q, [q[3]], {0, 1, 10, 13}) == "school led"  # ("elected", "governors": no hop of their own)
    assert free_main_verb(q, [q[3]], {0, 1, 2}) == ""  # a word up to the verb that is no hop: not the one this reads
    second = toks("Which/DET school/NOUN was/AUX led/VERB by/ADP Kalvor/@ ,/PUNCT and/CCONJ who/PRON "
                  "succeeded/VERB her/PRON ?/PUNCT")
    assert free_main_verb(second, [second[3]], {0, 1, 8}) == ""  # a second question asks the last fact


@pytest.mark.slow
def test_the_asked_things_passive_verb_after_a_post_taken_is_the_last_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(
        "Which school was led by the mother of the woman elected chair of governors at Kalvor Academy in 2012?")
    assert relations_of(d) == ["leader", "mother", "school led"]  # (the school had been left out)


def test_open_words_after_who_is_the_name_what_is_asked_when_a_preposition_follows():
    q = toks("Who/PRON was/AUX the/DET first/ADJ bursar/NOUN appointed/VERB under/ADP the/DET chair/NOUN who/PRON "
             "succeeded/VERB Kalvor/@ ?/PUNCT")
    succeeded = [_mention(10, 11, "succeeded", "successor", True)]
    q[1].lemma = "be"
    assert names_the_asked(q, [q[4], q[5]], succeeded)
    head = toks("What/PRON is/AUX the/DET bakery/NOUN run/VERB by/ADP Kalvor/@ ?/PUNCT")
    head[1].lemma = "be"
    assert not names_the_asked(head, [head[3]], [_mention(4, 5, "run", "leader", True)])  # the clause's head
    title = toks("What/PRON is/AUX the/DET title/NOUN of/ADP the/DET memoir/NOUN written/VERB by/ADP Kalvor/@ ?/PUNCT")
    title[1].lemma = "be"
    assert not names_the_asked(title, [title[3]], [_mention(7, 8, "written", "writer", True)])  # a name asked
    where = toks("Where/SCONJ was/AUX the/DET bursar/NOUN under/ADP the/DET chair/NOUN born/VERB ?/PUNCT")
    assert not names_the_asked(where, [where[3]], [_mention(7, 8, "born", "born_place", True)])


@pytest.mark.slow
def test_the_post_asked_after_a_chain_of_two_is_its_last_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(
        "Who was the first bursar appointed under the chair who succeeded Ada Brook's successor?")
    assert relations_of(d) == ["successor", "successor", "bursar appointed"]


def test_a_relative_clause_on_a_noun_is_the_first_hop_when_the_anchor_is_in_another_sentence():
    q = toks("Who/PRON founded/VERB the/DET company/NOUN that/PRON bought/VERB the/DET mart/NOUN ?/PUNCT")
    founded = [_mention(1, 2, "founded", "founder", True)]
    assert clause_on_unnamed(q, [q[5], q[7]], founded, at=None)
    assert not clause_on_unnamed(q, [q[5], q[7]], founded, at=7)  # the anchor named here: its own clause hops
    assert not clause_on_unnamed(q, [q[3]], founded, at=None)  # the open word is no clause's
    inside = toks("Who/PRON owns/VERB the/DET firm/NOUN that/PRON bought/VERB the/DET mart/NOUN founded/VERB "
                  "by/ADP her/PRON ?/PUNCT")
    # a relation phrase inside the clause: the clause is read by its phrases
    founder = [_mention(8, 9, "founded", "founder", True)]
    assert not clause_on_unnamed(inside, [inside[5], inside[7], inside[9]], founder, at=None)


@pytest.mark.slow
@pytest.mark.parametrize("question, chain", [
    ("My aunt sold sheep through the Tamsel ring for years. Who founded the company that bought the mart in 2016?",
     ["bought mart", "founder"]),
    ("My aunt sold sheep through the Tamsel ring. Where did the woman who bought the mart grow up?",
     ["bought mart", "raised_place"])])
def test_a_clause_about_the_context_thing_is_read_before_the_question_asks_about_it(spacy_nlp, question, chain):
    # (the question's own relation had been read of the context's name, the clause after it)
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question))[:2] == chain
