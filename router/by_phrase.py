"""A noun's reduced passive clause whose agent is the chain's end (pure).

    "Which building housed the museum first run by the mother of X?"   the mother of X, then the museum she ran,
                                                                       then the building that housed it

The words of "the museum run by" are no relation the vocabulary knows, and read as one run with the question's
own verb ("building housed museum run") they asked one open fact of the mother. The clause says what the chain's
end did to its noun, so it is a hop of its own, right after the chain and before the question's own verb.
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention
from hopgraph.router.tokens import Tok

#: Words between a noun and its participle that only say when ("the museum first run by").
_WHEN = frozenset("first once later originally formerly then now".split())
_DETERMINERS = frozenset("the a an".split())


def done_by_chain(toks: list[Tok], words: list[Tok], ordered: list[Mention]) -> list[Tok]:
    """The noun and participle among `words` (the words no phrase explains) of "the <noun> <participle> by <the
    chain's outermost phrase> …", when every relation phrase of the chain comes after "by"; [] otherwise."""
    if not ordered:
        return []
    free = {t.i for t in words}
    for verb in words:
        by = verb.i + 1
        if verb.pos != "VERB" or by >= len(toks) or toks[by].lower != "by" or any(m.start <= by for m in ordered):
            continue
        agent = by + 1
        while agent < len(toks) and toks[agent].lower in _DETERMINERS:
            agent += 1
        if min(m.start for m in ordered) != agent:  # the by-phrase is the chain's outermost phrase
            continue
        noun = verb.i - 1
        while noun >= 0 and toks[noun].lower in _WHEN:
            noun -= 1
        if noun < 1 or noun not in free or toks[noun].pos != "NOUN" or toks[noun].anchor >= 0:
            continue
        first = noun
        while first >= 1 and first - 1 in free and toks[first - 1].pos in ("NOUN", "ADJ"):
            first -= 1
        return [t for t in words if first <= t.i <= verb.i and t.lower not in _WHEN]
    return []
