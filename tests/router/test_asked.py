"""The kind of answer a wh-phrase asks for, and its noun as the subject of the verb after it (router/asked.py).

Invented world: the band Paper Moons, the producer Nara Okafor.
"""

from __future__ import annotations

import pytest

from hopgraph.router.asked import asked_kind, is_relative
from hopgraph.router.rules import RuleRouter
from tagged import toks
from tests.router.test_understand import relations_of


@pytest.mark.slow
@pytest.mark.parametrize("question", ["Which label released Paper Moons?", "What record label released Paper Moons?",
                                      "Which publisher released Paper Moons?"])
def test_an_asked_noun_before_its_relation_verb_is_one_hop_with_it(question, spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route(question)
    assert relations_of(got) == ["publisher"] and got.confidence == 1.0


@pytest.mark.slow
def test_the_noun_stays_a_relation_when_no_verb_follows_or_it_is_anothers(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("What nationality is Nara Okafor?")) == ["nationality"]
    # the director of which film: the possessive keeps both nouns
    got = router.route("Of Paper Moons and Glass Tide, which film's director died later?")
    assert relations_of(got)[:2] == ["director", "director"]
    # a passive maker of the album, then the label that released it
    assert relations_of(router.route("Which label released the album produced by Nara Okafor?")) == ["produce", "publisher"]


def test_a_terse_query_ending_on_a_school_noun_asks_which_school():
    from hopgraph.router.asked import asked_kind
    from tagged import toks

    assert asked_kind(toks("Kalvor/@ founder/NOUN school/NOUN")) == ("school", {2})
    assert asked_kind(toks("Kalvor/@ ceo/NOUN university/NOUN")) == ("school", {2})
    assert asked_kind(toks("Kalvor/@ school/NOUN")) == ("", set())  # no relation before it: the name's own school
    assert asked_kind(toks("Kalvor/@ founder/NOUN went/VERB school/NOUN")) == ("", set())  # a verb: no terse query


@pytest.mark.slow
def test_a_terse_query_ending_on_a_school_noun_reads_education(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Nara Okafor producer university")) == ["producer", "education"]


def test_an_unknown_verb_between_the_asked_relation_noun_and_its_object_is_no_hop():
    from hopgraph.router.asked import own_verb
    from hopgraph.router.lexicon import Mention, match_at
    from tagged import toks

    q = toks("Which/DET label/NOUN signed/VERB Kalvor/@ ?/PUNCT")
    n, sense = match_at([t.lower for t in q], 1)
    label = Mention(1, 1 + n, "label", sense)
    assert own_verb(q, [label], {0, 1}) == {2}
    q = toks("Which/DET label/NOUN signed/VERB the/DET band/NOUN that/PRON Kalvor/@ formed/VERB ?/PUNCT")
    assert own_verb(q, [label], {0, 1}) == {2}
    q = toks("Which/DET label/NOUN did/AUX Kalvor/@ sign/VERB with/ADP ?/PUNCT")
    assert own_verb(q, [label], {0, 1}) == set()  # the name is the verb's subject: "sign with" says more


@pytest.mark.slow
def test_the_asked_noun_with_an_unknown_verb_reads_one_hop_and_a_count_no_date(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Which label signed Paper Moons?")
    assert relations_of(got) == ["publisher"]
    counted = router.route("How many albums has Paper Moons released?")
    assert "release_date" not in relations_of(counted) and counted.confidence < 1.0


def test_a_plain_noun_before_a_known_verb_is_that_verbs_subject_and_no_hop():
    from hopgraph.router.asked import subject_noun
    from tagged import mention_at, toks

    def verb_at(q, i, lemma, via="lexicon"):
        q[i].lemma = lemma
        return mention_at(q, i, via=via)

    q = toks("Which/DET trust/NOUN runs/VERB Kalvor/@ ?/PUNCT")
    assert subject_noun(q, [verb_at(q, 2, "run")], {0}) == {1}
    q = toks("What/DET bakery/NOUN employs/VERB Kalvor/@ ?/PUNCT")
    assert subject_noun(q, [verb_at(q, 2, "employ")], {0}) == {1}
    q = toks("Which/DET harbour/NOUN lies/VERB near/ADP Kalvor/@ ?/PUNCT")
    assert subject_noun(q, [verb_at(q, 2, "lie")], {0}) == set()  # a place asked: the noun names its kind
    q = toks("Which/DET trust/NOUN runs/VERB Kalvor/@ ?/PUNCT")
    assert subject_noun(q, [verb_at(q, 2, "run", via="open")], {0}) == set()  # an unknown verb: the noun is all we know
    q = toks("Which/DET trust/NOUN does/AUX Kalvor/@ run/VERB ?/PUNCT")
    assert subject_noun(q, [verb_at(q, 4, "run")], {0}) == set()  # the name is the verb's subject


@pytest.mark.slow
def test_an_organisation_asked_as_a_known_verbs_subject_is_one_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Which trust runs Hollow Lane Academy?")
    assert relations_of(got) == ["runs"]  # one hop: the body that runs it (no leader: `leading.led_by_a_body`)
    assert relations_of(router.route("Which bakery employs Nara Okafor?")) == ["employer"]


@pytest.mark.slow
def test_the_asked_relation_noun_said_again_by_the_verb_is_one_hop_after_a_reduced_passive(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = relations_of(router.route("Which award did the charity founded by Nara Okafor win?"))
    assert got.count("award") == 1 and got[-1] == "award"  # what she founded first, then its award
    assert relations_of(router.route("What award did Nara Okafor win?")) == ["award"]
    # a later verb answering the same kind of thing says the hop: the noun is the kind of its answer
    assert relations_of(router.route("Which publisher does Nara Okafor's editor work at?"))[-1:] == ["employer"]
    assert relations_of(router.route("Which director did Nara Okafor's sister marry?")) == ["sibling", "spouse"]
    assert relations_of(router.route("Which founder of Corvane Optics was born in Tarnby?"))[:1] == ["founder"]


@pytest.mark.slow
def test_a_relation_noun_asked_as_the_object_of_did_is_the_kind_of_the_verbs_answer(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    # "label" says what kind of thing she founded, it is no publisher of hers first
    assert relations_of(router.route("What label did Nara Okafor found?")) == ["founded"]
    for question in ("Which label did Nara Okafor end up leading?", "Which label did Nara Okafor sign with?",
                     "Which employer did Nara Okafor leave in 2019?"):
        got = relations_of(router.route(question))
        assert "publisher" not in got and "employer" not in got, question
    # a known verb says the same hop as before, and a verb saying the noun's own relation keeps it
    assert relations_of(router.route("Which prize did the bakery that Nara Okafor owns win?"))[-1:] == ["award"]
    assert relations_of(router.route("Which director did Nara Okafor marry?")) == ["spouse"]
    assert relations_of(router.route("What school did Nara Okafor attend?")) == ["education"]


@pytest.mark.slow
def test_a_noun_asked_in_place_is_no_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Nara Okafor's editor works at which publisher?"))[-1:] == ["employer"]
    got = relations_of(router.route("The woman who led Corvane Optics now chairs which trust?"))
    assert got[:2] == ["leader", "leader"] and "trust" not in got  # what she led, then what she chairs


def test_a_date_verb_before_an_order_adverb_asks_the_date_of_each_holder():
    from hopgraph.router.asked import picked_by_date
    from tagged import toks

    assert picked_by_date(toks("Which/DET of/ADP Kalvor's/@ founders/NOUN was/AUX born/VERB first/ADV ?/PUNCT"))
    assert not picked_by_date(toks("Which/DET of/ADP Kalvor's/@ horses/NOUN finished:finish/VERB first/ADV ?/PUNCT"))
    assert not picked_by_date(toks("Who/PRON was/AUX born/VERB first/ADV in/ADP Kalvor/@ ?/PUNCT"))


def test_a_did_questions_verb_with_its_preposition_left_over_takes_the_asked_noun_and_is_no_hop():
    from hopgraph.router.asked import stranded_verb
    from hopgraph.router.lexicon import Mention, Sense
    from tests.router.test_filler import toks

    q = toks("What/PRON job/NOUN did/AUX the/DET woman/NOUN who/PRON managed:manage/VERB Kalvor/X move/VERB to/ADP in/ADP "
             "2021/NUM ?/PUNCT")
    job = Mention(1, 2, "job", Sense(relation="occupation"))
    assert stranded_verb(q, [job], {0}) == {8}  # "move", the main verb; not "managed", the clause's
    # the preposition has its object: the verb says a hop of its own ("move to Brenmark")
    q = toks("What/PRON job/NOUN did/AUX Tom/X move/VERB to/ADP Brenmark/X for/ADP ?/PUNCT")
    assert stranded_verb(q, [Mention(1, 2, "job", Sense(relation="occupation"))], {0}) == set()
    q = toks("What/PRON job/NOUN did/AUX Tom/X leave/VERB in/ADP 2006/NUM to/PART take/VERB up/ADP ?/PUNCT")
    assert stranded_verb(q, [Mention(1, 2, "job", Sense(relation="occupation"))], {0}) == set()  # "leave" is the hop
    # after "had", the last participle, with nothing after it but adverbs or a time
    q = toks("What/PRON job/NOUN had/AUX the/DET man/NOUN Tom/X replaced:replace/VERB once/ADV held:hold/VERB ?/PUNCT")
    assert stranded_verb(q, [Mention(1, 2, "job", Sense(relation="occupation"))], {0}) == {8}
    q = toks("What/PRON job/NOUN had/AUX Tom/X taken:take/VERB at/ADP Brenmark/X ?/PUNCT")
    assert stranded_verb(q, [Mention(1, 2, "job", Sense(relation="occupation"))], {0}) == set()  # "at Brenmark"


@pytest.mark.slow
def test_moving_to_the_asked_job_is_no_hop_of_its_own(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("What job did the woman who managed Tarrow Mills move to in 2021?")
    assert relations_of(got) == ["leader", "occupation"]


@pytest.mark.slow
@pytest.mark.parametrize("question, chain, topic", [
    ("Which bakery did Tessa Marlow open?", ["founded"], []),
    ("Which shop did Tessa Marlow later open?", ["founded"], []),
    ("Which bakery did the woman who replaced Tessa Marlow as head baker later open?", ["successor", "founded"],
     ["bakery"]),
    ("Which shop did the brother of Tessa Marlow open?", ["sibling", "founded"], ["shop"]),
])
def test_the_asked_noun_of_a_known_verb_is_its_class_not_a_hop(question, chain, topic, spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route(question)
    assert relations_of(got) == chain
    assert got.requirements[len(chain) - 1].topic == topic  # a single hop's answer needs no topic to search by


@pytest.mark.slow
def test_the_asked_noun_of_an_open_verb_stays_in_its_words(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Which choir does the organist who replaced Tessa Marlow accompany?")
    assert relations_of(got) == ["successor", "choir accompany"]


def test_a_terse_query_saying_year_where_it_asks_asks_a_date():
    from hopgraph.router.asked import asked_kind
    from tagged import toks

    assert asked_kind(toks("Kalvor/@ founded/VERB year/NOUN")) == ("date", {2})
    assert asked_kind(toks("year/NOUN Kalvor/@ founded/VERB")) == ("date", {0})
    assert asked_kind(toks("Kalvor/@ year/NOUN founded/VERB")) == ("date", {1})
    # in the middle the year qualifies another fact; "release year" is a phrase; a verb of its own: no terse query
    assert asked_kind(toks("Kalvor/@ chair/NOUN year/NOUN founder/NOUN died/VERB")) == ("", set())
    assert asked_kind(toks("Kalvor/@ release/NOUN year/NOUN")) == ("", set())
    assert asked_kind(toks("Kalvor/@ was/AUX founded/VERB year/NOUN")) == ("", set())


@pytest.mark.slow
@pytest.mark.parametrize("question, chain", [
    ("Tessa Marlow born year", ["born_date"]),  # was: born_place, confidently
    ("when Corvane Optics founded", ["release_date"]),  # was: what it founded, confidently
    ("Corvane Optics year founded", ["release_date"]),
    ("Tessa Marlow father company founded year", ["father", "company", "release_date"]),
])
def test_a_terse_query_asking_a_year_reads_the_date_of_its_verb(spacy_nlp, question, chain):
    from hopgraph.router.understand import CONFIDENT

    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert relations_of(d) == chain
    if "year" in question:
        assert d.confidence < CONFIDENT  # whose date the year is, a terse query leaves open


def test_a_noun_asked_in_place_after_a_verb_the_tagger_calls_a_noun_is_no_relative_clause():
    q = toks("Kalvor/@ director/NOUN husband/NOUN chairs/NOUN which/DET society/NOUN")
    q[3].lemma = "chair"
    assert not is_relative(q, 4)  # no verb follows: the object is asked where it stands
    assert asked_kind(q) == ("", {4, 5})
    clause = toks("the/DET director/NOUN which/DET society/NOUN picked/VERB")
    assert is_relative(clause, 2)  # a clause goes on with its verb


def test_a_noun_asked_in_place_after_a_preposition_is_no_relative_clause_even_tagged_a_verb():
    q = toks("Kalvor/@ was/AUX in/ADP command/NOUN of/ADP which/DET ferry/VERB ?/PUNCT")
    assert not is_relative(q, 5)
    assert asked_kind(q) == ("", {5, 6})
    clause = toks("the/DET ship/NOUN in/ADP command/NOUN of/ADP which/DET Kalvor/@ sailed/VERB ?/PUNCT")
    assert is_relative(clause, 5)  # a clause goes on with its subject and verb


@pytest.mark.slow
def test_a_terse_query_asking_its_last_verbs_object_in_place_ends_on_that_verb(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("The brother of the Brenmark Trust's chair chairs which council committee?")
    assert relations_of(d) == ["leader", "sibling", "leader"]  # (the committee had been a hop of its own)


@pytest.mark.slow
def test_the_noun_asked_in_place_is_searched_with_the_last_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("The brother of the Brenmark Trust's chair chairs which council committee?")
    assert d.plan[2].text == "chair of {R2} council committee"
