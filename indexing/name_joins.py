"""Names written in more than one piece, and a dateline's place (helpers of `hopgraph.indexing.spans`).

* "the Tarrow book fair", "the Ossel grammar school": a place's name, one or two lower-case nouns and a head noun
  name an institution or an event (not after "a": "a Tarrow secondary school" is one of many);
* "Tarrow–Ossel": two names joined by an unspaced dash are one (NER often tags one half);
* "Tarrow, 5 May 2021 — ...", "the Tarrow-born violinist": the dateline's name, a name before "-born", is a
  place, whatever NER guessed.
"""

from __future__ import annotations

from spacy.tokens import Span

#: Lower-case head nouns that end a place's or institution's name: "Tarrow glacier", "Dunmere gymnasium".
NAME_HEADS = frozenset(
    "valley glacier brook gorge gullies gully hut monastery gondola cascade school gymnasium river lake pass "
    "bridge station church square museum inn chapel abbey fair festival canal falls ridge".split()
)
LABEL_OF_TYPE = {"LOC": "LOC", "FAC": "FAC", "ORG": "ORG", "EVENT": "EVENT", "GPE": "GPE"}


def in_dateline(span: Span) -> bool:
    """The span is a place name of a news dateline ("Tarrow, 5 May 2021 —", "Tarrow/Ossel, 5 May 2021 —"): it
    lies before the dateline's comma and a full date (day or month with the year, not a lone year: "Ada Brook,
    1950 - 2011" is a lifespan) closes it."""
    from hopgraph.indexing.dateline import dateline_end

    end = dateline_end(span.root)
    if end is None or span.end >= end:
        return False
    doc = span.doc
    comma = next((t.i for t in doc[span.sent.start:end] if t.text == ","), None)
    if comma is None or span.end > comma:
        return False
    date = [t for t in doc[comma + 1:end] if t.ent_type_ == "DATE" or t.like_num]
    return len(date) >= 2 and any(t.is_alpha for t in date)


def born_before(span: Span) -> bool:
    """ "the Tarrow-born violinist": a name written right before "-born" is a place."""
    doc = span.doc
    return span.end + 1 < len(doc) and doc[span.end].text in ("-", "–") and doc[span.end + 1].lower_ == "born" \
        and not doc[span.end - 1].whitespace_


#: Head nouns that end an institution's or event's name after one or two lower-case nouns ("the Tarrow book
#: fair", "the Ossel grammar school", "the Tarrow mountain rescue team", "the Tarrow ski area").
COMPOUND_HEADS = NAME_HEADS | frozenset(("show", "team", "fair", "area"))
_INDEFINITE = frozenset(("a", "an", "another", "one", "every", "each", "any", "some"))
#: Endings of nationality and religion words NER tags NORP ("Tarnish", "Dominican", "Ossetic"): no place's name.
_NATIONALITY_ENDINGS = ("ish", "an", "ese", "ic", "i")


def nationality(span: Span) -> bool:
    """A NORP span shaped like a nationality or religion word: an adjective ("French") or a name ending like one
    ("Tarnish"), not a town's name NER tagged NORP ("the Tarrow gymnasium")."""
    return span.label_ == "NORP" and (span.text.lower().endswith(_NATIONALITY_ENDINGS)
                                      or any(t.pos_ == "ADJ" for t in span))


def extend_compound_head(span: Span, taken: set[int]) -> Span:
    """A place's name modifying one or two lower-case nouns and a head noun names that institution or event:
    "the Tarrow book fair", "the Ossel grammar school" (not after "a": "a Tarrow secondary school" is one of
    many). The parse must hang the name off one of those nouns, and the name be no organisation's or event's."""
    from hopgraph.indexing.types import name_type

    doc = span.doc
    if span.label_ in ("DATE", "TIME") or len(span) > 2 or name_type(span.text) in ("ORG", "EVENT") \
            or nationality(span) \
            or (span.start > 0 and doc[span.start - 1].lower_ in _INDEFINITE):
        return span
    for width in (2, 3):
        end = span.end + width
        if end > len(doc):
            return span
        words, head = doc[span.end:end - 1], doc[end - 1]
        if not all(t.is_lower and t.is_alpha and t.pos_ == "NOUN" and t.i not in taken for t in words):
            return span
        # the parse may hang the name off any of the nouns ("book" of "book fair", "fair" read as an adjective)
        if head.is_lower and head.lower_ in COMPOUND_HEADS and head.pos_ in ("NOUN", "ADJ") and head.i not in taken \
                and span.root.head.i in range(span.end, end):
            text = doc[span.start:end].text
            return Span(doc, span.start, end, label=LABEL_OF_TYPE.get(name_type(text) or "", "FAC"))
    return span


def join_dashed(spans: list[Span]) -> list[Span]:
    """Two names joined by a dash with no space around it are one name ("Tarrow–Ossel", NER having tagged only
    one half); a date range stays apart."""
    out: list[Span] = []
    for span in spans:
        prev = out[-1] if out else None
        doc = span.doc
        if prev is not None and span.start == prev.end + 1 and doc[prev.end].text in ("–", "-") \
                and not doc[prev.end - 1].whitespace_ and not doc[prev.end].whitespace_ \
                and not {"DATE", "NORP"} & {prev.label_, span.label_} and doc[prev.end - 1].is_title \
                and doc[span.start].is_title:  # "French-American" stays two nationalities
            label = prev.label_ if prev.label_ != "PROPN" else span.label_
            out[-1] = Span(doc, prev.start, span.end, label=label)
        else:
            out.append(span)
    return out


#: Plural nouns whose possessive names a division of an event: "the women's Tour of Tarrow", "the men's Ossel Cup".
_DIVISIONS = frozenset(("women", "men", "girls", "boys", "ladies", "juniors"))


def with_division(spans: list[Span]) -> list[Span]:
    """An event's name after "women's" / "men's" names that division's event, one of its own ("the women's Tour of
    Tarrow" is not the Tour of Tarrow): the possessive joins the name, labelled EVENT."""
    from hopgraph.indexing.types import name_type

    out = []
    for span in spans:
        doc = span.doc
        k = span.start
        if k >= 2 and doc[k - 1].text in ("'s", "'", "’s", "’") and doc[k - 2].lower_ in _DIVISIONS \
                and doc[k - 2].is_lower and (span.label_ == "EVENT" or name_type(span.text) == "EVENT"):
            span = Span(doc, k - 2, span.end, label="EVENT")
        out.append(span)
    return out
