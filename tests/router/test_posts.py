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
