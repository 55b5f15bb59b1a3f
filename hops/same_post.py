"""Succession told by a post (pure): "Our medical director, Dr A, leaves us at Christmas. … Dr B will take over as
medical director from January." No sentence names both, yet a chunk that names someone in a post and, in another
sentence, someone else taking that post says who succeeded whom: B is A's successor and A is B's predecessor.

And succession told backwards: "A was appointed chair. She succeeds B." names B as A's predecessor, never as her
successor (`succeeds_another`)."""

from __future__ import annotations

import re

from hopgraph.indexing.normalize import normalize

#: Nouns that end the name of a post ("medical director", "branch secretary", "head teacher").
_POST_NOUNS = ("director|chair|chairman|chairwoman|chairperson|president|head|manager|editor|secretary|treasurer|"
               "captain|coach|principal|headteacher|headmaster|headmistress|dean|rector|vicar|minister|officer|"
               "executive|leader|superintendent|matron|conductor|curator|librarian|governor|mayor|master|"
               "warden|keeper|clerk|steward|chef|brewer|engineer|pilot|surgeon|nurse|teacher|organist|inspector|"
               "administrator|coordinator|commissioner|ranger|partner|judge")
#: A post: up to two words before its noun (a post may be written with capitals: "the Mayor", "Resident Judge").
_POST = rf"(?i:[a-z-]+\s+){{0,2}}?(?i:{_POST_NOUNS})"
_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Miss|Prof|Professor|Cllr|Councillor|Revd|Rev|Sir|Dame|Captain)\.?\s+)"
_NAME = rf"{_TITLE}?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*"
_DETERMINER = r"(?i:our|the|its|their|his|her)"
#: "our medical director, Dr A," and "Dr A, the practice manager,": a person apposed to a post.
_POST_THEN_NAME = re.compile(rf"\b{_DETERMINER}\s+(?P<post>{_POST})\s*,\s*(?P<name>{_NAME})")
_NAME_THEN_POST = re.compile(rf"(?P<name>{_NAME})\s*,\s*{_DETERMINER}\s+(?P<post>{_POST})\b")
#: "A retires today as Resident Judge", "A, who stepped down as chair in May", "A stood down from the chair": a
#: person leaving a post.
_LEAVES = ("retires|retired|retiring|retire|steps down|stepped down|stands down|stood down|resigns|resigned|"
           "is leaving|leaves")
_NAME_LEAVES_POST = re.compile(rf"(?P<name>{_NAME})(?:\s*,[^,]{{1,80}},)?\s*,?\s+(?:\w+\s+){{0,3}}?(?:{_LEAVES})"
                               rf"\s+(?:\w+\s+){{0,3}}?(?:as|from)\s+(?:{_DETERMINER}\s+)?(?P<post>{_POST})\b")
#: "the Mayor (Cllr A)": a person in brackets after a post.
_POST_THEN_BRACKETED = re.compile(rf"\b{_DETERMINER}\s+(?P<post>{_POST})\s*\((?P<name>{_NAME})\)")
#: Words saying someone takes a post: "will take over as", "took the chair", "became", "has been appointed".
_TAKES = (r"(?:(?:take|takes|took|taken|taking)(?:\s+over\s+as)?|become|becomes|became|becoming|"
          r"(?:appointed|named|elected|promoted)(?:\s+as|\s+to)?)\s+(?:the\s+|our\s+|its\s+)?(?:new\s+)?")
#: Words saying someone takes the place of a post's holder: "in place of the Mayor", "replacing our chair".
_REPLACES = (r"(?:in\s+place\s+of|replac(?:e|es|ed|ing)|succeed(?:s|ed|ing)?|(?:take|takes|took|taking)\s+over\s+from)"
             r"\s+(?:the\s+|our\s+|its\s+)")
#: Words of choosing someone for a post, before the name: "members elected B as secretary".
_CHOSE = r"(?:appointed|elected|named|chose|chosen|picked)\s+"
SUCCESSIONS = frozenset(("successor", "predecessor"))
#: Capitalised words that open a phrase but no name ("The board", "Our chair", "New medical director").
_NOT_A_NAME = frozenset("The Our Its New From On In".split())


def apposed_posts(sentence: str) -> list[tuple[str, str]]:
    """(name, post) of each person the sentence sets beside a post, or says is leaving it."""
    found = [(m["name"], m["post"]) for pattern in (_POST_THEN_NAME, _POST_THEN_BRACKETED, _NAME_LEAVES_POST)
             for m in pattern.finditer(sentence)]
    return found + [(m["name"], m["post"]) for m in _NAME_THEN_POST.finditer(sentence)
                    if m["name"].split()[0] not in _NOT_A_NAME]


def taker(sentence: str, post: str) -> str:
    """The name of whoever the sentence says takes `post` ("Dr B, now head of surgery, will take over as medical
    director"; "B was appointed in place of the Mayor"; "members elected B as secretary"): the name chosen, else the
    first name before the words of taking; "" when the sentence says no one takes it."""
    named = re.search(rf"\b{_CHOSE}(?P<name>{_NAME})\s+as\s+(?:the\s+|our\s+|its\s+)?(?:new\s+)?"
                      rf"(?:{re.escape(post)}|{re.escape(post.split()[-1])})\b", sentence)
    if named:  # "members elected B as secretary" (the post's last word will do)
        return named["name"]
    m = re.search(rf"\b{_TAKES}{re.escape(post)}\b", sentence, re.IGNORECASE) \
        or re.search(rf"\b{_REPLACES}{re.escape(post)}\b", sentence, re.IGNORECASE)
    if m is None:
        return ""
    before = sentence[:m.start()]
    names = [n for n in re.finditer(_NAME, before) if n[0].split()[0] not in _NOT_A_NAME]
    if len(names) > 1 and names[0].start() == len(before) - len(before.lstrip()) and " " not in names[0][0]:
        names = names[1:]  # "Appointment of chair: Cllr B was appointed …": a heading's word, no one
    return names[0][0] if names else ""


def same_person(name: str, other: str) -> bool:
    """Two writings of one name: the words of one are all among the other's ("Keverne", "Dr Crispin Keverne")."""
    a, b = (set(normalize(_untitled(n)).split()) for n in (name, other))
    return bool(a and b) and (a <= b or b <= a)


def succession_by_post(sentences: list[str], name: str, relation: str) -> tuple[str, str] | None:
    """(sentence, bridge) of the successor or predecessor of `name` told by a post it and another person hold
    in turn, across the chunk's `sentences`; None when they tell none."""
    held = [held for s in sentences for held in apposed_posts(s)]
    if relation == "successor":
        for holder, post in held:
            if not same_person(name, holder):
                continue
            for s in sentences:
                if (new := taker(s, post)) and not same_person(name, new):
                    return s, fullest(new, sentences)
    elif relation == "predecessor":
        for s in sentences:
            for holder, post in held:
                if (new := taker(s, post)) and same_person(name, new) and not same_person(name, holder):
                    return s, fullest(holder, sentences)
    return None


def fullest(name: str, sentences: list[str]) -> str:
    """The name without a courtesy title, as its fullest writing in the chunk ("Cllr Tarrow" -> "I. Tarrow" where
    the minutes list "Cllrs A. Brook, I. Tarrow"), so the next hop finds the person's other documents."""
    bare = _untitled(name)
    if " " in bare:
        return bare
    written = [m[1] for s in sentences for m in re.finditer(rf"\b((?:[A-Z][a-z]+|[A-Z]\.)\s+{re.escape(bare)})\b", s)
               if not re.fullmatch(_TITLE, m[1].split()[0] + " ")]
    return max(written, key=len, default=bare)


def _untitled(name: str) -> str:
    """The name without the courtesy title or rank before it ("Cllr A" -> "A")."""
    return re.sub(rf"^{_TITLE}", "", name.strip())


#: The active verbs of taking someone's place, right after their subject ("succeeds", "took over from").
_SUCCEEDS = r"(?:succeed(?:s|ed)?|replac(?:es|ed)|(?:takes|took)\s+over\s+from|follow(?:s|ed))\s+(?!by\b)"
_PASSIVE = re.compile(r"\b(?:succeeded|replaced|followed)\s+by\b", re.IGNORECASE)


def succeeds_another(sentence: str, name: str) -> bool:
    """The sentence's subject, `name` or a pronoun opening it ("She succeeds B", "A replaced B as chair"), takes
    someone else's place: whom it names after the verb came before, so it names no successor of `name` (unless it
    also says who came after, "… and was succeeded by C")."""
    if _PASSIVE.search(sentence):
        return False
    subject = rf"(?:He|She|They|{'|'.join(re.escape(f) for f in _forms_of(name))})"
    helper = r"(?:\s+(?:has|had|will|would|now|then|later))?"
    return re.match(rf"\s*{_TITLE}?{subject}{helper}\s+{_SUCCEEDS}", sentence) is not None


def _forms_of(name: str) -> list[str]:
    """The name as written, without its title, and its last word (how a report names someone again)."""
    bare = _untitled(name)
    return list(dict.fromkeys([name, bare, bare.split()[-1]])) if bare.split() else [name]
