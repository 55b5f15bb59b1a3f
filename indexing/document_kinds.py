"""Titles that say what kind of document it is, not what it is about (pure functions over the title).

Organisations title their documents by kind, date and topic: "Contract award notice, 2019", "Press release
2021-07", "Memo: staff restructure", "Obituary — June 2024", "Quell Ltd — minutes, 12 May 2022". Such a title is no
entity, even when the text opens with its words ("Contract award notice. Awarding body: ..." under "Contract award
notice, 2019"): `kind_titled` says so, and `hopgraph.indexing.subject.document_mode` reads the document as a
narrative one. A title is kind-titled when

* its first part (before " — ", ": " or ", ") ends in a kind noun written in lower case ("Contract award notice",
  "Staff bulletin no. 12", "Press release 2021-07"; trailing numbers and dates skipped), or starts with one
  ("Minutes of the board meeting of 4 May 2022", not a name such as "Notes on the Port of Tarrow");
* its first part is a kind noun alone, capitalised, and more follows ("Memo: rota", "Obituary — June 2024"; "The
  Letter (1940 film)" and "Obituary" alone stay names);
* a later part holds a kind noun in lower case ("Quell Ltd — minutes, 12 May 2022", "Quell Ltd — firm news").

`title_author` reads the organisation such a title puts first: "<Name> — <anything>" ("Quell Ltd — about us",
"Quell Ltd — news, 2017"), the name capitalised word by word and no kind of document itself; on that
organisation's own pages "we", "our" and "the company" mean it (`hopgraph.indexing.author`).
"""

from __future__ import annotations

import re

from hopgraph.indexing.subject import is_name_like

#: Nouns naming a kind of document (singular and plural as written).
DOCUMENT_KINDS = frozenset(
    "minutes notice notices report reports memo memorandum email e-mail letter obituary bulletin newsletter news "
    "release statement announcement update agenda circular vacancy advert advertisement faq faqs profile review "
    "results notes note briefing transcript summary".split()
)
_PARTS = re.compile(r"\s[—–|-]\s|:\s|,\s")
_DASH = re.compile(r"\s[—–|]\s")
_MONTHS = frozenset("january february march april may june july august september october november december "
                    "spring summer autumn winter".split())
_WORD = re.compile(r"[^\W\d_][\w'’.-]*|\d[\w'’./-]*")


def _words(part: str) -> list[str]:
    """The part's words without trailing numbers and dates ("bulletin no. 12" -> "bulletin")."""
    words = _WORD.findall(part)
    while words and (words[-1][0].isdigit() or words[-1].lower().rstrip(".") in _MONTHS | {"no", "q1", "q2", "q3",
                                                                                              "q4"}):
        words.pop()
    return words


def _is_kind(word: str) -> bool:
    return word.lower().rstrip(".") in DOCUMENT_KINDS


def kind_titled(title: str) -> bool:
    """True when the title names a kind of document (see the module docstring)."""
    parts = [p.strip() for p in _PARTS.split(title.strip()) if p.strip()]
    if not parts:
        return False
    first = _words(parts[0])
    if first and _is_kind(first[-1]) and first[-1][0].islower():
        return True  # "Contract award notice, 2019"
    if first and _is_kind(first[0]) and (len(first) > 1 and not is_name_like(parts[0])
                                         or len(parts) > 1 and len(first) == 1):
        return True  # "Minutes of the board meeting", "Memo: rota", "Obituary — June 2024"
    return any(_is_kind(w) and w[0].islower() for p in parts[1:] for w in _words(p))


def title_author(title: str) -> str | None:
    """The name a "<Name> — <anything>" title opens with, when name-like and no kind of document; else None."""
    parts = _DASH.split(title.strip(), maxsplit=1)
    if len(parts) < 2:
        return None
    name = parts[0].strip()
    words = _WORD.findall(name)
    if not words or not is_name_like(name) or any(_is_kind(w) for w in words) or words[0][0].isdigit():
        return None
    return name
