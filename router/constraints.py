"""Metadata constraints read from a question (a pure function of the question and the store's vocabulary).

"articles from 2021", "in the minutes", "published after March 2023", "according to the Harbour Gazette",
"the latest report", "reports by Ilse Maren" become `MetaFilter`s on the document metadata (`hopgraph.metadata`).
Only phrases that speak of documents count, so a date or a name the question asks about is never taken for one:

* a kind of document (article, news, report, minutes, press release, letter, notice, …) counts when the store's
  documents carry that kind (`kind`/`type` metadata) and the word is used as a noun (after "the", "which",
  "latest" …, not right after a capitalised name, where "report" is the verb of "the Gazette report");
* a source or author counts only after a cue ("according to X", "in/from X", "by X" after a document noun or
  a verb of writing, "X reported/wrote/says", "did X report"), and only when it is a value the store knows
  (the whole value or its last two words: "the harbour board" for "Kestrel Bay harbour board");
* a date counts after a document noun, a known source or a verb of publishing ("articles from 2021",
  "published after March 2023", "the Gazette report in 2020", "the 2021 minutes");
* "the latest/most recent/newest …" and "the earliest/oldest/first …" before a document noun keep only the
  newest / oldest dated document of those the other constraints keep.

`Constraints.question` is the question without the source and date phrases (what the router reads);
`listing` says the question asks for documents ("which reports mention X"): the metadata source answers it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hopgraph.models import MetaFilter
from hopgraph.router.tokens import MONTHS

#: Document nouns (singular and plural spellings) -> the metadata kind values they name.
DOC_NOUNS: dict[str, tuple[str, ...]] = {
    "article": ("news", "article"), "articles": ("news", "article"), "news": ("news", "article"),
    "story": ("news", "article"), "stories": ("news", "article"), "coverage": ("news", "article"),
    "report": ("report",), "reports": ("report",), "minutes": ("minutes",),
    "press release": ("press_release", "press release"), "press releases": ("press_release", "press release"),
    "letter": ("letter",), "letters": ("letter",), "notice": ("notice",), "notices": ("notice",),
    "bulletin": ("bulletin",), "bulletins": ("bulletin",), "obituary": ("obituary",), "obituaries": ("obituary",),
    "interview": ("interview",), "interviews": ("interview",), "transcript": ("interview", "transcript"),
    "memo": ("memo",), "memos": ("memo",), "newsletter": ("newsletter",), "newsletters": ("newsletter",),
    "announcement": ("announcement",), "announcements": ("announcement",), "filing": ("filing",), "filings": ("filing",),
}
SOURCE_KEYS = ("source", "publisher", "outlet", "newspaper", "publication")
AUTHOR_KEYS = ("author", "authors", "by", "writer")
TYPE_KEYS = ("kind", "type", "genre", "doctype")
_NOUN_RE = "|".join(sorted((re.escape(n) for n in DOC_NOUNS), key=len, reverse=True))
_MONTH_RE = "|".join(m.capitalize() for m in MONTHS) + "|" + "|".join(MONTHS)
_WHEN = rf"(?:(?:\d{{1,2}}\s+)?(?:{_MONTH_RE})\s+\d{{4}}|\d{{4}}-\d{{2}}(?:-\d{{2}})?|\d{{4}})"
_PUBLISH = r"(?:published|written|dated|issued|released|posted|reported|filed|printed|wrote|report|reported)"
_PARTICIPLE = r"(?:published|written|dated|issued|released|posted|filed|printed)"
_DETERMINER = re.compile(r"\b(?:the|which|what|any|all|these|those|latest|newest|earliest|oldest|recent|first|last|"
                         r"\d{4}|council|board|company|annual|quarterly|monthly|weekly|their|its|his|her)\s+(?:\w+\s+){0,2}$",
                         re.IGNORECASE)
_RECENCY = re.compile(rf"\b(?:the\s+)?(latest|newest|most\s+recent|last|earliest|oldest|first)\s+((?:[\w&'’-]+\s+){{0,3}}?)({_NOUN_RE})\b",
                      re.IGNORECASE)
_LISTING = re.compile(rf"^\s*(?:which|what|list|show|find|are\s+there\s+any)\s+(?:the\s+|all\s+|any\s+)?(?:[\w&'’-]+\s+){{0,3}}?"
                      rf"({_NOUN_RE})\b(?:(?!\?).)*?\b(?:mention|mentions|mentioning|discuss|discusses|cover|covers|"
                      rf"refer|refers|talk|talks|are\s+about|were\s+about|is\s+about|name|names)\b", re.IGNORECASE)


@dataclass
class Constraints:
    filters: list[MetaFilter] = field(default_factory=list)
    question: str = ""  # the question with source and date phrases removed
    listing: bool = False  # the question asks for documents: the metadata source answers it
    phrases: list[str] = field(default_factory=list)


def read_constraints(question: str, vocabulary: dict[str, set[str]], dated: bool = True) -> Constraints:
    """The metadata constraints of a question. `vocabulary` is key -> folded values the store's documents
    carry (`hopgraph.metadata.known_values`); `dated` whether any document has a date."""
    out = Constraints(question=question)
    kinds = {v for k in TYPE_KEYS for v in vocabulary.get(k, ())}
    nouns = _doc_nouns(question, kinds)
    for span, noun, values in nouns:
        _add(out, MetaFilter(key="kind", value=values[0], phrase=question[span[0]:span[1]]))
    sources = _named(question, vocabulary, SOURCE_KEYS, _source_cue)
    authors = _named(question, vocabulary, AUTHOR_KEYS, _author_cue)
    cut: list[tuple[int, int]] = []
    for (start, end, key, value, removable) in sources + authors:
        _add(out, MetaFilter(key=key, value=value, phrase=question[start:end]))
        if removable:
            cut.append((start, end))
    listing = _LISTING.search(question)
    listing_kind = bool(listing) and _kind_known(listing.group(1), kinds)
    if dated:
        anchors = [span[1] for span, _, _ in nouns] + [e for _, e, *_ in sources]
        for start, end, filters in _dates(question, anchors, anywhere=listing_kind):
            for f in filters:
                _add(out, f)
            cut.append((start, end))
        for m in _RECENCY.finditer(question):
            if nouns and any(m.start(3) == span[0] for span, _, _ in nouns):
                word = m.group(1).lower()
                which = "latest" if word in ("latest", "newest", "last") or word.startswith("most") else "earliest"
                _add(out, MetaFilter(key="date", value=which, phrase=m.group(0).strip()))
    out.listing = bool(out.filters) and listing_kind
    out.question = _remove(question, cut) if cut else question
    out.phrases = [f.phrase for f in out.filters]
    return out


def _add(out: Constraints, f: MetaFilter) -> None:
    if not any((g.key, g.op, g.value) == (f.key, f.op, f.value) for g in out.filters):
        out.filters.append(f)


def _kind_known(noun: str, kinds: set[str]) -> bool:
    return any(v in kinds for v in DOC_NOUNS.get(noun.lower(), ()))


def _doc_nouns(question: str, kinds: set[str]) -> list[tuple[tuple[int, int], str, tuple[str, ...]]]:
    """Document nouns used as nouns whose kind the store knows: ((start, end), noun, kind values)."""
    out = []
    for m in re.finditer(rf"\b({_NOUN_RE})\b", question, re.IGNORECASE):
        noun = m.group(1).lower()
        values = tuple(v for v in DOC_NOUNS[noun] if v in kinds)
        if not values:
            continue
        before = question[:m.start()]
        prev = re.search(r"(\S+)\s+$", before)
        if prev and prev.group(1)[:1].isupper() and not _DETERMINER.search(before[-40:]) and noun in ("report", "reports"):
            continue  # "the Gazette report in 2020": a verb after the name
        if not _DETERMINER.search(before[-40:]) and not re.match(r"\s+(?:from|published|dated|of|by|in|mention|about|that|on)\b",
                                                                question[m.end():], re.IGNORECASE):
            if not re.match(r"\s*(?:,|$|\?)", question[m.end():]) and m.start() > 0:
                continue
        if prev and prev.group(1).lower() in ("did", "does", "do", "will", "to") and noun in ("report", "reports"):
            continue  # "did the board report": a verb
        out.append(((m.start(), m.end()), noun, values))
    return out


def _source_cue(question: str, start: int, end: int) -> tuple[bool, bool]:
    """(is a source cue, the phrase can be removed from the question)."""
    before, after = question[:start], question[end:]
    removable = not re.match(rf"(?:'s|’s)?\s+(?:{_NOUN_RE})\b", after, re.IGNORECASE)  # "the X report" keeps its noun
    if re.search(r"\b(?:according\s+to|in|from|by|reported\s+by|published\s+by|at)\s+(?:the\s+)?$", before, re.IGNORECASE):
        return True, removable
    if re.search(rf"\b(?:{_NOUN_RE})\s+of\s+(?:the\s+)?$", before, re.IGNORECASE):  # "the minutes of the harbour board"
        return True, removable
    if re.search(r"\b(?:did|does|do|has|have|had|will)\s+(?:the\s+)?$", before, re.IGNORECASE) and re.match(
            r"\s+(?:report|write|say|publish|claim|note|announce|print|cover)\b", after, re.IGNORECASE):
        return True, False  # "what did the Gazette write", not "when did Vintrel Systems complete"
    if re.match(r"(?:'s|’s)?\s+(?:report|reported|reports|wrote|write|writes|say|says|said|publish|published|"
                r"article|articles|coverage|minutes|story|stories|claims|claimed|noted|notes)\b", after, re.IGNORECASE):
        return True, False
    return False, False


def _author_cue(question: str, start: int, end: int) -> tuple[bool, bool]:
    before, after = question[:start], question[end:]
    if re.search(rf"\b(?:according\s+to|(?:{_NOUN_RE}|pieces?|columns?|written|published|reported|posted|authored)\s+by)\s+$",
                 before, re.IGNORECASE):
        return True, True
    if re.match(r"(?:'s|’s)?\s+(?:wrote|write|writes|reported|report|article|articles|column|piece|story|stories)\b", after, re.IGNORECASE):
        return True, False
    return False, False


def _named(question: str, vocabulary: dict[str, set[str]], keys: tuple[str, ...], cue) -> list[tuple[int, int, str, str, bool]]:
    """(start, end, key, value, removable) of known values of `keys` the question names after a cue."""
    low = question.lower()
    out = []
    for key in keys:
        values = vocabulary.get(key, set())
        tails = _unique_tails(values)
        for value in sorted(values, key=len, reverse=True):
            if value.split()[-1:] and value.split()[-1] not in low:
                continue  # cheap test first: every form of a value ends with its last word
            for form in [value] + [t for t, v in tails.items() if v == value]:
                for m in re.finditer(rf"(?<![\w]){re.escape(form)}(?![\w])", low):
                    if any(m.start() < e and m.end() > s for s, e, *_ in out):
                        continue
                    ok, removable = cue(question, m.start(), m.end())
                    if ok:
                        start = m.start()
                        the = re.search(r"\b(?:according\s+to\s+|in\s+|from\s+|by\s+|at\s+|of\s+)?(?:the\s+)?$", question[:start], re.IGNORECASE)
                        if removable and the:
                            start = the.start()
                        out.append((start, m.end(), key, value, removable))
    return out


def _unique_tails(values: set[str]) -> dict[str, str]:
    """The last two words of each value of three words or more, when no other value ends so."""
    tails: dict[str, list[str]] = {}
    for v in values:
        words = v.split()
        if len(words) >= 3:
            tails.setdefault(" ".join(words[-2:]), []).append(v)
    return {t: vs[0] for t, vs in tails.items() if len(vs) == 1}


def _dates(question: str, anchors: list[int], anywhere: bool = False) -> list[tuple[int, int, list[MetaFilter]]]:
    """Date phrases tied to a document noun, a source or a verb of publishing (`anywhere`: in a question that
    asks for documents, "which reports mention X after 2022", every date phrase): (start, end, filters)."""
    out = []
    pattern = re.compile(rf"\b(?:{_PUBLISH}\s+)?(in|from|during|of|after|before|since|until|between)\s+({_WHEN})"
                         rf"(?:\s+and\s+({_WHEN}))?\b", re.IGNORECASE)
    for m in pattern.finditer(question):
        tied = any(0 <= m.start() - a <= 25 and not re.search(r"[?.]", question[a:m.start()]) for a in anchors)
        published = re.match(rf"{_PUBLISH}\s", m.group(0), re.IGNORECASE) is not None
        if not (tied or published or anywhere):
            continue
        word = m.group(1).lower()
        if word == "between" and not m.group(3):
            continue
        filters = _range(word, m.group(2), m.group(3), m.group(0).strip())
        participle = re.match(rf"{_PARTICIPLE}\s", m.group(0), re.IGNORECASE) is not None \
            and not re.search(r"\b(?:were|was|are|is|been|be)\s+$", question[:m.start()], re.IGNORECASE)
        if filters:  # "published after March 2023" goes whole; of "report in 2020" the verb stays
            out.append((m.start() if participle else m.start(1), m.end(), filters))
    for m in re.finditer(rf"\b(?:the\s+)?(\d{{4}})\s+({_NOUN_RE})\b", question, re.IGNORECASE):
        filters = _range("in", m.group(1), None, m.group(0).strip())
        out.append((m.start(1), m.end(1) + 1, filters))
    return out


def _range(word: str, when: str, until: str | None, phrase: str) -> list[MetaFilter]:
    start, end = _period(when)
    if start is None:
        return []
    f = lambda op, v: MetaFilter(key="date", op=op, value=v, phrase=phrase)  # noqa: E731
    if word in ("in", "from", "during", "of"):
        return [f(">=", start), f("<=", end)]
    if word == "after":
        return [f(">", end)]
    if word == "before":
        return [f("<", start)]
    if word == "since":
        return [f(">=", start)]
    if word == "until":
        return [f("<=", end)]
    last = _period(until or "")[1]
    return [f(">=", start), f("<=", last)] if last else []


def _period(when: str) -> tuple[str | None, str | None]:
    """First and last ISO day of "2021", "March 2023", "12 May 1998", "2023-05", "2023-05-02"."""
    import calendar

    when = when.strip()
    if m := re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", when):
        return when, when
    if m := re.fullmatch(r"(\d{4})-(\d{2})", when):
        y, mo = int(m.group(1)), int(m.group(2))
        return (f"{y:04d}-{mo:02d}-01", f"{y:04d}-{mo:02d}-{calendar.monthrange(y, mo)[1]:02d}") if 1 <= mo <= 12 else (None, None)
    if m := re.fullmatch(r"\d{4}", when):
        return f"{when}-01-01", f"{when}-12-31"
    words = when.split()
    month = next((i for i, w in enumerate(MONTHS, 1) if w in (x.lower() for x in words)), None)
    year = int(words[-1])
    if month is None:
        return None, None
    if len(words) == 3:
        day = f"{year:04d}-{month:02d}-{int(words[0]):02d}"
        return day, day
    return f"{year:04d}-{month:02d}-01", f"{year:04d}-{month:02d}-{calendar.monthrange(year, month)[1]:02d}"


def _remove(question: str, spans: list[tuple[int, int]]) -> str:
    """The question without the given spans (and the commas and spaces they leave)."""
    keep, last = [], 0
    for s, e in sorted(spans):
        if s < last:
            s = last
        keep.append(question[last:s])
        last = max(last, e)
    keep.append(question[last:])
    text = "".join(keep)
    text = re.sub(r"\s+([,?.!])", r"\1", text)
    text = re.sub(r"^[\s,]+|(?<=[\s])[,]\s*", "", text)
    text = " ".join(text.split())
    return text[:1].upper() + text[1:] if text else question
