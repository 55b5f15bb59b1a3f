"""Name and date normalisation shared by extraction, resolution and graph linking."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_PUNCT = re.compile(r"[^\w\s]|_", re.UNICODE)
_SPACE = re.compile(r"\s+")
_ARTICLES = ("the ", "a ", "an ")
_DISAMBIGUATOR = re.compile(r"\s*\([^()]*\)\s*$")

MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
    "july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
    "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}
_MONTH = r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_ERA = r"(?:\s*(?:BC|BCE|AD|CE)\b)"
#: A calendar date as written in English prose: "16 January 1932", "January 16, 1932",
#: "January 1932", "1932", "c. 1932", "4 BCE". Used for parentheticals and date matching.
DATE_RE = re.compile(
    rf"\b(?:\d{{1,2}}\s+{_MONTH},?\s+\d{{1,4}}{_ERA}?"
    rf"|{_MONTH}\s+\d{{1,2}},?\s+\d{{1,4}}{_ERA}?"
    rf"|{_MONTH}\s+\d{{3,4}}{_ERA}?"
    rf"|\d{{1,4}}{_ERA}"
    rf"|\d{{3,4}})\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=200_000)
def normalize(name: str) -> str:
    """Canonical form of a name for matching.

    Lower case, diacritics stripped (NFKD), punctuation turned into spaces, whitespace
    collapsed, one leading article (the/a/an) dropped: "The Émile-Zola  Prize" -> "emile zola prize".
    """
    if name.isascii():  # NFKD changes no ASCII text and it has no combining marks: the same result, faster
        text = name.lower()
        if "  " in text or not text.replace(" ", "").isalnum():  # else no punctuation and no run of spaces
            text = _SPACE.sub(" ", _PUNCT.sub(" ", text))
    else:
        text = unicodedata.normalize("NFKD", name)
        text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
        text = _SPACE.sub(" ", _PUNCT.sub(" ", text))
    text = text.strip()
    for article in _ARTICLES:
        if text.startswith(article) and len(text) > len(article):
            return text[len(article):]
    return text


def strip_disambiguator(title: str) -> str:
    """Drop a trailing Wikipedia-style disambiguator: "Four Quiet Rooms (1936 film)" -> "Four Quiet Rooms"."""
    if not title.rstrip().endswith(")"):  # what the pattern needs: most names have none (the graph asks for each)
        return title
    stripped = _DISAMBIGUATOR.sub("", title)
    return stripped or title


def parse_date(text: str) -> tuple[int, int | None, int | None] | None:
    """(year, month, day) of the first date in `text`, month/day None when absent; BC years negative.

    "16 January 1932" and "January 16, 1932" both give (1932, 1, 16); "1970" gives (1970, None, None).
    """
    match = DATE_RE.search(text)
    if not match:
        return None
    words = re.findall(r"[A-Za-z]+|\d+", match.group(0))
    year = month = day = None
    numbers: list[int] = []
    bc = False
    for word in words:
        low = word.lower()
        if low in MONTHS:
            month = MONTHS[low]
        elif low in ("bc", "bce"):
            bc = True
        elif word.isdigit():
            numbers.append(int(word))
    if not numbers:
        return None
    year = numbers[-1]
    if len(numbers) > 1 and month is not None:
        day = numbers[0]
    return (-year if bc else year, month, day)


_GLUED_PAREN = re.compile(r"(?<=[^\s(\[])([(\[]) (?=\S)")


def repair_spacing(text: str) -> str:
    """Same-length fix of glued brackets and quotes, so the parser sees ordinary prose.

    Some corpora glue an opening bracket ("(" or "[") or quote to the previous word and detach it from
    the next one: 'Will You Wait for Me?( Spanish: …)' / 'from his album" Tom Kessler".'
    Swapping the two characters ('X( Y' -> 'X (Y', 'X" Y' -> 'X "Y' for an opening quote)
    keeps every character offset valid. Quotes alternate open/close in reading order; only
    opening ones are moved.
    """
    text = _GLUED_PAREN.sub(r" \1", text)
    if '"' not in text:
        return text
    chars = list(text)
    opening = True
    i = 0
    while i < len(chars) - 2:
        if chars[i] == '"':
            glued = i == 0 or not chars[i - 1].isspace()
            if opening and glued and chars[i + 1] == " " and not chars[i + 2].isspace():
                chars[i], chars[i + 1] = " ", '"'
                i += 1  # the quote moved one place right: do not count it twice
            opening = not opening
        i += 1
    return "".join(chars)


_QUOTED_NICKNAME = re.compile(r'^(?P<first>[^"]*?)\s*"\s*(?P<nick>[^"]+?)\s*"\s*(?P<rest>[^"]+)$')


def nickname_variants(name: str) -> list[str]:
    """Shorter forms of a name holding a quoted nickname, or [].

    'Nils Erik "Nippe" Strömgård' -> ['Nippe Strömgård', 'Nils Erik Strömgård']: the nickname
    with the surname (last word), and the name without the nickname.
    """
    match = _QUOTED_NICKNAME.match(name.strip())
    if match is None or not match.group("first"):
        return []
    nick, rest = match.group("nick"), match.group("rest").strip()
    if len(rest.split()) > 2:  # 'Archduchess "Ilka" Sophie Adela …': no surname to pair with
        return []
    return [f"{nick} {rest.split()[-1]}", f"{match.group('first')} {rest}"]
