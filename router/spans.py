"""The words of a question: entity spans (capitalised runs of words) and content words (pure).

`capitalised_spans` finds names such as "Hollis R. Banning", "The Night Clerk'S Ledger",
"Pemba (Song)" and "Agnes Carrow, 9th Baroness Wexley", marking possessive ones
("Edith Carrow's"). `ParsedQuestion` is what `hopgraph.router.understand` makes of a question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hopgraph.indexing.layout_breaks import HEADER_KEYWORDS

#: Words naming what kind of thing an anchor is ("the director of film X").
KIND_WORDS = ("film", "movie", "song", "album", "single", "band", "novel", "book", "play", "series",
              "show", "game", "company", "magazine", "newspaper", "group", "opera", "poem", "painting",
              "university", "school", "college", "team", "club", "station", "river", "city", "town", "organization")
KIND_PATTERN = r"(?:the\s+)?(?:" + "|".join(KIND_WORDS) + r")s?\b"
#: A year ("1999").
YEAR_NUMBER = r"(?:1\d{3}|20\d{2})"
#: A year or a season ("1999", "2023/24", "1894–95"): before a name it says which edition ("the 2019 X").
YEAR = YEAR_NUMBER + r"(?:[/–-]\d{2,4})?"


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str
    possessive: bool = False  # followed by "'s"


@dataclass
class ParsedQuestion:
    shape: str  # single | bridge | inference | comparison | bridge_comparison | temporal | open
    anchors: list[str] = field(default_factory=list)
    chain: list[str] = field(default_factory=list)  # relation names, outward from each anchor
    order: str = ""  # comparisons: earliest | latest | same
    kind: str = ""  # kind word of the anchor ("film")
    free_words: list[str] = field(default_factory=list)  # content words when no known relation fits
    topic_words: list[str] = field(default_factory=list)  # other words the last hop keeps ("astronomical clock")
    reason: str = ""
    confidence: float = 1.0  # how sure the reading is (see `hopgraph.router.understand`)
    chains: list[list[str]] = field(default_factory=list)  # one chain per anchor when the sides differ
    qualifiers: dict[str, list[str]] = field(default_factory=dict)  # anchor -> words picking which one ("2023")
    answers: dict[str, str] = field(default_factory=dict)  # open relation -> the kind of its answer ("person")
    nouns: dict[str, str] = field(default_factory=dict)  # relation -> the class noun of its answer ("party")
    post: str = ""  # the post the question names for the leader relation ("chairman"), searched for by name
    date_verb: str = ""  # the verb of an asked making date ("founded"), searched for instead of "release date"
    part: str = ""  # the part of a country a located-in relation asks for ("county"), searched for instead of "country"
    other_names: list[str] = field(default_factory=list)  # open bridges: names the question gives beside its anchor
    also: list[str] = field(default_factory=list)  # comparisons: more facts of each side ("lived longer": deaths)


_TOKEN = re.compile(r"[^\s,;:?\"“”]+")
#: Words after "and" that end a firm's name ("Pollard and Sons", "Vell and Partners").
_FIRM_TAILS = frozenset("Sons Son Daughters Daughter Partners Co Company Associates Brothers Sisters".split())
_CONNECTORS = frozenset("of the de del della da di du des la le van von der den y & el al bin ibn".split())
_LEAD_WORDS = frozenset(
    "who whom whose what which where when why how is are was were did do does has have had in at "
    "the a an between both name list give tell of "
    "hi hello hey morning afternoon evening thanks cheers".split()  # greetings open a sentence, name nothing
)


#: Capitalised abbreviations of a post, which name a relation, not an entity ("the CEO of X", "X's CFO").
_POST_ABBREVIATIONS = frozenset("CEO CEOs CFO COO CTO".split())


def _is_cap(word: str) -> bool:
    w = word.lstrip("(\"'“‘")
    if re.sub(r"['’][sS]?$", "", w) in _POST_ABBREVIATIONS:
        return False
    return bool(w) and (w[0].isupper() or w[0].isdigit())


def capitalised_spans(text: str) -> list[Span]:
    """Runs of capitalised words ("Hollis R. Banning", "The Night Clerk'S Ledger", "Pemba (Song)")."""
    toks = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]
    spans: list[Span] = []
    starts = {0} | {k + 1 for k, (_, _, w) in enumerate(toks)  # tokens opening a sentence
                    if _ends_sentence(w) or (k + 1 < len(toks) and _acronym_then_question(w, toks[k + 1][2]))}
    i = 0
    while i < len(toks):
        s, e, w = toks[i]
        if (_is_label(w) or (i in starts and w in _ROLE_LABELS)) and text.startswith(":", e):
            # "To: Ada Brook", "KESSEL: The …", "Interviewer: You've …": a label, then the text
            starts.add(i + 1)
            i += 1
            continue
        if not _is_cap(w) or (i in starts and w.lower().rstrip("!.") in _LEAD_WORDS) or w.lower() in ("or", "and") \
                or (i > 0 and _possessive(toks[i - 1][2]) and _language_before_a_noun(toks, i)):  # ("X's English
            # translator": which translator, no name)
            i += 1
            continue
        j = i
        quoted = False
        if (close := _quote_close(text, toks, i)) is not None:  # "'Salt on the Wires'": the quote holds the title
            j, quoted = close, True
        while True:
            quoted = quoted or toks[j][2][:1] in "'‘"  # "'Glass Hours'": the last apostrophe closes the quote
            if _possessive(toks[j][2], quoted) and not (j + 1 < len(toks) and toks[j + 1][2][:1].isupper()):
                break  # "Tarnsby's 2019 run-off": a year after a possessive is no part of the name
            if _possessive(toks[j][2], quoted) and _language_before_a_noun(toks, j + 1):
                break  # "X Rooms' English translator": the language says which translator, no part of the name
            nxt = j + 1
            if nxt + 1 < len(toks) and toks[nxt][2] == "and" and toks[nxt + 1][2].rstrip(".,;:?!") in _FIRM_TAILS:
                j = nxt + 1  # "Pollard and Sons": a firm's name, not two names joined
                continue
            while nxt < len(toks) and toks[nxt][2].lower() in _CONNECTORS and not _is_cap(toks[nxt][2]):
                nxt += 1
            if nxt < len(toks) and _is_cap(toks[nxt][2]) and nxt - j <= 3 and _adjacent(text, toks[j][1], toks[nxt][0]) \
                    and not _ends_sentence(toks[j][2]) and not _acronym_then_question(toks[j][2], toks[nxt][2]):
                j = nxt
            else:
                break
        end = toks[j][1]
        word = text[s:end]
        word = word.rstrip(".!,;:") if "(" in word else word.rstrip(".!,;:)")
        poss = _possessive(word, quoted)  # "patients at St Amsel's.": the full stop is no part of it
        if poss:
            word = re.sub(r"['’][sS]$|(?<=[sS])['’]$", "", word)
        if word.count("(") > word.count(")"):  # "Ada Vell (4 June 1951 – …": a date in brackets, not the name's
            word = word[:word.index("(")].rstrip()
        word = word.rstrip(' "”')  # a quote closing the name is no part of it
        spans.append(Span(s, s + len(word), word, poss))
        i = j + 1
    return merge_styled_names(text, spans)


_STYLE_WORDS = frozenset(
    "prince princess duke duchess earl count countess baron baroness king queen lord lady marquess marquis "
    "viscount emperor empress archduke archduchess bishop archbishop sultan emir margrave landgrave elector "
    "jr sr junior senior dauphin dauphine infante infanta tsar tsarina czar pope saint khan shah caliph regent "
    "consort grand crown hereditary".split()
)


def merge_styled_names(text: str, spans: list[Span]) -> list[Span]:
    """Join "Name, 9th Baron Wexley" and "Anselm IV, Prince of Vessary": a comma before a style or ordinal."""
    out: list[Span] = []
    for s in spans:
        first = s.text.split()[0].lower() if s.text.split() else ""
        if out and text[out[-1].end:s.start] == ", " and not out[-1].possessive and (
            first in _STYLE_WORDS or re.match(r"\d+(st|nd|rd|th)$", first)
        ):
            prev = out.pop()
            s = Span(prev.start, s.end, text[prev.start:s.end], s.possessive)
        out.append(s)
    return out


#: Words a quoted title may run to before its closing quote.
_QUOTED_TITLE_WORDS = 12


def _quote_close(text: str, toks: list[tuple[int, int, str]], i: int) -> int | None:
    """The token a quote opened at token `i` closes on ("'Salt on the Wires'", "\u201cOn the Line\u201d"), when that
    is a later token of the same sentence; None otherwise. A title in quotes keeps its small words."""
    start, _, word = toks[i]
    if word[:1] in "'‘":
        closes = lambda k: bool(re.search(r"[^sS]['’]$|^[^']*[sS]'$", toks[k][2]))  # noqa: E731 - ends on the quote
    elif start > 0 and text[start - 1] in '"“':
        closes = lambda k: text[toks[k][1]:toks[k][1] + 1] in ('"', "”")  # noqa: E731
    else:
        return None
    for k in range(i, min(len(toks), i + _QUOTED_TITLE_WORDS)):
        if k > i and re.search(r"[.!?]", text[toks[k - 1][1]:toks[k][0]]):
            return None
        if closes(k):
            return k if k > i else None
    return None


def _ends_sentence(word: str) -> bool:
    """A full stop or "!" right after a closing bracket ("(1962 Film). Did …"): a name's disambiguator ends it;
    an exclamation mark ends a sentence ("Hi! Which …", "Oh Baby! Did …"); so does a full stop after a word of three
    letters or more that is no abbreviation ("Live act: Glasshouse Saints. Producer of the year: …"), unlike an
    initial ("Hollis R. Banning"), "St." or "Capt."."""
    if word.endswith((").", ")!", "!")):
        return True
    stem = word[:-1] if word.endswith(".") else ""
    return len(stem) >= 3 and stem.isalpha() and not stem.isupper() and stem.lower() not in _ABBREVIATIONS


def _acronym_then_question(word: str, following: str) -> bool:
    """ "… the local GP. What's his name?": a capitalised abbreviation with a full stop, then a word that opens a
    question, ends the sentence (an initial before a surname, "Hollis R. Banning", does not)."""
    opener = re.split(r"['’]", following, maxsplit=1)[0].lower()
    return word.endswith(".") and len(word) >= 3 and word[:-1].isupper() and opener in _LEAD_WORDS


#: Abbreviations of three letters or more written with a full stop inside names and titles.
_ABBREVIATIONS = frozenset("bros corp inc ltd capt prof gen col sgt rev mrs hon ave univ dept vol esq messrs lieut cmdr "
                           "supt insp fig feat intl assn natl govt".split())


#: Words that open a transcript's turn or a minute's line before a colon ("Interviewer: You've …", "Q: …", "Chair:
#: Ada Brook"): the speaker's or the field's role, no part of a name after it.
_ROLE_LABELS = frozenset("Interviewer Interviewee Q A Chair Chairman Chairwoman Secretary Treasurer Clerk Agenda Item "
                         "Action Actions Note Notes Venue Host Guest Reporter Caption Contact Answer Question".split())


def _is_label(word: str) -> bool:
    """A header field's keyword ("To", "Date") or a speaker's name in capitals ("KESSEL"), before a colon."""
    return word in HEADER_KEYWORDS or (len(word) > 1 and word.isupper() and word.isalpha())


#: Endings of the adjectives of a language or a people ("English", "Japanese", "Italian", "French").
_LANGUAGE_ENDING = re.compile(r"[A-Z][a-z]+(?:ish|ese|ian)|French|Dutch|Welsh|Greek|German|Czech|Swiss|Thai")


def _language_before_a_noun(toks: list[tuple[int, int, str]], k: int) -> bool:
    """The token at `k` is a language or people's adjective ("English", "French") with a lower-case word after it:
    it qualifies that noun ("English translator"), it names nothing of its own."""
    return k + 1 < len(toks) and bool(_LANGUAGE_ENDING.fullmatch(toks[k][2])) and toks[k + 1][2][:1].islower()


def _possessive(word: str, quoted: bool = False) -> bool:
    """ "Edith's", and a plural's bare apostrophe ("Brenmark Outfitters' chief") unless it closes a quote."""
    return bool(re.search(r"['’][sS]$" if quoted else r"['’][sS]$|[sS]['’]$", word))


_BRACKETED_YEAR = re.compile(r"\(\d{4}\)")


def _adjacent(text: str, end: int, start: int) -> bool:
    """No comma, clause break or line break between two tokens of one name (a heading's last word and the
    next line's first are two names: "Team News, October 2021" / "Thank you"); a quote closed before a year in
    brackets ends the name ('the film "Harbor Lights" (1986)': the year is no part of it)."""
    gap = text[end:start]
    if any(q in gap for q in "\"”’'") and _BRACKETED_YEAR.match(text, start):
        return False
    if any(q in gap for q in "\"”") and re.match(r"\([A-Z]", text[start:start + 2]):
        return False  # '"Tarn Lights" (Orle Choir)': a name in brackets after a quoted title is who made it
    return "," not in gap and ";" not in gap and "?" not in gap and "\n" not in gap


_STOP = frozenset(
    "who whom whose what which where when why how is are was were did do does the a an in on of and or to by for "
    "with from at as that this these those it its his her their there be been being has have had than both same "
    "one ones".split()
)


_WORD = re.compile(r"[a-zA-Z][a-zA-Z\-]+")
_WORD_OR_YEAR = re.compile(rf"{_WORD.pattern}|\b{YEAR_NUMBER}\b")


def content_words(q: str, skip: Span | None = None, limit: int = 8, years: bool = False) -> list[str]:
    """The question's words that are not function words (the `skip` span left out), the first `limit`; with
    `years`, a year ("in 2015") counts as a word (a search matches it exactly)."""
    text = q if skip is None else q[: skip.start] + " " + q[skip.end:]
    return [w for w in (_WORD_OR_YEAR if years else _WORD).findall(text.lower()) if w not in _STOP][:limit]
