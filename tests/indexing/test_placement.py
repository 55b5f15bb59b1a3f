"""A place set off by a comma after another place (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

from hopgraph.indexing.extract import SpacyExtractor
from hopgraph.models import Chunk

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


def triples(extractor: SpacyExtractor, text: str) -> set[tuple[str, str, str]]:
    chunk = Chunk(chunk_id="c1", doc_id="d1", title="Notes", text=text, start=0, end=len(text), content_hash="h")
    return {(t.subject, t.predicate, t.object) for t in extractor.extract([chunk])[0].triples}


def test_a_town_and_its_country(extractor):
    got = triples(extractor, "Brona Keltie was born in Tarnby, Ostria, in 1950.")
    assert ("Tarnby", "located in", "Ostria") in got
    assert ("Brona Keltie", "born in", "Tarnby") in got


def test_a_comma_phrase_locates_the_place_not_the_verb(extractor):
    got = triples(extractor, "Ada Brook grew up in Tarnby, near the Ossel River.")
    assert ("Tarnby", "located near", "Ossel River") in got
    assert not any(s == "Ada Brook" and o == "Ossel River" for s, _p, o in got)


def test_a_list_of_cities_is_no_placement(extractor):
    got = triples(extractor, "She visited Paris, London and Rome in 1990.")
    assert not any(p.startswith("located") for _s, p, _o in got)
