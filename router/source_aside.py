"""Where the asker read a fact, said beside the question (pure).

    "According to its 2018 annual report, who chaired X?"   the report is where it is said, no hop of the chain
    "Who chaired X, according to the local paper?"          the same, said after the question

The source phrase runs from "according to" to the comma after it (or from the comma before it to the end).
"""

from __future__ import annotations

from hopgraph.router.tokens import Tok, renumber


def without_source(toks: list[Tok]) -> list[Tok]:
    """The question's tokens without an "according to …" phrase set off by a comma, when the rest names something
    ("According to Tom Reed, who founded X?": X); unchanged when there is none."""
    for t in toks[:-1]:
        if t.lower != "according" or toks[t.i + 1].lower != "to":
            continue
        if t.i == 0 or toks[t.i - 1].pos == "PUNCT" and toks[t.i - 1].lower != ",":  # opens the sentence
            comma = next((u.i for u in toks[t.i + 2:] if u.lower == ","), None)
            if comma is not None and any(u.anchor >= 0 for u in toks[comma:]):
                return renumber(toks[:t.i] + toks[comma + 1:])
        elif toks[t.i - 1].lower == ",":  # closes it: up to the question mark
            end = next((u.i for u in toks[t.i:] if u.lower in ("?", ".")), len(toks))
            if any(u.anchor >= 0 for u in toks[:t.i]):
                return renumber(toks[:t.i - 1] + toks[end:])
    return toks
