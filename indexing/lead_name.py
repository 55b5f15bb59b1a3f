"""A passage's opening name: its title as written at the start, the name before "(" or "is a", or the parsed
subject of the first sentence (`with_lead_subject`; encyclopedic passages about one entity only)."""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span

from hopgraph.indexing.doc_text import doc_text
from hopgraph.indexing.normalize import strip_disambiguator
from hopgraph.indexing.span_clean import trim
from hopgraph.indexing.spans import _SUBJECT_DEPS, _replace

#: Class nouns of encyclopedic leads about works, whose names NER often splits into people.
WORK_NOUNS = frozenset(
    "film movie album song single novel book series play opera musical episode game show documentary sitcom "
    "drama comedy poem story magazine newspaper band ep soundtrack".split()
)
_LEAD_STOP = frozenset(("(", ",", ";", "-", "–", "—", "[", '"'))


def _title_span(doc: Doc, title: str) -> Span | None:
    """The chunk's opening words when they spell its title (without disambiguator)."""
    base = strip_disambiguator(title).strip()
    text = doc_text(doc)
    offset = len(text) - len(text.lstrip(' "\''))
    if not base or not text[offset:offset + len(base)].lower() == base.lower():
        return None
    return doc.char_span(offset, offset + len(base), label="PROPN", alignment_mode="expand")


def with_lead_subject(doc: Doc, spans: list[Span], title: str = "") -> list[Span]:
    """The first sentence's subject as one name span ("Milo and Tess is a 1980 film" -> "Milo and Tess").

    Encyclopedic leads start with the topic's full name, which NER often splits or misses for
    works ("Hunter: Lost or Found", "Agnes's Ledger"). The span runs from the sentence start
    to the first bracket/comma or the verb, must contain the subject, start with a capital and
    hold no PERSON span unless the lead is about a work ("X is a 1980 film": NER's people in
    X are parts of the work's name).
    """
    first = next(iter(doc.sents), None)
    if first is None:
        return spans
    if title:
        span = _title_span(doc, title)
        if span is not None:
            return _replace(spans, span)
    written = _written_lead(doc, first, spans)
    if written is not None:
        return _replace(spans, written)
    return _parsed_lead(doc, first, spans)


def _parsed_lead(doc: Doc, first: Span, spans: list[Span]) -> list[Span]:
    """`spans` with the first sentence's parsed subject as the lead name, when there is one."""
    root = first.root
    subj = next((c for c in root.children if c.dep_ in _SUBJECT_DEPS), None)
    if subj is None or not (doc[first.start].is_title or doc[first.start].is_upper or doc[first.start].like_num):
        return spans
    end = first.start
    while end < root.i and doc[end].text not in _LEAD_STOP and doc[end].dep_ not in ("aux", "auxpass"):
        end += 1
    if not (first.start <= subj.i < end) or end - first.start > 12:
        return spans
    lead = trim(Span(doc, first.start, end, label="PROPN"))
    if lead is None:
        return spans
    attr = next((c for c in root.children if c.dep_ == "attr"), None)
    is_work = attr is not None and attr.lemma_.lower() in WORK_NOUNS
    if not is_work and any(s.label_ == "PERSON" and s.start < lead.end and s.end > lead.start for s in spans):
        return spans
    return _replace(spans, lead)


#: An encyclopedic lead as written: 'Name (…', 'Name […' or 'Name is/was a|an|the|one|<year> …'.
_WRITTEN_LEAD = re.compile(
    r'[\s"\']*([A-Z0-9\u00C0-\u024F][^()[\]\n]{0,120}?)["\']?'
    r"(?:\s*[(\[]|,?\s+(?:is|was|are|were)\s+(?:(?:a|an|the|one)\b|\d))"
)


def _written_lead(doc: Doc, first: Span, spans: list[Span]) -> Span | None:
    """The passage's opening name as written, or None.

    "Addio ai sogni (…) is a 1954 film", "Hunter: Lost or Found is a 2006 film": everything
    before the first bracket or "is/was a|an|the" of the first sentence, at most 16 words,
    not crossing an NER span and, unless the passage is about a work (a `WORK_NOUNS` class
    noun follows), holding no comma and not swallowing a PERSON span ("X and Y were the ...").
    """
    match = _WRITTEN_LEAD.match(doc_text(doc), 0, 200)
    if match is None or ". " in match.group(1) or ";" in match.group(1) or len(match.group(1).split()) > 16:
        return None
    lead = doc.char_span(match.start(1), match.end(1), label="PROPN", alignment_mode="contract")
    while lead is not None and len(lead) and lead[-1].is_punct and lead[-1].text not in ("?", "!"):
        lead = lead[:-1]
    if lead is None or not len(lead):
        return None
    inside = [s for s in spans if s.start < lead.end and s.end > lead.start]
    if any(s.start < lead.start or s.end > lead.end for s in inside):
        return None
    is_work = any(t.lemma_.lower() in WORK_NOUNS for t in doc[lead.end:first.end])
    if not is_work and ("," in lead.text or any(s.label_ == "PERSON" and (s.start, s.end) != (lead.start, lead.end)
                                                for s in inside)):
        return None
    return Span(doc, lead.start, lead.end, label="PROPN")
