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


def test_a_header_fields_label_is_no_part_of_the_name_after_it():
    names = [s.text for s in capitalised_spans("From: Ada Brook\nTo: Harbour Board — all staff\nSubject: Rota")]
    assert names == ["Ada Brook", "Harbour Board", "Rota"]
    assert texts("Is Quest: Northward a sequel?") == [("Quest: Northward", False)]  # a colon inside a title stays


def test_a_possessive_before_a_full_stop_is_cut_and_marked():
    assert texts("The firm feeds patients at St Amsel's.") == [("St Amsel", True)]
    assert texts("The prize was Ada Brook's!") == [("Ada Brook", True)]


def test_a_speakers_name_in_capitals_before_a_colon_is_a_label():
    names = [s.text for s in capitalised_spans("KESSEL: The Harbour Board said no.\nMARA: Ada Brook did.")]
    assert names == ["Harbour Board", "Ada Brook"]


def test_a_bracket_closing_a_sentence_ends_the_name():
    assert texts("What of Glass Hours (1962 Film). Did Ada Brook direct it?") == [
        ("Glass Hours (1962 Film)", False), ("Ada Brook", False)]


def test_a_year_in_brackets_after_a_closing_quote_is_no_part_of_the_name():
    names = [s.text for s in capitalised_spans('Films such as "Copper Lanterns" (1986) and "Glass Hours" (2001) were shot there.')]
    assert names[:2] == ["Films", "Copper Lanterns"] and "Glass Hours" in names
    assert not any('"' in n for n in names)
    assert texts('Who directed "Glass Hours" (1962 film)?') == [("Glass Hours", False)]  # no quote left on the name
    assert texts("What did Pemba (Song) win?") == [("Pemba (Song)", False)]  # a disambiguator stays the name's


def test_a_title_in_quotes_keeps_its_small_words():
    assert texts("Did 'Salt on the Wires' and 'Glass Hours' have the same producer?") == [
        ("'Salt on the Wires'", False), ("'Glass Hours'", False)]
    assert texts('Who sang "Songs of the Lost and the Found" with Ada Brook?')[0] == ("Songs of the Lost and the Found", False)
    # a plural's apostrophe closes no quote it did not open
    assert texts("What did Brenmark Outfitters' chief say at Tarn?") == [("Brenmark Outfitters", True), ("Tarn", False)]


def test_a_firms_name_ending_and_sons_is_one_name_and_two_names_joined_by_and_are_two():
    from hopgraph.router.spans import capitalised_spans

    assert [s.text for s in capitalised_spans("Who founded Pollard and Sons?")] == ["Pollard and Sons"]
    assert [s.text for s in capitalised_spans("Vell and Partners founder")] == ["Vell and Partners"]
    assert [s.text for s in capitalised_spans("Did Ida Pellow and Nara Okafor meet?")] == ["Ida Pellow", "Nara Okafor"]


def test_a_greeting_and_an_exclamation_mark_end_no_name_into_the_question():
    from hopgraph.router.spans import capitalised_spans

    assert [s.text for s in capitalised_spans("Hi! Which country is Tarrow Mills in?")] == ["Tarrow Mills"]
    assert [s.text for s in capitalised_spans("Morning! Is the Kell Credit Union manager still Ida Pellow?")] == \
        ["Kell Credit Union", "Ida Pellow"]


def test_a_full_stop_after_a_word_ends_the_name_unless_it_abbreviates():
    listing = "Live act: Glasshouse Saints. Producer of the year: Ada Brook. Hollis R. Banning met Capt. Cy Dunn."
    assert [t for t, _ in texts(listing)] == ["Live", "Glasshouse Saints", "Producer", "Ada Brook", "Hollis R. Banning",
                                              "Capt. Cy Dunn"]


def test_brackets_after_a_quoted_title_are_no_part_of_it():
    spans = [t for t, _ in texts('Album of the year: "Tarn Lights" (Orle Choir). Then "Pemba" (1986).')]
    assert "Tarn Lights" in spans and not any("Tarn Lights" in t and "Orle" in t for t in spans)
    assert texts("Who sang Pemba (Song)?") == [("Pemba (Song)", False)]


def test_a_role_opening_a_turn_or_a_line_before_a_colon_is_a_label():
    assert [s.text for s in capitalised_spans("Interviewer: Ada Brook joined you in 2016?")] == ["Ada Brook", "2016"]
    assert [s.text for s in capitalised_spans("Minutes.\nChair: Ada Brook. Present: Tom Reed")] == \
        ["Minutes", "Ada Brook", "Tom Reed"]
    assert texts("The ferry Chair: Northward sailed.") == [("Chair: Northward", False)]  # not opening a line


def test_an_abbreviation_closing_a_sentence_before_a_question_ends_the_name():
    assert [s.text for s in capitalised_spans("Her dad was the local GP. What is his name?")] == ["Her", "GP"]
    assert [s.text for s in capitalised_spans("She works at Tamsel IBM. Who runs it?")] == ["She", "Tamsel IBM"]
    assert [s.text for s in capitalised_spans("Hollis R. Banning wrote it.")] == ["Hollis R. Banning"]  # an initial


def test_a_language_after_a_possessive_name_says_which_one_and_is_no_name():
    assert [s.text for s in capitalised_spans("Who is Kalvor Rooms' English translator?")] == ["Kalvor Rooms"]
    assert [s.text for s in capitalised_spans("Who is Tom Reed's French publisher?")] == ["Tom Reed"]
    # a title goes on past its possessive
    assert [s.text for s in capitalised_spans("Who wrote The Night Clerk's Ledger?")] == ["The Night Clerk's Ledger"]
