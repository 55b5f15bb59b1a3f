"""Relative clauses: "the studio that produced X", "the city in which X was founded", "the country
containing X" (pure).

The clause stands for the bridge entity: its head noun phrase ("the studio") takes the
anchor's place in the rest of the question, and its verb names the first relation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hopgraph.router.spans import KIND_PATTERN, Span, content_words

#: Verbs of a relative clause whose subject is the clause's head: "the studio that produced X".
_CLAUSE_VERBS = {
    "directed": "director", "produced": "producer", "wrote": "writer", "written": "writer", "composed": "composer",
    "founded": "founder", "established": "founder", "created": "creator", "designed": "creator",
    "invented": "creator", "developed": "creator", "makes": "maker", "made": "maker", "manufactures": "maker",
    "manufactured": "maker", "builds": "maker", "built": "maker",
    "published": "publisher", "performed": "performer", "sang": "performer", "married": "spouse",
}
#: Verbs of "the <head> in which / where X was <verb>": the head is a place or time of X's event.
_WHERE_VERBS = {"born": "born_place", "died": "died_place", "buried": "burial", "founded": "country",
                "located": "country", "based": "country", "formed": "country", "established": "country",
                "found": "country", "situated": "country", "part": "country"}
#: Participles after a head: "the country containing X" is the country X lies in.
_CONTAINING = r"containing|including|encompassing|surrounding"


@dataclass(frozen=True)
class Clause:
    start: int  # where the relative pronoun starts
    end: int  # end of the anchor
    head: Span  # the head noun phrase ("the studio"), standing in for the bridge entity
    relation: str


def relative_clause(q: str, anchor: Span) -> Clause | None:
    """ "the studio that produced X" / "the city in which X was founded" right before or around the anchor."""
    before = q[: anchor.start]
    m = re.search(r"\b(?P<head>(?:the|a|an)\s+[a-z]+)\s+(?:that\s+|which\s+)?(?:" + _CONTAINING + r"|contains|includes)\s+(?:the\s+)?$",
                  before)
    if m:  # "the country containing X", "the state that includes X"
        return Clause(m.end("head"), anchor.end, Span(m.start("head"), m.end("head"), m.group("head")), "country")
    m = re.search(r"\b(?P<head>(?:the|a|an)\s+[a-z]+)\s+(?P<pron>that|which|who|whom)\s+(?P<verb>(?:[a-z]+\s+){0,5}?)"
                  r"(?:the\s+|a\s+|an\s+)?(?:" + KIND_PATTERN + r"\s+)?$", before)
    if m:
        words = m.group("verb").split()
        rel = next((_CLAUSE_VERBS[w] for w in words if w in _CLAUSE_VERBS), " ".join(content_words(" ".join(words))[:3]))
        head = Span(m.start("head"), m.end("head"), m.group("head"))
        return Clause(m.start("pron"), anchor.end, head, rel) if rel else None
    m = re.search(r"\b(?P<head>(?:the|a|an)\s+[a-z]+)\s+(?:in which|where|at which|on which|during which|that|which|whose)\s+(?:the\s+)?$",
                  before)
    if m:
        head = Span(m.start("head"), m.end("head"), m.group("head"))
        after = q[anchor.end:]
        v = re.match(r"\s+(?:was|is|were|are|had been|has been)?\s*(?P<verb>[a-z]+)", after)
        if v and v.group("verb") in _WHERE_VERBS:
            return Clause(m.end("head"), anchor.end + v.end(), head, _WHERE_VERBS[v.group("verb")])
        tail = re.match(r"[^,;]*", after).group()  # the clause runs to the next comma
        words = content_words(tail)[:4]
        if words:  # a relation the vocabulary does not know: its own words
            return Clause(m.end("head"), anchor.end + len(tail), head, " ".join(words))
    return None
