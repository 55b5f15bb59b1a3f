"""Getting an award is receiving it: "Did A or B get the X Medal first?" (pure).

"get" says nothing of its own; with an object named as an award ("the Quill Medal", "the Orrin Prize") it is the
award relation, as "win" and "receive" are.
"""

from __future__ import annotations

from collections.abc import Callable

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.tokens import Tok

#: Last words of the names of awards ("the Quill Medal", "the Orrin Prize").
_AWARD_WORDS = frozenset("medal medals prize prizes award awards trophy cup honour honor scholarship fellowship "
                         "shield bursary".split())


def award_got(toks: list[Tok], mentions: list[Mention], name_of: Callable[[int], str]) -> list[Mention]:
    """ "Did A or B get the X Medal first?", "who got the X Prize": "get" whose object is named as an award is
    receiving it (the award relation), as "win" and "receive" are; any other "get" says nothing."""
    used = {i for m in mentions for i in range(m.start, m.end)}
    out = []
    for t in toks:
        if t.lemma != "get" or t.pos not in ("VERB", "AUX", "") or t.i in used:
            continue
        nxt = next((u for u in toks[t.i + 1:t.i + 3] if u.lower not in ("the", "a", "an", "their", "his", "her")), None)
        if nxt is not None and nxt.anchor >= 0 and name_of(nxt.anchor).split()[-1].lower() in _AWARD_WORDS:
            out.append(Mention(t.i, t.i + 1, t.text, Sense(relation="award", verb=True)))
    return out
