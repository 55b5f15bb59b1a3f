"""The kind of answer an open relation asks for, read from the clause that holds it (pure).

"the candidate who won X" asks a person, "the state where X was fought" a place, "the utility that funded X" and
"the club that X sponsors" an organisation: the grader prefers bridges of that kind.
"""

from __future__ import annotations

from hopgraph.router.clause_head import clause_kind, clause_noun
from hopgraph.router.leading import ORGANISATION_NOUNS, is_one_of
from hopgraph.router.lexicon import Mention
from hopgraph.router.relative_verbs import reduced_relative
from hopgraph.router.tokens import Tok
from hopgraph.router.vocab import RELATIONS


def open_answers(toks: list[Tok], ordered: list[Mention]) -> dict[str, str]:
    """Open relation -> the kind of its answer, where the clause holding it says ("the candidate who won X":
    a person; "the state where X was fought": a place): the grader prefers bridges of that kind."""
    out: dict[str, str] = {}
    for m in ordered:
        if not m.sense.relation or m.sense.relation in RELATIONS:
            continue
        own = "person" if any(toks[k].lower in ("who", "whom") for k in range(m.start, m.end)) else ""
        # the phrase's own head ("the utility that …") and an organisation noun heading its clause ("the firm
        # that won X": a body, where the clause's kind alone says only "a thing") come first; its own "who"
        # ("the actor who voices X") says more than the clause around it
        if kind := _organisation_head(toks, m) or _organisation_clause(toks, m) or clause_kind(toks, m) or own:
            out[m.sense.relation] = kind
    return out


def _organisation_head(toks: list[Tok], m: Mention) -> str:
    """ "org" when the phrase opens with an organisation noun its own relative clause is on ("the utility
    that co-founded X", "the institute carrying out X", "the party whose candidate won X": the answer is an
    organisation, not the town it is based in nor the candidate); "" otherwise."""
    head, nxt = toks[m.start], toks[m.start + 1] if m.start + 1 < len(toks) else None
    reduced = nxt is not None and m.end == m.start + 2 and reduced_relative(toks, m.start + 1, m.end)
    if nxt is None or (nxt.lower not in ("that", "which", "whose") and not reduced) or head.pos not in ("NOUN", ""):
        return ""
    return "org" if is_one_of(head, ORGANISATION_NOUNS) else ""


def _organisation_clause(toks: list[Tok], m: Mention) -> str:
    """ "org" when the phrase is the verb of a relative clause on an organisation noun ("the club that X
    sponsors": the answer is a club, not a person the club's page names)."""
    return "org" if clause_noun(toks, m) in ORGANISATION_NOUNS else ""
