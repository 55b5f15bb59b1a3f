"""What a "how" question asks: an age ("How old was X when …?") or a count ("How many albums …?") (pure).

An age is counted from a date of what the chain reaches: a person's birth, a body's founding.
"""

from __future__ import annotations

from hopgraph.router.anchor_choice import TypeOf
from hopgraph.router.comparing import name_type
from hopgraph.router.tokens import Tok
from hopgraph.router.vocab import RELATIONS


def asks_age(toks: list[Tok]) -> bool:
    """ "How old is …?", "How old was … when …?": the question asks an age."""
    return any(t.lower == "how" and t.i + 1 < len(toks) and toks[t.i + 1].lower == "old" for t in toks)


def age_of(relations: list[str], anchor: str, type_of: TypeOf | None) -> str:
    """The date an age is counted from, of what the chain reaches: a person's birth, a body's founding; "" when
    the chain ends on a date already or on something that has no age."""
    if relations:
        spec = RELATIONS.get(relations[-1])
        return "born_date" if spec is not None and spec.answer == "person" else ""
    typed = name_type(anchor, type_of)
    return "born_date" if typed in ("PERSON", "") else "release_date" if typed == "ORG" else ""


def asks_count(toks: list[Tok]) -> bool:
    """ "How many albums has X released?": the question asks a number."""
    return any(t.lower == "how" and t.i + 1 < len(toks) and toks[t.i + 1].lower in ("many", "much") for t in toks)
