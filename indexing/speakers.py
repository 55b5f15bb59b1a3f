"""Who "I" and "you" are in a transcript: speaker labels at line starts ("BRASK: I was born in Tarnby").

Interviews, podcasts and Q&As mark each turn with the speaker's name (often the surname in capitals) or "Q:".
Within a turn "I / me / my" is the speaker: the person named in the chunk whose name, or last name, is the label
(case-insensitive). "you / your" is the person spoken to: in a turn of the interviewer ("Q:", or a label naming
someone else) the other labelled speaker whose turns are most frequent. Text outside labelled turns resolves
nothing here.
"""

from __future__ import annotations

import re
from collections import Counter

from spacy.tokens import Span, Token

from hopgraph.indexing.doc_text import doc_text

FIRST_PERSON = frozenset(("i", "me", "my", "myself", "mine"))
SECOND_PERSON = frozenset(("you", "your", "yourself", "yours"))
#: "BRASK:" / "Q:" / "Ada Brask:" at a line start (letters and spaces, up to 40 characters, then a colon).
_LABEL = re.compile(r"[ \t]*([^\W\d_][^\W\d_ ]*(?: [^\W\d_]+){0,3})[ \t]*:", re.UNICODE)


def _label_at(text: str, pos: int) -> str | None:
    """The speaker label of the line holding character `pos`, or None."""
    start = text.rfind("\n", 0, pos) + 1
    m = _LABEL.match(text, start)
    if m is None or m.end() > pos:
        return None
    return m.group(1).strip()


def _person_named(ctx, label: str) -> str | None:
    """The PERSON span whose full or last name is `label` (the longest such name)."""
    key = label.casefold()
    names = [s.text for s in ctx.spans if s.label_ == "PERSON" and not _is_label_span(ctx, s)
             and (s.text.casefold() == key or s.text.split()[-1].casefold() == key)]
    return max(names, key=len) if names else None


def _is_label_span(ctx, span: Span) -> bool:
    text = doc_text(ctx.doc)
    return text[span.end_char:span.end_char + 1] == ":"


def _labels(ctx) -> Counter:
    cache = ctx.__dict__.get("_speaker_labels")
    if cache is None:
        text = doc_text(ctx.doc)
        cache = Counter(m.group(1).strip() for m in (_LABEL.match(line) for line in text.split("\n")) if m)
        ctx.__dict__["_speaker_labels"] = cache
    return cache


def speaker(ctx, tok: Token) -> str | None:
    """The person saying "I" at `tok`, or None outside a labelled turn."""
    label = _label_at(doc_text(ctx.doc), tok.idx)
    return _person_named(ctx, label) if label else None


def addressee(ctx, tok: Token) -> str | None:
    """The person "you" at `tok` is said to: the most frequent other labelled speaker who is a named person."""
    label = _label_at(doc_text(ctx.doc), tok.idx)
    if not label:
        return None
    own = _person_named(ctx, label)
    for other, _n in _labels(ctx).most_common():
        person = _person_named(ctx, other)
        if other != label and person and person != own:
            return person
    return None
