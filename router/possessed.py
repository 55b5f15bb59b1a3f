"""A possessed class noun is a hop: "X's company", "her first film", "the founder's studio".

The router's class nouns ("company", "film", "album", "studio" …) usually say what kind of thing a name is
("the film X") and are no relation. After a possessive they name a thing of the possessor: "Where is X's
company based?" asks where the company of X is, not where X is; "Who directed X's first film?" asks the
director of a film of X, not of X. Without the hop, the chain asks the next fact of the possessor itself.
After a name, any noun that names no role is such a thing ("Who runs X's shop?", "the architect who designed
X's office").
"""

from __future__ import annotations

from hopgraph.router.heads import names_a_role
from hopgraph.router.leading import ORGANISATION_NOUNS
from hopgraph.router.lexicon import Mention, Sense, covered
from hopgraph.router.open_words import CLASS_WORDS, TIME_SPANS
from hopgraph.router.tokens import Tok

#: Nouns that name something by its relation to another and that `names_a_role` (agent endings: "sponsor",
#: "owner", "supplier", "parent") does not already know: "X's dairy subsidiary", "its main rival".
_RELATIONAL = frozenset("subsidiary subsidiaries affiliate rival partners suppliers".split())
#: Words between a possessive and its class noun that say which one ("her first film", "X's latest album").
WHICH_WORDS = frozenset("first second third last latest debut earliest new old own previous current best only former "
                        "outgoing incoming retiring interim acting founding longtime long-serving longest-serving "
                        "recent most".split())


#: Records kept of a body ("X's archive", "its papers", "the club's history"): in a context sentence they are what
#: the asker works on, and the question's "it" or "its" is the body itself.
RECORDS = frozenset("archive archives paper papers history histories record records minute minutes note notes file "
                    "files scrapbook scrapbooks".split())


def possessed_class_nouns(toks: list[Tok], mentions: list[Mention]) -> list[Mention]:
    """An open relation for each class noun right after a possessive (or after one of `WHICH_WORDS` after
    it), where no relation phrase already covers it."""
    used = covered(mentions)
    out: list[Mention] = []
    for t in toks:
        if t.i in used or t.anchor >= 0 or t.pos == "VERB":
            continue
        j = t.i - 1
        while j >= 0 and toks[j].lower in WHICH_WORDS:
            j -= 1
        if j >= 0 and toks[j].possessive and (t.lower in CLASS_WORDS or t.lemma in CLASS_WORDS
                                             or _thing_of_a_name(toks, t, toks[j], mentions, used)):
            start = j + 1
            words = " ".join(x.lower for x in toks[start:t.i + 1])
            out.append(Mention(start, t.i + 1, " ".join(x.text for x in toks[start:t.i + 1]), Sense(relation=words),
                               via="open"))
    return _noun_runs(toks, used, out) + out


def possessed_roles(toks: list[Tok], mentions: list[Mention]) -> list[Mention]:
    """ "the X laureate's doctoral student", "the X mayor's wife": a role noun no phrase covers that ends the noun
    phrase a common noun's possessive opens is someone of that person, and a possessive role noun right after a name
    is the name's own person: open hops in their place in the chain (not facts left over for the end)."""
    used = covered(mentions)
    out: list[Mention] = []
    for owner in toks:
        if not owner.possessive or owner.anchor >= 0 or owner.pos != "NOUN":
            continue
        if owner.i >= 1 and toks[owner.i - 1].anchor >= 0 and owner.i not in used \
                and (names_a_role(owner.lower) or names_a_role(owner.lemma)):
            # "the X mayor's wife": the name's own role first, then the person of theirs
            out.append(Mention(owner.i, owner.i + 1, owner.text, Sense(relation=owner.lower), via="open"))
        end = owner.i + 1
        while end < len(toks) and (toks[end].lower in WHICH_WORDS or toks[end].pos == "ADJ"):
            end += 1
        if end >= len(toks) or end in used or toks[end].pos != "NOUN" or toks[end].anchor >= 0:
            continue
        head = toks[end]
        nxt = toks[end + 1] if end + 1 < len(toks) else None
        if not (names_a_role(head.lower) or names_a_role(head.lemma)) or (nxt is not None and nxt.pos == "NOUN"):
            continue
        start = next(k for k in range(owner.i + 1, end + 1) if toks[k].lower not in WHICH_WORDS)
        out.append(Mention(start, end + 1, " ".join(x.text for x in toks[start:end + 1]),
                           Sense(relation=" ".join(x.lower for x in toks[start:end + 1])), via="open"))
    return out


def role_of_the_name(toks: list[Tok], mentions: list[Mention], at: int) -> list[Mention]:
    """ "X's coach retired in 2022. Who replaced him?": in a context sentence, a role noun no phrase covers right
    after the possessive name (past `WHICH_WORDS`, adjectives and nouns before it: "X's new head coach") is the person
    the question goes on from; an open hop from the name, else none."""
    if toks[at].anchor < 0:
        return []
    used = covered(mentions)
    if not toks[at].possessive:
        return _roles_around(toks, at, used)
    end = at + 1
    while end + 1 < len(toks) and (toks[end].lower in WHICH_WORDS or toks[end].pos in ("ADJ", "NOUN")) \
            and toks[end + 1].pos in ("ADJ", "NOUN") and end not in used and toks[end + 1].anchor < 0:
        end += 1  # (to the last noun of the phrase: "X's new head coach")
    if end >= len(toks) or end in used or toks[end].pos != "NOUN" or not names_a_role(toks[end].lower) \
            or toks[end].lower.endswith("ment"):  # ("X's appointment": a happening, no one)
        return []
    start = next((k for k in range(at + 1, end + 1) if toks[k].lower not in WHICH_WORDS), end)
    return [Mention(start, end + 1, " ".join(x.text for x in toks[start:end + 1]),
                    Sense(relation=" ".join(x.lower for x in toks[start:end + 1])), via="open")]


def _roles_around(toks: list[Tok], at: int, used: set[int]) -> list[Mention]:
    """ "The captain of X retired", "The editor of the 2021 X winner moved on": role nouns no phrase covers, after
    the name ("the X winner") and before "of" it ("the editor of"), from the name outwards."""
    out = []
    after = at + 1
    if after < len(toks) and after not in used and toks[after].pos == "NOUN" and names_a_role(toks[after].lower) \
            and not (after + 1 < len(toks) and toks[after + 1].pos == "NOUN") and after_the(toks, at):
        out.append(Mention(after, after + 1, toks[after].text, Sense(relation=toks[after].lower), via="open"))
    role = noun_before_of(toks, at)
    if role is not None and role not in used and toks[role].pos == "NOUN" \
            and names_a_role(toks[role].lower) and (role == 0 or toks[role - 1].lower in ("the", "a", "an")):
        out.append(Mention(role, role + 1, toks[role].text, Sense(relation=toks[role].lower), via="open"))
    return out


def noun_before_of(toks: list[Tok], at: int) -> int | None:
    """The index of the word before the "of" that the name at `at` follows, "the" and a year between ("the editor
    of the 2021 X": the editor); None when no "of" comes before the name."""
    of = at - 1
    while of > 0 and (toks[of].pos == "NUM" or toks[of].lower == "the"):
        of -= 1
    return of - 1 if of > 0 and toks[of].lower == "of" else None


def after_the(toks: list[Tok], at: int) -> bool:
    """The name at `at` follows "the", a year between ("the 2021 X"): a definite noun phrase it only modifies."""
    j = at - 1
    while j >= 0 and toks[j].pos == "NUM":
        j -= 1
    return j >= 0 and toks[j].lower == "the"


def _thing_of_a_name(toks: list[Tok], t: Tok, owner: Tok, mentions: list[Mention], used: set[int]) -> bool:
    """ "Kalvor's shop", "Tom Reed's new house": a common noun that ends the noun phrase of a possessive name and
    names no role is a thing the name has (a pronoun's or a common noun's things: only class nouns). The object of
    an open verb right before the name is that verb's ("the team that won X's appeal": one hop, "won appeal")."""
    nxt = toks[t.i + 1] if t.i + 1 < len(toks) else None
    verb = owner.i - 1  # (a name is one token)
    open_verb = verb >= 0 and toks[verb].pos == "VERB" and \
        any(m.via == "open" and m.start <= verb < m.end for m in mentions)
    return owner.anchor >= 0 and t.pos == "NOUN" and not (names_a_role(t.lower) or names_a_role(t.lemma)) \
        and t.lower not in TIME_SPANS \
        and (nxt is None or nxt.pos != "NOUN" or nxt.i in used) and not open_verb


def _noun_runs(toks: list[Tok], used: set[int], classes: list[Mention]) -> list[Mention]:
    """ "X's shirt sponsor", "X's dairy subsidiary": a compound of two or more nouns right after a possessive
    name, ending in a role or another relational noun, is someone or something of that name; an event or a
    thing ("X's harbour regatta") is the name's own, and one noun alone is left to `open_mentions`."""
    out = []
    for a in toks:
        if a.anchor < 0 or not a.possessive:
            continue
        end = a.i + 1
        while end < len(toks) and toks[end].pos == "NOUN" and toks[end].anchor < 0 and end not in used:
            end += 1
        head = toks[end - 1].lower if end > a.i + 1 else ""
        if end > a.i + 2 and (names_a_role(head) or head in _RELATIONAL or head in ORGANISATION_NOUNS) \
                and not any(m.start == a.i + 1 for m in classes):  # ("X's planning committee": a body of X)
            run = toks[a.i + 1:end]
            out.append(Mention(a.i + 1, end, " ".join(x.text for x in run), Sense(relation=" ".join(x.lower for x in run)),
                               via="open"))
    return out
