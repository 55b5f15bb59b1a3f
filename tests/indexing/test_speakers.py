""""I" and "you" in a transcript's labelled turns (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

from hopgraph.indexing.extract import SpacyExtractor
from hopgraph.models import Chunk

pytestmark = pytest.mark.slow

TRANSCRIPT = (
    "Transcript of a radio interview, 2 May 2021. Presenter: Ada Kettle. Guest: Brona Keltie, a cellist.\n"
    "KETTLE: You grew up in Ostrel, didn't you?\n"
    "KELTIE: Yes. I was born in Tarnby and moved to Ostrel at six.\n"
)


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


def triples(extractor: SpacyExtractor, text: str) -> set[tuple[str, str, str]]:
    chunk = Chunk(chunk_id="c1", doc_id="d1", title="A cellist on her home town", text=text, start=0,
                  end=len(text), content_hash="h")
    return {(t.subject, t.predicate, t.object) for t in extractor.extract([chunk])[0].triples}


def test_i_is_the_speaker_and_you_the_person_spoken_to(extractor):
    got = triples(extractor, TRANSCRIPT)
    assert ("Brona Keltie", "born in", "Tarnby") in got
    assert ("Brona Keltie", "grow up in", "Ostrel") in got
    assert not any(s == "Ada Kettle" for s, _p, _o in got)


def test_i_outside_a_labelled_turn_is_nobody(extractor):
    got = triples(extractor, "Brona Keltie plays the cello. I was born in Tarnby, the writer adds.")
    assert not any(o == "Tarnby" and p == "born in" for _s, p, o in got)
