"""The chain a question sentence reads from its pronoun, when the pronoun points at something unnamed.

    "X put up a new boathouse a couple of years back. Who runs the firm that built it?"
        the boathouse is unnamed: an open bridge from X, then "the firm that built it" -> maker, leader
    "X got a new drummer from a folk group. Which label puts out that group's records?"
        an open bridge from X, then the label of "that group" (a noun after "that" points back too)

The pronoun ("it", "its", "they", "their", …) stands where a name would: reading the sentence with the
pronoun as the anchor gives the hops after the open bridge, instead of one open relation of every word.
"""

from __future__ import annotations

from dataclasses import replace

from hopgraph.router.lexicon import Mention
from hopgraph.router.reading import Chain, read_chain
from hopgraph.router.tokens import POSSESSIVE_POINTERS, Tok

#: Pronouns that can stand for the unnamed thing a context sentence introduced.
_STAND_INS = frozenset("it its they them their he him his she her".split())
#: Determiners with which a noun points back like a pronoun ("that group"; not "the", which names a new thing).
_POINTING = frozenset("that this these those".split())
#: Longest open relation (in words) a pointed chain may carry: longer ones are the sentence's leftovers.
_MAX_OPEN_WORDS = 3


def pointed_chain(qtoks: list[Tok], mentions: list[Mention], asked: str, anchor: int, wh: set[int]) -> Chain | None:
    """The chain read with the question sentence's first stand-in pronoun as `anchor`; None when there is no
    such pronoun, no relation is read from it, or a relation is a long run of leftover words."""
    at = next((t.i for t in qtoks if t.anchor < 0 and (t.lower in _STAND_INS or _pointed_noun(qtoks, t))), None)
    if at is None:
        return None
    pointed = [replace(t, anchor=anchor, possessive=t.lower in POSSESSIVE_POINTERS) if t.i == at else t for t in qtoks]
    chain = read_chain(pointed, [m for m in mentions if not m.start <= at < m.end], asked, anchor, wh)
    if not chain.relations or any(len(r.split()) > _MAX_OPEN_WORDS for r in chain.relations):
        return None
    return chain


def _pointed_noun(toks: list[Tok], t: Tok) -> bool:
    """ "that group", "this band": a noun after a pointing determiner stands for what the context introduced."""
    return t.i >= 1 and toks[t.i - 1].lower in _POINTING and t.pos == "NOUN"


def pointed_relations(chain: Chain) -> list[str]:
    """The hops after the open bridge: the chain's relations, then the question's own verb when no phrase explains
    it ("Who chairs the body that runs the hall it uses?": what runs the hall, then who chairs that)."""
    alone = chain.main_verb and " " not in chain.main_verb  # ("Which label puts out …": the label is read already)
    return chain.relations + [chain.main_verb] if alone else chain.relations
