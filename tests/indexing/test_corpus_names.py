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


def test_a_corpus_read_beside_another_decides_as_if_made_alone() -> None:
    """Before and after an update differ in a few names: the short names of either are decided alike whether
    its full names are indexed anew or read through the other's index ("ilse merrick" leaves: "merrick" is
    Orrin's alone; "ada vell" comes: "vell" is hers)."""
    after_types = {k: v for k, v in TYPES.items() if k != "ilse merrick"} | {"ada vell": "PERSON", "vell": "PROPN"}
    after_named = (NAMED - {"ilse merrick"}) | {"ada vell", "vell"}
    after = CorpusNames(after_types, after_named)
    before = after.beside(TYPES, NAMED)
    norms = set(TYPES) | set(after_types) | {"ada", "ilse"}
    assert before.across_for(norms) == CorpusNames(TYPES, NAMED).across_for(norms)
    assert after.across_for(norms)["merrick"] == "orrin merrick" and after.across_for(norms)["vell"] == "ada vell"
    assert "merrick" not in before.across_for(norms) and "vell" not in before.across_for(norms)
    back = before.beside(after_types, after_named)  # and the other way round
    assert back.across_for(norms) == after.across_for(norms)


def test_each_short_name_is_decided_once_per_corpus(monkeypatch) -> None:
    corpus = CorpusNames(TYPES, NAMED)
    asked: list[str] = []
    decide = corpus._across_one
    monkeypatch.setattr(corpus, "_across_one", lambda n: asked.append(n) or decide(n))
    first = corpus.across_for({"quillon", "merrick"})
    assert corpus.across_for({"quillon", "merrick", "tarrow"}) == {**first, **corpus.across_for({"tarrow"})}
    assert sorted(asked) == ["merrick", "quillon", "tarrow"]
