"""break_layout: the line breaks a flattened email, memo or news story lost (pure, invented names)."""

from __future__ import annotations

from hopgraph.indexing.layout_breaks import break_layout


def test_mail_header_fields_each_start_a_line():
    text = "From: Ada Brook To: Cy Dunn Cc: Elin Fell Date: 2 May 2021 Subject: Rota Dear all, the rota is out."
    out = break_layout(text)
    assert len(out) == len(text)
    assert out.split("\n") == ["From: Ada Brook", "To: Cy Dunn", "Cc: Elin Fell", "Date: 2 May 2021",
                               "Subject: Rota", "Dear all, the rota is out."]


def test_a_keyword_after_another_colon_or_in_prose_stays():
    assert break_layout("Subject: Re: quarterly figures") == "Subject: Re: quarterly figures"
    assert break_layout("She wrote to the board on Monday.") == "She wrote to the board on Monday."
    assert break_layout("Minutes of the meeting. Present: Ada Brook (chair)") == \
        "Minutes of the meeting.\nPresent: Ada Brook (chair)"


def test_an_all_capitals_headline_ends_before_the_story():
    out = break_layout("HARBOUR BOARD NAMES NEW CHAIR Ada Brook will chair the harbour board.")
    assert out.startswith("HARBOUR BOARD NAMES NEW CHAIR\nAda Brook will")
    assert break_layout("DINNERS GO TO LOCAL FIRM A Tarrow caterer will cook.").startswith("DINNERS GO TO LOCAL FIRM\nA ")
    assert break_layout("NASCAR Kart Racing is a game.") == "NASCAR Kart Racing is a game."  # one capitals word
    assert break_layout("BRANNOCK: Where did you grow up?") == "BRANNOCK: Where did you grow up?"  # a speaker


def test_a_byline_name_ends_before_the_sentence_it_runs_into():
    out = break_layout("MILL TO CLOSE By Ada Brook The Quell mill will close.")
    assert out == "MILL TO CLOSE\nBy Ada Brook\nThe Quell mill will close."
    out = break_layout("MILL TO CLOSE By Ada Brook Workers have asked why.")
    assert out == "MILL TO CLOSE\nBy Ada Brook\nWorkers have asked why."


def test_a_salutation_starts_a_line_but_a_title_holding_dear_does_not():
    assert break_layout("Subject: Rota Dear Ms Brook, thanks.") == "Subject: Rota\nDear Ms Brook, thanks."
    assert break_layout("He starred in My Dear Tarrow, a 1950 film.") == "He starred in My Dear Tarrow, a 1950 film."
