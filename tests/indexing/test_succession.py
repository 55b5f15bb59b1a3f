"""Who held a position before (indexing/succession.py): pure, on hand-built triples with invented names."""

from __future__ import annotations

from hopgraph.indexing.succession import succession_triples
from hopgraph.models import Triple


def _t(s: str, p: str, o: str, sentence: str = "s") -> Triple:
    return Triple(subject=s, predicate=p, object=o, chunk_id="c1", sentence=sentence, pattern="svo")


def test_the_predecessor_held_the_post_the_successor_takes():
    got = succession_triples([_t("Tam Ostry", "role: chief executive", "Quorvex Labs", "a"),
                              _t("Tam Ostry", "role: head of product", "Brask Tents", "b"),
                              _t("Ostry", "take over from", "Orla Vennick", "b")])
    assert got == [("Orla Vennick", "role: chief executive", "Quorvex Labs", "succession", "b")]


def test_no_post_no_predecessor_and_no_role_to_oneself():
    assert succession_triples([_t("Tam Ostry", "succeed", "Orla Vennick")]) == []
    assert succession_triples([_t("Tam Ostry", "role: director", "Orla Vennick"),
                               _t("Tam Ostry", "succeed", "Orla Vennick")]) == []


def test_a_director_kept_as_its_own_noun_is_handed_on_a_founding_is_not():
    got = succession_triples([_t("Orla Vennick", "director", "Institute of Snow Studies", "a"),
                              _t("Vennick", "succeed", "Tam Ostry", "b")])
    assert got == [("Tam Ostry", "director", "Institute of Snow Studies", "succession", "b")]
    assert succession_triples([_t("Orla Vennick", "founder", "Quorvex Labs"), _t("Vennick", "succeed", "Tam Ostry")]) == []


def test_a_post_said_only_after_the_succession_is_not_handed_on():
    got = succession_triples([_t("Tam Ostry", "succeed", "Orla Vennick", "a"),
                              _t("Tam Ostry", "role: finance director", "Brask Tents", "b")])
    assert got == []  # (a former post of the newcomer's, told after the appointment)
