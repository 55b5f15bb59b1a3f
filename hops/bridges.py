"""Reading the bridge name a sentence states for a relation (pure functions, used by the grader).

"It was directed by Ann Smith": the name nearest after the cue word; "X was the daughter of A and B":
the father first, the mother after "and"; "the father of Wren Tolley and Lotte Tolley": the other
children are siblings; "near Vaalhoek, Tarnveld, South Africa": an address ends in a country.
"""

from __future__ import annotations

import re

from hopgraph.hops.countries import is_country
from hopgraph.hops.names import TITLES, is_itself, name_forms, titled_sex, without_courtesy, without_title
from hopgraph.indexing.normalize import DATE_RE, normalize, strip_disambiguator
from hopgraph.router.spans import YEAR, Span, capitalised_spans
from hopgraph.router.tokens import MONTHS, WEEKDAYS
from hopgraph.router.vocab import RelationSpec

#: The relation name of a free relation said by an agent noun ("winner"): its answer is who does the verb.
AGENT = "agent"


def _edition_of(text: str, forms: set[str]) -> str | None:
    """ "2015 vellmark medal" is an edition of "vellmark medal" (a year before the name), not another name."""
    m = re.match(YEAR + r" (.+)$", text)
    return m.group(1) if m and m.group(1) in forms else None


#: Capitalised words that start a sentence but name nothing.
NOT_NAMES = frozenset(
    "he she it they his her their its this that these those in on at after before during the a an "
    "however also following since while when we our us you your i my me there as by for with from of and or "
    "but if is was".split()
) | frozenset(MONTHS) | frozenset(WEEKDAYS)


_HEADLINE_WORD = re.compile(r"(?:[A-Z][A-Z'’&.-]*|\d+)(?:\s+|$)")


def without_headline(span: Span) -> Span:
    """ "CLINIC DIRECTOR HONOURED Leonie Quenby", "MAYOR-MAKING 2023 Cllr Ada Brook": three or more words in
    capitals (parts of a hyphenated word and numbers count, two capitalised words at least) are a news story's
    headline run into its first sentence; the name is what follows them (none when nothing does). "BBC",
    "NASA Ames" or "US PGA Championship" have fewer such words."""
    pos, words, caps = 0, 0, 0
    while (m := _HEADLINE_WORD.match(span.text, pos)) is not None:
        word = m.group().strip()
        parts = 1 if word.isdigit() else len([p for p in word.split("-") if p])
        words, caps, pos = words + parts, caps + (0 if word.isdigit() else parts), m.end()
    if words < 3 or caps < 2:
        return span
    return Span(span.start + pos, span.end, span.text[pos:], span.possessive)


#: Prepositions that open a sentence with a capital before a date ("From 1 April patients …", "Since March
#: 2020 …"): the date is read on its own, and is no name ("Before Sunrise", a title, keeps its preposition).
_OPENING_PREPOSITIONS = frozenset("From Since Until Till On In At By After Before During".split())
_DATE_START = re.compile(r"(?:\d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b)")


def name_part(span: Span) -> Span:
    """The name a capitalised run holds: without a headline run into it (`without_headline`) and without a
    preposition opening its sentence before a date ("From 1 April" -> "1 April", a date, no name)."""
    span = without_headline(span)
    first, _, rest = span.text.partition(" ")
    if first in _OPENING_PREPOSITIONS and _DATE_START.match(rest):
        return Span(span.end - len(rest), span.end, rest, span.possessive)
    return span


def in_amount(sentence: str, start: int, text: str) -> bool:
    """A bare number read as a year is part of an amount ("£400,000", "12,500 visitors", "3.5%"): a currency sign,
    a thousands comma or a decimal point beside it (pure)."""
    if not text.isdigit():
        return False
    before, after = sentence[max(0, start - 1):start], sentence[start + len(text):start + len(text) + 2]
    return before in ("£", "$", "€", ",", ".") or re.match(r"[,.]\d|%", after) is not None


def lexical_bridges(sentence: str, name: str, rel: RelationSpec, cue: re.Pattern[str] | None) -> list[str]:
    """Names (or dates) in the sentence, nearest after the cue word first."""
    if rel.name in ("father", "mother") and not re.search(rf"\b{rel.name}\b", sentence, re.I):
        return _parent_from_child_of(sentence, name, rel)
    if rel.name == "sibling" and not re.search(r"\b(?:brother|sister|sibling)", sentence, re.I):
        return _sibling_from_parent_of(sentence, name)
    m = cue.search(sentence) if cue is not None else None
    pos = m.end() if m else 0
    if m is None and rel.name == "country":  # an address: the larger places follow the name
        pos = max((a.end() for f in {name, strip_disambiguator(name)} if (a := re.search(re.escape(f), sentence, re.I))),
                  default=0)
    if rel.answer == "date":
        cands = [(d.start(), d.group()) for d in DATE_RE.finditer(sentence) if not in_amount(sentence, d.start(), d.group())]
        if m is None and rel.name == "died_date" and len(cands) >= 2:  # "(1921 – 2016)": the second date
            cands = cands[1:]
    else:
        cands = _name_candidates(sentence, name, rel)
    if rel.answer in ("person", "place", "thing"):
        cands = [c for c in cands if not _is_modifier(sentence, c)]
    cands = [c for c in cands if not _agent_of_another(sentence, c, rel)]
    after = sorted((c for c in cands if c[0] >= pos), key=lambda c: c[0] - pos)
    before = sorted((c for c in cands if c[0] < pos), key=lambda c: pos - c[0])
    if rel.name == AGENT and m is not None and not re.match(r"\w*\s+by\b", sentence[m.start():]) \
            and not _COPULA_AFTER.match(sentence[m.end():]):  # "the principal investigator is P": P follows
        # "A, a sculptor from B, won X": the doer of an active verb is the sentence's first name before it,
        # unless a name stands right before the verb ("in which A starred")
        adjacent = [c for c in before if not sentence[c[0] + len(c[1]):m.start()].strip()]
        after, before = adjacent + [c for c in sorted(before) if c not in adjacent], after
    if m is not None and rel.answer != "date":  # "Dr P (medical director), Q (treasurer)": the post is P's
        apposed = [c for c in cands if c[0] < m.start() and _APPOSED.fullmatch(sentence[c[0] + len(c[1]):m.start()])]
        after, before = apposed + [c for c in after if c not in apposed], [c for c in before if c not in apposed]
    return _drop_fragments([t for _, t in after + before])[:6]


#: Between a name and the post said of it in brackets or in apposition: "P (medical director", "P, chair of".
_APPOSED = re.compile(r"\s*[(,]\s*(?:(?:the|its|our|their|his|her)\s+)?")


def _name_candidates(sentence: str, name: str, rel: RelationSpec) -> list[tuple[int, str]]:
    """(start, name) of the sentence's names that may answer `rel` for the entity `name`: not the entity itself
    (also with a courtesy title, "Cllr X", or a company's designator, "X Group plc"), nor a function word, a
    title, a number ("line 3", "212th Mayor of Y"), a day, or a date where a person or a place is asked. A
    courtesy title is dropped from the name ("Cllr Y" -> "Y")."""
    forms = set(name_forms(name))
    out = []
    for s in map(name_part, capitalised_spans(sentence)):
        text = without_courtesy(s.text)
        key = normalize(text)
        if not text or key in forms or any(key in f for f in forms) or is_itself(text, name) \
                or _edition_of(key, forms) is not None or key in NOT_NAMES or key in TITLES:
            continue
        if _MONTH_DAY.fullmatch(text) or _NUMBERED.match(text):
            continue
        if DATE_RE.search(text) if rel.answer in ("person", "place", "country", "org") else DATE_RE.fullmatch(text):
            continue
        if rel.answer == "person" and text[:1].isdigit():
            continue
        if rel.answer in ("person", "place", "country", "org") and quoted_words(text):
            continue  # ('said: "The company we have grown into deserves a name"': words quoted, no name)
        out.append((s.start + len(s.text) - len(text), text))
    return out


def quoted_words(text: str) -> bool:
    """A span of four or more words most of which are lower case: a quoted sentence or a title of a work, never
    the name of a person, a place or a body ("The company we have grown into")."""
    words = text.split()
    return len(words) >= 4 and 2 * sum(w[:1].islower() for w in words) > len(words)


#: A number on its own ("line 3", "up 16%") or an ordinal leading a span ("the 212th Mayor of Y"): no name.
_NUMBERED = re.compile(r"[\d.,%]+$|\d+(?:st|nd|rd|th)\b")


#: The relation whose agent a by-phrase after each verb names ("written by A": A is the writer).
_AGENT_VERBS = {"written": "writer", "directed": "director", "produced": "producer", "composed": "composer",
                "performed": "performer", "sung": "performer", "recorded": "performer", "founded": "founder",
                "published": "publisher", "designed": "creator", "created": "creator", "developed": "creator"}
_BY_BEFORE = re.compile(r"\b([a-z]+)(?:,?\s+and\s+([a-z]+))?\s+by\s+(?:the\s+)?$")


def _agent_of_another(sentence: str, cand: tuple[int, str], rel: RelationSpec) -> bool:
    """The name follows a by-phrase of a verb that names another relation's agent: for the performer of "a song
    written by A, first released by B", A is the writer, not the performer ("written and directed by A": both)."""
    m = _BY_BEFORE.search(sentence[max(0, cand[0] - 40):cand[0]])
    if m is None or rel.name not in _AGENT_VERBS.values():
        return False
    said = {_AGENT_VERBS.get(v) for v in m.groups() if v}
    return None not in said and rel.name not in said


#: A role noun's cue followed by a copula names the holder after it ("… where the investigator is P").
_COPULA_AFTER = re.compile(r"\w*(?:\s+[a-z]+)?\s+(?:is|was|are|were|has been|had been|remains)\s")


_CHAIN = re.compile(r"((?:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*,\s+){0,3})([A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)")


def in_address(sentence: str, name: str) -> bool:
    """The sentence names the place followed by the larger places it lies in, comma-separated, ending
    in a country: "Vaalhoek, Tarnveld, South Africa"."""
    return any(_address_after(sentence, rf"\b{re.escape(base)},\s+", re.I) for base in {name, strip_disambiguator(name)})


def has_address(sentence: str) -> bool:
    """The sentence holds an address ending in a country: "headquarters in Pennick, Delaware, United States"."""
    return _address_after(sentence, r"\b[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*,\s+")


def _address_after(sentence: str, start: str, flags: int = 0) -> bool:
    """Some match of `start` is followed by a comma-separated chain of names ending in a country."""
    for m in re.finditer(start, sentence, flags):
        chain = _CHAIN.match(sentence[m.end():])
        if chain and is_country(chain.group(2)):
            return True
    return False


_FUNCTION = frozenset("and or in on at of to for with by was is were are who which whose where from as the a an "
                      "then but after before during since when while has had have".split())


def named_as_parent(sentence: str, name: str) -> bool:
    """ "Y was the son of X and Z": the sentence names `name` as a parent of someone, so it does not state
    `name`'s own parents."""
    m = _CHILD_OF.search(sentence)
    return m is not None and _among_parents(sentence[m.end():], _names_in(sentence[m.end():]), name_forms(name))


def _among_parents(tail: str, listed: list[tuple[int, str]], forms: list[str]) -> bool:
    """One of the parents a "son of" phrase lists (`_parent_pair` of its names) is one of `forms`."""
    return any(_is_named(t, forms) for _, t in _parent_pair(tail, listed))


def _names_in(tail: str) -> list[tuple[int, str]]:
    """(start, text) of the names in the text after a "son of" phrase: no dates, no words that name nothing."""
    return [(s.start, s.text) for s in capitalised_spans(tail) if normalize(s.text) not in NOT_NAMES
            and not DATE_RE.search(s.text)]


#: The phrase that names a child's parents after it.
_CHILD_OF = re.compile(r"\b(?:son|daughter|child|children|born)\s+(?:of|to)\b", re.I)


def _parent_from_child_of(sentence: str, name: str, rel: RelationSpec) -> list[str]:
    """ "X was the daughter of A and B": by convention the father is named first, the mother after "and" (unless
    their titles say otherwise)."""
    m = _CHILD_OF.search(sentence)
    if m is None:
        return []
    tail, forms = sentence[m.end():], name_forms(name)
    listed = _names_in(tail)
    if _among_parents(tail, listed, forms):
        return []  # "Y was the son of X and Z": X is a parent here, and Z is X's spouse, not X's parent
    names = [(start, t) for start, t in listed if not _is_named(t, forms)]
    if not names or _subject_after_comma(tail, *names[0]):
        return []  # ("As a son of the king, Louis was …": the name after the comma is the son, no parent is named)
    pair = [t for _, t in _parent_pair(tail, names)]
    if len(pair) == 2 and (titled_sex(pair[0]) == "f" or titled_sex(pair[1]) == "m"):
        pair.reverse()  # "born to Infanta B and Archduke A": the titles say who the father is
    if rel.name == "father":
        return pair[:1]
    return pair[1:2]


def _subject_after_comma(tail: str, start: int, text: str) -> bool:
    """The first name after "son of" comes after a comma and before a verb: it is the subject of the sentence's
    main clause ("As a son of the king, Louis was …"), not a parent ("son of a farmer, Tom Reed, and …")."""
    return "," in tail[:start] and re.match(_VERB_AFTER, tail[start + len(text):]) is not None


#: A verb right after a name makes the name its subject.
_VERB_AFTER = r"\s+(?:was|is|were|are|had|has|became|becomes|went|served|would|will|did|married|died|grew)\b"


def _is_named(listed: str, forms: list[str]) -> bool:
    """A listed name is one of `forms`, with or without the title before it ("Queen Ada Brook")."""
    return normalize(listed) in forms or normalize(without_title(listed)) in forms


def _parent_pair(tail: str, names: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The names a "son of" phrase lists as parents: the first, and the next when "and" joins them."""
    if not names:
        return []
    end = names[0][0] + len(names[0][1])
    joined = len(names) > 1 and re.match(r"[\s,]*(?:and|&)\s", tail[end:names[1][0]] + " ")
    return names[:2] if joined else names[:1]


def _sibling_from_parent_of(sentence: str, name: str) -> list[str]:
    """ "Y was the father of Wren Tolley and Lotte Tolley", "her children, A, B and C": the other names listed
    with `name` after the parent phrase are its siblings."""
    m = re.search(r"\b(?:(?:father|mother|parents?)\s+of|children|sons|daughters)\b", sentence, re.I)
    if m is None:
        return []
    listed = re.split(r"[.;:]|\s(?:who|which|with)\s", sentence[m.end():])[0]
    names = [s.text for s in capitalised_spans(listed) if normalize(s.text) not in NOT_NAMES and not DATE_RE.search(s.text)]
    forms = name_forms(name)
    if not any(normalize(n) in forms for n in names):
        return []
    return [n for n in names if normalize(n) not in forms][:3]


_MONTH_DAY = re.compile(r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
                        r"\s+\d{1,2}(?:st|nd|rd|th)?")  # "February 23": a day, not a name


def _is_modifier(sentence: str, cand: tuple[int, str]) -> bool:
    """A nationality-like word used as an adjective ("American country singer", "Canadian filmmaker")."""
    start, text = cand
    m = re.match(r"[\s-]+([a-z]+)", sentence[start + len(text):start + len(text) + 30])
    return " " not in text.strip() and m is not None and m.group(1) not in _FUNCTION


def _drop_fragments(names: list[str]) -> list[str]:
    """Drop a name that is part of a longer candidate ("Anselm" next to "Anselm, Duke of Varlenne")."""
    norms = [normalize(n) for n in names]
    return [n for n, k in zip(names, norms) if not any(k != o and f" {k} " in f" {o} " for o in norms)]
