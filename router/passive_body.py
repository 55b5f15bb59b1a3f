"""The body a question asks for as the subject of a passive verb ("Which shop was run by the secretary of X?") (pure).

The agent after "by" is the one who runs, heads or manages it, so the verb reads forward from that agent; the asked
noun says what kind of thing the verb reaches, and stays among the open relation's words ("shop run").
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.vocab import RELATIONS
from hopgraph.router.tokens import Tok

#: Nouns of kind between "what" and "of" ("what kind of shop").
_KIND_OF = frozenset("kind type sort".split())


def asked_subject(toks: list[Tok], m: Mention) -> Tok | None:
    """The noun "which" or "what" (or "what kind of") asks as the subject of the passive verb `m`, which "by" follows:
    "Which shop was run by …", "What kind of business is managed by …"; None otherwise."""
    if m.end >= len(toks) or toks[m.end].lower != "by":
        return None
    j = m.start - 1
    while j >= 0 and toks[j].pos in ("AUX", "ADV") and toks[j].anchor < 0:
        j -= 1
    if j < 1 or toks[j].pos != "NOUN" or toks[j].anchor >= 0:
        return None
    before = [t.lower for t in toks[max(0, j - 3):j]]
    asked = before[-1:] in (["which"], ["what"]) or (
        len(before) == 3 and before[0] in ("which", "what") and before[1] in _KIND_OF and before[2] == "of")
    return toks[j] if asked else None


def with_asked_subject(toks: list[Tok], m: Mention) -> Mention:
    """An open relation of a passive verb, not one of the vocabulary, with the noun its asked subject names ("shop
    run"); `m` otherwise."""
    noun = asked_subject(toks, m)
    if noun is None or m.via != "open" or m.sense.relation in RELATIONS or noun.lower in m.sense.relation.split():
        return m  # (a relation of the vocabulary read backwards, "founded", is the graph's to follow)
    return Mention(m.start, m.end, m.text, Sense(relation=f"{noun.lower} {m.text.lower()}", verb=True), via="open")
