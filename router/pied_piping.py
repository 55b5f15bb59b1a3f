"""A preposition set before "which" that belongs to a phrasal verb (pure).

    "the novel on which the opera X conducted is based"   "based on": what the opera was adapted from, not where
                                                          it is based

English may put a clause's preposition before its relative word ("on which … is based") or leave it after the verb
("which … is based on"). When the verb with that preposition has another meaning than the verb alone (`OTHER_SENSE`:
"based on", "worked with"), the clause is read as if the preposition stood after its verb.
"""

from __future__ import annotations

from hopgraph.router.lexicon import OTHER_SENSE
from hopgraph.router.tokens import CLAUSE_BREAK, Tok, renumber


def with_preposition_after_its_verb(toks: list[Tok]) -> list[Tok]:
    """The tokens with "P which … V" as "which … V P" when V, closing the clause, is a phrasal verb of another
    meaning with P; unchanged otherwise."""
    for t in toks[1:-1]:
        if t.pos != "ADP" or toks[t.i + 1].lower not in ("which", "whom"):
            continue
        end = next((u.i for u in toks[t.i + 2:] if u.lower in CLAUSE_BREAK or u.pos == "PUNCT"), len(toks))
        verbs = [u for u in toks[t.i + 2:end] if u.pos == "VERB"]
        if verbs and verbs[-1].i + 1 == end and t.lower in OTHER_SENSE.get(verbs[-1].lemma, ()):
            # (the verb closes the clause, where the preposition would stand: "… once worked on as a guide" would not)
            v = verbs[-1].i
            return renumber(toks[:t.i] + toks[t.i + 1:v + 1] + [t] + toks[v + 1:])
    return toks
