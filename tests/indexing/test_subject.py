"""document_mode: is a document about one entity, its title? (pure, invented names)"""

from __future__ import annotations

from hopgraph.indexing.subject import NARRATIVE, SUBJECT, UNTITLED, document_mode, is_name_like


def test_encyclopedic_pages_are_about_their_title():
    assert document_mode("Orla Vennick", "Orla Vennick (born 1961) is a Dunmere painter.") == SUBJECT
    assert document_mode("The Salt Lantern (1958 film)", "The Salt Lantern is a 1958 drama film.") == SUBJECT
    assert document_mode("Orla Vennick", "Orla Maren Vennick was a painter.") == SUBJECT  # lead shares the surname
    assert document_mode("Tarrow Bell", "He was the father of Ansel Bell.") == SUBJECT  # name left out
    assert document_mode("Glass Owl", "The band was formed in Dunmere in 1990.") == SUBJECT
    assert document_mode("Quillon i Marra", "Quillon i Marra is a 1977 comedy.") == SUBJECT  # opens with it


def test_headlines_and_file_names_are_not_subjects():
    assert document_mode("Harbour board approves new crane", "Dunmere's harbour board voted on Monday.") == NARRATIVE
    assert document_mode("minutes-03", "Present: Ilsa Varn, Tam Oduya.") == NARRATIVE
    assert document_mode("board", "The board met on Tuesday.") == NARRATIVE


def test_a_title_on_a_line_of_its_own_is_a_heading():
    text = "Kestwick Staff Bulletin — May 2020\nWelcome to our new head of nursing, Ilsa Varn."
    assert document_mode("Kestwick Staff Bulletin — May 2020", text) == NARRATIVE


def test_untitled():
    assert document_mode("", "Orla Vennick is a painter.") == UNTITLED


def test_name_like():
    assert is_name_like("Bank of the North")
    assert is_name_like("Orla Vennick (painter)")
    assert not is_name_like("Mountain guide dies at 58")
    assert not is_name_like("notes")


def test_a_name_before_a_subtitle_that_the_text_opens_with_is_the_subject():
    from hopgraph.indexing.subject import named_subject

    assert named_subject("Tarrow Bridge: history and repairs", "The Tarrow Bridge crosses the Ossel.") == \
        "Tarrow Bridge"
    assert named_subject("Ossel (river): course and tributaries", "The Ossel is the main river.") == "Ossel"
    assert document_mode("Tarrow Bridge: history and repairs", "The Tarrow Bridge crosses the Ossel.") == SUBJECT
    # the text names something else first, or repeats the title as a heading line: no subject
    assert named_subject("Tarrow Bridge: history", "Quell Ltd built a bridge in 1901.") is None
    assert named_subject("Harbour news: spring", "Harbour news\nQuell Ltd opened a shop.") is None
    assert document_mode("Harbour board: new crane", "The mayor opened the crane on Friday.") == NARRATIVE
