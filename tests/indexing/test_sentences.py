"""The sentence view (indexing/sentences.py): paragraphs, list items and markers, hard-wrapped prose."""

from __future__ import annotations

from hopgraph.indexing.sentences import is_hard_wrapped, paragraph_starts, paragraphs, split_sentences


def sentences(text: str) -> list[str]:
    return [text[s:e] for s, e in split_sentences(text)]


def test_a_line_break_ends_a_paragraph_even_without_a_stop() -> None:
    text = "Harbour board to expand quay\nThe board of Quarnby Harbour met on Monday. It approved a new quay."
    assert sentences(text) == [
        "Harbour board to expand quay", "The board of Quarnby Harbour met on Monday.", "It approved a new quay.",
    ]


def test_list_markers_and_heading_marks_stay_out_of_sentences() -> None:
    text = ("# Minutes\nPresent\n- Ilse Varga, chair\n* Rune Okonjo\n+ Tamsin Leigh\n"
            "1. Ilse Varga opened the meeting.\n2) The minutes were approved.\n• Any other business")
    got = sentences(text)
    assert got == ["Minutes", "Present", "Ilse Varga, chair", "Rune Okonjo", "Tamsin Leigh",
                   "Ilse Varga opened the meeting.", "The minutes were approved.", "Any other business"]
    assert not any(s[0] in "#-*+•" or s[:2] in ("1.", "2)") for s in got)


def test_lower_case_next_line_continues_the_sentence() -> None:
    text = "The quay was built by Orla Fenn\nand her two brothers in 1911."
    assert sentences(text) == [text]


def test_hard_wrapped_prose_joins_single_line_breaks() -> None:
    text = ("The old ferry between Quarnby and the island of Tosk ran\n"
            "twice a day until the winter storms of 1952 destroyed\n"
            "Its landing stage, which the town council never rebuilt\n"
            "after the bridge opened. Nobody missed it much.\n\n"
            "A second paragraph follows here.")
    assert is_hard_wrapped(text)
    assert sentences(text) == [
        "The old ferry between Quarnby and the island of Tosk ran\ntwice a day until the winter storms of 1952 destroyed\n"
        "Its landing stage, which the town council never rebuilt\nafter the bridge opened.",
        "Nobody missed it much.", "A second paragraph follows here.",
    ]


def test_news_style_lines_are_not_hard_wrapped() -> None:
    text = ("Quarnby Harbour — annual report (extract)\n"
            "The harbour handled more ships this year than ever before, the board said.\n"
            "Cargo volumes rose by a tenth, mostly grain and timber from the northern ports.\n"
            "The new quay opens next spring.")
    assert not is_hard_wrapped(text)
    assert len(sentences(text)) == 4


def test_paragraph_starts_give_line_and_text_start() -> None:
    text = "Intro line\n- Item one\n\nPlain paragraph."
    assert paragraph_starts(text) == [(11, 13), (23, 23)]
    assert [text[s:e] for s, e in paragraphs(text)] == ["Intro line", "Item one", "Plain paragraph."]


def test_text_without_line_breaks_is_one_paragraph() -> None:
    text = "Lorn is a city. It lies on the Vel river."
    assert paragraph_starts(text) == []
    assert paragraphs(text) == [(0, len(text))]
    assert sentences(text) == ["Lorn is a city.", "It lies on the Vel river."]
