"""Which date of each side a "before/after" question compares, when each name has a verb of its own (pure).

"Did A die before B was born?" compares A's death with B's birth: one attribute for both sides ("born_date" of
each) misreads it. Each compared name owns the phrases between it and the next name (or the end), so its own verb
says which of its dates counts.
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention
from hopgraph.router.tokens import Tok
from hopgraph.router.vocab import answers_a_date


def dates_of_each_side(toks: list[Tok], mentions: list[Mention], compared: list[int],
                       positions: dict[int, int]) -> list[str] | None:
    """The date relation each of two compared names' own verb asks ("die" -> died_date, "born" -> born_date), in
    `compared` order, when the two differ; None when a side has no such verb, or more than one, or both ask the same
    date (one attribute then reads the question)."""
    if len(compared) != 2 or any(a not in positions for a in compared):
        return None
    starts = sorted(positions[a] for a in compared)
    dates = []
    for a in compared:
        at = positions[a]
        end = min((p for p in starts if p > at), default=len(toks))
        own = [r for m in mentions if at < m.start < end for r in m.sense.resolve("date", inner=False)[-1:]]
        if len(own) != 1 or not answers_a_date(own[0]):
            return None
        dates.append(own[0])
    return dates if dates[0] != dates[1] else None
