"""Sites an organisation has (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

from hopgraph.indexing.extract import SpacyExtractor
from hopgraph.models import Chunk

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


def triples(extractor: SpacyExtractor, text: str) -> set[tuple[str, str, str]]:
    chunk = Chunk(chunk_id="c1", doc_id="d1", title="Sales up at boot maker", text=text, start=0, end=len(text),
                  content_hash="h")
    return {(t.subject, t.predicate, t.object) for t in extractor.extract([chunk])[0].triples}


def test_an_owned_placed_factory(extractor):
    got = triples(extractor, "Fenwick Outdoor Ltd said on Monday that sales rose. The boot is made at the "
                             "company's Tarnby factory.")
    assert ("Fenwick Outdoor Ltd", "have factory in", "Tarnby") in got
    got = triples(extractor, "Fenwick Outdoor Ltd said on Monday that sales rose. Its factory on the Tarnby "
                             "lakeshore is busy.")
    assert ("Fenwick Outdoor Ltd", "have factory in", "Tarnby") in got


def test_a_named_laboratory_is_a_unit_of_its_owner(extractor):
    got = triples(extractor, "Quillon Therapeutics won approval. The test was developed at the company's Ostrel "
                             "Diagnostics laboratory in Tarnby.")
    assert ("Ostrel Diagnostics", "subsidiary of", "Quillon Therapeutics") in got
    assert not any(p == "have laboratory in" for _s, p, _o in got)


def test_an_unowned_factory_says_nothing(extractor):
    got = triples(extractor, "Brona Keltie visited a factory in Tarnby.")
    assert not any(p.startswith("have ") for _s, p, _o in got)
