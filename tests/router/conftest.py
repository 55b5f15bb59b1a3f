"""Router fixtures: spaCy's pipeline, loaded once for the slow tests that read with a real tagger."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def spacy_nlp():
    from hopgraph.indexing.extract import load_spacy

    return load_spacy()
