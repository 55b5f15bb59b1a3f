"""Going to a place a clause is on: "the school X went to" (a pure function).

"go to school" names the education relation. "the school X went to", "the college that X's son goes to" put the
school before a relative clause and leave the clause's "to" stranded at its end: the verb and its "to" are that
relation, of the clause's subject. Any other noun there ("the gym X goes to") makes "go to" an open relation of
the subject: "go" alone is too light a verb to name one, but its clause still leads from X to the noun.
"""

from __future__ import annotations

from hopgraph.router.asked import SCHOOL_NOUNS
from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.tokens import Tok
from hopgraph.router.voice import subject_start

#: Parts of speech that may follow a stranded "to": the clause ends there.
_CLAUSE_ENDS = frozenset(("PUNCT", "ADP", "AUX", "VERB", "SCONJ", "CCONJ", "ADV"))


def went_to_school(toks: list[Tok], mentions: list[Mention]) -> list[Mention]:
    """Mentions for "went to" closing a clause on a noun, which no known phrase covers: education for a school
    noun, else an open "go to"."""
    out = []
    for t in toks:
        if t.pos != "VERB" or t.lemma != "go" or t.i + 1 >= len(toks) or toks[t.i + 1].lower != "to" \
                or any(m.start <= t.i < m.end for m in mentions):
            continue
        after = toks[t.i + 2] if t.i + 2 < len(toks) else None
        if after is not None and (after.pos not in _CLAUSE_ENDS or after.anchor >= 0):
            continue  # "went to the X": its object follows
        start = subject_start(toks, t.i)
        head = start - 2 if start >= 2 and toks[start - 1].lower in ("that", "which") else start - 1
        if start == t.i or head < 0 or toks[head].pos != "NOUN" or toks[head].anchor >= 0:
            continue
        if toks[head].lower in SCHOOL_NOUNS or toks[head].lemma in SCHOOL_NOUNS:
            out.append(Mention(t.i, t.i + 2, f"{t.text} to", Sense(relation="education", verb=True)))
        else:
            out.append(Mention(t.i, t.i + 2, f"{t.text} to", Sense(relation="go to", verb=True), via="open"))
    return out
