"""One named person compared with someone of their own: "Was X older than her husband?" (pure).

"Who died first, X or his wife?", "Is X older than her brother?": the question names one side; the other is the
first side's own kin or post holder, pointed at by a possessive pronoun after "than" or "or". Both sides start from
the one name: the compared fact of X, and the same fact of X's husband.
"""

from __future__ import annotations

from collections.abc import Callable

from hopgraph.router.comparing import name_type, read_comparison
from hopgraph.router.lexicon import Mention
from hopgraph.router.spans import ParsedQuestion, Span
from hopgraph.router.tokens import POSSESSIVE_POINTERS, Tok
from hopgraph.router.vocab import RELATIONS

_SIDE_JOINERS = frozenset("than or".split())


def compared_with_own(toks: list[Tok], mentions: list[Mention], spans: list[Span],
                      type_of: Callable[[str], str] | None) -> ParsedQuestion | None:
    """The comparison of the question's one named side with its own kin ("X or his wife"), or None when the
    question names another side, or the other side is no relation of the vocabulary after a possessive pronoun."""
    named = {t.anchor: t.i for t in toks if t.anchor >= 0}
    if len(named) != 1:
        return None
    (anchor, at), = named.items()
    own = next((m for m in mentions if m.start >= 2 and m.start > at and not m.sense.verb
                and toks[m.start - 1].lower in POSSESSIVE_POINTERS and toks[m.start - 2].lower in _SIDE_JOINERS
                and all(r in RELATIONS for r in m.sense.resolve())), None)
    if own is None or (own.end < len(toks) and toks[own.end].anchor >= 0):
        return None  # ("A or his son B": two named sides)
    name = spans[anchor].text
    c = read_comparison(toks, [m for m in mentions if m is not own], [anchor], [name_type(name, type_of)], named)
    if not c.attribute or c.attribute not in RELATIONS:
        return None
    kin = list(own.sense.resolve())
    chains = [[c.attribute], kin + [c.attribute]]
    return ParsedQuestion("bridge_comparison", [name, name], chains[0], order=c.order, chains=chains, confidence=0.5,
                          reason=f"compares {c.attribute} / {' -> '.join(chains[1])} of {name} and {name}")
