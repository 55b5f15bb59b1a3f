"""Cue words of a free-text (open) relation, and whether a sentence states them (pure functions).

An open relation is the question's own words ("first branch", "acquired", "chairs"). A sentence states it
when one of those words' stems occurs as an ordinary word, or as the last word of a name, which says what
kind of thing it names ("the Tesmir Conservatory"); a word inside a name before its last ("the First Street
Gallery", "Acquirer Weekly") is part of what the sentence names, not what it says.
"""

from __future__ import annotations

import re

from hopgraph.hops.bridges import AGENT, NOT_NAMES
from hopgraph.hops.names import name_forms
from hopgraph.indexing.normalize import DATE_RE, normalize, strip_disambiguator
from hopgraph.router.asked import PERSON_NOUNS
from hopgraph.router.heads import names_a_role
from hopgraph.router.spans import capitalised_spans
from hopgraph.router.vocab import RelationSpec, cue_regex

FREE = RelationSpec("free", (), frozenset(), (), "thing", "")  # answered by a name of any kind
AGENT_SPEC = RelationSpec(AGENT, (), frozenset(), (), "person", "")  # answered by who does the verb
#: Past forms of common irregular verbs, which share no stem with the verb ("grow up" is stated as "grew up").
_PAST = {"make": "made", "take": "took", "win": "won", "write": "wrote", "run": "ran", "lead": "led", "grow": "grew",
         "bring": "brought", "buy": "bought", "sell": "sold", "teach": "taught", "hold": "held", "leave": "left",
         "meet": "met", "give": "gave", "begin": "began", "build": "built", "keep": "kept", "pay": "paid",
         "send": "sent", "speak": "spoke", "spend": "spent", "stand": "stood", "think": "thought", "fly": "flew",
         "draw": "drew", "choose": "chose", "drive": "drove", "ride": "rode", "rise": "rose", "sing": "sang",
         "swim": "swam", "throw": "threw", "wear": "wore", "become": "became", "come": "came", "go": "went",
         "see": "saw", "know": "knew", "fight": "fought", "catch": "caught", "lose": "lost", "feel": "felt",
         "tell": "told", "sit": "sat", "fall": "fell", "break": "broke", "steal": "stole", "shoot": "shot"}
_IRREGULAR = {**_PAST, **{v + "s": past for v, past in _PAST.items()}, "goes": "went"}
#: Verbs whose particle says what they mean ("take over", "take part", "make up"): only their own form is a cue.
_PARTICLE_VERBS = frozenset("take make give get go come keep hold bring put set become".split())
#: The verb of each of those past forms ("bought" is also stated as "buying", "buys").
_BASE = {past: verb for verb, past in _PAST.items()}
#: Nouns that state a verb's event in other letters ("acquired" is stated as "its acquisition of X"), by the
#: start of the verb's forms.
_NOMINAL = {"acquir": "acquisition", "appoint": "appointment", "elect": "election", "merg": "merger",
            "sponsor": "sponsorship", "marr": "marriage", "resign": "resignation", "retir": "retirement",
            "nominat": "nomination", "succeed": "succession", "replac": "replacement", "sell": "sale",
            "sold": "sale", "buy": "purchase", "bought": "purchase", "purchas": "purchase"}
#: Verbs English states in other words, by the start of the verb's forms: a body "renamed" is said to change its
#: name, take a new name or trade as another ("X now trades as Y"); one bought is said to be acquired, and one sold
#: to be bought ("Y has bought X").
_BUYING = ("buy", "bought", "purchas", "acquir", "acquisition")
_PARAPHRASED = {"buy": _BUYING, "bought": _BUYING, "purchas": _BUYING, "acquir": _BUYING, "sell": _BUYING,
                "sold": _BUYING,
                "renam": ("change its name", "changes its name", "changed its name", "changing its name",
                          "changed their name", "change their name", "change of name", "name change", "new name",
                          "trades as", "trade as", "trading as", "now called", "now known as")}


def free_cues(relation: str) -> re.Pattern[str] | None:
    """Cue words of a free-text relation: each word's stem, plus a past form for common irregular verbs and
    the noun of a verb's event ("acquisition")."""
    words = [w for w in relation.lower().split() if len(w) > 2]
    words += [v for w in words if (v := agent_verb(w))]
    # "bought": "buy", "buying"; not a verb whose particle says what it means ("took over" is no "taking part")
    bases = [_BASE[w] for w in words if w in _BASE and len(_BASE[w]) > 2 and _BASE[w] not in _PARTICLE_VERBS]
    words += bases + [b[:-1] + "ing" for b in bases if b.endswith("e")]
    stems = [w[: max(4, len(w) - 2)] for w in words] + [_IRREGULAR[w] for w in words if w in _IRREGULAR]
    stems += [noun for w in words for start, noun in _NOMINAL.items() if w.startswith(start)]
    stems += [said for w in words for start, says in _PARAPHRASED.items() if w.startswith(start) for said in says]
    return cue_regex("", tuple(stems)) if stems else None


def states_freely(cue: re.Pattern[str], sentence: str) -> bool:
    """Whether `sentence` holds a cue as a word that says something: lower-case, the sentence's first word, or
    the last word of a name, which says what kind of thing it names ("the Halvern Conservatory" is a
    conservatory); a cue word before another capitalised word is inside a name ("the First Church")."""
    for m in cue.finditer(sentence):
        if not sentence[m.start()].isupper() or not sentence[:m.start()].strip(" \"'“(‘"):
            return True
        if not _NEXT_CAPITALISED.match(sentence, m.end()):
            return True
    return False


_NEXT_CAPITALISED = re.compile(r"[\w'’-]*\s+[A-Z]")


def done_by(sentence: str, name: str, cue: re.Pattern[str], title: str = "") -> str:
    """ "<Y> is a film directed by <name>": when a cue word is followed by "by" and the entity itself, the
    entity did what the relation says, and the answer is what it was done to, the sentence's subject: the
    chunk's `title` when the sentence opens with it (a title may hold lower-case words), else the first name
    before the cue. "" when no cue is followed by "by <name>"."""
    forms = name_forms(name)
    for m in cue.finditer(sentence):
        by = _BY.match(sentence, m.end())
        if by is None or not any(normalize(sentence[by.end():by.end() + len(name) + 8]).startswith(f) for f in forms):
            continue
        head = sentence[:m.start()]
        for t in (title, strip_disambiguator(title)):
            if t and normalize(head).startswith(normalize(t)) and normalize(t) not in forms:
                return t
        subjects = [sp.text for sp in capitalised_spans(head) if normalize(sp.text) not in forms
                    and normalize(sp.text) not in NOT_NAMES and not DATE_RE.search(sp.text)]
        return subjects[0] if subjects else ""
    return ""


_BY = re.compile(r"\w*\s+by\s+")


def free_spec(relation: str) -> RelationSpec:
    """How a free relation is answered: by a person when its last word is an agent noun ("the winner") or
    its clause is about a person ("actress starred"), else by a name of any kind."""
    words = relation.split()
    return AGENT_SPEC if agent_verb(words[-1] if words else "") or doer(relation) else FREE


def doer(relation: str) -> bool:
    """A relation read from a clause about a person ("actress starred", "person plays"): answered by who
    does the verb."""
    words = relation.lower().split()
    return len(words) >= 2 and (words[0] in PERSON_NOUNS or names_a_role(words[0]))


def agent_verb(noun: str) -> str:
    """The verb an agent noun is made from ("winner" -> "win", "owner" -> "own", "leader" -> "lead"), or ""."""
    if len(noun) < 5 or not noun.endswith(("er", "or")):
        return ""
    base = noun[:-2]
    if len(base) >= 3 and base[-1] == base[-2] and base[-1] not in "aeiouls":
        base = base[:-1]  # "winn" -> "win", "runn" -> "run"
    return base if len(base) >= 3 else ""
