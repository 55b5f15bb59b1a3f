"""Acronyms and their names in the hop loop's searches (hops/name_twins.py)."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.name_twins import NameTwins, initials, is_acronym_of
from hopgraph.models import Entity


def test_initials_with_and_without_small_words() -> None:
    assert initials("Institute of Alpine Hydrology") == ("IAH", "IOAH")
    assert initials("Marrow & Pell Freight") == ("MPF", "MPF")


def test_an_acronym_must_be_the_names_initials() -> None:
    assert is_acronym_of("DCAA", "Dunmore Coast Air Ambulance") and is_acronym_of("iah", "Institute of Alpine Hydrology")
    assert not is_acronym_of("DCA", "Dunmore Coast Air Ambulance")  # a letter short
    assert not is_acronym_of("TESSA", "Teresa Ashworth")  # a nickname, not initials
    assert not is_acronym_of("K", "Kelvair") and not is_acronym_of("KV", "Kelvair")  # one word has no acronym


def test_expand_adds_the_acronym_of_a_name_spelt_out() -> None:
    twins = NameTwins([("Dunmore Coast Air Ambulance", "DCAA"), ("Tarrow Housing Group", "THG")])
    assert twins.expand("Dunmore Coast Air Ambulance medical director") == "Dunmore Coast Air Ambulance medical director DCAA"
    assert twins.expand("who chairs the tarrow housing group") == "who chairs the tarrow housing group THG"
    assert twins.expand("dcaa patron birthplace") == "dcaa patron birthplace"  # the long name would outweigh the rest
    assert twins.expand("Who chairs the DCAA, the Dunmore Coast Air Ambulance?") == \
        "Who chairs the DCAA, the Dunmore Coast Air Ambulance?"  # both forms there: nothing to add
    assert twins.expand("Who founded Kelvair?") == "Who founded Kelvair?"


def test_an_acronym_two_names_share_is_left_out() -> None:
    twins = NameTwins([("Abbey Homes", "AH"), ("Pell Records", "PR"), ("Pine Radio", "PR")])
    assert twins.pairs == [("Abbey Homes", "AH")]
    assert twins.expand("Pell Records founder") == "Pell Records founder"
    assert twins.expand("Abbey Homes chief executive") == "Abbey Homes chief executive AH"


def test_pairs_come_from_the_graphs_aliases() -> None:
    entities = {0: Entity(entity_id=0, name="Dunmore Coast Air Ambulance", type="ORG", aliases=["DCAA"], doc_freq=2),
                1: Entity(entity_id=1, name="Teresa Ashworth", type="PERSON", aliases=["Tessa"], doc_freq=1)}
    kg = KnowledgeGraph.from_parts(entities, [], [(0, "a#0"), (1, "b#0")], [("dcaa", 0), ("tessa", 1)], {})
    assert NameTwins.from_graph(kg).pairs == [("Dunmore Coast Air Ambulance", "DCAA")]
