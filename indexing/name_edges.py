"""Words at the edge of a name that are no part of it (pure helpers of `hopgraph.indexing.spans`).

* A company's legal form written after its name ("Quell Catering Ltd", "Brook Lunn LLP", "Quell Group plc"): the
  company is called without it elsewhere ("Quell Catering"), so the name ends before it; the form still says the
  name is a company's (`hopgraph.indexing.classes.class_triples` reads it as type evidence).
* A heading or a greeting NER ran a date on into ("St Ola's bulletin, March 2023 Menus. From 1 April ...", "31
  March Dear all"): a capitalised word right after a date's number that is no word of a date.
"""

from __future__ import annotations

from spacy.tokens import Span

#: Legal forms of companies, lower-cased as tokens read them.
COMPANY_SUFFIXES = frozenset("ltd ltd. limited llp plc inc inc. llc gmbh".split())
#: Capitalised words a date may end with ("Christmas Day", "Easter Sunday", "New Year's Eve").
_DATE_WORDS = frozenset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday day eve week year spring summer autumn winter".split()
)


def heading_after_date(span: Span) -> bool:
    """A date span of three tokens or more ending in a capitalised word after a number ("March 2023 Menus")."""
    if len(span) < 3:
        return False
    last, before = span[-1], span[-2]
    return last.is_title and last.is_alpha and last.lower_ not in _DATE_WORDS and before.like_num
