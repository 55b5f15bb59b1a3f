"""Do-support questions end with their bare verb, whatever the tagger called it (router/do_support.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.do_support import with_bare_verb
from hopgraph.router.rules import RuleRouter
from tagged import toks


def test_a_noun_tagged_last_word_after_did_is_the_verb():
    q = with_bare_verb(toks("Where/SCONJ did/VERB the/DET father/NOUN of/ADP Kalvor/@ work/NOUN ?/PUNCT"))
    assert q[6].pos == "VERB" and q[1].pos == "AUX"


def test_the_verb_before_a_closing_particle_is_found():
    q = with_bare_verb(toks("Where/SCONJ did/AUX the/DET founder/NOUN of/ADP Kalvor/@ grow/NOUN up/ADP ?/PUNCT"))
    assert q[6].pos == "VERB"


def test_an_adverb_of_time_after_the_verb_is_no_verb():
    q = with_bare_verb(toks("Which/DET trust/NOUN does/AUX Kalvor/@ chair/NOUN now/ADV ?/PUNCT"))
    assert q[4].pos == "VERB" and q[5].pos == "ADV"


def test_a_question_whose_verb_is_tagged_or_without_do_is_unchanged():
    tagged = toks("Where/SCONJ did/AUX the/DET founder/NOUN of/ADP Kalvor/@ study/VERB ?/PUNCT")
    assert [t.pos for t in with_bare_verb(tagged)][6] == "VERB"
    plain = toks("What/PRON is/AUX the/DET Kalvor/@ factory/NOUN ?/PUNCT")
    assert [t.pos for t in with_bare_verb(plain)] == [t.pos for t in toks("What/PRON is/AUX the/DET Kalvor/@ factory/NOUN ?/PUNCT")]
    statement = toks("They/PRON did/VERB the/DET Kalvor/@ work/NOUN ./PUNCT")
    assert with_bare_verb(statement)[4].pos == "NOUN"  # no wh-word asks: "did" is the verb itself


def test_a_name_or_a_number_last_is_no_verb():
    q = with_bare_verb(toks("Which/DET team/NOUN did/AUX the/DET coach/NOUN 2010/NUM ?/PUNCT"))
    assert q[4].pos == "NOUN"  # the last word is a year: nothing is guessed
    named = with_bare_verb(toks("Who/PRON did/AUX the/DET director/NOUN of/ADP Kalvor/@ ?/PUNCT"))
    assert named[5].pos == "PROPN"


def test_when_or_where_after_the_verb_is_passed_over():
    q = with_bare_verb(toks("Which/DET team/NOUN did/AUX the/DET coach/NOUN join/NOUN in/ADP 2010/NUM ?/PUNCT"))
    assert q[5].pos == "VERB"
    q = with_bare_verb(toks("Which/DET shop/NOUN did/VERB Kalvor/@ open/ADJ in/ADP May/PROPN 2019/NUM ?/PUNCT"))
    assert q[4].pos == "VERB" and q[2].pos == "AUX"
    q = with_bare_verb(toks("Where/SCONJ did/AUX the/DET founder/NOUN of/ADP Kalvor/@ work/NOUN in/ADP Brenmark/@ ?/PUNCT"))
    assert q[6].pos == "VERB"
    alone = with_bare_verb(toks("Which/DET team/NOUN did/AUX in/ADP 2010/NUM ?/PUNCT"))
    assert [t.pos for t in alone][:3] == ["DET", "NOUN", "AUX"]  # nothing before the setting: no verb guessed


def test_a_verb_in_ing_after_a_noun_is_a_reduced_clause_not_the_main_verb():
    q = with_bare_verb(toks("Where/SCONJ did/AUX the/DET son/NOUN of/ADP the/DET man/NOUN running/VERB Kalvor/@ "
                            "work/NOUN ?/PUNCT"))
    assert q[9].pos == "VERB"  # "running X" describes the man; "work" is the question's verb


@pytest.mark.slow
def test_a_do_question_with_a_year_after_its_verb_reads_the_verb(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which shop did Tessa Marlow open in 2019?")
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["founded"]


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Where did the father of the founder of Brannock Mills work?", ["founder", "father", "employer"]),
    ("Where did the father of the founder of Brannock Mills live?", ["founder", "father", "live"]),
])
def test_the_last_verb_of_a_do_question_is_the_last_hop(question, relations, spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == relations


def test_a_yes_no_question_opened_by_did_has_its_verb_after_the_subject():
    q = with_bare_verb(toks("Did/AUX the/DET Kalvor/@ open/ADJ before/ADP the/DET Brenmark/@ ?/PUNCT"))
    assert q[3].pos == "VERB"
    both = with_bare_verb(toks("Did/VERB Kalvor/@ and/CCONJ Brenmark/@ both/DET close/ADJ in/ADP 2019/NUM ?/PUNCT"))
    assert both[5].pos == "VERB" and both[0].pos == "AUX"
    owned = with_bare_verb(toks("Did/AUX Kalvor's/@ founder/NOUN die/NOUN young/ADJ ?/PUNCT"))
    assert [t.text for t in owned if t.pos == "VERB"] == ["die"]  # the possessed noun is part of the subject


def test_a_yes_no_question_whose_subject_is_no_name_is_unchanged():
    q = with_bare_verb(toks("Did/AUX the/DET choir/NOUN sing/NOUN ?/PUNCT"))
    assert q[3].pos == "NOUN"


@pytest.mark.slow
def test_a_yes_no_question_after_a_colon_compares_by_its_own_verb(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Quick question for a quiz: did the Harlow Museum open before the Brell "
                                        "Theatre?")
    assert d.shape == "comparison" and d.anchors == ["Harlow Museum", "Brell Theatre"]
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["release_date"] * 2


def test_a_bare_verb_after_do_is_not_a_past_tense_spelt_the_same():
    t = toks("Which/DET firm/NOUN did/AUX Kalvor/X found/VERB ?/PUNCT")
    t[4].lemma = "find"  # a tagger's reading of "found" out of context
    assert with_bare_verb(t)[4].lemma == "found"


def test_what_a_person_does_asks_their_occupation():
    from hopgraph.router.do_support import what_one_does

    assert what_one_does(toks("What/PRON does/AUX Kalvor/@ do/VERB ?/PUNCT")) == 3
    assert what_one_does(toks("What/PRON does/AUX the/DET wife/NOUN of/ADP Kalvor/@ do/VERB now/ADV ?/PUNCT")) == 6
    assert what_one_does(toks("What/PRON did/AUX Kalvor/@ do/VERB ?/PUNCT")) is None  # may ask what was done
    assert what_one_does(toks("What/PRON did/AUX Kalvor/@ do/VERB before/ADV ?/PUNCT")) == 3  # an earlier job
    assert what_one_does(toks("What/PRON does/AUX Kalvor/@ make/VERB ?/PUNCT")) is None
    assert what_one_does(toks("What/PRON does/AUX the/DET firm/NOUN do/VERB ?/PUNCT")) is None  # names nobody
    # a "before" clause taken out of the tokens asks the earlier job too
    assert what_one_does(toks("What/PRON did/AUX Kalvor/@ do/VERB ?/PUNCT"), said_before=True) == 3


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "What did Tessa Marlow do before she became mayor of Kalvor?",
    "What did Tessa Marlow do before retiring?",
    "Before she joined Odell Mills, what did Tessa Marlow do?",
])
def test_what_someone_did_before_a_time_clause_is_their_earlier_job(question, spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == ["occupation"]



def test_what_someone_did_is_asked_but_read_by_no_relation():
    from hopgraph.router.do_support import asks_what_was_done

    assert asks_what_was_done(toks("What/PRON did/AUX the/DET father/NOUN of/ADP Kalvor/@ do/VERB ?/PUNCT"))
    assert not asks_what_was_done(toks("What/PRON does/AUX Kalvor/@ do/VERB ?/PUNCT"))  # an occupation
    assert not asks_what_was_done(toks("What/PRON did/AUX Kalvor/@ found/VERB ?/PUNCT"))


@pytest.mark.slow
def test_the_bare_verb_is_found_past_a_relative_clauses_verb(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    got = relations_of(RuleRouter(nlp=spacy_nlp).route("Which award did the woman who created Tarrow Loom win?"))
    assert got == ["creator", "award"]  # what she created leads to her, then her award


def test_a_verb_before_a_closing_before_is_found_past_a_qualifying_gerund():
    q = with_bare_verb(toks("Where/ADV did/VERB the/DET managing/VERB director/NOUN of/ADP Kalvor/@ work/NOUN "
                            "before/ADV ?/PUNCT"))
    assert q[7].pos == "VERB" and q[1].pos == "AUX"  # "managing" qualifies "director": no verb of the clause


@pytest.mark.slow
def test_where_someone_worked_before_asks_their_employer(spacy_nlp):
    from tests.router.test_understand import relations_of

    got = relations_of(RuleRouter(nlp=spacy_nlp).route("Where did the managing director of Tarrow Mills work before?"))
    assert got == ["leader", "employer"]


@pytest.mark.slow
def test_what_someone_pointed_back_at_does_is_their_occupation(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Brenmark's founder has a brother. What does he do?")
    assert [r.relation for r in got.requirements if r.id.startswith("R")] == ["founder", "sibling", "occupation"]


def test_a_run_of_nouns_may_end_on_the_bare_verb_a_do_leaves_last():
    from hopgraph.router.do_support import bare_verb_closes
    from tagged import toks

    q = toks("What/PRON did/AUX the/DET firm/NOUN that/PRON owns/VERB Kalvor/@ stage/NOUN win/NOUN in/ADP 2009/NUM "
             "?/PUNCT")
    assert bare_verb_closes(q, 9, 6)
    assert not bare_verb_closes(toks("Who/PRON owns/VERB Kalvor/@ stage/NOUN ?/PUNCT"), 4, 2)  # no "do"
    later = toks("What/PRON did/AUX Kalvor/@ stage/NOUN host/NOUN before/ADP it/PRON closed/VERB ?/PUNCT")
    assert not bare_verb_closes(later, 5, 2)  # a verb comes after the run
