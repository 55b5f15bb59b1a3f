"""Which graph predicates express a vocabulary relation (pure; invented predicates)."""

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


def test_a_succession_edge_states_its_subject_as_the_successor():
    predecessor, successor = RELATIONS["predecessor"], RELATIONS["successor"]
    for edge in ("succeed", "take over from", "replace", "successor"):  # "A succeeded B": A -> B
        assert predicate_matches(successor, edge) == (True, False), edge
        assert predicate_matches(predecessor, edge) == (True, True), edge


def test_a_phrase_predicate_is_matched_by_its_words_in_order_not_by_its_first_word():
    assert predicate_matches(RELATIONS["successor"], "take over chain from") == (True, False)
    assert not predicate_matches(RELATIONS["successor"], "take")[0]  # ("took over the bakery" is no succession)
    assert not predicate_matches(RELATIONS["successor"], "take part in")[0]
    assert not predicate_matches(RELATIONS["successor"], "take from over")[0]


def test_a_founding_edge_states_its_object_as_what_its_subject_founded():
    founder, founded = RELATIONS["founder"], RELATIONS["founded"]
    for edge in ("found", "co-found", "establish", "founder"):  # "A founded B": A -> B
        assert predicate_matches(founder, edge) == (True, False), edge
        assert predicate_matches(founded, edge) == (True, True), edge


def test_what_someone_founded_is_searched_with_the_verb_after_the_name():
    from hopgraph.router.plan import query_text

    assert query_text("founded", "Kalvor Tesmir") == "Kalvor Tesmir founded"
    assert query_text("founder", "Tesmir Mill") == "founder of Tesmir Mill"
