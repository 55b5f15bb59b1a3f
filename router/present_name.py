"""A question for the name a thing goes by now (pure).

    "What is X called today?"                       the name X has now: a hop of its own from X
    "What is the college Y attended called now?"    Y's college, then the name it has now
    "What is X known as these days?"                the same, said with "known as"

A naming verb with a word of the present says the thing was renamed: the name asked is another than the one the
chain reaches. Documents say so with "renamed", "now called", "became": the hop searches those words with the
thing reached.
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.tokens import Tok

#: Verbs that give a thing its name.
_NAMING = frozenset("call name know rename".split())
#: Words that place the naming in the present.
_PRESENT = frozenset("now today nowadays currently presently".split())
#: The open relation of a present name: the words documents say it with.
PRESENT_NAME = "renamed now called"


def present_name(toks: list[Tok]) -> Mention | None:
    """The naming verb of a question that asks what a thing is called now, as an open relation; None otherwise."""
    for t in toks:
        if t.pos != "VERB" or t.lemma not in _NAMING or any(u.anchor >= 0 for u in toks[t.i + 1:t.i + 4]):
            continue  # ("the school, now called X, …": the name is said, not asked)
        near = toks[max(0, t.i - 2):t.i + 4]
        when = [u.i for u in near if u.lower in _PRESENT or _these_days(toks, u)]
        if when and not any(u.pos == "VERB" for u in toks[min(t.i, when[0]) + 1:max(t.i, when[-1])]):
            start = min(t.i, when[0] - (toks[when[0]].lower == "days"))  # (the words of the present are no hop)
            end = max(t.i, when[-1]) + 1
            return Mention(start, end, " ".join(u.text for u in toks[start:end]),
                           Sense(relation=PRESENT_NAME, verb=True), via="open")
    return None


def _these_days(toks: list[Tok], t: Tok) -> bool:
    return t.lower == "days" and t.i > 0 and toks[t.i - 1].lower == "these"
