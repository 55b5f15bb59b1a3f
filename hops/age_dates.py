"""A year of birth from the age a dated report gives (a pure function).

Obituaries and news give a person's age, not a date of birth: "Ada Brook, who has died aged 81, …" under
"Obituary, 2012"; "Tom Reed, 74, says he will keep his hand in" under "Local news, March 2011"; "the 58-year-old
Ilse Varga". The report's year less the age is the year of birth, to within a year (the birthday may fall
after the report).
"""

from __future__ import annotations

import re

from hopgraph.hops.title_date import title_date

_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
#: The age said after the name, in the name's own clause: "X, 74, …", "X, who has died aged 81", "X (aged 62)".
_AGE_AFTER = re.compile(r"^\s*(?:,\s*(?P<bare>\d{1,3})\s*[,.;)]|[^.;]{0,60}?\b(?:aged|age)\s+(?P<aged>\d{1,3})\b)")
#: The age said before the name: "the 58-year-old X".
_AGE_BEFORE = re.compile(r"\b(?P<age>\d{1,3})-year-old\s+$")
_OLDEST = 120
_CAPITALISED = re.compile(r"\b[A-Z][a-z]")


def born_by_age(title: str, sentences: list[str], name: str) -> tuple[str, str] | None:
    """(sentence, year of birth) from the first sentence giving `name`'s age, dated by the report's title (else by
    the one year the sentence names); None when no sentence does, or nothing dates the report."""
    report_year = _YEAR.search(title_date(title))
    for sentence in sentences:
        years = set(_YEAR.findall(sentence))
        year = int(report_year.group(0)) if report_year else int(years.pop()) if len(years) == 1 else 0
        if not year:
            continue
        for m in re.finditer(rf"\b{re.escape(name)}\b", sentence, re.IGNORECASE):
            age = _age_after(sentence[m.end():]) or _age_before(sentence[:m.start()])
            if 0 < age < _OLDEST:
                return sentence, str(year - age)
    return None


def _age_after(rest: str) -> int:
    """The age in the name's own clause; none when another name comes first ("X thanked Y, who died aged 81")."""
    m = _AGE_AFTER.match(rest)
    if m is None or _CAPITALISED.search(rest[:m.start("aged")] if m.group("aged") else ""):
        return 0
    return int(m.group("bare") or m.group("aged"))


def _age_before(before: str) -> int:
    m = _AGE_BEFORE.search(before)
    return int(m.group("age")) if m else 0
