"""A clause that only says when ("before entering politics", "after leaving the band") (pure).

"What did the mayor do for a living before entering politics?" asks the mayor's occupation; the clause
opened by a time conjunction and a verb in -ing places the fact in time and names no relation to follow.
It is taken out of the tokens the chain is read from, unless it names an entity ("before joining X" may
be where the chain starts).
"""

from __future__ import annotations

from hopgraph.router.tokens import Tok, renumber

_TIME_CONJUNCTIONS = frozenset("before after while since until when".split())
_ENDS = frozenset(", ; ? . !".split())


def without_time_clause(toks: list[Tok]) -> list[Tok]:
    """The tokens without a "before/after/while/since/until/when + V-ing …" clause that names no entity,
    renumbered; unchanged when there is none."""
    for t in toks[1:-1]:
        nxt = toks[t.i + 1]
        if t.lower not in _TIME_CONJUNCTIONS or nxt.pos != "VERB" or not nxt.lower.endswith("ing"):
            continue
        end = next((u.i for u in toks[t.i + 1:] if u.lower in _ENDS), len(toks))
        if any(u.anchor >= 0 for u in toks[t.i:end]):
            continue
        return renumber(toks[:t.i] + toks[end:])
    return toks
