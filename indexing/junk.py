"""Names that are no entities: capitalised ordinary words and headings (pure functions over the corpus text).

A capitalised one-word name is junk when its lower-case form is an ordinary word of the corpus ("Present",
"Booking", "Verdict"), or when it is only ever written at the start of a line or sentence (a heading such as
"Outreach"), unless it is mostly tagged a place, nationality or language or is in capitals.
"""

from __future__ import annotations

import re
from collections import Counter

from hopgraph.models import Chunk

#: A word written in lower case in running text: not a piece of an address or of code, where names are written in
#: lower case too ("jobs@kalvor.example", "www.kalvor.example/about", "`kalvor.routes`").
LOWER_WORD = re.compile(r"(?<![\w'’@./`-])[a-z][a-z'’-]+(?![a-z'’-]|\.[a-z]|@)")
_KEEP_ONE_WORD = frozenset(("GPE", "NORP", "LANGUAGE", "DATE", "TITLE"))


_LINE_OR_SENTENCE_END = re.compile(r"(?:^|\n|[.!?:;]['\"”’)]*)\s*$")


def junk_keys(chunks: list[Chunk], labels: dict[str, Counter], texts: dict[str, Counter],
               mid_sentence: set[str]) -> set[str]:
    """One-word names that are ordinary words: their lower-case form is a word of the corpus ("Present",
    "Booking"), or they are only ever written at the start of a line or sentence ("Outreach" as a heading)."""
    lower: set[str] = set()
    for c in chunks:
        lower.update(LOWER_WORD.findall(c.text))
    out = set()
    for key, counts in labels.items():
        if " " in key or not key.isalpha():
            continue
        if 2 * sum(counts[lab] for lab in _KEEP_ONE_WORD) >= sum(counts.values()):
            continue
        surfaces = texts[key]
        if any(t.isupper() for t in surfaces):  # an acronym or a speaker label
            continue
        if (key in lower and all(t[:1].isupper() for t in surfaces)) or key not in mid_sentence:
            out.add(key)
    return out


def at_sentence_start(text: str, start: int) -> bool:
    """True when a mention at `start` opens a line or a sentence of the chunk text."""
    return start >= 0 and _LINE_OR_SENTENCE_END.search(text[max(0, start - 12):start]) is not None

