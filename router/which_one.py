"""Questions that pick one of several holders, editions or partners, which the chain leaves unchecked (pure).

"Who was the chief executive of X in 2019?", "the 2015 Y winner", "the first / previous / founding chair of X",
"Who led X the longest?", "her first employer", "his second wife": the chain reaches every holder of the post or
every partner over time; which one is meant is a condition no relation of the chain checks, so the reading is
unsure (the generic loop runs beside it).
"""

from __future__ import annotations

import re

from hopgraph.router.lexicon import LEADER_POSTS
from hopgraph.router.other_names import date_or_number
from hopgraph.router.spans import YEAR_NUMBER, ParsedQuestion, Span


def which_one_unchecked(question: str, spans: list[Span], parsed: ParsedQuestion) -> bool:
    """The question picks one holder, edition or partner the chain of `parsed` does not check."""
    if parsed.shape not in ("comparison", "bridge_comparison") and _unread_year(question, spans):
        return True
    if "leader" in parsed.chain and (_WHICH_HOLDER.search(question) or _HOLDERS_COMPARED.search(question)):
        return True
    if "director" in parsed.chain and _WHICH_DIRECTOR.search(question):
        return True  # "the founding director of X": one of its directors
    return bool(set(parsed.chain) & _HELD_RELATIONS and _WHICH_HELD.search(question))


def _unread_year(question: str, spans: list[Span]) -> bool:
    """A year or a decade outside every name: it says which holder, edition or event is meant, a condition no relation
    of the chain checks ("Who was the chief executive of X in 2019?", "the 2015 Y winner", "in the 1960s")."""
    names = [s for s in spans if not date_or_number(s.text)]
    return any(not any(s.start <= m.start() < s.end or _NAMES_ITS_YEAR.fullmatch(question[s.end:m.start()])
                       for s in names)  # ("X 1930 director", "X (born 1884)": the year tells which X)
               for m in re.finditer(rf"(?<![\w/–-])(?:{YEAR_NUMBER}|{_DECADE})(?![\w/–-])", question))


#: A decade ("the 1960s", "the '80s").
_DECADE = r"(?:1\d{2}0s|20\d0s|['’]\d0s)"


#: Posts a "founding" one of is the first holder of ("the founding chair", "its founding editor").
FOUNDING_POSTS = frozenset(w for p in LEADER_POSTS for w in p.split()[-1:]) | frozenset(
    "editor member director partner principal headteacher headmaster headmistress trustee governor secretary "
    "treasurer manager conductor captain coach dean curator".split())
#: Relation nouns of which one has several over time ("her first employer", "his second wife").
_HELD = ("employer", "employers", "wife", "husband", "spouse", "partner", "label", "job")
#: A word that picks one holder of a post among its holders over time ("the first chair", "its previous head").
_WHICH = r"\b(?:first|founding|previous|former|next|last|original|outgoing|incoming|new|interim|acting|second|third|" \
    r"earlier|later|then|current|present)\s+"
_WHICH_HOLDER = re.compile(_WHICH + r"(?:" + "|".join(LEADER_POSTS) + r")\b", re.I)
_WHICH_DIRECTOR = re.compile(_WHICH + r"director\b", re.I)  # "the founding director of X": one of its directors
_WHICH_HELD = re.compile(_WHICH + r"(?:" + "|".join(_HELD) + r")\b", re.I)
#: The relations those nouns read as.
_HELD_RELATIONS = frozenset("employer spouse publisher".split())
#: Words that pick a holder of a post by time or tenure ("Who led X the longest?", "Who first chaired X?").
_HOLDERS_COMPARED = re.compile(r"\b(?:longest|shortest|longest-serving|most recent|most recently|latest|earliest|"
                               r"first|last)\b", re.I)
#: What may stand between a name and a year that tells which bearer of the name is meant.
_NAMES_ITS_YEAR = re.compile(r"\s*(?:\(\s*(?:born|b\.|founded|est\.)?\s*)?")
