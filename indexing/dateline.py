"""News datelines: "Tarrow, 5 May 2021 — Quell Ltd today opened ..." names where and when, not who.

The parser often takes the dateline's place for the sentence's subject and hangs the real subject off it as an
apposition. `dateline_end` finds the dash that closes a dateline (a date right before it, at the start of the
sentence), and `past_dateline` replaces a subject inside the dateline by the name written right after the dash;
`today_triples` dates what a verb modified by "today" founded, launched or opened with the dateline's date.
"""

from __future__ import annotations

from spacy.tokens import Token

_DASHES = frozenset(("—", "–", "-", "--"))
#: A dateline is short: place(s), a comma, a date.
_MAX_TOKENS = 12


def dateline_end(tok: Token) -> int | None:
    """Index of the dash closing the dateline of `tok`'s sentence ("Tarrow, 5 May 2021 —", "Tarrow/Ossel, 5 May
    2021 —": names, a comma, a date, a dash, nothing in brackets), or None when it opens with none."""
    sent = tok.sent
    comma = False
    for t in sent[:_MAX_TOKENS]:
        if t.text in ("(", "[", ")"):
            return None  # "X (c. 772 – 811) was ...": a lifespan, not a dateline
        if t.text == "," and not comma:
            comma = t.i > sent.start and t.doc[t.i - 1].pos_ == "PROPN"
            continue
        if t.text in _DASHES and t.i > sent.start + 1:
            before = t.doc[t.i - 1]
            if comma and (before.ent_type_ == "DATE" or before.like_num):
                return t.i
            return None
        if not comma and t.pos_ != "PROPN" and t.text != "/":
            return None  # a dateline opens with names only
    return None


def past_dateline(ctx, tok: Token) -> list[str] | None:
    """The name after the dateline when `tok` (a subject) lies inside it; None when it does not."""
    end = dateline_end(tok)
    if end is None or tok.i >= end:
        return None
    first, after = ctx.span_of.get(tok.sent.start), ctx.span_of.get(end + 1)
    if first is None or first.label_ == "PERSON" or (after is not None and after.label_ in ("DATE", "TIME")):
        return None  # "Ada Brook, 1950 - 2011, was ...": a person's dates
    return [after.text] if after is not None else []


def dateline_date(ctx, tok: Token) -> str | None:
    """The date of the dateline of `tok`'s sentence ("5 May 2021"), or None."""
    end = dateline_end(tok)
    if end is None:
        return None
    span = ctx.span_of.get(end - 1)
    return span.text if span is not None and span.label_ == "DATE" else None


def today_triples(ctx, verb: Token, pred: str, things: list[str]):
    """(thing, "<pred> on", dateline date) when `verb` happened "today" in a sentence opened by a dateline
    ("Tarrow, 5 May 2021 — Quell Ltd today launched the Tarrow Wheelers" dates the team's launch)."""
    if not any(c.lower_ == "today" for c in verb.children):
        return
    date = dateline_date(ctx, verb)
    if date:
        yield from ((t, f"{pred} on", date, "dateline") for t in things if t != date)
