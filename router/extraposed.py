"""A relative clause set after the participle of its noun: "When was the hall built that X moved into?" (pure).

English may put a long relative clause after the verb of the sentence ("the hall built that X moved into" for
"the hall that X moved into built"): read in that order, the participle ("built") sits between the noun and the
clause that says which hall it is, and the clause looks like one of its own. The participle (and its particle,
"put up") is moved after the clause, where the question's own verb stands in the plain order.
"""

from __future__ import annotations

from hopgraph.router.tokens import Tok, renumber

#: Words that open a relative clause on a thing.
_THING_RELATIVES = frozenset(("that", "which"))
#: Particles a participle may take before the clause ("put up", "pulled down").
_PARTICLES = frozenset("up down out over".split())


def with_clause_beside_its_noun(toks: list[Tok]) -> list[Tok]:
    """The tokens with a participle that follows a determined noun and comes before a relative clause on that noun
    ("was the building constructed that X …?") moved to the end of the question, before its closing mark;
    unchanged otherwise."""
    for t in toks[2:-2]:
        if t.pos != "VERB" or not t.lower.endswith(("ed", "en", "t")) or toks[t.i - 1].pos != "NOUN":
            continue
        end = t.i + 1 + (toks[t.i + 1].lower in _PARTICLES)
        if end + 1 >= len(toks) or toks[end].lower not in _THING_RELATIVES or not _determined(toks, t.i - 1) \
                or toks[end + 1].pos in ("NOUN", "ADJ", "NUM"):
            continue  # ("the hall built that year": "that" points at the year, no clause)
        if not any(u.lemma == "be" for u in toks[:t.i]):
            continue  # ("the hall built that year": no passive question around it)
        close = len(toks) - 1 if not toks[-1].lower.isalnum() else len(toks)
        moved = toks[t.i:end]
        return renumber(toks[:t.i] + toks[end:close] + moved + toks[close:])
    return toks


def _determined(toks: list[Tok], i: int) -> bool:
    """The noun at `i` (maybe the last of a compound) follows "the", "this" or "that"."""
    j = i
    while j > 0 and toks[j - 1].pos in ("NOUN", "ADJ") and toks[j - 1].anchor < 0:
        j -= 1
    return j > 0 and toks[j - 1].lower in ("the", "this", "that")
