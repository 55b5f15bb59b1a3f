"""Names as a document's layout and punctuation show them (pure functions over a parsed chunk).

* Bylines and mail headers ("Posted by <handle>, 3 May 2021", "From: Press Office, <company>", "By <author>")
  name who wrote or sent the text, not what it is about: no entity comes from them. Nor does an all-capitals
  headline ("CORBEL NAMES NEW BOSS"), unless the story names the same thing in ordinary case (`in_headline`).
* A quoted title ('will publish "The Long Thaw"') is one name of a work, whatever NER made of its words: the
  quoted text is a WORK_OF_ART span when it reads as a name (2 to 10 words, its significant words capitalised,
  no sentence punctuation).
* A capitalised role title ("Chief Executive", "Board of Directors") names a position, not an entity; before "of" it
  is no part of the name that follows: "CEO of Tarrow Mills" names Tarrow Mills, whose chief executive someone is.
* NER that cut a first name off a person's name ("Ada" + "Ben-Tor" from "Ada Ben-Tor") is mended: a proper-noun run
  right before a PERSON span joins it.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span

from hopgraph.indexing.doc_text import doc_text
from hopgraph.indexing.predicates import KEEP_NOUNS, ROLE_NOUNS
from hopgraph.indexing.subject import is_name_like

_BYLINE = re.compile(r"(?i:(?:posted|written|published|reported|photos?)\s+by\b|(?:from|to|cc|sender)\s*:)|By\s+[A-Z]")
_BYLINE_MAX_WORDS = 14
_QUOTED = re.compile(r'["“]([^"“”\n]{3,90})["”]')
_TITLE_WORDS = frozenset(
    "chief executive managing senior deputy vice assistant acting interim general principal artistic medical "
    "financial technology technical operating scientific board directors officers of the and head".split()
)


def in_byline(span: Span) -> bool:
    """True when the span's line is a byline or mail header ("Posted by X, date", "From: X")."""
    text = doc_text(span.doc)
    start = text.rfind("\n", 0, span.start_char) + 1
    end = text.find("\n", span.end_char)
    line = text[start:end if end >= 0 else len(text)].strip()
    return _BYLINE.match(line) is not None and len(line.split()) <= _BYLINE_MAX_WORDS


def quoted_titles(doc: Doc) -> list[Span]:
    """WORK_OF_ART spans for quoted text that reads as a title ('"The Long Thaw"', not '"We agreed," she said')."""
    out = []
    for match in _QUOTED.finditer(doc_text(doc)):
        inner = match.group(1)
        words = inner.split()
        if not 2 <= len(words) <= 10 or inner.rstrip()[-1:] in ",.;:!?" or not is_name_like(inner):
            continue
        span = doc.char_span(match.start(1), match.end(1), label="WORK_OF_ART", alignment_mode="contract")
        if span is not None and len(span):
            out.append(span)
    return out


def is_role_title(span: Span) -> bool:
    """"Chief Executive", "Managing Director", "Board of Directors": only title words, one of them a role noun."""
    words = [t.lower_ for t in span if t.is_alpha]
    if not words or not all(w in _TITLE_WORDS or w in ROLE_NOUNS or w in KEEP_NOUNS
                            or w.rstrip("s") in ROLE_NOUNS | KEEP_NOUNS for w in words):
        return False
    return any(w in ROLE_NOUNS or w in KEEP_NOUNS or w.rstrip("s") in ROLE_NOUNS | KEEP_NOUNS for w in words)


def after_post(span: Span) -> Span:
    """The name after a leading role title and "of" ("Chief Executive of the Tarrow Mills" -> "Tarrow Mills"), else
    `span` itself. A PERSON label does not carry over (the title made the whole look like a person's)."""
    doc = span.doc
    for i in reversed([t.i for t in span[1:-1] if t.lower_ == "of"]):
        if doc[span.start].is_title or doc[span.start].is_upper:
            if is_role_title(doc[span.start:i]):
                start = i + 1 + (doc[i + 1].lower_ == "the")
                if start < span.end and doc[start].text[:1].isupper():
                    return Span(doc, start, span.end, label="PROPN" if span.label_ == "PERSON" else span.label_)
    return span


def join_split_persons(spans: list[Span], not_names: frozenset[str] = frozenset()) -> list[Span]:
    """A proper-noun run (label PROPN) that ends where a PERSON span starts, with only a space between, joins it,
    unless the run holds a word of `not_names` ("Cellist Ada Brook": a capitalised class noun)."""
    out: list[Span] = []
    for span in spans:
        prev = out[-1] if out else None
        if prev is not None and prev.label_ == "PROPN" and span.label_ == "PERSON" and prev.end == span.start \
                and "\n" not in prev[-1].whitespace_ and len(prev) <= 2 \
                and not any(t.lower_ in not_names or t.lower_ in ROLE_NOUNS for t in prev):
            out[-1] = Span(span.doc, prev.start, span.end, label="PERSON")
        else:
            out.append(span)
    return out


_JOIN_LEFT = frozenset(("GPE", "LOC", "ORG", "TIME"))
_JOIN_RIGHT = frozenset(("PROPN", "PRODUCT", "ORG", "WORK_OF_ART", "FAC", "EVENT"))


def join_adjacent_names(spans: list[Span]) -> list[Span]:
    """Two names NER cut apart, only a space between them, are one name: a place or organisation followed by a
    proper-noun run or another organisation ("Tarrow" + "Staff Gazette" -> "Tarrow Staff Gazette")."""
    out: list[Span] = []
    for span in spans:
        prev = out[-1] if out else None
        if prev is not None and prev.label_ in _JOIN_LEFT and span.label_ in _JOIN_RIGHT and prev.end == span.start \
                and prev[-1].whitespace_ == " " and prev[-1].is_title and span[0].is_title:
            label = span.label_ if span.label_ != "PROPN" else "ORG"
            out[-1] = Span(span.doc, prev.start, span.end, label=label)
        else:
            out.append(span)
    return out


def in_headline(span: Span) -> bool:
    """True when the span stands on an all-capitals line ("CORBEL NAMES NEW BOSS", "INTERNAL MEMO") of a text in
    ordinary case, and the rest of the text never writes it capitalised in ordinary case: a headline's words run
    together ("NAMES NEW CHAIR", "TOP JOB", "GO"), a name the story repeats ("CORBEL" beside "Corbel") stays."""
    text = doc_text(span.doc)
    start = text.rfind("\n", 0, span.start_char) + 1
    end = text.find("\n", span.end_char)
    end = len(text) if end < 0 else end
    line = text[start:end]
    if any(c.islower() for c in line):  # an ordinary line (checked first: it stops at the first small letter)
        return False
    if not any(c.isalpha() for c in line):
        return False
    rest = text[:start] + " " + text[end:]
    if sum(c.islower() for c in rest) <= sum(c.isupper() for c in rest):
        return False  # a text in capitals throughout: its lines are no headlines
    pattern = re.compile(r"\b" + re.escape(span.text) + r"\b", re.IGNORECASE)
    return not any(m.group(0)[0].isupper() and not m.group(0).isupper() for m in pattern.finditer(rest))
