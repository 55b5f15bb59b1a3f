"""Attendance lists of minutes: who was present, in what capacity, at whose meeting.

"Present: A. Brook (chair), C. Dunn (finance), E. Fell" under a heading naming the organisation gives
(A. Brook, "role: chair", <organisation>) and (C. Dunn, "role: finance", <organisation>): the capacity is the
first part of the bracket after the name, the organisation the one whose own minutes they are
(`hopgraph.indexing.author`: "Quell Ltd — Minutes of the board"), else the one named nearest before the list.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from spacy.tokens import Span, Token

from hopgraph.indexing.author import author_org
from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.doc_text import doc_text
from hopgraph.indexing.predicates import role_predicate

_LIST_LINE = re.compile(r"[ \t]*(?:present|attendees|attending|in attendance|members present|apologies)\s*:",
                        re.IGNORECASE)
_PEOPLE = frozenset(("PERSON", "PROPN"))
_MAX_TITLE_WORDS = 5


def on_list_line(tok: Token) -> bool:
    """True when the token stands on an attendance list's line ("Present: A. Brook (chair), ..."): its
    bracketed capacities are read here, per person, not by the parse (which joins the whole list)."""
    text = doc_text(tok.doc)
    start = text.rfind("\n", 0, tok.idx) + 1
    return _LIST_LINE.match(text, start) is not None


def _capacity(span: Span) -> str | None:
    """The first part of a bracket right after the name ("(medical director, chair)" -> "medical director")."""
    doc = span.doc
    if span.end >= len(doc) or doc[span.end].text != "(":
        return None
    close = next((t.i for t in doc[span.end:span.end + 20] if t.text == ")"), None)
    if close is None:
        return None
    inner = doc[span.end + 1:close].text.split(",")[0].split(";")[0].strip().lower()
    words = inner.split()
    if not words or len(words) > _MAX_TITLE_WORDS or not all(w.replace("-", "").isalpha() for w in words):
        return None
    return inner


def attendance_triples(ctx: ChunkContext) -> Iterator[tuple[str, str, str, str, str]]:
    """(person, "role: <capacity>", organisation, "attendance", sentence) for each bracketed attendee."""
    text = doc_text(ctx.doc)
    for match in _LIST_LINE.finditer(text):
        start = match.start()
        if start > 0 and text[start - 1] != "\n":
            continue
        if match.group(0).strip().lower().startswith("apologies"):
            continue
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        people = [s for s in ctx.spans if start <= s.start_char < end and s.label_ in _PEOPLE]
        if not people:
            continue
        org = author_org(ctx) or ctx.nearest(people[0][0], ("ORG",))  # the minutes' own organisation first
        if org is None:
            continue
        for person in people:
            capacity = _capacity(person)
            if capacity:
                yield person.text, role_predicate(capacity), org, "attendance", person.sent.text
