"""Does the question sentence point back at what an earlier sentence named? (pure)

"Harrowby lies in a parish; which bishop of the Northern See oversees that parish?" and "I'm reading about X.
Which league did the country that holds it join?": the chain starts from the earlier sentence's
name, reached through a pronoun ("contains it", "its director") or a demonstrative whose noun the earlier
sentence introduced ("that parish" after "a parish"). A name in the question sentence ("the Northern See",
"the league") then only places or completes the fact; it is not where the chain starts.
"""

from __future__ import annotations

from hopgraph.router.asked import PERSON_NOUNS
from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import Mention
from hopgraph.router.tokens import POSSESSIVE_POINTERS, Tok

_OBJECT_PRONOUNS = frozenset("it him her them".split())
_DEMONSTRATIVES = frozenset("that this these those".split())
_PERSONAL_OWNERS = frozenset("his her their".split())


def points_back(question: list[Tok], mentions: list[Mention], earlier: list[Tok]) -> bool:
    """The question sentence's tokens hold a pronoun a relation phrase takes as its object or owner, or a
    demonstrative noun phrase ("that district") whose noun an earlier sentence (`earlier`) introduced."""
    earlier_nouns = {t.lemma for t in earlier if t.pos == "NOUN"}
    for t in question:
        if t.lower in _OBJECT_PRONOUNS and any(m.end == t.i for m in mentions):
            return True  # "the country that holds it"
        nxt = question[t.i + 1] if t.i + 1 < len(question) else None
        if nxt is None or nxt.pos != "NOUN":
            continue
        if t.lower in POSSESSIVE_POINTERS and any(m.start == nxt.i for m in mentions) \
                and not (t.lower in _PERSONAL_OWNERS and _person_before(question, t.i)):
            return True  # "its director" (not "The conductor who won X - which of her siblings …": hers)
        if t.lower in _DEMONSTRATIVES and nxt.lemma in earlier_nouns:
            return True  # "that parish" after "a parish"
    return False


def _person_before(question: list[Tok], i: int) -> bool:
    """A noun phrase of a person opens the question sentence before the pronoun at `i` ("The conductor who …"), so a
    personal pronoun after it has its owner there."""
    return len(question) > 1 and question[0].lower in ("the", "a", "an") and question[1].pos == "NOUN" \
        and (names_a_role(question[1].lower) or question[1].lemma in PERSON_NOUNS) and i > 2
