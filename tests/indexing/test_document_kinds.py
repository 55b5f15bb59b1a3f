"""kind_titled and title_author: titles that name a kind of document, and the organisation they put first
(pure, invented names)."""

from __future__ import annotations

from hopgraph.indexing.document_kinds import kind_titled, title_author
from hopgraph.indexing.subject import NARRATIVE, SUBJECT, document_mode


def test_a_kind_of_document_with_a_date_or_topic_is_no_subject():
    for title in ("Contract award notice, 2019", "Press release 2021-07", "Memo: staff rota", "Obituary — May 2020",
                  "Quell Ltd — minutes, 12 May 2022", "Minutes of the board meeting of 4 May 2022",
                  "Quell Ltd — firm news, 2020", "Staff bulletin no. 12"):
        assert kind_titled(title), title
    # the text opens with the title's words: still a kind of document, not its subject
    assert document_mode("Contract award notice, 2019", "Contract award notice. Awarding body: Quell Trust.") \
        == NARRATIVE
    assert document_mode("Quell Town Council — minutes, 2 May 2022",
                         "Quell Town Council — Minutes of the meeting held on 2 May 2022.") == NARRATIVE


def test_names_that_hold_a_kind_word_stay_names():
    for title in ("The Letter (1940 film)", "Obituary", "Notes on the Port of Tarrow", "Tarrow Bridge: history",
                  "Ada Brook"):
        assert not kind_titled(title), title
    assert document_mode("The Letter (1940 film)", "The Letter is a 1940 drama film.") == SUBJECT
    assert document_mode("Tarrow Bridge: history and repairs", "The Tarrow Bridge crosses the Ossel.") == SUBJECT


def test_the_organisation_a_dashed_title_puts_first():
    assert title_author("Quell Catering — about us") == "Quell Catering"
    assert title_author("Quell Catering — news, 2017") == "Quell Catering"
    assert title_author("Obituary — June 2024") is None  # a kind of document, no organisation
    assert title_author("Annual report 2021 — group structure") is None  # not name-like
    assert title_author("Quell Catering: about us") is None  # only a dash sets an author off
