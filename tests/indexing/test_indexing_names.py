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


def _company_stats() -> NameStats:
    return NameStats({"quellan": "PERSON", "quellan therapeutics": "ORG", "quellan diagnostics": "ORG",
                      "ossby": "PERSON", "ossby press": "ORG", "ossby station": "FAC",
                      "marrow": "PERSON", "marrow analytics": "ORG", "ida marrow": "PERSON"})


def test_a_company_called_by_its_first_word_joins_the_one_company_of_the_document_it_starts():
    stats = _company_stats()
    mentions = [("Quellan Therapeutics", "ORG", "quellan therapeutics"), ("Quellan", "PERSON", "quellan")]
    assert doc_keys(mentions, "", stats)["quellan"] == "quellan therapeutics"
    mentions.insert(1, ("Quellan Diagnostics", "ORG", "quellan diagnostics"))
    assert "quellan" not in doc_keys(mentions, "", stats)


def test_a_first_word_that_also_starts_a_places_name_or_is_a_surname_does_not_join_a_company():
    stats = _company_stats()
    assert "ossby" not in doc_keys([("Ossby Press", "ORG", "ossby press"), ("Ossby", "PERSON", "ossby")], "", stats)
    mentions = [("Marrow Analytics", "ORG", "marrow analytics"), ("Marrow", "PERSON", "marrow")]
    assert "marrow" not in doc_keys(mentions, "", stats)


def test_a_family_members_first_name_is_the_corpus_person_with_the_familys_surname():
    stats = NameStats({"ada brook": "PERSON", "tam brook": "PERSON", "cy tam": "PERSON", "tam": "PERSON"})
    mentions = [("Ada Brook", "PERSON", "ada brook"), ("Tam", "PERSON", "tam")]  # "survived by his son, Tam"
    assert doc_keys(mentions, "", stats)["tam"] == "tam brook"
    # no person of the document shares a surname with a "Tam ..." of the corpus: left to the corpus-wide rules
    assert "tam" not in doc_keys([("Ola Vess", "PERSON", "ola vess"), ("Tam", "PERSON", "tam")], "", stats)
    # two candidates (Tam Brook and Tam Vess beside Ada Brook and Ola Vess): no reading
    stats = NameStats({**stats.types, "tam vess": "PERSON", "ola vess": "PERSON"})
    mentions += [("Ola Vess", "PERSON", "ola vess")]
    assert "tam" not in doc_keys(mentions, "", stats)


def test_a_documents_overrides_are_remembered_per_document_while_the_statistics_stay():
    from unittest import mock

    from hopgraph.indexing import names

    memo = names.DocKeysMemo()
    stats = _stats()
    mentions = [("Ostrel Philharmonic", "ORG", "ostrel philharmonic"), ("Philharmonic", "ORG", "philharmonic")]
    first = memo("d1", mentions, "", stats, stats)
    first["extra"] = "x"  # a copy: the caller may add to it
    with mock.patch.object(names, "doc_keys", side_effect=AssertionError("made again")):
        assert memo("d1", list(mentions), "", stats, stats) == doc_keys(mentions, "", stats)
    assert memo("d1", mentions[:1], "", stats, stats) == doc_keys(mentions[:1], "", stats)  # other mentions
    other = _stats()
    with mock.patch.object(names, "doc_keys", wraps=doc_keys) as made:
        memo("d1", mentions[:1], "", other, other)  # other statistics: made again
    assert made.call_count == 1


def test_stats_moved_by_some_names_are_those_counted_afresh():
    """`NameStats.moved`: names gone, retyped and new move the word counts as a count of the new types gives."""
    before = {"ada brook": "PERSON", "tam brook": "PERSON", "brook hall": "ORG", "tam": "PERSON", "ola vess": "PERSON",
              "vess works": "ORG"}
    after = {k: v for k, v in before.items() if k != "tam brook"}
    after.update({"ada brook": "ORG", "ola kell": "PERSON"})
    changed = {k: before.get(k) for k in ("tam brook", "ada brook", "ola kell")}
    moved, fresh = NameStats(before).moved(after, changed), NameStats(after)
    assert (moved.starts, moved.surnames, moved.non_org_starts) == (fresh.starts, fresh.surnames, fresh.non_org_starts)
    assert "brook" not in moved.surnames and moved.types is after
