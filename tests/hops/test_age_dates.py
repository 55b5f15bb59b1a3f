"""A year of birth from the age a dated report gives (hops/age_dates.py)."""

from __future__ import annotations

from hopgraph.hops.age_dates import born_by_age


def test_the_reports_year_less_the_age_said_after_the_name():
    said = ["Ada Brook, who has died aged 81, opened the first shop on Mill Lane."]
    assert born_by_age("Obituary, 2012", said, "Ada Brook") == (said[0], "1931")
    assert born_by_age("Local news, March 2011", ["Tom Reed, 74, says he will keep his hand in."], "Tom Reed")[1] \
        == "1937"
    assert born_by_age("Newsletter, spring 2016", ["Tessa Marlow (aged 62) takes the chair."], "Tessa Marlow")[1] \
        == "1954"


def test_the_age_said_before_the_name_and_a_name_written_in_lower_case():
    assert born_by_age("Local news, May 2009", ["The 58-year-old Ilse Varga has sold the bakery."], "Ilse Varga")[1] \
        == "1951"
    assert born_by_age("Obituary, 2012", ["Ada Brook, who has died aged 81, was born in Tamsel."], "ada brook")[1] \
        == "1931"


def test_an_undated_report_is_dated_by_the_one_year_its_sentence_names():
    assert born_by_age("Notice", ["Ada Brook died in 2012 aged 81."], "Ada Brook")[1] == "1931"
    assert born_by_age("Notice", ["Ada Brook, aged 81, moved in 2001 and retired in 2012."], "Ada Brook") is None


def test_no_age_of_the_name_or_nothing_dating_the_report_gives_nothing():
    assert born_by_age("Obituary, 2012", ["Ada Brook opened the shop in 1969."], "Ada Brook") is None
    assert born_by_age("Minutes", ["Tom Reed, 74, spoke."], "Tom Reed") is None
    assert born_by_age("Obituary, 2012", ["Tom Reed thanked Ada Brook, who has died aged 81."], "Tom Reed") is None
