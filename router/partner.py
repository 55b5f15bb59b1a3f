"""Is "partner" a spouse? Only when nothing says a partner in what (pure).

"X's partner" and "the partner of X" may mean a spouse. A partner *in* something is not one: "his partner on the
first ascent", "her partner in the firm", "the climbing partner of X", "a business partner", "a partner firm",
"the firm where X was a partner".
Such a mention is no spouse relation; its words stay open (searched as they are written). A "partner" still read
as a spouse is no certainty either: on company documents a partner in X's firm is as likely (`partner_as_spouse`).
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention
from hopgraph.router.tokens import Tok

_PARTNER_WORDS = frozenset("partner partners".split())
#: Prepositions that say what a partnership is in ("partner on the ascent", "partner in the firm").
_IN_WHAT = frozenset("on in at for during with".split())


def other_partner(toks: list[Tok], m: Mention) -> bool:
    """The mention is "partner" qualified by an activity or a business: no spouse."""
    if m.end - m.start != 1 or toks[m.start].lower not in _PARTNER_WORDS:
        return False
    nxt = toks[m.end] if m.end < len(toks) else None
    before = toks[m.start - 1] if m.start > 0 else None
    if nxt is not None and (nxt.lower in _IN_WHAT or (nxt.pos == "NOUN" and nxt.anchor < 0)):
        return True  # "partner on the ascent", "partner firm"
    if before is not None and before.lower == "a" and m.start > 1 and toks[m.start - 2].lemma == "be":
        return True  # "the firm where X was a partner": a post at the firm ("his partner" may be a spouse)
    if before is not None and before.lower == "a" and m.start > 1 and toks[m.start - 2].lemma not in ("have", "be") \
            and toks[m.start - 2].pos in ("VERB", "ADP"):
        return True  # "the practice brought in a partner", "took on a partner": a post ("X had a partner" may be one)
    return before is not None and before.anchor < 0 and before.pos in ("NOUN", "ADJ", "VERB") \
        and before.lower.isalpha() and not before.possessive  # "climbing partner", "business partner"


def partner_as_spouse(toks: list[Tok], mentions: list[Mention]) -> bool:
    """A mention of the spouse relation is the word "partner" ("the partner of X"): a reading, no certainty."""
    return any(m.sense.relation == "spouse" and toks[m.start].lemma == "partner" for m in mentions)
