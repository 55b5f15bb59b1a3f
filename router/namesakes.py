"""Namesakes the question counts: "Which of the two Tollen labels was set up first?" (a pure function).

"The two X <things>" and "both X <things>" point at two things whose names share X ("Tollen Records", "Tollen
Sounds") without naming either in full. When the graph holds exactly two such names, the question is the same
as one naming both ("Which of Tollen Sounds and Tollen Records was set up first?"), and is read as that one.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: "the two X labels", "both X schools", "both the X clubs": a shared name part before a plural class noun.
_COUNTED = re.compile(r"\b(?:the two|both(?: the)?)\s+(?P<name>(?:[A-Z][\w'’&-]*\s+){1,3}?)(?P<noun>[a-z]+s)\b")


def spell_out_namesakes(question: str, names_starting: Callable[[str], list[str]]) -> str:
    """The question with "the two X things" replaced by the two names the graph holds that start with X ("A and
    B"); unchanged when the graph holds fewer or more than two."""
    for m in _COUNTED.finditer(question):
        found = _outermost(names_starting(m.group("name").strip()))
        if len(found) == 2:
            return f"{question[:m.start()]}{found[0]} and {found[1]}{question[m.end():]}"
    return question


def _outermost(names: list[str]) -> list[str]:
    """The names that do not merely extend another ("Tollen Records of Quay" extends "Tollen Records")."""
    unique = list(dict.fromkeys(names))  # (in the graph's order)
    return [n for n in unique if not any(n != o and n.startswith(o + " ") for o in unique)]
