"""Corpus-wide name rules asked for a neighbourhood's names only (indexing/corpus_names.py)."""

from __future__ import annotations

from hopgraph.indexing.corpus_names import CorpusNames
from hopgraph.indexing.names import NameStats, corpus_short_keys, honorific_keys

TYPES = {"ada quillon": "PERSON", "quillon": "PROPN", "orrin merrick": "PERSON", "ilse merrick": "PERSON", "merrick": "PROPN",
         "tarrow works": "ORG", "tarrow": "PROPN", "king aldo ii": "PERSON", "aldo ii": "PERSON",
         "queen mira": "PERSON", "lake": "PROPN"}
NAMED = set(TYPES) - {"lake"}


def test_short_names_and_honorifics_for_some_names_equal_the_whole_corpus_rules() -> None:
    corpus = CorpusNames(TYPES, NAMED)
    whole = corpus_short_keys({"": [("", "PERSON", n) for n in sorted(NAMED)]}, NameStats(TYPES))
    assert whole["quillon"] == "ada quillon" and "merrick" not in whole  # two people called Merrick: no unique full name
    for norms in ({"quillon"}, {"merrick", "lake"}, {"tarrow", "ada"}, set(TYPES)):
        assert corpus.across_for(norms) == {k: v for k, v in whole.items() if k in norms}
    bare = honorific_keys(set(TYPES))
    assert bare == {"king aldo ii": "aldo ii"}  # "queen mira": no "mira" in the corpus
    assert corpus.bare_for({"king aldo ii", "unknown name"}) == bare
    assert corpus.bare_for({"queen mira"}) == {}


def test_related_names_of_a_change() -> None:
    shorts, forms = CorpusNames(TYPES, NAMED).related({"orrin merrick", "aldo ii"})
    assert {"orrin merrick", "orrin", "merrick", "o merrick"} <= shorts
    assert forms == {"orrin merrick", "aldo ii", "king aldo ii"}
