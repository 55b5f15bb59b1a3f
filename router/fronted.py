"""A preposition fronted with the wh-word, put back after its verb (a pure rewrite of the question).

"After whom is X named?" and "From which town did X come?" split a phrasal verb ("named after", "come from")
and leave the verb bare, where it names no relation ("named", "come"). Read with the preposition back after its
verb, the two are one phrase again:

    After whom is X named?                        ->  Who is X named after?
    From which town did X come?                   ->  Which town did X come from?
    Where was the man after whom X is named born? ->  Where was the man who X is named after born?

A fronted phrase that opens the question takes its preposition to the end; one inside a relative clause takes it
to the clause's verb, which the parse names (left as it is without a parser). Only "after", "from", "for" and
"with" move, and only before "whom" or "which"/"what" and one noun: "In which year …" and "At what age …" ask a
time and stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

_FRONTED = re.compile(r"\b(?P<prep>[Aa]fter|[Ff]rom|[Ff]or|[Ww]ith)\s+(?P<wh>whom|(?:which|what)\s+[a-z]+)\s+(?=\S)")
_OPENS = re.compile(r"(?:^|[.?!:;]\s+|[-–—]\s+)$")


def preposition_last(question: str, nlp: Any = None) -> str:
    """The question with its first fronted preposition moved after its verb; unchanged when it has none, or when
    a clause's verb cannot be found."""
    text = question.strip()
    m = _FRONTED.search(text)
    if m is None or not text.endswith("?"):
        return question
    prep = m.group("prep").lower()
    wh = "who" if m.group("wh") == "whom" else m.group("wh")
    lead, rest = text[:m.start()], text[m.end():].rstrip("?").rstrip()
    if _OPENS.search(lead):  # the question opens with it: its verb is the last word
        wh = wh[0].upper() + wh[1:] if not lead else wh
        return f"{lead}{wh} {rest} {prep}?"
    verb_end = _clause_verb_end(text, m.start(), nlp)
    if verb_end is None:
        return question
    return f"{lead}{wh} {text[m.end():verb_end]} {prep}{text[verb_end:]}"


def _clause_verb_end(text: str, at: int, nlp: Any) -> int | None:
    """Where the phrase of the verb the preposition at `at` belongs to ends (the verb and its object), by the
    parse; None without one or when its head is no verb after it."""
    if nlp is None:
        return None
    doc = nlp(text)
    prep = next((t for t in doc if t.idx == at), None)
    if prep is None or prep.head.pos_ not in ("VERB", "AUX") or prep.head.i <= prep.i:
        return None
    end = prep.head.right_edge  # after its object: "the man with whom X founded Y" -> "who X founded Y with"
    while end.i > prep.head.i and end.is_punct:
        end = doc[end.i - 1]
    return end.idx + len(end.text)
