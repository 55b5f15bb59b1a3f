"""Entity spans of a parsed chunk: kept NER spans, proper-noun runs NER missed, and (for passages about one
entity) the passage's opening name (its title, the name as written before "(" or "is a", or the parsed subject of
the first sentence).

Names are cleaned: a span never crosses a line break, a slash or a spaced dash between names ("Tagus\n\nLISBON"
is two spans; "Tarrow–Ossel" stays one), loses edge tokens without a letter or digit ("# Minutes" -> "Minutes"),
a leading honorific ("Dr Ada Brook" -> "Ada Brook", labelled PERSON; "Cllrs Brook" too) and a company's legal form
("Quell Catering Ltd" -> "Quell Catering", labelled ORG); a span with no capitalised word
("board", "opera house") is no name, and a name that is only a date ("March 2018") is labelled DATE (the edges:
`hopgraph.indexing.span_clean`). In narrative documents a name NER tagged in part of a proper-noun run covers the
run ("Valley" + "Classic"). A name's label from its context ("Quarnby said"): `hopgraph.indexing.context_labels`.
Layout (bylines, quoted titles, role titles, split first names): `hopgraph.indexing.layout_names`; the opening name
of an encyclopedic passage: `hopgraph.indexing.lead_name`.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span

from hopgraph.indexing.context_labels import PERSON_NOUNS, context_label
from hopgraph.indexing.layout_names import (
    after_post, in_byline, in_headline, is_role_title, join_adjacent_names, join_split_persons, quoted_titles,
)
from hopgraph.indexing.name_joins import (
    LABEL_OF_TYPE, NAME_HEADS, extend_compound_head, join_dashed, nationality, with_division,
)
from hopgraph.indexing.span_clean import HONORIFICS, PRODUCT_CODE, clean, is_unit, personal_name
from hopgraph.indexing.types import has_head_word
from hopgraph.indexing.variants import HONORIFICS as TITLES

_SUBJECT_DEPS = ("nsubj", "nsubjpass", "csubj")

#: NER labels that become entity nodes (pure numeric types are skipped).
KEPT_LABELS = frozenset("DATE GPE LOC PERSON ORG WORK_OF_ART NORP FAC EVENT PRODUCT LAW LANGUAGE".split())
_ROMAN = re.compile(r"^(?:[IVX]+|[A-Z]\d?|\d+)$")
_BREAKS = frozenset(("—", "–", "|", "•", "/"))


def entity_spans(doc: Doc, title: str = "", lead: bool = True) -> list[Span]:
    """Kept NER spans plus runs of consecutive PROPN tokens NER missed (label PROPN), in order, cleaned;
    with `lead`, the passage's opening name too."""
    taken = {i for e in doc.ents for i in range(e.start, e.end)}
    spans = []
    for ent in (e for e in doc.ents if e.label_ in KEPT_LABELS):
        spans.append(ent if lead else _widen(ent, taken))
        taken |= set(range(spans[-1].start, spans[-1].end))
    run_start = None
    for tok in list(doc) + [None]:
        is_propn = tok is not None and tok.i not in taken and (tok.pos_ == "PROPN" or _inner_dash(tok)
                                                               or bool(PRODUCT_CODE.match(tok.text)))  # "QX-12"
        if is_propn and run_start is None:
            run_start = tok.i
        elif not is_propn and run_start is not None:
            spans.append(Span(doc, run_start, tok.i if tok is not None else len(doc), label="PROPN"))
            run_start = None
    spans = sorted((part for s in spans for p in _split_breaks(s) for part in _split_place_list(p)),
                   key=lambda s: s.start)
    cleaned = [after_post(t) for t in (clean(s) for s in spans) if t is not None]
    trimmed = join_adjacent_names(join_split_persons(cleaned, PERSON_NOUNS | HONORIFICS | TITLES))
    for quoted in quoted_titles(doc):
        trimmed = _replace(trimmed, quoted)
    joined = [context_label(s) for s in with_division(_extend_heads(_join_of_names(doc, join_dashed(trimmed))))
              if not _is_field_label(s) and not is_unit(s) and (s.label_ == "DATE" or not _ROMAN.match(s.text))
              and not is_role_title(s) and not in_byline(s) and not in_headline(s)]
    if not lead:
        return joined
    from hopgraph.indexing.lead_name import with_lead_subject  # it builds on this module's helpers

    return with_lead_subject(doc, joined, title)


def _loose_propn(doc: Doc, i: int, taken: set[int]) -> bool:
    tok = doc[i]
    return tok.pos_ == "PROPN" and tok.is_title and i not in taken and tok.lower_ not in HONORIFICS \
        and tok.lower_ not in PERSON_NOUNS


def _widen(span: Span, taken: set[int]) -> Span:
    """A name NER tagged in part of a proper-noun run covers the run ("Harbour" + "Regatta" -> "Harbour Regatta"):
    capitalised proper nouns NER left out, right before or after it on the same line."""
    if span.label_ in ("DATE", "TIME", "NORP", "CARDINAL", "ORDINAL"):
        return span
    doc, start, end = span.doc, span.start, span.end
    while start > 0 and _loose_propn(doc, start - 1, taken) and doc[start - 1].whitespace_ == " ":
        start -= 1
    while end < len(doc) and _loose_propn(doc, end, taken) and doc[end - 1].whitespace_ == " " \
            and doc[end - 1].tag_ != "POS":
        end += 1
    return span if (start, end) == (span.start, span.end) else Span(doc, start, end, label=span.label_)


def _split_breaks(span: Span) -> list[Span]:
    """Parts of a span between line breaks and dashes: "Tagus\n\nLISBON" -> "Tagus", "LISBON"; an organisation
    span is cut at "at" and a possessive too ("Centre for X at Tarrow Hospital", "Tarrow University's Institute")."""
    cuts = [t.i for t in span if (t.is_space and "\n" in t.text) or t.text in _BREAKS and _spaced_or_slash(t)
            or (span.label_ in ("ORG", "FAC") and t.i > span.start and t.i + 2 < span.end
                and ((t.lower_ == "at" and span.doc[t.i + 1].is_title) or t.tag_ == "POS"))
            or (span.label_ == "ORG" and t.lower_ == "of" and personal_name(span.doc[span.start:t.i]))]
    if not cuts and "\n" not in span.text:
        return [span]
    bounds = [span.start - 1, *cuts, span.end]
    return [Span(span.doc, a + 1, b, label=span.label_) for a, b in zip(bounds, bounds[1:]) if b > a + 1]


def _inner_dash(tok) -> bool:
    """A dash inside a name, no space on either side, proper nouns around it ("Osk–Dunmere")."""
    doc = tok.doc
    return tok.text in ("-", "–") and not tok.whitespace_ and 0 < tok.i < len(doc) - 1 \
        and not doc[tok.i - 1].whitespace_ and doc[tok.i - 1].pos_ == "PROPN" and doc[tok.i + 1].pos_ == "PROPN"


def _spaced_or_slash(tok) -> bool:
    """A dash with a space beside it ("Tarrow — Ossel") or a slash ends a name; "Tarrow–Ossel" is one name."""
    return tok.text == "/" or bool(tok.whitespace_) or (tok.i > 0 and bool(tok.doc[tok.i - 1].whitespace_))


_PLACE_LABELS = frozenset(("GPE", "LOC", "NORP"))


def _split_place_list(span: Span) -> list[Span]:
    """A place span NER ran over a conjunction, in parts: "Kelmwater and Dunwater";
    a hyphenated nationality too: "French-American" -> "French", "American"."""
    if span.label_ not in _PLACE_LABELS:
        return [span]
    cuts = [t.i for t in span[1:-1] if t.lower_ in ("and", "or", "&") or t.text == ","
            or (t.text == "-" and span.label_ == "NORP")]
    if not cuts:
        return [span]
    bounds = [span.start, *cuts, span.end]
    parts = [(a if a == span.start else a + 1, b) for a, b in zip(bounds, bounds[1:])]
    return [Span(span.doc, a, b, label=span.label_) for a, b in parts if b > a]


def _replace(spans: list[Span], new: Span) -> list[Span]:
    """`spans` with `new` in place of every span it overlaps (an equal non-date span stays)."""
    if any(s.start == new.start and s.end == new.end and s.label_ != "DATE" for s in spans):
        return spans
    kept = [s for s in spans if s.end <= new.start or s.start >= new.end]
    return sorted(kept + [new], key=lambda s: s.start)


_OF_LEFT = frozenset(("PERSON", "PROPN", "ORG", "FAC", "EVENT"))
_OF_RIGHT = frozenset(("GPE", "LOC", "PROPN", "ORG", "PERSON", "FAC"))


def _extend_heads(spans: list[Span]) -> list[Span]:
    """A name followed by a lower-case head noun is a longer name: "Tarrow" + "glacier" -> "Tarrow glacier"."""
    out = []
    taken = {s.start for s in spans}
    for span in spans:
        doc = span.doc
        nxt = doc[span.end] if span.end < len(doc) else None
        if span.label_ not in ("DATE", "NORP") and nxt is not None and nxt.lower_ == "family" and len(span) == 1 \
                and nxt.i not in taken and span.start > 0 and doc[span.start - 1].lower_ == "the":
            span = Span(doc, span.start, span.end + 1, label="PERSON")  # "the Tarrow family"
        elif span.label_ != "DATE" and not nationality(span) and nxt is not None and nxt.lower_ in NAME_HEADS \
                and nxt.is_lower and nxt.i not in taken and (nxt.pos_ == "NOUN" or nxt.tag_ in ("NNS", "VBZ")):
            from hopgraph.indexing.types import name_type

            text = f"{span.text} {nxt.text}"
            span = Span(doc, span.start, span.end + 1, label=LABEL_OF_TYPE.get(name_type(text) or "", "FAC"))
        else:
            span = extend_compound_head(span, taken)
        out.append(span)
    return out


def _is_field_label(span: Span) -> bool:
    """"Guest:", "Host:", "Subject:": one capitalised word before a colon names a field, not an entity
    (a speaker label in capitals, "ADA:", stays)."""
    doc = span.doc
    return len(span) == 1 and span.end < len(doc) and doc[span.end].text == ":" and not span.text.isupper() \
        and span.label_ not in ("DATE", "GPE")


def _join_of_names(doc: Doc, spans: list[Span]) -> list[Span]:
    """Join "<Name> of <Place>" into one name: "Blanche of Corvel", "Hugh III of Varlenne"; a role title stays apart
    from the name after it ("Chairman of Tarrow Mills"), and a person's full name stays apart from the place after it
    ("Ada Brook of Tarrow" is Ada Brook, from Tarrow), unless a title starts it ("Prince Ada Brook of Tarrow")."""
    out: list[Span] = []
    for span in spans:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.label_ in _OF_LEFT and span.label_ in _OF_RIGHT
            and (span.start == prev.end + 1 or (span.start == prev.end + 2 and doc[prev.end + 1].lower_ == "the"
                                                and len(prev) == 1 and prev.label_ != "PERSON"))
            and doc[prev.end].lower_ == "of"
            and doc[prev.start].pos_ == "PROPN" and doc[prev.end - 1].pos_ == "PROPN" and not is_role_title(prev)
            and not (((prev.label_ == "PERSON" and not has_head_word(prev.text)) or personal_name(prev)) and len(prev) > 1
                     and not _ROMAN.match(doc[prev.end - 1].text) and doc[prev.start].lower_ not in TITLES)
        ):
            out[-1] = Span(doc, prev.start, span.end, label=prev.label_)
        else:
            out.append(span)
    return out


