"""The sentence view of a document text: paragraphs, list items and sentences as character spans.

Pure functions over a string, shared by the chunker (which packs sentences
into chunks) and by the spaCy component in `line_starts` (which makes the
parser start a sentence wherever a paragraph or a list item starts, so an
evidence sentence never carries the previous paragraph).

* A blank line always ends a paragraph. A single line break does too (news
  and minutes put one paragraph per line), unless the next line starts in
  lower case (a wrapped line) or the whole text is hard-wrapped prose (most
  long lines end without a stop), where only blank lines and list items count.
* A list marker ("- ", "* ", "+ ", "• ", "1. ", "2) ") or a "#" heading marker
  at the start of a line starts a new paragraph and is left out of it.
* Within a paragraph, a sentence ends at . ! ? (optionally followed by closing
  quotes or brackets) and whitespace before an upper-case letter or a digit;
  common abbreviations ("Dr.", "St.", initials) do not end one.
"""

from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"(?<=[.!?])([\"')\]]*)\s+(?=[\"'(\[]?[A-Z0-9])")
_ABBREVIATIONS = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|Inc|Ltd|Co|Corp|vs|etc|No|Mt|Gen|Col|Lt|Sgt|Rev|[A-Z])\.$")
#: A line break with the whitespace around it (so a match ends where the next line's text starts).
_LINE_BREAK = re.compile(r"[ \t\r\f\v]*\n\s*")
#: What starts a list item or a heading at the start of a line (the marker is not part of the sentence).
_MARKER = re.compile(r"(?:[-*+•–]|\d{1,3}[.)]|\(\d{1,3}\)|#{1,6})[ \t]+(?=\S)")
_STOPS = tuple(".!?:;\"')]”’»")
_WRAP_MIN_CHARS = 40  # a wrapped line is long; short lines without a stop are headlines or labels


def is_hard_wrapped(text: str) -> bool:
    """True when most long lines followed by more text end without a stop: prose wrapped at a fixed width."""
    lines = text.split("\n")
    candidates = wrapped = 0
    for line, nxt in zip(lines, lines[1:]):
        line = line.rstrip()
        if not line or not nxt.strip() or _MARKER.match(nxt.lstrip()):
            continue
        candidates += 1
        if len(line) >= _WRAP_MIN_CHARS and not line.endswith(_STOPS):
            wrapped += 1
    return candidates >= 3 and wrapped * 2 >= candidates


def paragraph_starts(text: str) -> list[tuple[int, int]]:
    """(line start, text start) of every paragraph after the first: where a line break ends a paragraph,
    the first character of the next line and the first character after its list marker (equal without one)."""
    wrapped: bool | None = None
    out: list[tuple[int, int]] = []
    for m in _LINE_BREAK.finditer(text):
        at = m.end()
        if at >= len(text):
            break
        marker = _MARKER.match(text, at)
        if not marker and m.group().count("\n") < 2:
            if text[at].islower():
                continue
            if wrapped is None:
                wrapped = is_hard_wrapped(text)
            if wrapped:
                continue
        out.append((at, marker.end() if marker else at))
    return out


def paragraphs(text: str) -> list[tuple[int, int]]:
    """Character spans of the paragraphs and list items of `text`, markers and surrounding whitespace left out."""
    first = _MARKER.match(text, len(text) - len(text.lstrip()))
    starts = [(0, first.end() if first else 0), *paragraph_starts(text)]
    spans = []
    for (_, begin), (end, _) in zip(starts, [*starts[1:], (len(text), len(text))]):
        s, e = _trim(text, begin, end)
        if e > s:
            spans.append((s, e))
    return spans


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Character spans of the sentences of `text` (whitespace and list markers trimmed)."""
    out: list[tuple[int, int]] = []
    for p_start, p_end in paragraphs(text):
        start = p_start
        for m in _SENTENCE_END.finditer(text, p_start, p_end):
            # the abbreviation check looks only at the few characters before the stop (linear time on long texts)
            if _ABBREVIATIONS.search(text, max(start, m.start() - 8), m.start()):
                continue
            out.append(_trim(text, start, m.start() + len(m.group(1) or "")))  # closing quotes stay
            start = m.end()
        out.append(_trim(text, start, p_end))
    return [(s, e) for s, e in out if e > s]


def _trim(text: str, s: int, e: int) -> tuple[int, int]:
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e
