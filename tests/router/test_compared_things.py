"""Things of the compared entities and counted facts in comparisons (router/compared_things.py)."""

from __future__ import annotations

import pytest

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.models import Entity

from hopgraph.router.compared_things import (compared_event, contact_sides, counted, possessed_sides, post_named_before,
                                             the_post_taken)
from hopgraph.router.rules import RuleRouter
from tagged import sentences, toks
from tests.router.test_understand import relations_of


def _possessive(tagged: str, *at: int):
    t = toks(tagged)
    for i in at:
        t[i].possessive = True
    return t


def test_a_class_noun_after_each_possessive_name_is_that_sides_bridge():
    t = _possessive("Which/DET is/AUX bigger/ADJ ,/PUNCT Kalvor/@ company/NOUN or/CCONJ Tesmir/@ company/NOUN ?/PUNCT", 4, 7)
    assert possessed_sides(t, {0: 4, 1: 7}) == {0: "company", 1: "company"}


def test_a_noun_left_out_after_the_names_is_the_one_whose_asks_for():
    t = _possessive("Whose/DET company/NOUN has/VERB more/ADJ staff/NOUN ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT", 6, 8)
    assert possessed_sides(t, {0: 6, 1: 8}) == {0: "company", 1: "company"}


def test_no_sides_unless_every_compared_name_possesses_one():
    plain = toks("Whose/DET company/NOUN is/AUX older/ADJ ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")
    assert possessed_sides(plain, {0: 5, 1: 7}) == {}
    one = _possessive("Is/AUX Kalvor/@ company/NOUN older/ADJ than/ADP Tesmir/@ ?/PUNCT", 1)
    assert possessed_sides(one, {0: 1, 1: 5}) == {}
    unasked = _possessive("Is/AUX it/PRON Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT", 2, 4)
    assert possessed_sides(unasked, {0: 2, 1: 4}) == {}  # nothing says which thing of theirs


def test_more_before_a_noun_asks_a_count():
    t = toks("Does/AUX Kalvor/@ or/CCONJ Tesmir/@ employ/VERB more/ADJ people/NOUN ?/PUNCT")
    assert counted(t) == ("employ people", {4, 5, 6})
    light = toks("Which/DET has/VERB more/ADJ staff/NOUN ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")
    light[1].lemma = "have"  # as the tagger lemmatises it
    assert counted(light) == ("staff", {2, 3})
    assert counted(toks("Which/DET is/AUX more/ADV recent/ADJ ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")) == ("", set())


def test_a_verb_of_taking_a_post_is_the_dated_event():
    t = toks("Who/PRON became/VERB managing/VERB director/NOUN first/ADV ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")
    t[1].lemma = "become"
    assert compared_event(t, set()) == ("became managing director", {1, 2, 3})
    assert compared_event(t, {1}) == ("", set())  # a relation phrase already says it
    born = toks("Who/PRON was/AUX born/VERB first/ADV ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")
    assert compared_event(born, set()) == ("", set())


def test_the_questions_own_verb_with_an_order_word_is_the_dated_event():
    reached = toks("Which/PRON reached/VERB version/NOUN 2.0/NUM first/ADV ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")
    reached[1].lemma = "reach"
    assert compared_event(reached, set()) == ("reached version 2.0", {1, 2, 3})
    took = toks("Who/PRON took/VERB up/ADP their/PRON post/NOUN first/ADV ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")
    took[1].lemma = "take"
    assert compared_event(took, set())[0] == "took up their post"
    # no order word ("lived longer" compares lifetimes), a verb of a side's own clause, a verb as an adjective
    lived = toks("Who/PRON lived/VERB longer/ADV ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")
    assert compared_event(lived, set()) == ("", set())
    runs = toks("Which/DET company/NOUN is/AUX older/ADJ ,/PUNCT the/DET one/NUM Kalvor/@ runs/VERB first/ADV ?/PUNCT")
    assert compared_event(runs, set()) == ("", set())
    shows = toks("Which/DET recurring/VERB character/NOUN shows/VERB up/ADP first/ADV ?/PUNCT")
    assert not compared_event(shows, set())[0].startswith("recurring")


@pytest.mark.slow
def test_comparisons_of_things_of_people_read_a_chain_per_side(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Whose company has more staff, Ida Pellow's or Sefa Marrin's?")
    assert d.shape == "bridge_comparison" and relations_of(d) == ["company", "company", "staff", "staff"]
    d = router.route("Does Ida Pellow's firm or Sefa Marrin's firm employ more people?")
    assert relations_of(d)[-1] == "employ people" and d.confidence < 1.0
    d = router.route("Who became managing director first, Ida Pellow or Sefa Marrin?")
    assert relations_of(d) == ["became managing director"] * 2 and d.confidence < 1.0
    d = router.route("Which reached version 2.0 first, Quillmark or Harrowdeck?")
    assert relations_of(d) == ["reached version 2.0"] * 2 and d.confidence < 1.0
    d = router.route("Ida Pellow vs Sefa Marrin who retired first")  # the event once, not also each side's bridge
    assert relations_of(d) == ["retired"] * 2


def test_a_clause_describing_each_side_by_its_names_verb_is_that_sides_bridge():
    q = toks("Which/DET school/NOUN has/VERB more/ADJ pupils/NOUN ,/PUNCT the/DET one/NUM Kalvor/@ leads/VERB "
             "or/CCONJ the/DET one/NUM Brenmark/@ leads/VERB ?/PUNCT")
    sides = contact_sides(q, {0: 8, 1: 13})
    assert {a: bridge for a, (bridge, _) in sides.items()} == {0: "leads school", 1: "leads school"}
    named = toks("Which/DET is/AUX older/ADJ ,/PUNCT the/DET firm/NOUN that/PRON Kalvor/@ founded/VERB or/CCONJ "
                 "the/DET firm/NOUN Brenmark/@ runs/VERB ?/PUNCT")
    assert [b for b, _ in contact_sides(named, {0: 7, 1: 12}).values()] == ["founded firm", "runs firm"]


def test_sides_not_all_described_by_a_clause_have_no_clause_bridge():
    q = toks("Which/DET is/AUX older/ADJ ,/PUNCT the/DET firm/NOUN Kalvor/@ runs/VERB or/CCONJ Brenmark/@ ?/PUNCT")
    assert contact_sides(q, {0: 6, 1: 9}) == {}


@pytest.mark.slow
def test_a_comparison_of_the_things_the_named_people_lead(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which school has more pupils, the one Ada Brook leads or the one Cy Dunn leads?")
    assert d.shape == "bridge_comparison" and relations_of(d)[:2] == ["lead school", "lead school"]


def test_one_side_described_by_a_clause_is_found_when_asked_for_part_of_the_sides():
    q = toks("Which/DET is/AUX older/ADJ ,/PUNCT the/DET firm/NOUN Kalvor/@ runs/VERB or/CCONJ Brenmark/@ ?/PUNCT")
    assert contact_sides(q, {0: 6, 1: 9}, every=False) == {0: ("runs firm", {5, 7})}
    # a participle that states a fact of the name is no clause of its
    born = toks("Were/AUX the/DET cyclist/NOUN Kalvor/@ born/VERB in/ADP the/DET same/ADJ town/NOUN as/ADP Brenmark/@ ?/PUNCT")
    assert contact_sides(born, {0: 3, 1: 10}, every=False) == {}


def test_a_side_that_is_a_relative_of_the_other_or_points_back_at_it_is_found():
    from hopgraph.router.compared_things import kin_side
    from tagged import toks as tagged

    assert kin_side(tagged("Who/PRON lived/VERB longer/ADV ,/PUNCT Kalvor/@ or/CCONJ his/PRON wife/NOUN ?/PUNCT"))
    assert kin_side(tagged("Was/AUX Kalvor/@ wife/NOUN older/ADJ than/ADP him/PRON ?/PUNCT"))
    assert not kin_side(tagged("Was/AUX Kalvor/@ older/ADJ than/ADP Tesmir/@ ?/PUNCT"))
    assert not kin_side(tagged("Was/AUX Kalvor/@ older/ADJ than/ADP his/PRON rival/NOUN ?/PUNCT"))  # no kin


@pytest.mark.slow
def test_comparing_someone_with_their_relative_is_no_confident_chain(spacy_nlp):
    from hopgraph.router.rules import RuleRouter

    assert RuleRouter(nlp=spacy_nlp).route("Was Ossian Varrow older than his wife?").confidence < 0.75


def test_a_comparative_of_size_before_a_noun_compares_that_noun():
    q = toks("Which/DET has/VERB the/DET bigger/ADJ seating/NOUN capacity/NOUN ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")
    q[1].lemma = "have"  # as the tagger lemmatises it
    assert counted(q) == ("seating capacity", {3, 4, 5})
    # the class of the sides ("the larger school": which school), an age, a description inside a phrase: no count
    hall = toks("Which/DET is/AUX the/DET larger/ADJ school/NOUN ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")
    assert counted(hall) == ("", set())
    age = toks("Who/PRON lived/VERB to/ADP the/DET greater/ADJ age/NOUN ,/PUNCT Kalvor/@ or/CCONJ Tesmir/@ ?/PUNCT")
    assert counted(age) == ("", set())
    groups = toks("Were/AUX Kalvor/@ and/CCONJ Tesmir/@ both/DET bought/VERB by/ADP bigger/ADJ groups/NOUN ?/PUNCT")
    assert counted(groups) == ("", set())
    # a noun the tagger takes for a comparative is no comparative
    hauler = toks("Kalvor/@ former/ADJ haulier/ADJ buyer/NOUN")
    assert counted(hauler) == ("", set())


@pytest.mark.slow
def test_a_count_compares_the_names_it_follows_not_a_bridge_of_each(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Does Ida Pellow's farm have more turbines than Sefa Marrin's farm?")
    assert relations_of(d)[-2:] == ["turbines", "turbines"]
    d = router.route("Does Kalvor Mill have more looms than Tesmir Mill?")
    assert d.shape == "comparison" and relations_of(d) == ["looms", "looms"]


@pytest.mark.slow
def test_two_names_side_by_side_with_a_count_or_a_size_are_compared(spacy_nlp):
    ents = {0: Entity(entity_id=0, name="Kalvor Mill", type="ORG"), 1: Entity(entity_id=1, name="Tesmir Mill", type="ORG")}
    graph = KnowledgeGraph.from_parts(ents, [], [(0, "c#0"), (1, "c#1")], [], {"c#0": "Kalvor Mill", "c#1": "Tesmir Mill"})
    router = RuleRouter(graph, nlp=spacy_nlp)
    d = router.route("kalvor mill vs tesmir mill more looms")
    assert d.shape == "comparison" and len(relations_of(d)) == 2 and relations_of(d)[0].startswith("loom")
    d = router.route("kalvor mill tesmir mill which bigger capacity")  # no joiner: the size sets them together
    assert d.shape == "comparison" and relations_of(d) == ["capacity", "capacity"]


def test_a_sides_clause_of_founding_is_what_its_subject_founded():
    q = toks("Which/DET began/VERB first/ADV ,/PUNCT the/DET one/NUM Kalvor/@ set/VERB up/ADP or/CCONJ the/DET "
             "choir/NOUN Brenmark/@ founded/VERB ?/PUNCT")
    q[7].lemma, q[13].lemma = "set", "found"  # as the tagger lemmatises them
    assert [b for b, _ in contact_sides(q, {0: 6, 1: 12}).values()] == ["founded", "founded"]
    # a verb of making with no reverse in the vocabulary stays its own words ("the album A released")
    made = toks("Which/DET came/VERB first/ADV ,/PUNCT the/DET album/NOUN Kalvor/@ released/VERB or/CCONJ the/DET "
                "one/NUM Brenmark/@ released/VERB ?/PUNCT")
    made[7].lemma = made[12].lemma = "release"
    assert [b for b, _ in contact_sides(made, {0: 6, 1: 11}).values()] == ["release album", "release"]


def test_the_job_is_the_post_a_sentence_before_has_someone_named_to():
    t = sentences("@/@ and/CCONJ @/@ each/PRON named/VERB a/DET new/ADJ head/ADJ brewer/NOUN ./PUNCT",
                  "Which/DET of/ADP them/PRON got/VERB the/DET job/NOUN first/ADV ?/PUNCT")
    t[4].lemma = "name"
    assert post_named_before(t, 1) == "head brewer"
    assert post_named_before(t, 0) == ""  # only sentences before the asking one
    assert the_post_taken("got the job", "head brewer") == "became head brewer"
    assert the_post_taken("got the prize", "head brewer") == "got the prize"
    assert the_post_taken("got the job", "") == "got the job"


def test_no_post_when_the_verb_names_someone_already_known():
    t = sentences("@/@ named/VERB the/DET winner/NOUN ./PUNCT", "Who/PRON got/VERB the/DET job/NOUN first/ADV ?/PUNCT")
    t[1].lemma = "name"
    assert post_named_before(t, 1) == ""


@pytest.mark.slow
def test_who_got_the_job_first_compares_when_each_took_the_post_named_before(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Tamsel Brewery and Lorn Ales each hired a new head brewer: Ada Vell and Cy "
                                        "Brook. Which of them got the job first?")
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["became head brewer"] * 2
