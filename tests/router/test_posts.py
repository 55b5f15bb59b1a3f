"""Posts that only look like the head of a body or a maker (router/posts.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import PHRASES
from hopgraph.router.posts import compound_post
from tagged import toks


def test_a_field_before_a_director_or_after_head_of_makes_a_department_post():
    q = toks("Who/PRON is/AUX the/DET production/NOUN director/NOUN at/ADP Kalvor/@ ?/PUNCT")
    assert compound_post(q, 4, 1, PHRASES["director"]) == (3, 5)
    head_of = toks("Who/PRON is/AUX the/DET head/NOUN of/ADP design/NOUN at/ADP Kalvor/@ ?/PUNCT")
    assert compound_post(head_of, 3, 1, PHRASES["head"]) == (3, 6)
    body = toks("Who/PRON is/AUX the/DET head/NOUN of/ADP the/DET board/NOUN ?/PUNCT")
    assert compound_post(body, 3, 1, PHRASES["head"]) is None  # the head of a body leads it


def test_a_rank_before_a_makers_noun_makes_a_post_not_a_maker():
    q = toks("Who/PRON is/AUX the/DET chief/ADJ designer/NOUN at/ADP Kalvor/@ ?/PUNCT")
    assert compound_post(q, 4, 1, PHRASES["designer"]) == (3, 5)
    plain = toks("Who/PRON is/AUX the/DET designer/NOUN of/ADP Kalvor/@ ?/PUNCT")
    assert compound_post(plain, 3, 1, PHRASES["designer"]) is None
    work = toks("Who/PRON was/AUX the/DET chief/ADJ designer/NOUN of/ADP the/DET Kalvor/@ ?/PUNCT")
    assert compound_post(work, 4, 1, PHRASES["designer"]) is None  # of a work: its maker


def test_any_field_said_bare_after_head_of_or_director_of_is_a_department_post():
    for field in ("music", "history", "photography", "department"):
        q = toks(f"Who/PRON is/AUX the/DET head/NOUN of/ADP {field}/NOUN at/ADP Kalvor/@ ?/PUNCT")
        assert compound_post(q, 3, 1, PHRASES["head"]) == (3, 6)
    director = toks("Who/PRON was/AUX the/DET director/NOUN of/ADP music/NOUN at/ADP Kalvor/@ ?/PUNCT")
    assert compound_post(director, 3, 1, PHRASES["director"]) == (3, 6)
    # a body's head leads it ("head of state", "head of school"); a name after "of" is whose director it is
    for body in ("state", "school"):
        q = toks(f"Who/PRON is/AUX the/DET head/NOUN of/ADP {body}/NOUN at/ADP Kalvor/@ ?/PUNCT")
        assert compound_post(q, 3, 1, PHRASES["head"]) is None
    for film in (toks("Who/PRON was/AUX the/DET director/NOUN of/ADP Kalvor/@ ?/PUNCT"),
                 toks("Who/PRON was/AUX the/DET director/NOUN of/ADP film/NOUN Kalvor/@ ?/PUNCT")):
        assert compound_post(film, 3, 1, PHRASES["director"]) is None  # a class noun labels the name after it


def test_the_post_a_who_clause_gives_its_person_at_a_named_body():
    from hopgraph.router.posts import copular_post

    q = toks("Which/DET firm/NOUN does/AUX the/DET man/NOUN who/PRON was/AUX operations/NOUN manager/NOUN at/ADP "
             "Kalvor/@ run/VERB ?/PUNCT")
    assert copular_post(q, set()) == [(7, 9)]
    assert copular_post(q, {8}) == []  # a phrase already reads it
    asked = toks("Who/PRON is/AUX the/DET author/NOUN of/ADP Kalvor/@ ?/PUNCT")  # the question's own "who"
    assert copular_post(asked, set()) == []
    part = toks("the/DET country/NOUN that/PRON is/AUX part/NOUN of/ADP Kalvor/@")  # no person
    assert copular_post(part, set()) == []


@pytest.mark.slow
def test_a_post_held_at_a_body_is_the_first_hop_of_a_who_clause(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    d = RuleRouter(nlp=spacy_nlp).route("Which firm is now run by the man who was treasurer at Kessel Ales?")
    assert relations_of(d)[0] == "treasurer" and d.anchors == ["Kessel Ales"]


def test_a_post_held_at_an_unnamed_body_is_an_open_relation_of_its_words():
    from hopgraph.router.posts import posts_at_a_thing

    said = toks("Kalvor/@ uncle/NOUN was/AUX club/NOUN treasurer/NOUN of/ADP a/DET sailing/NOUN club/NOUN ./PUNCT")
    said[0].possessive = True
    assert [(m.start, m.end, m.sense.relation) for m in posts_at_a_thing(said, set())] == [(3, 5, "club treasurer")]
    assert posts_at_a_thing(said, {4}) == []  # a phrase already reads it
    named = toks("Kalvor/@ uncle/NOUN was/AUX treasurer/NOUN of/ADP Tesmir/@ ./PUNCT")  # a named body: no thing
    assert posts_at_a_thing(named, set()) == []
