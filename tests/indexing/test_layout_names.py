"""Names from a document's layout: bylines, quoted titles, role titles, split first names (real small spaCy model)."""

from __future__ import annotations

import pytest

from hopgraph.indexing.extract import load_spacy
from hopgraph.indexing.spans import entity_spans

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def nlp():
    return load_spacy()


def names(nlp, text: str) -> dict[str, str]:
    return {s.text: s.label_ for s in entity_spans(nlp(text), lead=False)}


def test_byline_and_mail_header_names_are_no_entities(nlp):
    got = names(nlp, "Posted by Marrowlight Digest, 4 May 2020\nOrla Vennick opened the Quillby bakery in Dunmere.")
    assert "Marrowlight Digest" not in got
    assert "Orla Vennick" in got
    got = names(nlp, "From: Sales Desk, Trevane Looms\nTo: Resellers\nThe Trevane Looms mill in Osk reopens.")
    assert "Sales Desk" not in got


def test_a_quoted_title_is_one_work(nlp):
    got = names(nlp, 'Kestwick Press will publish "The Long Winter Road", a novel by Orla Vennick, in May.')
    assert got.get("The Long Winter Road") == "WORK_OF_ART"
    got = names(nlp, '"Bring the boats in now," Orla Vennick told the crew.')
    assert not any(n.startswith("Bring") for n in got)


def test_capitalised_role_titles_are_no_entities(nlp):
    got = names(nlp, "Orla Vennick, Chief Executive, Trevane Looms\nThe Board of Directors met on Monday.")
    assert "Chief Executive" not in got and "Board of Directors" not in got


def test_a_family_and_a_person_from_a_place(nlp):
    got = names(nlp, "The novel follows the Dravnik family over three winters.")
    assert got.get("Dravnik family") == "PERSON"
    got = names(nlp, "Yesterday Orla Vennick of Dunmere won the sprint.")
    assert "Orla Vennick" in got and "Orla Vennick of Dunmere" not in got


def test_a_hyphenated_name_stays_whole_and_spaced_dashes_split(nlp):
    got = names(nlp, "The Osk–Dunmere team hired Orla Vennick.\nKestwick — Dunmere council met.")
    assert "Osk–Dunmere" in got
    assert not any("—" in n for n in got)


def test_a_capitalised_post_before_of_is_no_part_of_the_name_after_it(nlp):
    got = names(nlp, "Orla Vennick became Chief Executive Officer of Trevane Looms in 2004.")
    assert "Trevane Looms" in got
    assert not any(n.startswith("Chief Executive") for n in got)
    got = names(nlp, "Cy Dunn served as the elected President of the Dunmere Rowing Association.")
    assert not any(n.startswith("President") for n in got)
    assert any(n.endswith("Dunmere Rowing Association") for n in got)
    # a title of nobility is no post: the name keeps it
    assert any(n.startswith("Duke of") for n in names(nlp, "The Duke of Quellby rode to Dunmere in 1411."))
