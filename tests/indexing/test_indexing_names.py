"""Short names joining their full forms within a document (pure functions, invented names)."""

from __future__ import annotations

from hopgraph.indexing.names import NameStats, doc_keys


def _stats() -> NameStats:
    return NameStats({"ostrel philharmonic": "ORG", "philharmonic": "ORG", "tarnby": "GPE",
                      "tarnby bridge": "FAC", "bridge": "PROPN", "ada brook": "PERSON"})


def test_an_organisations_head_word_joins_its_full_name_in_the_same_document():
    mentions = [("Ostrel Philharmonic", "ORG", "ostrel philharmonic"), ("Philharmonic", "ORG", "philharmonic")]
    assert doc_keys(mentions, "", _stats())["philharmonic"] == "ostrel philharmonic"


def test_two_organisations_with_the_same_head_word_keep_the_short_name_apart():
    stats = NameStats({"ostrel philharmonic": "ORG", "tarnby philharmonic": "ORG", "philharmonic": "ORG"})
    mentions = [("Ostrel Philharmonic", "ORG", "ostrel philharmonic"),
                ("Tarnby Philharmonic", "ORG", "tarnby philharmonic"), ("Philharmonic", "ORG", "philharmonic")]
    assert "philharmonic" not in doc_keys(mentions, "", stats)


def test_a_place_head_word_does_not_join():
    mentions = [("Tarnby Bridge", "FAC", "tarnby bridge"), ("Bridge", "PROPN", "bridge")]
    assert "bridge" not in doc_keys(mentions, "", _stats())
