"""`doc_text`: a Doc's text joined once and cached, always what `doc.text` gives."""

from __future__ import annotations

from hopgraph.indexing.doc_text import doc_text
from hopgraph.indexing.extract import load_spacy

from tests.indexing._spacy_texts import TEXTS


def test_doc_text_is_doc_text_and_cached():
    nlp = load_spacy()
    for doc in nlp.pipe(TEXTS):
        first = doc_text(doc)
        assert first == doc.text
        assert doc_text(doc) is first  # the second read does not join the tokens again


def test_doc_text_stays_right_after_retokenising():
    doc = load_spacy()(TEXTS[0])
    before = doc_text(doc)
    with doc.retokenize() as retok:
        retok.merge(doc[0:2])
    assert doc_text(doc) == doc.text == before
