"""A hub's type from its corpus-wide votes (indexing/hub_type.py), on invented names."""

from __future__ import annotations

import sqlite3
from collections import Counter

from hopgraph.indexing import votes
from hopgraph.indexing.hub_type import corpus_type, graph_votes, place_keys, stored_outside


def test_the_type_is_the_vote_over_all_labels_and_evidence() -> None:
    assert corpus_type(Counter(ORG=5, PERSON=2), Counter(), Counter({"Quell Foundry": 7}), ["Quell Foundry"], 0) == "ORG"
    # relation evidence outweighs a few labels: two 'works for' objects and one class statement
    assert corpus_type(Counter(PERSON=2), Counter(ORG=3), Counter({"Varrow": 2}), ["Varrow"], 0) == "ORG"


def test_called_by_the_last_word_of_its_own_two_word_name_adds_person_evidence() -> None:
    labels = Counter(ORG=2, PERSON=1)
    assert corpus_type(labels, Counter(), Counter({"Ada Brennick": 2, "Lisbet": 1}), ["Ada Brennick"], 0) == "ORG"
    assert corpus_type(labels, Counter(), Counter({"Ada Brennick": 2, "Brennick": 1}), ["Ada Brennick"], 0) == "PERSON"


def test_an_unknown_number_of_place_keys_leaves_the_type_open_only_when_it_matters() -> None:
    labels = Counter(ORG=3)
    assert corpus_type(labels, Counter(), Counter({"Tarrow": 3}), ["Tarrow"], 0) == "ORG"
    assert corpus_type(labels, Counter(), Counter({"Tarrow": 3}), ["Tarrow"], 1) is None  # 0 places: ORG, 1: GPE
    assert corpus_type(Counter(GPE=9, ORG=1), Counter(), Counter({"Tarrow": 10}), ["Tarrow"], 2) == "GPE"


def test_two_possible_names_must_give_the_same_type() -> None:
    labels = Counter(PROPN=2)
    assert corpus_type(labels, Counter(), Counter({"Quell": 2}), ["Quell Harbour Bridge", "Quell"], 0) is None
    assert corpus_type(labels, Counter(), Counter({"Quell": 2}), ["Quell", "Quell"], 0) == corpus_type(
        labels, Counter(), Counter({"Quell": 2}), ["Quell"], 0)


def test_place_keys_are_one_word_forms_with_and_without_honorifics() -> None:
    places = {"tarrow", "quell"}
    assert place_keys(["Tarrow", "Tarrow Falls", "Lord Quell", "Varrow"], places.__contains__) == 2
    assert place_keys(["Tarrow Falls"], places.__contains__) == 0


def test_stored_votes_and_texts_outside_the_neighbourhood() -> None:
    conn = sqlite3.connect(":memory:")
    votes.create_table(conn)
    conn.execute('CREATE TABLE mentions (entity_id INTEGER, chunk_id TEXT, start INTEGER, "end" INTEGER, text TEXT)')
    conn.executemany("INSERT INTO entity_votes VALUES (?, ?, ?, ?)", [
        (7, "d1", '{"GPE":2}', ""), (7, "d2", '{"GPE":1,"ORG":1}', '{"GPE":1}'), (7, "d3", '{"ORG":5}', ""),
        (8, "d1", '{"PERSON":1}', "")])
    conn.executemany("INSERT INTO mentions VALUES (?, ?, 0, 1, ?)", [
        (7, "d1#0", "Tarrow"), (7, "d2#0", "Tarrow"), (7, "d3#0", "TARROW"), (8, "d1#0", "Ada Brook")])
    labels, evidence, texts = stored_outside(conn, 7, inside_docs={"d3"}, inside_chunks={"d3#0"})
    assert labels == Counter(GPE=3, ORG=1) and evidence == Counter(GPE=1) and texts == Counter(Tarrow=2)


def test_graph_votes_are_summed_over_documents() -> None:
    rows = [(0, "d1", '{"ORG":1}', '{"ORG":2}'), (0, "d2", '{"ORG":2}', ""), (1, "d1", '{"GPE":1}', "")]
    assert graph_votes(rows, {0}) == {0: (Counter(ORG=3), Counter(ORG=2))}
