"""Nouns that belong to a hop already read, not to a relation of their own (pure).

Words no relation phrase explains become an open relation, and after the anchor they are read as the
question's own last fact. Two constructions put such nouns into a hop that is already there:

* the head of a "who" clause whose verb is a relation phrase names what that verb's doer is: in
  "Where was the candidate who won X born?" the candidate is whoever won X (the hop "won"), not a fact
  of the birthplace (not a "that" clause: in "the province that contains X" the noun says which container
  is asked, which the verb alone does not);
* a possessive name opens the noun phrase its verb acts on: in "… who won X's mayoral run-off" the
  run-off is what was won (the hop "won" already searches it with X), not a fact asked after it.

A relation noun can head such a clause too: in "the husband of the designer who founded X" the designer is
whoever founded X, so "designer" is no hop of its own (`clause_heads`).
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, covered
from hopgraph.router.tokens import Tok


def bound_nouns(toks: list[Tok], mentions: list[Mention], at: int | None) -> set[int]:
    """Token indices of nouns that an existing hop explains (see the module docstring)."""
    spanned = covered(mentions)
    verbs = [m for m in mentions if m.sense.verb or toks[m.start].pos == "VERB"]
    out: set[int] = set()
    for m in verbs:
        j = m.start - 1
        while j >= 0 and toks[j].pos == "AUX":  # "the candidate who was elected"
            j -= 1
        if j >= 1 and toks[j].lower == "who" and toks[j - 1].pos == "NOUN" and toks[j - 1].anchor < 0 \
                and j - 1 not in spanned:
            out.add(j - 1)
    if at is not None and toks[at].possessive and any(m.end in (at, at - 1) for m in verbs):
        k = at + 1
        while k < len(toks) and toks[k].pos in ("NOUN", "ADJ", "NUM") and toks[k].anchor < 0 and k not in spanned:
            out.add(k)
            k += 1
    return out


def clause_heads(toks: list[Tok], mentions: list[Mention], at: int | None) -> list[Mention]:
    """Relation nouns that head a "who" or "that" clause whose verb is a relation phrase on the anchor: "the
    designer who founded X" names whoever founded X. The anchor must stand in that clause (no comma between):
    in "the director who was born first, A or B" the clause says nothing of A."""
    if at is None:
        return []
    starts = {m.start: m for m in mentions if m.sense.verb}
    out = []
    for m in mentions:
        if not m.sense.verb and any(o.via == "open" and o.start == m.start and o.end > m.end for o in mentions):
            out.append(m)  # "the band that headlined X": the open clause relation holds the noun already
            continue
        j = m.end
        if m.sense.verb or m.sense.chain or j >= len(toks) or toks[j].lower not in ("who", "that"):
            continue
        j += 1
        while j < len(toks) and toks[j].pos == "AUX":
            j += 1
        verb = starts.get(j)
        if verb is not None and at >= verb.end and not any(t.lower in (",", ";") for t in toks[verb.end:at]):
            out.append(m)
        elif j == at and _object_clause_verb(toks, mentions, at):
            out.append(m)  # "the band that X left": whatever X left, the clause's verb is the hop
    return out


def _object_clause_verb(toks: list[Tok], mentions: list[Mention], at: int) -> bool:
    """A verb phrase right after the anchor (past auxiliaries) that opens its clause: "that X left", "that X has
    joined"."""
    k = at + 1
    while k < len(toks) and toks[k].pos == "AUX":
        k += 1
    return any(o.start == k and (o.sense.verb or o.via == "open") and toks[k].pos == "VERB" for o in mentions)
