"""Shared fixtures of the extraction tests: one real small spaCy extractor for the whole session, and `triples`,
which extracts one hand-written chunk and returns its (subject, predicate, object) triples.

A test module sets `DOC_TITLE` to the document title its chunks carry (the title decides the document's mode:
a page titled by its subject, or news, minutes and notes); the default is "Notes".
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hopgraph.indexing.extract import SpacyExtractor

from hopgraph.models import Chunk

Triples = Callable[..., set[tuple[str, str, str]]]


@pytest.fixture(scope="session")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


def extract_triples(extractor: SpacyExtractor, text: str, title: str) -> set[tuple[str, str, str]]:
    """The triples `extractor` reads in one chunk `text` of a document titled `title`."""
    chunk = Chunk(chunk_id="c1", doc_id="d1", title=title, text=text, start=0, end=len(text), content_hash="h")
    return {(t.subject, t.predicate, t.object) for t in extractor.extract([chunk])[0].triples}


@pytest.fixture
def triples(extractor: SpacyExtractor, request: pytest.FixtureRequest) -> Triples:
    """`triples(text, title=None)`: the chunk's triples; the title defaults to the module's DOC_TITLE."""
    default = getattr(request.module, "DOC_TITLE", "Notes")

    def run(text: str, title: str | None = None) -> set[tuple[str, str, str]]:
        return extract_triples(extractor, text, default if title is None else title)

    return run
