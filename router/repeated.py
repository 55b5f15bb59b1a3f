"""When one relation named twice is two steps of the chain, not one phrase said twice (pure).

    "the filmmaker who directed X"              one step: a noun and its verb name the same relation
    "the singer of the band behind X"           two steps: an "of" joins them
    "the person who led X now chairs which body?"   two steps: two verbs, the later asking its object in place
    "Who succeeded the man who succeeded X?"    two steps: one verb said twice, each in a clause of its own
    "the man who succeeded X's successor"       two steps: the verb's object is someone the noun names
    "X's successor's successor"                 two steps: the first noun is the second one's possessor
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention
from hopgraph.router.tokens import RELATIVE_WORDS, Tok


def two_steps(toks: list[Tok], a: Mention, b: Mention) -> bool:
    """Whether the mentions `a` then `b`, read as one relation, are two steps of it."""
    return _of_phrase(toks, a, b) or _two_verbs(toks, a, b) or _verb_of_possessed(toks, a, b) \
        or _possessor_of(toks, a, b)


def _two_verbs(toks: list[Tok], a: Mention, b: Mention) -> bool:
    """Two verb phrases apart, the later one asking its object in place ("… now chairs which body?"), or one verb
    said twice, each in a clause of its own ("Who succeeded the man who succeeded X?")."""
    if not all(x.sense.verb and toks[x.start].pos == "VERB" for x in (a, b)):
        return False
    lo, hi = (a, b) if a.end <= b.start else (b, a)
    again = toks[a.start].lemma == toks[b.start].lemma and any(t.lower in RELATIVE_WORDS for t in toks[lo.end:hi.start])
    asks = b.end < len(toks) and toks[b.end].lower in ("which", "what")
    return again or (asks and a.end < b.start - 1)


def _of_phrase(toks: list[Tok], a: Mention, b: Mention) -> bool:
    """Two relation phrases joined by "of" ("the singer of the band …"): two steps, even of one relation."""
    lo, hi = (a, b) if a.end <= b.start else (b, a)
    between = [t.lower for t in toks[lo.end:hi.start]]
    return "of" in between and set(between) <= {"of", "the", "a", "an", "its", "their", "his", "her"}


def _verb_of_possessed(toks: list[Tok], a: Mention, b: Mention) -> bool:
    """A verb whose object is a possessive's noun of the same relation ("succeeded X's successor", "replaced the
    chair's deputy"): the noun is one step from X, the verb one more from the noun's answer."""
    lo, hi = (a, b) if a.end <= b.start else (b, a)
    between = toks[lo.end:hi.start]
    return lo.sense.verb and toks[lo.start].pos == "VERB" and toks[hi.start].pos == "NOUN" and bool(between) \
        and between[-1].possessive and all(t.pos in ("DET", "PROPN", "NOUN", "ADJ", "") or t.anchor >= 0
                                           for t in between)


def _possessor_of(toks: list[Tok], a: Mention, b: Mention) -> bool:
    """One noun is the possessor of the next ("X's successor's successor", "her predecessor's predecessor")."""
    lo, hi = (a, b) if a.end <= b.start else (b, a)
    return hi.start == lo.end and toks[lo.end - 1].possessive and toks[lo.end - 1].pos == "NOUN" \
        and toks[hi.start].pos == "NOUN"
