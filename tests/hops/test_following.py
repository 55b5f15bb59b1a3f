"""Sentences about an entity that do not name it (hops/following.py). Invented world: Ada Brook, Tom Reed."""

from __future__ import annotations

from hopgraph.hops.following import following, lists_names


def _sents(*sentences: str) -> tuple[str, list[tuple[int, str]]]:
    text = " ".join(sentences)
    return text, [(text.index(s), s) for s in sentences]


def test_a_list_of_names_is_about_none_of_them():
    assert lists_names("Present: Cllr A. Brook (chair), T. Reed, K. Lane, J. Marsh (officer). 1.")
    assert lists_names("Apologies: J.M., Tom Reed and Ann Lee.")
    assert not lists_names("Ada Brook, Tom Reed and Kit Lane founded Brenmark in 2001.")
    assert not lists_names("Ada Brook joined the firm in 2001.")


def test_nothing_follows_a_list_of_names_but_a_sentence_about_one_name_goes_on():
    text, sents = _sents("Present: A. Brook, T. Reed, K. Lane.", "The chair welcomed Ms Vane, who replaces Mr Ash.")
    assert following(text, sents, sents[:1]) == []
    text, sents = _sents("Ada Brook joined Brenmark in 2001.", "She took over the shop from her father in 2004.")
    assert following(text, sents, sents[:1]) == [sents[1][1]]
