"""`FastAttributeRuler` gives exactly the annotations of spaCy's attribute ruler it replaces."""

from __future__ import annotations

import spacy
from spacy.pipeline import AttributeRuler

from hopgraph.indexing.extract import DEFAULT_MODEL, load_spacy
from hopgraph.indexing.fast_ruler import FastAttributeRuler, speed_up_attribute_ruler
from hopgraph.indexing.line_starts import add_line_starts

from tests.indexing._spacy_texts import TEXTS, same_annotations


def test_load_spacy_uses_the_fast_ruler_under_the_same_name():
    nlp = load_spacy()
    assert isinstance(nlp.get_pipe("attribute_ruler"), FastAttributeRuler)
    assert nlp.pipe_names.index("attribute_ruler") < nlp.pipe_names.index("lemmatizer")


def test_same_annotations_as_spacys_ruler():
    plain = add_line_starts(spacy.load(DEFAULT_MODEL))
    fast = speed_up_attribute_ruler(add_line_starts(spacy.load(DEFAULT_MODEL)))
    assert isinstance(plain.get_pipe("attribute_ruler"), AttributeRuler)
    texts = TEXTS + [t.upper() for t in TEXTS] + [t.lower() for t in TEXTS]
    assert same_annotations(list(plain.pipe(texts)), list(fast.pipe(texts)))
    # the second pass answers from the signature cache: still the same
    assert same_annotations(list(plain.pipe(texts)), list(fast.pipe(texts)))


def _ruler(patterns):
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    ruler.add_patterns(patterns)
    return nlp, ruler


def test_later_rules_win_and_multi_token_rules_apply():
    patterns = [
        {"patterns": [[{"LOWER": "quell"}]], "attrs": {"LEMMA": "first", "POS": "NOUN"}},
        {"patterns": [[{"LOWER": {"REGEX": "^qu"}}]], "attrs": {"LEMMA": "second"}},
        {"patterns": [[{"LOWER": "gon"}, {"LOWER": "na"}]], "attrs": {"LEMMA": "to"}, "index": -1},
        {"patterns": [[{"LOWER": {"IN": ["na", "quay"]}}]], "attrs": {"POS": "PART"}},
    ]
    text = "Quell gon na Quay quiet other"
    nlp_a, _ = _ruler(patterns)
    nlp_b, _ = _ruler(patterns)
    speed_up_attribute_ruler(nlp_b)
    assert isinstance(nlp_b.get_pipe("attribute_ruler"), FastAttributeRuler)
    a, b = nlp_a(text), nlp_b(text)
    assert [(t.lemma_, t.pos_) for t in a] == [(t.lemma_, t.pos_) for t in b]
    assert [t.lemma_ for t in b] == ["second", "", "to", "second", "second", ""]
    assert b[0].pos_ == "NOUN" and b[2].pos_ == "PART" and b[3].pos_ == "PART"


def test_unsupported_patterns_keep_spacys_ruler():
    nlp, ruler = _ruler([{"patterns": [[{"LOWER": "a", "OP": "+"}]], "attrs": {"LEMMA": "x"}}])
    assert not FastAttributeRuler.supports(ruler)
    speed_up_attribute_ruler(nlp)
    assert nlp.get_pipe("attribute_ruler") is ruler
