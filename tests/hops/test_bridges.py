"""Reading the bridge name a sentence states (hops/bridges.py)."""

from __future__ import annotations

from hopgraph.hops.bridges import in_address, lexical_bridges
from hopgraph.router.vocab import RELATIONS, cue_regex


def test_nearest_name_after_the_cue_word():
    rel = RELATIONS["director"]
    assert lexical_bridges("Shot in Paris, it was directed by Ann Smith and stars Bob Jones.", "X", rel, cue_regex("director"))[0] == "Ann Smith"


def test_parents_from_child_of_phrasing():
    s = "Marie de Namur was the daughter of John I, Marquis of Namur and Marie of Artois."
    assert lexical_bridges(s, "Marie de Namur", RELATIONS["father"], cue_regex("father")) == ["John I, Marquis of Namur"]
    assert lexical_bridges(s, "Marie de Namur", RELATIONS["mother"], cue_regex("mother")) == ["Marie of Artois"]
    # an explicit kinship word wins over the convention
    assert lexical_bridges("Her mother was Anne Boleyn.", "Elizabeth", RELATIONS["mother"], cue_regex("mother"))[0] == "Anne Boleyn"


def test_nationality_adjectives_are_not_people():
    s = "It is a song recorded by American country music artist John Anderson."
    assert lexical_bridges(s, "Somebody Slap Me", RELATIONS["performer"], cue_regex("performer"))[0] == "John Anderson"


def test_siblings_are_the_other_children_a_parent_sentence_lists():
    rel, cue = RELATIONS["sibling"], cue_regex("sibling")
    text = "Scott Young was a journalist and the father of musicians Neil Young and Astrid Young."
    assert lexical_bridges(text, "Neil Young", rel, cue) == ["Astrid Young"]
    assert lexical_bridges("Scott Young was the father of Neil Young.", "Neil Young", rel, cue) == []


def test_an_address_ends_in_a_country():
    text = "It is a dam on the Woes River, near Middelburg, Mpumalanga, South Africa."
    assert in_address(text, "Middelburg") and not in_address("He met Middelburg, Smith and Jones.", "Middelburg")
    assert lexical_bridges(text, "Middelburg", RELATIONS["country"], None)[:2] == ["Mpumalanga", "South Africa"]


def test_any_address_ending_in_a_country():
    from hopgraph.hops.bridges import has_address

    assert has_address("It has its corporate headquarters in Wilmington, Delaware, United States.")
    assert not has_address("He met Smith, Jones and Brown.")
