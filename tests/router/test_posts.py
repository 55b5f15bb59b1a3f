"""Posts that only look like the head of a body or a maker (router/posts.py)."""

from __future__ import annotations

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
