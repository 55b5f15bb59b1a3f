"""Terse queries that name a bridge by its class: "Ines Varga series original broadcast station".

Right after a person's or an organisation's name, a noun of a work or group class ("series", "album",
"band", "company") that more words follow is not the name's own class (a person is no series): it is an
unnamed bridge of that class, linked to the name somehow, and the words after it are what is asked of it.
The question then reads as an open bridge (`OPEN_BRIDGE`), whose reading of the top chunks prefers names
the text introduces with that class noun.
"""

from __future__ import annotations

from collections.abc import Callable

from hopgraph.router.asked import WH
from hopgraph.router.spans import ParsedQuestion, Span, content_words
from hopgraph.router.tokens import Tok
from hopgraph.router.vocab import OPEN_BRIDGE

#: Classes of works and groups a person or an organisation has (not is).
BRIDGE_CLASSES = frozenset("series show film movie album song single novel book game band team club company label "
                           "magazine newspaper station".split())
#: Graph types of names that cannot be of those classes themselves.
_HOLDERS = frozenset({"PERSON", "ORG", "GPE", "NORP"})


def class_bridge(toks: list[Tok], at: int | None, span: Span, type_of: Callable[[str], str] | None,
                 question: str) -> ParsedQuestion | None:
    """An open-bridge reading of a terse query whose name is followed by a bridge class noun, else None."""
    if at is None or type_of is None or any(t.lower in WH for t in toks) or at + 2 >= len(toks):
        return None
    noun = toks[at + 1]
    if noun.lower not in BRIDGE_CLASSES or toks[at].possessive or type_of(span.text) not in _HOLDERS:
        return None
    rest = [w for w in content_words(question, span, limit=12) if w != noun.lower]
    return ParsedQuestion("bridge", [span.text], [OPEN_BRIDGE, " ".join(rest)], free_words=rest, confidence=0.3,
                          reason=f"open bridge: a {noun.lower} of {span.text!r}, then what is asked of it")
