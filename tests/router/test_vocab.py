"""Which graph predicates express a vocabulary relation (pure; invented predicates)."""

import pytest

from hopgraph.router.vocab import RELATIONS, predicate_matches


def test_a_role_edge_expresses_the_relations_that_hold_its_post():
    leader = RELATIONS["leader"]
    assert predicate_matches(leader, "role: chief executive") == (True, False)
    assert predicate_matches(leader, "role: chair") == (True, False)
    assert predicate_matches(leader, "role: director") == (True, False)
    assert predicate_matches(RELATIONS["director"], "role: director") == (True, False)
    # "X is the director of Y", kept as the noun itself (a film's director reads the same): a leader of Y too
    assert predicate_matches(leader, "director") == (True, False)


def test_a_role_edge_of_another_post_is_no_leader():
    leader = RELATIONS["leader"]
    assert predicate_matches(leader, "role: engineer") == (False, False)
    assert predicate_matches(leader, "role: chief scientific officer") == (False, False)
    assert predicate_matches(RELATIONS["director"], "role: chief executive") == (False, False)


def test_a_verb_edge_is_matched_by_its_first_word():
    assert predicate_matches(RELATIONS["founder"], "founder")[0]
    assert predicate_matches(RELATIONS["father"], "son of") == (True, True)
    assert not predicate_matches(RELATIONS["leader"], "headquartered in")[0]


@pytest.mark.parametrize(("forward", "backward", "edges"), [
    ("successor", "predecessor", ("succeed", "take over from", "replace", "successor")),  # "A succeeded B": A -> B
    ("founder", "founded", ("found", "co-found", "establish", "founder")),  # "A founded B": A -> B
])
def test_an_edge_of_a_relation_pair_reads_forward_for_one_and_backward_for_the_other(forward, backward, edges):
    """A succession edge states its subject as the successor; a founding edge its object as what its subject
    founded."""
    for edge in edges:
        assert predicate_matches(RELATIONS[forward], edge) == (True, False), edge
        assert predicate_matches(RELATIONS[backward], edge) == (True, True), edge


def test_a_phrase_predicate_is_matched_by_its_words_in_order_not_by_its_first_word():
    assert predicate_matches(RELATIONS["successor"], "take over chain from") == (True, False)
    assert not predicate_matches(RELATIONS["successor"], "take")[0]  # ("took over the bakery" is no succession)
    assert not predicate_matches(RELATIONS["successor"], "take part in")[0]
    assert not predicate_matches(RELATIONS["successor"], "take from over")[0]


def test_what_someone_founded_is_searched_with_the_verb_after_the_name():
    from hopgraph.router.plan import query_text

    assert query_text("founded", "Kalvor Tesmir") == "Kalvor Tesmir founded"
    assert query_text("founder", "Tesmir Mill") == "founder of Tesmir Mill"
