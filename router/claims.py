"""A claim put to be checked: the value it ends on is what is checked, not where the chain starts.

    "The chair of the X committee - I read that she studied at Y. Is that right?"   Y is checked
    "Is it true that the man who leads the fork of X grew up in Y?"                   Y is checked
    "A friend says X's founder was born in 1950. Is he right?"                       no name ends it: nothing

The claim names the chain's start (X) and, last, after a preposition, the value the asker wants confirmed
(Y). Reading the chain from Y asks the wrong question; Y is searched with the chain's own steps instead, and
since no requirement states Y itself, the reading stays unsure.
"""

from __future__ import annotations

from hopgraph.router.tokens import CONFIRMING, Tok

#: Prepositions before a checked value ("studied at Y", "grew up in Y", "moved to Y").
_BEFORE_VALUE = frozenset("at in from to for on with under into".split())
_END = frozenset(". ? ! , ;".split())


def checked_value(toks: list[Tok], qs: int) -> int | None:
    """The anchor the claim in sentence `qs` puts to be checked, or None when it is no claim or names one thing."""
    claim = [t for t in toks if t.sent == qs]
    if not (_checked_after(toks, qs) or _is_it_true(claim)):
        return None
    named = [t for t in claim if t.anchor >= 0]
    if len({t.anchor for t in named}) < 2:
        return None
    last = named[-1]
    rest = [t for t in claim if t.i > last.i]
    before = [t for t in claim if t.i < last.i]
    if not before or before[-1].lower not in _BEFORE_VALUE or any(t.text not in _END for t in rest):
        return None
    return last.anchor


def _checked_after(toks: list[Tok], qs: int) -> bool:
    """A later sentence only asks whether the claim holds ("Is that right?", "Is he right?")."""
    later = [t for t in toks if t.sent > qs]
    return bool(later) and all(t.lower in CONFIRMING for t in later)


def _is_it_true(claim: list[Tok]) -> bool:
    words = [t.lower for t in claim[:4]]
    return words[:3] in (["is", "it", "true"], ["is", "that", "true"])
