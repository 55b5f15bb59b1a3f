"""A name put first as the topic and taken up by "it" in the question after it (a pure function).

Search-box questions often name their subject first and ask about it with a pronoun: "Marrow Pumps
ferry - which yard built it?", "Tollen gondola: who runs it". Read as written, the chain would start
from the name at the front, in the wrong order for every relation between it and the pronoun. The
name stands where its pronoun stands: "which yard built Marrow Pumps ferry". Only a name that opens
the question (after determiners), followed by a wh-word (after an optional dash, colon or comma),
and the first "it" after that wh-word are taken (a possessive name with its noun, "X's agent - whose daughter is
she?", by the first personal pronoun when the noun names a person, "X's school - which trust runs it?" by "it");
anything else is left as it is.
"""

from __future__ import annotations

from hopgraph.router.asked import WH, noun_kind
from hopgraph.router.heads import names_a_role
from hopgraph.router.tokens import Tok, renumber

_SEPARATORS = frozenset("- – — : ,".split())


def topic_in_place(toks: list[Tok]) -> list[Tok]:
    """The tokens with a fronted topic name moved to the place of the pronoun that takes it up."""
    named = [t for t in toks if t.anchor >= 0]
    if len(named) != 1 or any(t.pos != "DET" for t in toks[:named[0].i]):
        return toks
    start = named[0].i
    end = start + 1
    while end < len(toks) and toks[end].pos == "NOUN" and toks[end].anchor < 0 \
            and (toks[start].possessive or not toks[end - 1].possessive):
        end += 1  # "the Tollen gondola": the name's own head noun moves with it (and "X's agent": what it names)
    if toks[start].possessive and end == start + 1:
        return toks
    wh = end + 1 if end < len(toks) and toks[end].lower in _SEPARATORS else end
    if wh >= len(toks) or toks[wh].lower not in WH:
        return toks
    # "X's agent - whose daughter is she?": a person the possessive names ("it" after one may be the name's own;
    # a person's own name is taken up by the pronoun reading of the question)
    # "X's school - which trust runs it?": a thing the possessive names is taken up by "it"
    person = toks[start].possessive and any(names_a_role(t.lower) or noun_kind(t.lower) == "person"
                                            for t in toks[start + 1:end])
    takers = _PERSONAL if person else {"it"}
    pronoun = next((t.i for t in toks[wh + 1:] if t.lower in takers), None)
    if pronoun is None:
        return toks
    return renumber(toks[wh:pronoun] + toks[start:end] + toks[pronoun + 1:])


#: Pronouns that take up a person named first ("her" may be a possessive determiner: not taken).
_PERSONAL = frozenset("he she him they them".split())
