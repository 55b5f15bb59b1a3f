"""A stand-in anchor for a question that names nothing (pure, given spaCy's parse).

"Which newspaper employed the man after whom the college's darkrooms were named?" names no entity, and when
the graph holds no body its descriptions stand for (`described`), the router has no name to read a chain
from. A chain of relations runs outward from its most deeply embedded noun phrase: the darkrooms are named
after a man, the man worked for a newspaper. So that noun phrase's words stand in for the missing name
("college"), and the question is read from it as from a name. The stand-in is a guess (the documents call
the thing by a name the question does not give), so the reading's confidence stays below `CONFIDENT` and the
generic bridge search runs beside it.

Two kinds of question keep no stand-in: a terse query (no article: its one noun phrase is the whole query)
and a comparison (two sides, and a stand-in would read one chain).
"""

from __future__ import annotations

from typing import Any

from hopgraph.router.described import terse_query
from hopgraph.router.spans import Span

#: Nouns that stand for no thing a chain could start from: pronoun-like nouns and question words.
_NO_STAND_IN = frozenset("who what which whom whose it he she they them him her i you we me us that this one "
                         "anything something year time name idea".split())
#: The most confidence a reading from a stand-in reports.
STAND_IN_CONFIDENCE = 0.5


def stand_in_span(q: str, doc: Any) -> Span | None:
    """The span of the most deeply embedded noun phrase of `q` (parsed by spaCy as `doc`), without its
    determiners and possessive marks, the later of equally deep ones; None for a terse query or when no noun
    phrase is headed by a noun."""
    if terse_query(doc):
        return None
    best: tuple[tuple[int, int], list[Any]] | None = None
    for chunk in doc.noun_chunks:
        head = chunk.root
        if head.lower_ in _NO_STAND_IN or head.pos_ in ("PRON", "NUM") or head.like_num:
            continue
        words = [t for t in chunk if t.dep_ not in ("det", "case") and t.pos_ not in ("DET", "PRON")
                 and t.tag_ != "POS"]
        key = (len(list(head.ancestors)), head.i)  # (how deeply embedded, then the later)
        if words and (best is None or key > best[0]):
            best = (key, words)
    if best is None:
        return None
    words = best[1]
    start, end = words[0].idx, words[-1].idx + len(words[-1].text)
    return Span(start, end, q[start:end]) if end <= len(q) else None
