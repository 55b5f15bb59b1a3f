"""A class noun after a possessive is a hop of the chain (router/possessed.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.possessed import possessed_class_nouns, role_of_the_name
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def _possessive(tagged: str, at: int):
    t = toks(tagged)
    t[at].possessive = True
    return t


def test_a_class_noun_after_a_name_or_a_noun_in_the_possessive_is_an_open_relation():
    t = _possessive("Where/SCONJ is/AUX Kalvor/X company/NOUN based/VERB ?/PUNCT", 2)
    (m,) = possessed_class_nouns(t, [])
    assert (m.start, m.end, m.sense.relation, m.via) == (3, 4, "company", "open")
    kin = _possessive("Where/SCONJ was/AUX Kalvor/X daughter/NOUN company/NOUN based/VERB ?/PUNCT", 3)
    daughter = Mention(3, 4, "daughter", Sense(relation="child"))
    assert [m.sense.relation for m in possessed_class_nouns(kin, [daughter])] == ["company"]


def test_which_one_words_go_with_the_noun():
    t = _possessive("Who/PRON directed/VERB Kalvor/X first/ADJ film/NOUN ?/PUNCT", 2)
    assert [m.sense.relation for m in possessed_class_nouns(t, [])] == ["first film"]


def test_a_run_of_nouns_after_a_possessive_name_is_one_open_relation():
    t = _possessive("Who/PRON founded/VERB Kalvor/X shirt/NOUN sponsor/NOUN ?/PUNCT", 2)
    assert [(m.start, m.end, m.sense.relation) for m in possessed_class_nouns(t, [])] == [(3, 5, "shirt sponsor")]
    pointer = toks("Who/PRON founded/VERB its/PRON shirt/NOUN sponsor/NOUN ?/PUNCT")
    pointer[2].possessive = True
    assert possessed_class_nouns(pointer, []) == []  # a pronoun's things: only class nouns


def test_any_thing_a_name_has_is_a_hop_not_only_a_class_noun():
    t = _possessive("Who/PRON runs/VERB Kalvor/X new/ADJ shop/NOUN ?/PUNCT", 2)
    runs = Mention(1, 2, "runs", Sense(relation="leader", verb=True))
    assert [(m.start, m.end, m.sense.relation) for m in possessed_class_nouns(t, [runs])] == [(3, 5, "new shop")]
    pointer = toks("Who/PRON runs/VERB its/PRON shop/NOUN ?/PUNCT")
    pointer[2].possessive = True
    assert possessed_class_nouns(pointer, [runs]) == []  # a pronoun's things: only class nouns
    role = _possessive("Who/PRON elected/VERB Kalvor/X councillors:councillor/NOUN ?/PUNCT", 2)
    assert possessed_class_nouns(role, []) == []  # a role is no thing the name has


def test_the_object_of_an_open_verb_before_the_name_stays_with_the_verb():
    t = _possessive("the/DET team/NOUN that/PRON won/VERB Kalvor/X appeal/NOUN", 4)
    won = Mention(3, 4, "won", Sense(relation="win"), via="open")
    assert possessed_class_nouns(t, [won]) == []
    assert [m.sense.relation for m in possessed_class_nouns(t, [])] == ["appeal"]


def test_no_possessive_or_no_class_noun_no_hop():
    assert possessed_class_nouns(toks("Who/PRON directed/VERB the/DET film/NOUN Kalvor/X ?/PUNCT"), []) == []
    t = _possessive("Where/SCONJ was/AUX Kalvor/X mother/NOUN born/VERB ?/PUNCT", 2)
    assert possessed_class_nouns(t, []) == []


@pytest.mark.slow
def test_the_possessed_thing_is_asked_not_its_owner(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("When was Ida Pellow's company founded?"))[0] == "company"
    assert relations_of(router.route("Who directed Sefa Marrin's first film?")) == ["first film", "director"]
    # (a thing of no class: it had read the leader of the name, with full confidence)
    assert relations_of(router.route("Where was the woman who runs Tessa Marlow's shop born?")) == \
        ["shop", "leader", "born_place"]
    assert relations_of(router.route("Who is the architect who designed Brenmark's office?")) == ["office", "creator"]


@pytest.mark.slow
def test_a_body_of_the_name_after_a_leading_verb_is_the_body_led(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who chairs Vellmouth's planning committee?")) == ["planning committee", "leader"]
    assert relations_of(router.route("Who heads Vellmouth's housing department?")) == ["housing department", "leader"]


@pytest.mark.slow
def test_a_word_saying_which_holder_keeps_an_open_post_after_a_possessive(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    d = RuleRouter(nlp=spacy_nlp).route("Where was Kalvor's former coach born?")
    assert relations_of(d) == ["coach", "born_place"]  # was born_place, then "coach"


@pytest.mark.slow
@pytest.mark.parametrize("question, chain", [
    ("Where was the Kalvor laureate's student born?", ["laureate", "student", "born_place"]),
    ("Who did the Kalvor laureate's doctoral student marry?", ["laureate", "doctoral student", "spouse"]),
    ("Who is the Kalvor mayor's wife?", ["mayor", "spouse"]),
    ("Where was the Kalvor coach's wife born?", ["coach", "spouse", "born_place"]),
])
def test_roles_in_a_chain_of_possessives_keep_their_order(spacy_nlp, question, chain):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == chain


def test_a_role_noun_after_a_possessive_name_in_a_context_sentence_is_the_person_gone_on_from():
    t = _possessive("Kalvor/X new/ADJ head/NOUN coach/NOUN retired/VERB in/ADP 2022/NUM ./PUNCT", 0)
    assert [(m.start, m.end, m.sense.relation) for m in role_of_the_name(t, [], 0)] == [(2, 4, "head coach")]
    happening = _possessive("Kalvor/X appointment/NOUN was/AUX announced/VERB ./PUNCT", 0)
    assert role_of_the_name(happening, [], 0) == []  # a happening, no one
    thing = _possessive("Kalvor/X bakery/NOUN closed/VERB ./PUNCT", 0)
    assert role_of_the_name(thing, [], 0) == []  # a thing (`possessed_class_nouns`)
    plain = toks("Kalvor/X coach/NOUN retired/VERB ./PUNCT")
    assert role_of_the_name(plain, [], 0) == []  # no possessive: the name's own class


def test_role_nouns_around_a_name_in_a_context_sentence_are_the_person_gone_on_from():
    before = toks("The/DET captain/NOUN of/ADP Kalvor/X retired/VERB ./PUNCT")
    assert [(m.start, m.end, m.sense.relation) for m in role_of_the_name(before, [], 3)] == [(1, 2, "captain")]
    both = toks("The/DET editor/NOUN of/ADP the/DET 2021/NUM Kalvor/X winner/NOUN moved/VERB ./PUNCT")
    assert [m.sense.relation for m in role_of_the_name(both, [], 5)] == ["winner", "editor"]  # from the name out
    some = toks("He/PRON met/VERB some/DET Kalvor/X farmer/NOUN ./PUNCT")
    assert role_of_the_name(some, [], 3) == []  # not a definite noun phrase the name only modifies


@pytest.mark.slow
@pytest.mark.parametrize("question, chain", [
    ("The editor of the 2021 Kalvor winner changed jobs soon after. Which publisher does he run now?",
     ["winner", "editor", "run"]),
    ("The Kalvor winner moved to Tamsel. Where was she born?", ["winner", "born_place"]),
    ("Ada Brook's brother took a new job in 2019. Where was he born?", ["sibling", "born_place"]),
    ("Ada Brook's coach retired in 2022. Where did the man who took over his post study?",
     ["coach", "successor", "education"]),
    ("Ada Brook's trial judge retired last year. Who replaced him?", ["trial judge", "successor"])])
def test_the_role_a_context_sentence_opens_with_is_the_chains_first_hop(spacy_nlp, question, chain):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == chain  # (the role had been left out)


@pytest.mark.slow
@pytest.mark.parametrize("question, chain", [
    ("I'm sorting the Kalvor Society's archive. Who was its first secretary?", ["secretary"]),
    ("I'm writing up the Kalvor Society's history. Where was its founder born?", ["founder", "born_place"]),
    ("I bought Tom Reed's new album. Who produced it?", ["new album", "producer"]),  # a thing of the name's
])
def test_records_of_a_body_a_context_sentence_works_on_are_no_hop_to_its(spacy_nlp, question, chain):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == chain
