"""A name span's edges cleaned (a helper of `hopgraph.indexing.spans`).

A span loses edge tokens without a letter or digit and edge determiners, punctuation, conjunctions and prepositions
("# Minutes" -> "Minutes"), a leading honorific ("Dr Ada Brook" -> "Ada Brook", labelled PERSON; "Cllrs Brook" too), a post written as a title
before a person's full name ("Founder Ada Brook said", "First Officer Cy Dunn" -> the name alone),
a company's legal form ("Quell Catering Ltd" -> "Quell Catering", labelled ORG) and lower-case words NER ran on
with ("Tarrow on the final" -> "Tarrow"); a span with no capitalised word ("board", "opera house") is no name, a
name that is only a date ("March 2018") is labelled DATE, and a product or trial code ("QX-12") WORK_OF_ART.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span

from hopgraph.indexing.name_edges import COMPANY_SUFFIXES, heading_after_date
from hopgraph.indexing.name_joins import NAME_HEADS
from hopgraph.indexing.normalize import DATE_RE
from hopgraph.indexing.predicate_words import ROLE_NOUNS
from hopgraph.indexing.types import has_head_word


#: Words before a personal name that are not part of it.
HONORIFICS = frozenset(
    "dr dr. mr mr. mrs mrs. ms ms. prof prof. professor cllr cllr. cllrs cllrs. councillor councillors sir dame mx "
    "mayor judge rev rev.".split()
)
#: A product or trial code ("QX-12").
PRODUCT_CODE = re.compile(r"^[A-Z]{2,}[A-Z0-9]*-\d+[A-Za-z]?$")
_EDGE_POS = frozenset(("DET", "PUNCT", "CCONJ", "ADP", "PART"))
#: Posts a news story writes capitalised before a name ("Founder Ada Brook", "Headteacher Cy Dunn"): nouns of a
#: post, not the modifiers that only open one ("Chief", "Deputy") nor jobs rarely written as a title.
_TITLE_NOUNS = (ROLE_NOUNS | {"director", "publisher", "founder", "co-founder", "cofounder", "headteacher",
                              "headmaster", "headmistress"}) - {
    "chief", "deputy", "executive", "head", "boss", "partner-in-charge", "doctor", "physician", "surgeon", "nurse",
    "trainee", "apprentice", "chef", "pilot", "architect", "economist", "engineer", "designer", "analyst"}
#: Words that open a two-word title ("Managing Director", "First Officer").
_TITLE_OPENERS = frozenset("chief deputy first managing executive general acting senior assistant vice founding".split())


def clean(span: Span) -> Span | None:
    """`trim`, then drop a leading honorific (the name becomes PERSON), spans without a capitalised word,
    and relabel a name that is only a date as DATE."""
    span = trim(span)
    if span is None:
        return None
    doc = span.doc
    start, label = span.start, span.label_
    while start < span.end - 1 and doc[start].lower_ in HONORIFICS:
        start, label = start + 1, "PERSON"
        if doc[start].text == ".":
            start += 1
    if start >= span.end or (span.end - start == 1 and doc[start].lower_ in HONORIFICS):
        return None
    if doc[start].lower_ == "dear":  # a salutation ("Dear Friends of the Choir")
        return None
    titled = _title_length(doc, start, span.end)
    if titled and (label == "PERSON" or personal_name(doc[start + titled:span.end], longest=3)):
        start, label = start + titled, "PERSON"  # ("Headteacher Ada Brook" tagged ORG whole)
    if start > span.start:
        span = Span(doc, start, span.end, label=label)
    if label != "DATE" and len(span) > 1 and doc[span.end - 1].lower_ in COMPANY_SUFFIXES \
            and doc[span.end - 2].text[:1].isupper():
        span = trim(Span(doc, span.start, span.end - 1, label="ORG"))  # "Quell Catering Ltd" is Quell Catering
        if span is None:
            return None
    if label != "DATE":
        span = _trim_lowercase_tail(span)
        if span is None:
            return None
        if PRODUCT_CODE.match(span.text):
            return Span(doc, span.start, span.end, label="WORK_OF_ART")  # a product or trial code
    if span.start > 0 and doc[span.start - 1].lower_ in HONORIFICS and label in ("PROPN", "ORG", "GPE", "NORP"):
        span = Span(doc, span.start, span.end, label="PERSON")
    if label == "DATE" and len(span) > 2 and heading_after_date(span):  # "March 2023 Menus. From 1 April ..."
        span = Span(doc, span.start, span.end - 1, label="DATE")
    if label == "DATE":  # "the region's main daily", "annual": a word NER took for a date names none
        return span if any(ch.isdigit() for ch in span.text) or any(t.is_title for t in span) else None
    if not any(t.text[:1].isupper() for t in span) and not all(t.text[:1].isdigit() for t in span):
        return None
    match = DATE_RE.search(span.text)
    if match is not None and len(match.group(0)) >= len(span.text.strip()) - 1 and not span.text.isdigit():
        return Span(doc, span.start, span.end, label="DATE")
    return span


def _title_length(doc: Doc, start: int, end: int) -> int:
    """How many words at `start` are a post written as a title before a personal name that still has two
    capitalised words after it ("Founder Ada Brook": 1, "Managing Director Cy Dunn": 2); 0 when none ("Dean
    Brook" may be a first name and a surname, and stays whole)."""
    for n in (2, 1):
        rest = doc[start + n:end]
        if len(rest) < 2 or not rest[0].text[:1].isupper() or sum(t.text[:1].isupper() for t in rest) < 2:
            continue
        words = doc[start:start + n]
        if words[-1].lower_ in _TITLE_NOUNS and all(t.is_title for t in words) \
                and (n == 1 or words[0].lower_ in _TITLE_OPENERS):
            return n
    return 0


def personal_name(words: Span, longest: int = 2) -> bool:
    """Two (up to `longest`) capitalised proper nouns without an institution's or place's head word ("Ada Brook" of
    "Ada Brook of Tarrow", not "Tarrow University" of "Tarrow University of Music")."""
    return 2 <= len(words) <= longest and all(t.is_title and t.pos_ == "PROPN" for t in words) \
        and not has_head_word(words.text)


def trim(span: Span) -> Span | None:
    """Drop leading/trailing determiners, punctuation, conjunctions and prepositions; None if empty."""
    start, end = span.start, span.end
    doc = span.doc
    while start < end and (doc[start].pos_ in _EDGE_POS or not _has_alnum(doc[start].text)):
        start += 1
    while end > start and (doc[end - 1].pos_ in _EDGE_POS or doc[end - 1].tag_ == "POS"
                           or not _has_alnum(doc[end - 1].text)):
        end -= 1
    return Span(doc, start, end, label=span.label_) if end > start else None


def _trim_lowercase_tail(span: Span) -> Span | None:
    """Drop trailing lower-case words NER ran on with ("Tarrow on the final" -> "Tarrow"), then edge tokens."""
    end = span.end
    doc = span.doc
    while end > span.start + 1 and doc[end - 1].is_lower and doc[end - 1].is_alpha and doc[end - 2].whitespace_ \
            and doc[end - 1].lower_ not in NAME_HEADS and any(t.text[:1].isupper() for t in doc[span.start:end - 1]):
        end -= 1
    if end == span.end:
        return span
    return trim(Span(doc, span.start, end, label=span.label_))


def _has_alnum(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


#: Units of measure written after a number ("a 30 MW battery", "12 km of track"): never a name.
UNITS = frozenset("MW kW GW TW MWh kWh GWh TWh MVA kV km m cm mm kg t mph kph ha bhp hp".split())


def is_unit(span: Span) -> bool:
    """A one-word span that is a unit of measure right after a number ("30 MW" tagged an organisation)."""
    doc = span.doc
    return len(span) == 1 and span.text in UNITS and span.start > 0 and doc[span.start - 1].like_num
