"""A comparison over things the sentence before listed ("Two clubs I know: the choir A joined, and the band that
played at B. Which of those was formed first?") (pure).

"Which of those …?", or "Which is older?" right after the list, compares the listed things (the class the list
counts them by, "two clubs", saying what "which" asks when nothing does). When they are descriptions, not bare
names, the comparison must read each description as its side's own hop ("the choir A joined"), which the reading
of one question does; so the two sentences are read as that one question: "Which was formed first, the choir A
joined or the band that played at B?". A list of bare names needs no rewriting (the names are the sides).
"""

from __future__ import annotations

import re

_POINTING_QUESTION = re.compile(
    r"^(?P<wh>which|who)\s+(?P<of>of\s+(?:those|these|them|the\s+two|both)\s+)?(?P<rest>[^?]+)\?\s*$", re.IGNORECASE)
#: A list of two after a colon that closes the sentence before the question.
_LISTED = re.compile(r":\s*(?P<first>.+?),?\s+and\s+(?P<second>.+?)\.\s*$")
_DESCRIPTION = re.compile(r"^(?:the|a|an|our|my|its|their)\s", re.IGNORECASE)


def brought_forward(question: str) -> str:
    """The question with a two-item list of descriptions from the sentence before moved into it as its choice;
    the question unchanged otherwise."""
    parts = re.split(r"(?<=[.!])\s+", question.strip())
    if len(parts) < 2:
        return question
    asked = _POINTING_QUESTION.match(parts[-1])
    listed = _LISTED.search(parts[-2])
    if asked is None or listed is None:
        return question
    first, second = listed.group("first").strip(), listed.group("second").strip()
    if not (_DESCRIPTION.match(first) and _DESCRIPTION.match(second)) or "," in first + second:  # (two, no more)
        return question
    wh, rest = asked.group("wh"), asked.group("rest").strip()
    if not asked.group("of") and wh.lower() == "which" and rest.split()[0].lower() in _VERBS_AFTER_WHICH \
            and (noun := _counted_noun(parts[-2])):
        wh = f"{wh} {noun}"  # "Two clubs …: … . Which is older?": which club, a body's founding
    rewritten = f"{wh[0].upper()}{wh[1:].lower()} {rest}, {first} or {second}?"
    return " ".join(parts[:-2] + [rewritten])


#: Verbs right after "which" that leave the asked noun unsaid ("Which is older?", "Which came first?").
_VERBS_AFTER_WHICH = frozenset("is was are were came opened started began closed had has".split())
_COUNTED = re.compile(r"\b(?:two|both|the two)\s+(?P<noun>[a-z]+s)\b", re.IGNORECASE)


def _counted_noun(sentence: str) -> str:
    """The class noun the list's sentence counts its things with, singular ("Two clubs come up …": club), or ""."""
    m = _COUNTED.search(sentence)
    if m is None:
        return ""
    noun = m.group("noun").lower()
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun[:-2] if noun.endswith(("ches", "shes", "sses")) else noun[:-1]
