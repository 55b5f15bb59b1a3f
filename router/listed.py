"""A comparison over things the sentence before listed ("Two clubs I know: the choir A joined, and the band that
played at B. Which of those was formed first?") (pure).

"Which of those …?" compares the listed things. When they are descriptions, not bare names, the comparison
must read each description as its side's own hop ("the choir A joined"), which the reading of one question
does; so the two sentences are read as that one question: "Which was formed first, the choir A joined or the
band that played at B?". A list of bare names needs no rewriting (the names are the sides).
"""

from __future__ import annotations

import re

_POINTING_QUESTION = re.compile(
    r"^(?P<wh>which|who)\s+of\s+(?:those|these|them|the\s+two|both)\s+(?P<rest>[^?]+)\?\s*$", re.IGNORECASE)
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
    wh = asked.group("wh")
    rewritten = f"{wh[0].upper()}{wh[1:].lower()} {asked.group('rest').strip()}, {first} or {second}?"
    return " ".join(parts[:-2] + [rewritten])
