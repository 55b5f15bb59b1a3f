"""familiar_names: "X, known to everyone as <first name>" (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

from hopgraph.models import Chunk

pytestmark = pytest.mark.slow


def _extraction(extractor, text: str, title: str = "Quell Catering — about us"):
    chunk = Chunk(chunk_id="c1", doc_id="d1", title=title, text=text, start=0, end=len(text), content_hash="h")
    return extractor.extract([chunk])[0]


def test_a_familiar_first_name_is_the_persons_other_name(extractor):
    ext = _extraction(extractor, "Our managing director is Wilma Dunstan, known to everyone as Mina, who joined "
                                 "us in 2017.")
    got = {(t.subject, t.predicate, t.object) for t in ext.triples}
    assert ("Wilma Dunstan", "also know as", "Mina Dunstan") in got
    assert ("Mina Dunstan", "PERSON") in {(m.text, m.label) for m in ext.mentions}


def test_known_as_a_full_name_or_a_description_is_no_first_name(extractor):
    ext = _extraction(extractor, "Ada Brook, known as Ada Tarrow on stage, sang in Quell.", title="Notes")
    assert not any(t.pattern == "known-as" for t in ext.triples)
    ext = _extraction(extractor, "Ada Brook, known as the Lark, sang in Quell.", title="Notes")
    assert not any(t.pattern == "known-as" for t in ext.triples)
