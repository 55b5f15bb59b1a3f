"""router/constraints.py: metadata constraints read from a question (pure; an invented vocabulary)."""

from __future__ import annotations

import pytest

from hopgraph.router.constraints import read_constraints

VOCAB = {
    "kind": {"news", "minutes", "report", "press_release", "letter", "person", "company", "film"},
    "source": {"quillon ledger", "tarn valley post", "brackwater port office", "mossgate pictures"},
    "author": {"ansa morrow"},
}


def filters(question: str) -> set[tuple[str, str, str]]:
    return {(f.key, f.op, f.value) for f in read_constraints(question, VOCAB).filters}


@pytest.mark.parametrize("question, expected", [
    ("Which articles from 2021 mention the Brackwater ferry?",
     {("kind", "=", "news"), ("date", ">=", "2021-01-01"), ("date", "<=", "2021-12-31")}),
    ("In the minutes, what was decided about the ferry timetable?", {("kind", "=", "minutes")}),
    ("Which stories published after March 2023 mention Orrin Vale?", {("kind", "=", "news"), ("date", ">", "2023-03-31")}),
    ("According to the Quillon Ledger, why did the ferry stop?", {("source", "=", "quillon ledger")}),
    ("What does the latest report say about passenger numbers?", {("kind", "=", "report"), ("date", "=", "latest")}),
    ("What does the oldest report say about passenger numbers?", {("kind", "=", "report"), ("date", "=", "earliest")}),
    ("Which articles by Ansa Morrow mention the ferry?", {("kind", "=", "news"), ("author", "=", "ansa morrow")}),
    ("What did the Tarn Valley Post write about harbour dues?", {("source", "=", "tarn valley post")}),
    ("What did the minutes of the port office say about the dock?",
     {("kind", "=", "minutes"), ("source", "=", "brackwater port office")}),
    ("Which press releases mention the new hull?", {("kind", "=", "press_release")}),
    ("Which reports were published between 2019 and 2021?",
     {("kind", "=", "report"), ("date", ">=", "2019-01-01"), ("date", "<=", "2021-12-31")}),
    ("What did the 2022 minutes say about the dock?",
     {("kind", "=", "minutes"), ("date", ">=", "2022-01-01"), ("date", "<=", "2022-12-31")}),
    ("Which articles published before 12 May 1998 mention the ferry?", {("kind", "=", "news"), ("date", "<", "1998-05-12")}),
    ("Which news since 2020-06 mention the ferry?", {("kind", "=", "news"), ("date", ">=", "2020-06-01")}),
])
def test_constraints_are_read(question: str, expected: set) -> None:
    assert filters(question) == expected


@pytest.mark.parametrize("question", [
    "Who founded the company that makes the Wrenfield lamp?",  # a kind of entity, not of document
    "Who directed the film that won the Silver Gull in 2021?",  # a date the question asks about
    "When did Mossgate Pictures complete its purchase of Vell Optics?",  # a source named as the subject of a fact
    "Which film directed by Ansa Morrow came out in 1990?",  # 'by' after a verb that is not one of writing
    "Where was the director of The Tide Clock born?",
    "What did Orrin Vale report to the police in 2020?",  # 'report' as a verb, no document and no known source
])
def test_no_constraint_where_the_question_states_none(question: str) -> None:
    assert filters(question) == set()


def test_nothing_is_read_from_a_store_without_that_kind_of_document() -> None:
    assert read_constraints("Which letters mention the ferry?", {"kind": {"news"}}).filters == []


def test_source_and_date_phrases_are_removed_for_the_router_nouns_stay() -> None:
    c = read_constraints("According to the Quillon Ledger, why did the ferry stop?", VOCAB)
    assert c.question == "Why did the ferry stop?"
    c = read_constraints("Which stories published after March 2023 mention Orrin Vale?", VOCAB)
    assert c.question == "Which stories mention Orrin Vale?"
    c = read_constraints("What did the Tarn Valley Post report in 2020 about the ferry?", VOCAB)
    assert c.question == "What did the Tarn Valley Post report about the ferry?"


def test_a_question_asking_for_documents_takes_its_date_wherever_it_stands() -> None:
    c = read_constraints("Which reports mention the dredging of the winter dock after 2022?", VOCAB)
    assert {(f.key, f.op, f.value) for f in c.filters} == {("kind", "=", "report"), ("date", ">", "2022-12-31")}
    assert c.listing and c.question == "Which reports mention the dredging of the winter dock?"
    assert read_constraints("Which articles were published after March 2023?", VOCAB).question == "Which articles were published?"


def test_listing_questions_ask_for_documents() -> None:
    assert read_constraints("Which reports mention the ferry after 2022?", VOCAB).listing
    assert not read_constraints("What does the latest report say about the ferry?", VOCAB).listing
    assert not read_constraints("Which ferry stopped at Brackwater?", VOCAB).listing


def test_undated_store_reads_no_date() -> None:
    c = read_constraints("Which articles from 2021 mention the ferry?", VOCAB, dated=False)
    assert {(f.key, f.value) for f in c.filters} == {("kind", "news")}


def test_each_filter_keeps_the_words_it_was_read_from() -> None:
    c = read_constraints("According to the Quillon Ledger, why did the ferry stop?", VOCAB)
    assert c.filters[0].phrase.lower() == "according to the quillon ledger"
