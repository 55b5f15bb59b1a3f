"""Titles written next to a person's name (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

from hopgraph.indexing.extract import SpacyExtractor
from hopgraph.models import Chunk

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


def triples(extractor: SpacyExtractor, text: str, title: str = "Harbour news") -> set[tuple[str, str, str]]:
    chunk = Chunk(chunk_id="c1", doc_id="d1", title=title, text=text, start=0, end=len(text), content_hash="h")
    return {(t.subject, t.predicate, t.object) for t in extractor.extract([chunk])[0].triples}


def test_a_title_before_the_name_is_held_at_the_organisation_the_text_is_about(extractor):
    got = triples(extractor, "Quillon Therapeutics opened a laboratory in Ostrel on Monday. The lab is near the "
                             "station. \"We are ready,\" said chief executive Brona Keltie.")
    assert ("Brona Keltie", "role: chief executive", "Quillon Therapeutics") in got
    assert not any(s == "Brona Keltie" and o == "Ostrel" for s, _p, o in got)


def test_a_possessive_title_set_off_by_a_comma(extractor):
    got = triples(extractor, "The prize jury was chaired by the Ostrel Gazette's literary editor, Brona Keltie, "
                             "who read every book.")
    assert ("Brona Keltie", "role: literary editor", "Ostrel Gazette") in got


def test_a_mayor_is_mayor_of_the_town_named_before(extractor):
    got = triples(extractor, "Snow closed three roads in Ostrel on Tuesday. \"We plan for it,\" said Mayor Brona "
                             "Keltie.")
    assert ("Brona Keltie", "role: mayor", "Ostrel") in got


def test_a_plain_name_has_no_title(extractor):
    got = triples(extractor, "Quillon Therapeutics hired staff. Brona Keltie said the plan was good.")
    assert not any(p.startswith("role:") for _s, p, _o in got)
