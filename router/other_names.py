"""The names a question gives beside the one its chain starts from (pure).

    "In Y, who does X's producer play?"          Y is where the last fact is (`scene`)
    "Which Jamaican reggae singer …", "CEO"      a nationality or an acronym only qualifies (`modifier_like`)
    "March 2023", "Saturday", "1986"             a date or a number is no entity at all (`date_or_number`)
    "succeeded as MD"                            an acronym after "as" is a post held (`post_after_as`)
"""

from __future__ import annotations

import re

from hopgraph.router.spans import Span

#: A date named in words ("March 2023", "12 May 1990", "Saturday") is a time, never the entity a chain starts from.
_DATE = re.compile(r"(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?,?\s*)?(?:(?:\d{1,2}\s+)?"
                   r"(?:January|February|March|April|May|June|July|August|September|October|November|"
                   r"December)(?:\s+\d{1,2},?)?(?:\s+\d{4})?)?")
#: A season, a month or a decade with its year ("autumn 2018", "9 june 2022", "the late 1950s"), in any case.
_TIME_WITH_YEAR = re.compile(r"(?:the\s+)?(?:(?:early|late|mid)[\s-]+)?(?:(?:\d{1,2}\s+)?(?:spring|summer|autumn|fall|"
                             r"winter|january|february|march|april|may|june|july|august|september|october|november|"
                             r"december)\s+(?:of\s+)?)?(?:1\d{3}|20\d{2})s?", re.I)
_DEMONYM = re.compile(r"^[A-Z][a-z]+(?:an|ian|ese|ish|ic|i)(?: [a-z]+)*$")
_ACRONYM = re.compile(r"^(?:[A-Z]{2,4}|[A-Z][a-z]?[A-Z][a-z]?)$")  # "CEO", "PhD", "MSc"


def modifier_like(text: str) -> bool:
    """ "Jamaican reggae", "CEO": a nationality adjective or a short acronym qualifies a name; it is rarely
    the entity a chain starts from when the question names another."""
    return bool(_DEMONYM.match(text) or _ACRONYM.match(text))


MAX_OTHER_NAMES = 2


def other_names(spans: list[Span], anchors: list[str]) -> list[str]:
    """The names of the question besides its anchors, not a year or a modifier ("Jamaican"), at most two."""
    names = [s.text for s in spans
             if s.text not in anchors and not modifier_like(s.text) and not date_or_number(s.text)]
    return list(dict.fromkeys(names))[:MAX_OTHER_NAMES]


_FRONTED = re.compile(r"\s*(?:in|at|on|during|within|inside)\s+(?:the\s+)?$", re.I)
_TRAILING = re.compile(r"\s(?:in|at|during)\s+(?:the\s+)?$", re.I)


def scene(question: str, spans: list[Span]) -> list[Span]:
    """The name of a phrase that says where or when the asked fact holds: put before the question and closed by
    a comma ("In Y, who …", "At Y, which …"), or ending it ("Who played X's singer in Y?")."""
    end = len(question.rstrip().rstrip("?.!").rstrip())
    return [s for s in spans if (_FRONTED.fullmatch(question[:s.start]) and question[s.end:].lstrip().startswith(","))
            or (s.end == end and _TRAILING.search(question[:s.start]))]


_POST_ENDS = re.compile(r"\s*(?:[,.;:?!–—-]|$)|\s+(?:by|in|at|for|of|from|and|until|since|when|after|before|with|under)\b")
_AS_BEFORE = re.compile(r"\bas\s+(?:(?:the|its|their|his|her|a|an|our)\s+)?$", re.I)


def post_after_as(question: str, span: Span) -> bool:
    """ "succeeded as MD", "joined as its CFO": a short acronym right after "as" is the post someone holds, no
    name to start from ("as BCHT chief executive", "as HPE's director": the acronym names the body of the post)."""
    return bool(_ACRONYM.match(span.text)) and _AS_BEFORE.search(question[:span.start]) is not None \
        and _POST_ENDS.match(question, span.end) is not None


def date_or_number(text: str) -> bool:
    """ "1986", "4 June 1951", "autumn 2018", "the 1950s": a date or a number, no entity to start from."""
    return bool(text.strip()) and bool(re.fullmatch(r"[\d\s.,/-]+", text) or _DATE.fullmatch(text)
                                       or _TIME_WITH_YEAR.fullmatch(text.strip()))
