"""A report dated by its title tells of an event on a day it names relative to itself (pure functions).

News, minutes and letters carry their date in the title ("Local news, May 2009") and say when in the text by
reference to it: "opened its doors on Thursday", "was opened yesterday", "opens today", "has set up". Such a
sentence dates the event by the title's date (to the title's precision) where it gives no calendar date itself.
"""

from __future__ import annotations

import re

from hopgraph.indexing.normalize import DATE_RE
from hopgraph.router.tokens import WEEKDAYS

_WEEKDAY = f"(?:{'|'.join(WEEKDAYS)})"
#: A day told relative to the report: "today", "yesterday", "on Thursday", "last week", "this morning".
_RELATIVE_DAY = re.compile(rf"\b(?:today|yesterday|tonight|this (?:morning|afternoon|evening|week)|"
                           rf"last (?:night|week|{_WEEKDAY})|on {_WEEKDAY})\b", re.IGNORECASE)
#: The present perfect tells of what has just happened, on the report's day: "has set up", "have opened", "has
#: just been formed" ("has long been", "has run since …" say nothing of the day).
_JUST_DONE = re.compile(r"\b(?:has|have)\s+(?:just\s+|now\s+|recently\s+)?(?:been\s+)?", re.IGNORECASE)
_YEAR = re.compile(r"\b\d{4}\b")


def title_date(title: str) -> str:
    """The calendar date a title gives, with its year ("Local news, May 2009" -> "May 2009"); "" when none."""
    m = DATE_RE.search(title)
    return m.group(0) if m and _YEAR.search(m.group(0)) else ""


def dated_by_title(title: str, sentences: list[str], cue: re.Pattern[str] | None = None,
                   name: str = "") -> tuple[str, str] | None:
    """(sentence, date): the first sentence telling of its event on a day relative to the report, or in the present
    perfect of the event's own verb done to `name` (`cue`: "has set up X", "X has been formed", not "X has announced
    …"), dated by the report's title; None when the title gives no date or no sentence says such a day."""
    date = title_date(title)
    if not date:
        return None
    return next(((s, date) for s in sentences if _RELATIVE_DAY.search(s) or _just_done(s, cue, name)), None)


def _just_done(sentence: str, cue: re.Pattern[str] | None, name: str) -> bool:
    """The sentence puts the event's own verb in the present perfect, with the name as its object right after it
    ("X has set up Y") or as the subject of its passive ("Y has just been formed")."""
    if cue is None or not name:
        return False
    for m in _JUST_DONE.finditer(sentence):
        done = cue.match(sentence, m.end())
        if done is None:
            continue
        after = re.sub(r"^\w*\s*(?:the\s+)?", "", sentence[done.end():], flags=re.IGNORECASE)  # (the verb's ending)
        passive = "been" in m.group().lower() and sentence[:m.start()].rstrip().lower().endswith(name.lower())
        if passive or after.lower().startswith(name.lower()):
            return True
    return False
