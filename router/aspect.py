"""Verbs of aspect: "began chairing", "started making", "stopped running", "went on to lead" (pure).

"the man who began chairing X" is the man who chairs X; "the firm that started making X" is X's maker. The
verb of aspect says when the doing began or ended and is no relation of its own: the verb after it is.
"""

from __future__ import annotations

from hopgraph.router.tokens import Tok

#: Verbs that say a doing began, went on or ended, with the doing's verb after them.
ASPECT_VERBS = frozenset("begin start continue stop cease keep resume finish quit".split())


def before_its_doing(toks: list[Tok], i: int) -> bool:
    """The verb at `i` is one of aspect that opens a relative clause ("the man who began chairing X", "the firm that
    started to make X"), with the doing's verb right after it, in -ing or after "to". "started the firm" is a
    founding, and "When did X stop spinning?" asks when the doing ended: no aspect to pass over."""
    t = toks[i]
    if (t.lemma or t.lower) not in ASPECT_VERBS or t.pos not in ("VERB", "AUX"):
        return False
    j = i - 1
    while j >= 0 and toks[j].pos == "ADV":
        j -= 1  # ("who then began …")
    if j < 1 or toks[j].lower not in ("who", "that", "which") or toks[j - 1].pos not in ("NOUN", "PROPN"):
        return False  # (a question's own "Who started teaching …?" asks when each began)
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if nxt is not None and nxt.lower == "to":
        nxt = toks[i + 2] if i + 2 < len(toks) else None
        return nxt is not None and nxt.pos == "VERB"
    return nxt is not None and nxt.pos == "VERB" and nxt.lower.endswith("ing")
