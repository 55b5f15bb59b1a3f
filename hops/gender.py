"""A woman or a man: what the question says of the person it leads through, and what the text says of a name
(pure functions).

"Who is the mother-in-law of the woman put in charge of Kalvor in 2017?" The chunks that name Kalvor's leaders
name several people; the question says the one it means is a woman. Text says whether a person is a woman or a
man by a title ("Mrs Brook", "Mr Reed"), by a kin noun before the name ("his wife, Ada Brook") or by the pronoun
that takes the name up ("Ada Brook joined in 2017. She …"). Candidates the text says are of the asked sex come
first; none is dropped.
"""

from __future__ import annotations

import re
from collections import Counter

from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.names import titled_sex
from hopgraph.models import RouteDecision
from hopgraph.router.plan import GENERIC

FEMALE, MALE = "female", "male"

_PERSON_NOUNS = {"woman": FEMALE, "lady": FEMALE, "girl": FEMALE, "man": MALE, "gentleman": MALE, "boy": MALE}
#: "the woman put in charge of X", "the first man to chair X"; not "the woman whose husband …" (another person's
#: clause) nor "Who was the man …" (the answer, not a step on the way).
_DESCRIBED = re.compile(r"\bthe\s+(?:[a-z]+\s+)?(?P<noun>woman|lady|girl|man|gentleman|boy)\b(?!\s+whose\b)", re.I)
_ASKED_AS_ANSWER = re.compile(r"\b(?:who|what|which)\s+(?:is|was|were|are)\s+$", re.I)
#: A kin step after the noun ("the woman married to X's son", "the man who wed the daughter of X"): the person
#: described is reached through another one, not the first step from the anchor.
_KIN_AFTER = re.compile(r"(?:'s|’s|\bthe)\s+(?:[a-z]+\s+)?(?:wife|husband|spouse|partner|son|daughter|child|mother|"
                        r"father|parent|sister|brother|sibling|widow|widower)\b", re.I)

_KIN = {w: FEMALE for w in "wife mother daughter sister widow niece aunt grandmother granddaughter".split()} | \
       {w: MALE for w in "husband father son brother widower nephew uncle grandfather grandson".split()}
#: Pronouns that take up the name later in its sentence ("Ada Brook said she …", "Tom Reed and his wife"); not
#: "him" or "her", more often someone else the sentence's verb is done to ("Tom Reed hired her").
_PRONOUNS = {"she": FEMALE, "herself": FEMALE, "he": MALE, "his": MALE, "himself": MALE}
#: Pronouns that open the next sentence about the name ("… . She joined", "… . Her first post").
_OPENING = _PRONOUNS | {"her": FEMALE}
_WORD = re.compile(r"[A-Za-z]+")
_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")


def asked_sex(question: str) -> str:
    """FEMALE or MALE when the question describes a person on its way as a woman or a man ("the woman put in
    charge of X", "the man Tom Reed succeeded"); "" when it says neither, or both."""
    found = {_PERSON_NOUNS[m.group("noun").lower()] for m in _DESCRIBED.finditer(question)
             if not _ASKED_AS_ANSWER.search(question[:m.start()])
             and not _KIN_AFTER.search(_its_sentence(question, m.end()))}
    return found.pop() if len(found) == 1 else ""


def _its_sentence(question: str, start: int) -> str:
    """The question's words from `start` to the end of that sentence."""
    return re.split(r"[.?!]\s", question[start:], maxsplit=1)[0]


def name_sex(view: ChunkView, name: str) -> str:
    """FEMALE or MALE when the chunk's text says so of `name` (a title, a kin noun or a pronoun taking it up);
    "" when it does not say, or says both, or the graph knows the name as no person (a ship is "she" too)."""
    if view.kg is not None and "PERSON" not in view.types_of(name):
        return ""
    votes: Counter[str] = Counter()
    surname = name.split()[-1] if name.split() else name
    sents = [s for _, s in view.sents]
    for form in [f for f in dict.fromkeys((name, surname)) if len(f) > 2]:  # the full name, else the surname
        for i, sent in enumerate(sents):
            following = sents[i + 1] if i + 1 < len(sents) else ""
            for m in re.finditer(rf"\b{re.escape(form)}\b", sent):
                before, rest = sent[:m.start()], sent[m.end():]
                said = _said_before(before) or _said_after(rest, following, opens=_opens(before))
                if said:
                    votes[said] += 1
        if votes:
            break
    return next(iter(votes)) if len(votes) == 1 else ""


def _opens(before: str) -> bool:
    """The name is the first one of its sentence (no capitalised word before it but the sentence's first)."""
    return not _CAPITALISED.search(before.strip()[1:])


def _said_before(before: str) -> str:
    """A title or a kin noun right before the name: "Mrs Brook", "his wife, Ada Brook"."""
    words = _WORD.findall(before)
    if not words:
        return ""
    title = titled_sex(words[-1])  # "Mrs", "Sir" (`names.titled_sex`)
    return {"f": FEMALE, "m": MALE}[title] if title else _KIN.get(words[-1].lower(), "")


def _said_after(rest: str, next_sentence: str, opens: bool) -> str:
    """The first personal pronoun after the name in its sentence, when no other name comes between ("Ada Brook
    said she …"); else, when the name opens its sentence, a pronoun opening the next one ("… . She joined …")."""
    for w in _WORD.findall(rest):
        if w[0].isupper():  # another name first: the pronoun may be that person's
            return ""
        if w.lower() in _PRONOUNS:
            return _PRONOUNS[w.lower()]
    first = _WORD.findall(next_sentence)[:1]
    return _OPENING.get(first[0].lower(), "") if opens and first else ""


def by_sex(names: list[str], sex: str, views: list[ChunkView]) -> list[str]:
    """`names` with those the text says are of `sex` first and those it says are of the other last (stable)."""
    if not sex or len(names) < 2:
        return names

    def said(name: str) -> str:
        found = {s for v in views if (s := name_sex(v, name))}
        return found.pop() if len(found) == 1 else ""

    rank = {n: (0 if (s := said(n)) == sex else 2 if s else 1) for n in names}
    return sorted(names, key=lambda n: rank[n])


def sexed_steps(route: RouteDecision) -> set[str]:
    """The steps whose bridge a woman or a man the question describes is: the first step from the anchor that
    leads on (the plan's first, "the woman put in charge of X"), and the generic bridge search's."""
    leads_on = {r.depends_on for r in route.requirements if r.depends_on}
    firsts = [r.id for r in route.requirements if r.depends_on is None and r.id in leads_on]
    planned = [rid for rid in firsts if not rid.startswith(GENERIC)]
    return set(planned[:1]) | {rid for rid in firsts if rid.startswith(GENERIC)}
