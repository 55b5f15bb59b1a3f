"""Follow-up questions: their pronouns and class nouns resolved against what a session remembers (pure).

"And when did he die?" is resolved before routing: "he" becomes the most recent remembered person whose page says
"he" (or says neither), "it"/"its" the most recent thing that is no person or place, "there" the most recent place,
"the film"/"that company"/"the town" the most recent entity of that kind, and "What about X?" repeats the previous
question with X in place of its anchor. What a session remembers, and in which order: `hopgraph.session`.
"""

from __future__ import annotations

import re

from hopgraph.models import MemoryItem


_HE = ("he", "him", "his", "himself")
_SHE = ("she", "her", "hers", "herself")
_IT = ("it", "its")
_PLACE_TYPES = frozenset({"GPE", "LOC", "FAC"})
#: Class nouns of "the film", "that company" -> words of a page's opening that show an entity is one.
CLASS_WORDS: dict[str, tuple[str, ...]] = {
    **{w: ("film", "movie", "documentary", "drama") for w in ("film", "movie")},
    **{w: ("book", "novel", "memoir") for w in ("book", "novel")},
    **{w: ("album", "song", "single", "record") for w in ("album", "song")},
    **{w: ("company", "manufacturer", "firm", "studio", "business", "maker", "producer", "corporation", "group")
       for w in ("company", "firm", "business", "manufacturer", "maker")},
    "studio": ("studio", "company"),
    **{w: ("city", "town", "village", "port", "capital", "municipality") for w in ("city", "town", "village", "place")},
    **{w: ("school", "university", "institute", "college") for w in ("school", "university", "institute")},
    **{w: ("car", "kettle", "camera", "heater", "mixer", "lens", "product", "database", "system")
       for w in ("product", "car", "kettle", "camera", "heater")},
}
#: Graph types that fit a class when the entity has no page to read.
CLASS_TYPES: dict[str, frozenset[str]] = {
    **{w: frozenset({"WORK_OF_ART"}) for w in ("film", "movie", "book", "novel", "album", "song")},
    **{w: frozenset({"ORG"}) for w in ("company", "firm", "business", "manufacturer", "maker", "studio", "school", "university", "institute")},
    **{w: frozenset({"GPE", "LOC"}) for w in ("city", "town", "village", "place")},
    **{w: frozenset({"PRODUCT"}) for w in ("product", "car", "kettle", "camera", "heater")},
}
#: A page that opens "Nadia Fenn (born 1958) is …" or "Tomas Reyl (1936–2011) was …" is a person's.
_PERSON_OPENING = re.compile(r"^[^.()]{2,60}\((?:born|b\.|\d{3,4}\s*[–-]|\d{1,2} \w+ \d{3,4}\s*[–-])", re.IGNORECASE)
_PLACE_WORDS = re.compile(r"\b(?:city|town|village|port|capital|municipality|island|region)\b", re.IGNORECASE)


def is_person(item: MemoryItem) -> bool:
    if item.about:
        return bool(_PERSON_OPENING.search(item.about))
    return item.type == "PERSON"


def is_place(item: MemoryItem) -> bool:
    if item.about and not is_person(item):
        head = re.split(r"\b(?:is|was)\s+(?:a|an|the)\b", item.about, maxsplit=1)
        return len(head) > 1 and bool(_PLACE_WORDS.search(head[1][:60]))
    return item.type in _PLACE_TYPES


def is_class(item: MemoryItem, noun: str) -> bool:
    if item.about and not is_person(item):
        head = re.split(r"\b(?:is|was)\s+(?:a|an|the)\b", item.about, maxsplit=1)
        return len(head) > 1 and bool(re.search(rf"\b(?:{'|'.join(CLASS_WORDS[noun])})s?\b", head[1][:80], re.IGNORECASE))
    return item.type in CLASS_TYPES.get(noun, ())


_FOLLOWUP_LEAD = re.compile(r"^\s*(?:and|so|also|then|ok|okay|well)\b[\s,]*", re.IGNORECASE)
_WHAT_ABOUT = re.compile(r"^\s*(?:and\s+)?(?:what|how)\s+about\s+(.+?)\s*\??\s*$|^\s*and\s+(?!when|where|who|what|which|how|why)(.+?)\s*\?\s*$",
                         re.IGNORECASE)
_POSSESSIVE_FOLLOWERS = re.compile(r"\s+(?!(?:to|in|on|at|for|from|with|by|and|or|about|of|as|after|before)\b)[a-z]", re.IGNORECASE)

def resolve_references(question: str, memory: list[MemoryItem], previous: str = "",
                       previous_anchor: str = "") -> tuple[str, dict[str, str]]:
    """(resolved question, {reference: name}) against `memory` (most recent first); pure."""
    if not memory and not previous:
        return question, {}
    m = _WHAT_ABOUT.match(question)
    if m and previous and previous_anchor:
        other = (m.group(1) or m.group(2)).strip()
        if other and other[:1].isupper() and previous_anchor in previous:
            return previous.replace(previous_anchor, other), {"what about": other}
    replaced: dict[str, str] = {}
    text = _FOLLOWUP_LEAD.sub("", question) if _has_reference(question) else question

    def pick(kind: str) -> MemoryItem | None:
        for item in memory:
            if kind in ("he", "she") and is_person(item) and item.gender in (kind, ""):
                return item
            if kind == "it" and not is_person(item) and not is_place(item):
                return item
            if kind == "there" and is_place(item):
                return item
            if kind in CLASS_WORDS and is_class(item, kind):
                return item
        return None

    def sub_class(mt: re.Match) -> str:
        noun = mt.group(2).lower()
        item = pick(noun)
        if item is None:
            return mt.group(0)
        replaced[mt.group(0).strip()] = item.name
        return item.name

    text = re.sub(rf"\b(the|that|this)\s+({'|'.join(CLASS_WORDS)})\b(?!\s+(?:of|by|that|which|who)\b)", sub_class, text,
                  flags=re.IGNORECASE)

    def sub_pronoun(mt: re.Match) -> str:
        word = mt.group(0)
        low = word.lower()
        kind = "he" if low in _HE else "she" if low in _SHE else "it" if low in _IT else "there"
        item = pick(kind)
        if item is None:
            return word
        replaced[low] = item.name
        possessive = low in ("his", "its", "hers") or (low == "her" and _POSSESSIVE_FOLLOWERS.match(text[mt.end():]) is not None)
        return f"{item.name}'s" if possessive else item.name

    words = "|".join(_HE + _SHE + _IT)
    text = re.sub(rf"\b(?:{words})\b", sub_pronoun, text, flags=re.IGNORECASE)
    text = re.sub(r"\b(?:was|were|is)\s+there\b(?=\s*\?)", lambda mt: mt.group(0), text)  # "who was there" stays
    if replaced:
        text = text[:1].upper() + text[1:]
        return text, replaced
    return question, {}


def _has_reference(question: str) -> bool:
    words = "|".join(_HE + _SHE + _IT)
    return bool(re.search(rf"\b(?:{words})\b|\b(?:the|that|this)\s+(?:{'|'.join(CLASS_WORDS)})\b", question, re.IGNORECASE))
