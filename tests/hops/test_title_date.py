"""A report dated by its title dates the event it tells of on a day relative to itself (hops/title_date.py)."""

from __future__ import annotations

import re

from hopgraph.hops.title_date import dated_by_title, title_date


def test_a_dated_title_gives_its_date_with_the_year():
    assert title_date("Local news, May 2009") == "May 2009"
    assert title_date("Minutes, board meeting, 12 June 2017") == "12 June 2017"
    assert title_date("Newsletter, spring") == ""
    assert title_date("Ada Brook") == ""


def test_a_day_told_relative_to_the_report_is_dated_by_its_title():
    sents = ["The appeal ran for four years.", "The Lorn hall was opened on Saturday by the mayor."]
    assert dated_by_title("Local news, October 2014", sents) == (sents[1], "October 2014")
    assert dated_by_title("Local news, October 2014", ["The Lorn hall opens today."])[1] == "October 2014"


def test_what_a_report_says_has_just_happened_is_dated_by_its_title():
    began = re.compile(r"set up|formed|opened")
    for sent, name in (("Tom Reed has set up the Lorn Brewery in a barn.", "Lorn Brewery"),
                       ("The Lorn trust has just been formed.", "The Lorn trust"),
                       ("Two brothers have opened the Lorn bakery.", "Lorn bakery")):
        assert dated_by_title("Local news, April 2011", [sent], began, name) == (sent, "April 2011"), sent
    long_ago = "The Lorn bakery has long been a family firm."
    assert dated_by_title("Local news, April 2011", [long_ago], began, "Lorn bakery") is None
    # another verb in the present perfect, or the verb done to something else, says nothing of when the name began
    for sent in ("The Lorn hall will be opened in May, its owner has announced.",
                 "The Lorn hall has opened a cafe beside the canal."):
        assert dated_by_title("Local news, April 2011", [sent], began, "Lorn hall") is None, sent


def test_no_date_without_a_dated_title_or_a_relative_day():
    assert dated_by_title("The Lorn hall", ["The Lorn hall was opened on Saturday."]) is None
    assert dated_by_title("Local news, 2014", ["The Lorn hall was opened after a long appeal."]) is None
    assert dated_by_title("Local news, 2014", ["The Lorn hall was opened on time."]) is None
