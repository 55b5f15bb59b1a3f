"""Capitalised runs of a question as entity spans (router/spans.py; pure, invented names)."""

from hopgraph.router.spans import capitalised_spans


def texts(q: str) -> list[tuple[str, bool]]:
    return [(s.text, s.possessive) for s in capitalised_spans(q)]


def test_a_post_abbreviation_is_no_part_of_a_name():
    assert texts("Who is the CEO of Marrow Pumps?") == [("Marrow Pumps", False)]
    assert texts("Where did the Marrow Pumps CEO study?") == [("Marrow Pumps", False)]


def test_a_plural_possessive_apostrophe_is_cut_and_marked():
    assert texts("Where did Marrow Pumps' chief executive study?") == [("Marrow Pumps", True)]
    assert texts("Where did Edith Carrow's son study?") == [("Edith Carrow", True)]
    assert texts("Who directed the 'Glass Hours' remake?") == [("'Glass Hours'", False)]


def test_connectors_join_a_name():
    assert texts("When did the Duke of Vessary die?") == [("Duke of Vessary", False)]


def test_a_capitalised_run_stops_at_a_line_break():
    from hopgraph.router.spans import capitalised_spans

    texts = [s.text for s in capitalised_spans("Kestrel Crew Team News, May 2020\nThank you, Mara Vell.")]
    assert "May 2020\nThank" not in texts and not any("\n" in t for t in texts)
    assert "Mara Vell" in texts


def test_an_unclosed_bracket_after_a_name_is_cut_off():
    assert [t for t, _ in texts("Ada Vell (4 June 1951 – 9 May 2016) was an engineer")][0] == "Ada Vell"
    assert texts("What did Pemba (Song) win?") == [("Pemba (Song)", False)]  # a closed one stays the name's
