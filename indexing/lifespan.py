"""Wikipedia birth/death parentheticals right after a name.

"X (born 5 May 1950) is ..."                  -> (X, born on, 5 May 1950)
"X (born June 20, 1966 in Glen Cove) ..."     -> (X, born on, …), (X, born in, Glen Cove)
"X (16 January 1932 – 4 July 2012) was ..."   -> (X, born on, …), (X, die on, …)
"X (6 June 1906, Graz – 2 November 1994, Paris)" also gives (X, born in, Graz), (X, die in, Paris)
"X (died 4 July 2012)"                        -> (X, die on, …)
"X (July 27, 1900 June 4, 1959)" (dash lost)   -> as with a dash, when both dates are full
A group without "born"/"died" counts only after the passage's opening name, or with full dates after a person:
mid-text "(1971–1989)" is a term of office or a newspaper's run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.doc_text import doc_text
from hopgraph.indexing.normalize import DATE_RE
from hopgraph.models_indexing import RawTriple

_MAX_TOKENS = 60
_DASH = re.compile(r"\s*[–—-]\s*|\s+to\s+")
_BORN = re.compile(r"\bborn\b|\bb\.\s", re.IGNORECASE)
_DIED = re.compile(r"\bdied\b|\bd\.\s", re.IGNORECASE)
_FULL_DATE = re.compile(r"[A-Za-z]{3,}\.?\s+\d|\d\s+[A-Za-z]{3,}")  # a month next to a number

#: A date mention found by regex: (text, start_char, end_char) within the chunk text.
DateHit = tuple[str, int, int]


def lifespan_triples(ctx: ChunkContext) -> tuple[list[RawTriple], list[DateHit]]:
    """Triples from every "(…dates…)" group that follows an entity, and the dates used."""
    doc = ctx.doc
    triples: list[RawTriple] = []
    dates: list[DateHit] = []
    for tok in doc:
        if tok.text != "(" or tok.i == 0:
            continue
        close = _closing(doc, tok.i)
        subject = _subject_before(ctx, tok.i)
        if close is None or subject is None:
            continue
        begin, end = tok.idx + 1, doc[close].idx
        content = doc_text(doc)[begin:end]
        if not _BORN.search(content) and not _DIED.search(content) and not _is_lead(ctx, tok.i) \
                and (_label_before(ctx, tok.i) != "PERSON" or not _FULL_DATE.search(content)):
            continue  # "(1971–1989)" after a name mid-text: a term of office, a newspaper's run
        for rel, text, start in _read_group(content):
            if rel.endswith(" on"):
                dates.append((text, begin + start, begin + start + len(text)))
                triples.append((subject, rel, text, "lifespan"))
            else:
                for place in _places(ctx, begin + start, begin + start + len(text)):
                    triples.append((subject, rel, place, "lifespan"))
    return triples, dates


def _closing(doc, open_i: int) -> int | None:
    for j in range(open_i + 1, min(len(doc), open_i + _MAX_TOKENS)):
        if doc[j].text == "(":
            return None
        if doc[j].text == ")":
            return j
    return None


def _is_lead(ctx: ChunkContext, open_i: int) -> bool:
    """The bracket follows the name the passage opens with (an encyclopedic lead)."""
    first = next(iter(ctx.doc.sents))
    return bool(ctx.topic) and open_i < first.root.i or (ctx.lead is not None and ctx.lead.end == open_i)


def _label_before(ctx: ChunkContext, open_i: int) -> str | None:
    span = ctx.span_of.get(open_i - 1)
    return span.label_ if span is not None else None


def _subject_before(ctx: ChunkContext, open_i: int) -> str | None:
    """The entity the parenthetical follows; the topic when it sits in the lead before the verb."""
    first = next(iter(ctx.doc.sents))
    if ctx.topic and open_i < first.root.i:
        return ctx.topic
    prev = ctx.doc[open_i - 1]
    span = ctx.span_of.get(prev.i)
    if span is not None and span.label_ != "DATE":
        return span.text
    return None


def _read_group(content: str) -> Iterator[tuple[str, str, int]]:
    """(relation, text, offset) for the dates ("born on"/"die on") and place segments ("born in"/"die in")."""
    hits = [(m.group(0), m.start()) for m in DATE_RE.finditer(content)]
    if not hits:
        return
    born, died = _BORN.search(content), _DIED.search(content)
    if born or died:
        for text, start in hits:
            marker = max(
                (m for m in (born, died) if m is not None and m.start() < start),
                key=lambda m: m.start(), default=None,
            )
            if marker is None:
                continue
            rel = "born" if marker is born else "die"
            yield f"{rel} on", text, start
            yield from _place_after(content, rel, start + len(text))
        return
    if len(hits) >= 2 and _dated_range(hits[0][0], content[hits[0][1] + len(hits[0][0]):hits[1][1]], hits[1][0]):
        (t1, s1), (t2, s2) = hits[0], hits[1]
        yield "born on", t1, s1
        yield "die on", t2, s2
        yield "born in", content[s1 + len(t1):s2], s1 + len(t1)
        yield "die in", content[s2 + len(t2):], s2 + len(t2)


def _dated_range(first: str, between: str, second: str) -> bool:
    """Two dates forming a life span: joined by a dash, or by a lost dash (only blanks
    between two full dates: "(July 27, 1900 June 4, 1959)")."""
    if _DASH.search(between):
        return True
    return not between.strip() and all(re.search(r"[A-Za-z]", d) for d in (first, second))


def _place_after(content: str, rel: str, pos: int) -> Iterator[tuple[str, str, int]]:
    """The text after a date up to the next ";" or dash: where it happened."""
    rest = content[pos:]
    stop = re.search(r"[;–—]|\bdied\b|\bd\.\s", rest)
    segment = rest[: stop.start()] if stop else rest
    yield f"{rel} in", segment, pos


def _places(ctx: ChunkContext, start: int, end: int) -> list[str]:
    """Non-date entity spans lying inside a character range of the chunk."""
    return [
        s.text for s in ctx.spans
        if s.start_char >= start and s.end_char <= end and s.label_ not in ("DATE", "NORP")
    ]
