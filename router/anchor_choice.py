"""Which named entity a question's chain starts from (pure).

The name a relation phrase is attached to ("the director of X", "X's wife"), else the last one named in the
question sentence, else one named in an earlier sentence the question points back at. Names that only qualify
another ("Which X award …", "… as Mayor of Y", "Jamaican"), and a value a claim puts to be checked, start nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from hopgraph.router.comparing import name_type
from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import Mention
from hopgraph.router.other_names import modifier_like
from hopgraph.router.possessed import after_the
from hopgraph.router.pointing import points_back
from hopgraph.router.spans import Span
from hopgraph.router.tokens import Tok

TypeOf = Callable[[str], str]


def pick_anchor(qtoks: list[Tok], mentions: list[Mention], toks: list[Tok], qs: int, spans: list[Span],
                checked: int | None = None, type_of: TypeOf | None = None, offered: frozenset[int] = frozenset()) -> int:
    """The entity the chain starts from: one a relation phrase is attached to, else the last named in the
    question sentence, else the last named in the context (names that only qualify another come last; a
    value a claim puts to be checked is none; "she", "his" in the question point at a name that can be a
    person; names offered as the answers, "Who founded X, A or B?", neither)."""
    asked = [t for t in qtoks if t.anchor >= 0 and t.anchor != checked]
    here = _names_first([t for t in asked if t.anchor not in offered], spans) or _names_first(asked, spans)
    # names that only qualify ("took over from X as Mayor of Y", "Which X award went to … Y?") start nothing
    for qualifies in (_in_capacity, _kind_of_asked, _in_time_order, _companion):
        if len(here) > 1 and any(not qualifies(qtoks, t) for t in here):
            here = [t for t in here if not qualifies(qtoks, t)]
    if not here:  # the context's name a relation belongs to ("X's successor at Y: what …?"), else its last
        named = [t for t in toks if t.anchor >= 0 and t.anchor != checked]
        before = [t for t in named if t.sent < qs] or named
        before = _names_first(before, spans)  # not "in English"
        before = [t for t in before if not _in_post_phrase(toks, t)] or before  # not "… X as Y's chair"
        if any(t.lower in _PERSONAL for t in qtoks):  # "P is the secretary of X. Where does she work?": P
            people = [t for t in before if _can_be_person(spans[t.anchor].text, type_of)]
            # (no person named: someone reached from a name, not from where it happened, "the head of X grew up in
            # Y and her dad was …. What's his name?")
            before = people or [t for t in before if not _in_setting(toks, t) and _of_a_relation(toks, t)] or before
        elif any(t.lower in ("it", "its") for t in qtoks):  # "I bought X at Y. Who makes it?": X, not where
            before = [t for t in before if not _in_setting(toks, t)] or before
        owner = next((t for t in before if t.possessive and not _whose_next(toks, t)), None)
        return owner.anchor if owner is not None else before[-1].anchor if before else 0
    for t in here:
        if _whose_next(qtoks, t):
            continue  # "the investigator of Y's X trial": the relation is X's; Y only says whose X
        if t.possessive or (t.i >= 1 and qtoks[t.i - 1].lower in ("of", "behind", "by")):
            return t.anchor
    earlier = [t for t in toks if t.sent < qs]
    if any(t.anchor >= 0 for t in earlier) and points_back(qtoks, mentions, earlier):
        return [t for t in earlier if t.anchor >= 0][-1].anchor  # "… a district. Where is that district?"
    for t in here:
        if any(m.end == t.i or m.start == _after_adverbs(qtoks, t.i + 1) for m in mentions):
            return _whose(qtoks, t).anchor  # ("Did X ever work for Y?": X's employer, the adverb between;
            # "Who succeeded Y's chairman X?": X, the one Y's chairman is)
    objects = [_whose(qtoks, t) for t in here if t.i >= 1 and qtoks[t.i - 1].pos == "VERB"]  # "who replaced X at Y":
    return (objects or here)[-1].anchor  # X, not Y


def _of_a_relation(toks: list[Tok], t: Tok) -> bool:
    """The name is whose relation a noun before it names ("the head of the X charity", "X's daughter"), or a role
    noun right after it ("the X winner")."""
    j = t.i - 1
    while j >= 0 and toks[j].pos in ("DET", "ADJ") and toks[j].sent == t.sent:
        j -= 1
    after = toks[t.i + 1] if t.i + 1 < len(toks) and toks[t.i + 1].sent == t.sent else None
    return t.possessive or (j >= 0 and toks[j].lower == "of" and toks[j].sent == t.sent) \
        or (after is not None and after.pos == "NOUN" and after.anchor < 0 and names_a_role(after.lower)
            and after_the(toks, t.i))


def _after_adverbs(toks: list[Tok], i: int) -> int:
    """The index of the first word from `i` on that is no adverb ("ever", "also", "never")."""
    while i < len(toks) and toks[i].pos == "ADV" and toks[i].anchor < 0:
        i += 1
    return i


#: Pronouns that stand for a person.
_PERSONAL = frozenset("he she him her his hers himself herself".split())
_NOT_A_FIRST_NAME = frozenset("the our my your their his her its a an this that".split())


def _can_be_person(name: str, type_of: TypeOf | None) -> bool:
    """The graph types the name a person, or, untyped, it is written as a person's name: two or more capitalised
    words, no acronym, no class word ending it ("Hatchley Bowls Club") and no determiner opening it ("Our PTA")."""
    typed = name_type(name, type_of)
    if typed:
        return typed == "PERSON"
    words = name.split()
    return len(words) >= 2 and words[0].lower() not in _NOT_A_FIRST_NAME \
        and all(w[:1].isupper() and not w.isupper() for w in words)


#: Prepositions whose object is where or for whom something was done, not what it was done to.
_SETTING = frozenset("at in on for from with near into inside outside across around through via".split())


def _in_setting(toks: list[Tok], t: Tok) -> bool:
    """The name is the object of a preposition of place or circumstance ("at Y", "for Y", "in Y")."""
    j = t.i - 1
    while j >= 0 and toks[j].pos == "DET" and toks[j].sent == t.sent:
        j -= 1
    return j >= 0 and toks[j].sent == t.sent and toks[j].lower in _SETTING


def _names_first(named: list[Tok], spans: list[Span]) -> list[Tok]:
    """The named tokens without those that only qualify ("Jamaican", "CEO", "English"), unless nothing else is named."""
    return [t for t in named if not modifier_like(spans[t.anchor].text)] or named


def _whose_next(toks: list[Tok], t: Tok) -> bool:
    """A possessive name that only says whose the next name is ("Y's X trial", "Y's chairman X")."""
    return t.possessive and _names_next(toks, t)


def _whose(toks: list[Tok], t: Tok) -> Tok:
    """The name a possessive name only says whose it is ("Y's chairman X": X); the name itself otherwise."""
    return next(u for u in toks[t.i + 1:] if u.anchor >= 0) if _whose_next(toks, t) else t


def _names_next(toks: list[Tok], t: Tok) -> bool:
    """A name follows the (possessive) name `t`, right after it ("Y's X trial") or after a label in apposition with
    it ("Y's chairman X", "Y's new head chef X": the label says who X is, Y only whose)."""
    j = t.i + 1
    while j < len(toks) and j <= t.i + 3 and toks[j].anchor < 0 and toks[j].pos in ("ADJ", "NOUN"):
        j += 1
    return j < len(toks) and toks[j].anchor >= 0 and (j == t.i + 1 or toks[j - 1].pos == "NOUN")


def _kind_of_asked(toks: list[Tok], t: Tok) -> bool:
    """A name between "which" or "what" and the asked noun ("Which X award went to …?", "What X prize …") says
    which kind of thing is asked: it qualifies the answer; a name elsewhere is what the chain starts from."""
    return 1 <= t.i < len(toks) - 1 and toks[t.i - 1].lower in ("which", "what") and toks[t.i + 1].pos == "NOUN" \
        and not t.possessive


def _in_time_order(toks: list[Tok], t: Tok) -> bool:
    """A name after "before" or "after" ("Who chaired the X before Y?", "joined X after Y") says when, as the one who
    came before or after: it qualifies the chain; another name is what the chain starts from."""
    named = t.i >= 2 and toks[t.i - 2].lemma in ("name", "call")  # "named after Y": a namesake, no time
    return t.i >= 1 and toks[t.i - 1].lower in ("before", "after") and not named


def _companion(toks: list[Tok], t: Tok) -> bool:
    """A name after "with" that follows a verb's named object ("the person who started X with Y"): Y did it too; the
    chain starts from X, what was done."""
    if t.i < 3 or toks[t.i - 1].lower != "with":
        return False
    j = t.i - 2
    while j >= 0 and toks[j].anchor < 0 and toks[j].pos in ("DET", "ADJ", "NOUN"):
        j -= 1
    return j >= 1 and toks[j].anchor >= 0 and toks[j - 1].pos in ("VERB", "DET")


def _in_capacity(toks: list[Tok], t: Tok) -> bool:
    """A name after "as" says in what capacity ("succeeded X as Mayor of Y", "starred as Y in Z"): it qualifies
    the chain; another name is what the chain starts from."""
    return t.i >= 1 and toks[t.i - 1].lower == "as"


def _in_post_phrase(toks: list[Tok], t: Tok) -> bool:
    """The name is inside an "as" phrase naming the post another name was in ("replaced X as Y's chair", "succeeded
    X as head of Y"): Y only says which post ("served as head of Y" names no one else, and Y is its body)."""
    j = t.i - 1
    while j >= 0 and toks[j].sent == t.sent and toks[j].anchor < 0 and (
            toks[j].pos in ("DET", "NOUN", "ADJ") or toks[j].lower in ("of", "at")):
        j -= 1
    return j >= 1 and toks[j].sent == t.sent and toks[j].lower == "as" and toks[j - 1].anchor >= 0
