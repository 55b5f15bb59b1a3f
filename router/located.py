"""The part of a country a located-in phrase asks for: "the county where X is located" -> "county" (pure).

"Where X is located" reads as the `country` relation (where X lies). The noun heading its relative clause says
which container is meant: a country ("the country where …"), or a part of one ("the county where X is located",
"the county in which X lies", "the province that X is found in"). That noun is the kind of the bridge, so the
search asks for it ("county of X") and the grader prefers names that are not countries.
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention
from hopgraph.router.tokens import CLAUSE_BREAK, Tok

#: Nouns naming a part of a country (a container smaller than a country). Not "state": a sovereign state is a
#: country ("the state where X lies" may be either).
PARTS = frozenset("county region province district area municipality city town village territory "
                  "prefecture canton department parish borough".split())
_CLAUSE_WORDS = frozenset("where which that".split())
_PREPOSITIONS = frozenset("in on at within".split())
LOOK_BACK = 6  # tokens between a clause's head noun and the located phrase


def locates(m: Mention) -> bool:
    """The phrase reads as where something lies when its clause names a place ("located", "found", "based")."""
    return m.sense.resolve("place", inner=True) == ("country",)


def located_part(toks: list[Tok], ordered: list[Mention]) -> str:
    """The noun heading the relative clause of the innermost located-in phrase, when it names a part of a
    country; "" otherwise."""
    for m in ordered:
        if locates(m):
            head = clause_head(toks, m.start)
            return toks[head].lower if head >= 0 and toks[head].lower in PARTS else ""
    return ""


def clause_head(toks: list[Tok], start: int) -> int:
    """Token index of the noun a relative clause hangs on ("the state where …", "the county in which …"),
    looking back from the phrase at `start`; -1 when there is none."""
    for j in range(start - 1, max(-1, start - LOOK_BACK - 1), -1):
        t = toks[j]
        if t.lower in CLAUSE_BREAK:
            return -1
        if t.lower in _CLAUSE_WORDS and not (t.lower == "that" and t.pos == "DET"):  # ("where that firm is …")
            k = j - 1
            if k >= 0 and toks[k].lower in _PREPOSITIONS and t.lower == "which":
                k -= 1  # "the county in which"
            return k if k >= 0 and toks[k].pos in ("NOUN", "") else -1
    return -1
