"""The words a follow-up query still needs after an open bridge (pure functions).

An open bridge is read from a chunk the whole question retrieved: "What part of the state where the film
is set holds the badlands?" finds the film's page, which names the state. The follow-up asks for the state
with the question's words, but the words that page already matched ("film", "set") pull the same page
back to the top; the words it does not contain ("part", "badlands") are what the next page must hold.
So the follow-up keeps the question's words the bridge's chunk lacks (all of them when it lacks fewer than two).
"""

from __future__ import annotations

import re

from hopgraph.indexing.normalize import normalize

#: Compared by this many leading letters, so "trucks" matches "truck" and "located" "location".
STEM = 5
#: Fewer words left than this say too little on their own ("borders"): the follow-up keeps all its words.
MIN_WORDS = 2


def _stems(text: str) -> set[str]:
    return {w[:STEM] for w in re.findall(r"[a-z0-9]+", normalize(text))}


def residual_words(words: str, covered: list[str]) -> str:
    """`words` without those whose stem occurs in any `covered` text; `words` unchanged when fewer than
    `MIN_WORDS` would remain."""
    if not covered:
        return words
    seen = set().union(*(_stems(t) for t in covered))
    kept = [w for w in words.split() if w.lower()[:STEM] not in seen]
    return " ".join(kept) if len(kept) >= MIN_WORDS else words
