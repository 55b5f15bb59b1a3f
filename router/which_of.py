""" "Which of …": one of the sides a question names, or one of somebody's own (pure).

    "Which of A and B was founded first?", "Which of the two …"   one of the named sides: a comparison
    "Which of her brothers led X?", "Which of Tom's sons …"      one of somebody's kin or things
    "He had three daughters. Which of them ran X?"             one of those he had

Picking one of somebody's own is a relation's answers narrowed by the rest of the question, no comparison of the
names the question gives.
"""

from __future__ import annotations

from hopgraph.router.tokens import POSSESSIVE_DETERMINERS, Tok

_BACK_POINTERS = frozenset("them those these".split())


def picks_among_own(toks: list[Tok]) -> bool:
    """The question has "which (one) of" and every one picks among somebody's own ("which of her sisters")."""
    picks = [_after_which_of(toks, t.i) for t in toks if t.lower == "which"]
    picks = [k for k in picks if k is not None]
    return bool(picks) and all(_somebodys_own(toks, k) for k in picks)


def _after_which_of(toks: list[Tok], i: int) -> int | None:
    """The position after "which of" / "which one of" at `i`, else None."""
    j = i + 1 + (i + 1 < len(toks) and toks[i + 1].lower == "one")
    return j + 1 if j < len(toks) and toks[j].lower == "of" else None


def _somebodys_own(toks: list[Tok], k: int) -> bool:
    """At `k`, a possessive ("her", "Tom's") before a plural noun, or "them" after somebody had a number of them."""
    if k >= len(toks):
        return False
    t = toks[k]
    if t.lower in _BACK_POINTERS:
        return _had_a_number_of(toks, k)
    if not (t.lower in POSSESSIVE_DETERMINERS or (t.anchor >= 0 and t.possessive)):
        return False
    n = k + 1
    while n < len(toks) and toks[n].pos == "ADJ":
        n += 1
    return n < len(toks) and _plural_noun(toks[n])


def _had_a_number_of(toks: list[Tok], k: int) -> bool:
    """ "had three daughters", "has two sons" before `k`."""
    return any(toks[i].lemma == "have" and toks[i + 1].pos == "NUM" and _plural_noun(toks[i + 2])
               for i in range(k - 2))


def _plural_noun(t: Tok) -> bool:
    return t.pos == "NOUN" and t.anchor < 0 and t.lower != t.lemma
