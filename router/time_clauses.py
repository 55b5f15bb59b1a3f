"""A clause that only says when ("before entering politics", "after leaving the band") (pure).

"What did the mayor do for a living before entering politics?" asks the mayor's occupation; the clause
opened by a time conjunction and a verb in -ing places the fact in time and names no relation to follow.
It is taken out of the tokens the chain is read from, fronted ("Before joining X, where did Y work?") or not,
unless it holds the question's only name ("before joining X" may be where the chain starts).

A finite clause does the same: "the company where X worked before she joined the trust", "the person who
led X when it bought Y now chairs …", "who ran the firm that bought X, at the time it bought it?". Its
subject (a pronoun, a name or a noun phrase) and verb are followed only by the verb's objects and
prepositional phrases, so the clause ends at the main clause's next verb or adverb ("now chairs"). It is taken
out even when it names an entity, as long as the rest of the question names one to start from ("Who was mayor
when X was founded?" keeps its only name).
"""

from __future__ import annotations

import re
from collections import Counter

from hopgraph.router.asked import noun_kind
from hopgraph.router.context_reach import LEAVING_VERBS
from hopgraph.router.heads import names_a_role
from hopgraph.router.tokens import DO_FORMS, POSSESSIVE_DETERMINERS, YES_NO_OPENERS, Tok, modifying_gerund, renumber
from hopgraph.router.object_clause import DETERMINERS

_TIME_CONJUNCTIONS = frozenset("before after while since until when".split())
_ENDS = frozenset(", ; ? . !".split())
_POINTING = frozenset("this that these those its his her their".split())
_SUBJECT_PRONOUNS = frozenset("he she it they we i you".split())
#: Verbs whose object a "when" clause can be ("Do you know when her father died?" asks that date).
_ASKING_VERBS = frozenset("know tell say remember recall remind forget wonder ask find check see".split())
_OBJECT_PRONOUNS = frozenset("it them him her us me".split())
#: Parts of speech of a clause verb's objects and prepositional phrases.
_PHRASE_POS = frozenset("DET ADJ NOUN PROPN NUM ADP PART".split())


def without_time_clause(toks: list[Tok]) -> list[Tok]:
    """The tokens without a "before/after/while/since/until/when + V-ing …" clause that names no entity, or
    else without a finite one ("when it bought X") that leaves the question a name, renumbered; unchanged
    when there is none. Every such clause is taken out ("Before joining Y, who chaired X at its founding?")."""
    shorter = _without_one_time_clause(toks)
    while len(shorter) < len(toks):
        toks, shorter = shorter, _without_one_time_clause(shorter)
    return shorter


def _without_one_time_clause(toks: list[Tok]) -> list[Tok]:
    """The tokens without the first clause or phrase that only says when (`without_time_clause`)."""
    for t in toks[:-1]:
        nxt = toks[t.i + 1]
        if t.lower not in _TIME_CONJUNCTIONS or nxt.pos != "VERB" or not nxt.lower.endswith("ing"):
            continue
        end = next((u.i for u in toks[t.i + 1:] if u.lower in _ENDS), len(toks))
        if t.i == 0 and end < len(toks) and toks[end].lower == ",":
            end += 1  # "Before joining X, where did Y work?": the comma closes the fronted clause
        rest = toks[:_lead_in(toks, t.i)] + toks[end:]
        if any(u.anchor >= 0 for u in toks[t.i:end]) and not any(u.anchor >= 0 for u in rest):
            continue  # the clause holds the only name: the chain may start there
        return renumber(rest)
    for t in toks[:-1]:
        width = _conjunction_width(toks, t.i)
        if width and t.i > 0 and toks[t.i - 1].lemma in _ASKING_VERBS:
            continue  # an embedded question, not a time clause
        end = _finite_clause_end(toks, t.i + width - 1) if width else None
        if end is None or (t.i == 0 and (end >= len(toks) or toks[end].lower != ",")):
            continue  # (a fronted clause ends at its comma: "Before she joined X, where did Y work?")
        if t.i == 0:
            end += 1
        rest = toks[:_lead_in(toks, t.i)] + toks[end:]
        named = any(u.anchor >= 0 for u in toks[t.i:end])
        if named and (not any(u.anchor >= 0 for u in rest) or _asks_which_came_first(toks, t.i)):
            continue
        return renumber(rest)
    for t in toks[1:-1]:
        end = _event_phrase_end(toks, t.i)
        if end is not None:
            return renumber(toks[:t.i] + toks[end:])
    if (aside := _participle_aside(toks) or _purpose_aside(toks)) is not None:
        return renumber(toks[:aside[0]] + toks[aside[1]:])
    return toks


#: Verbs of leaving a place or post, after which an infinitive says what the leaver went on to do.
_LEAVING = LEAVING_VERBS | {"depart", "exit"}


def _purpose_aside(toks: list[Tok]) -> tuple[int, int] | None:
    """ "Which trust runs the school X left to take the helm at Y?": an infinitive after the verb of a clause whose
    subject is a name (past a time: "left in 2019 to become head of Y") says what that one went on to do, and no
    relation of the chain; (where "to" stands, where the clause ends), or None. Kept when the question names nothing
    else to start from."""
    for t in toks[2:-2]:
        if t.lower != "to" or toks[t.i + 1].pos != "VERB":
            continue
        j = t.i - 1
        while j > 0 and (toks[j].pos in ("NUM", "ADP") or re.fullmatch(r"\d{4}", toks[j].text)):
            j -= 1  # ("left in 2019 to …")
        if toks[j].pos != "VERB" or (toks[j].lemma or toks[j].lower) not in _LEAVING or toks[j - 1].anchor < 0 \
                or toks[j - 1].possessive:
            return None  # ("the chef X hired to run Y": the one hired runs Y, a hop of the chain)
        end = next((u.i for u in toks[t.i:] if u.lower in _ENDS), len(toks))
        rest = toks[:t.i] + toks[end:]
        if not any(u.anchor >= 0 for u in rest):
            return None
        return t.i, end
    return None


#: Adverbs that say how near in time a clause's "after" or "before" is ("straight after", "not long before").
_NEARNESS = frozenset("straight right just soon shortly immediately directly long".split())


def _lead_in(toks: list[Tok], i: int) -> int:
    """Where a time clause whose conjunction is at `i` starts, with the adverbs of nearness before it ("straight after
    he qualified", "not long after"), which say nothing else."""
    while i > 0 and toks[i - 1].lower in _NEARNESS | {"not"}:
        i -= 1
    return i


def _participle_aside(toks: list[Tok]) -> tuple[int, int] | None:
    """ "Which charity, set up in 2001, is chaired by X's brother?": a participle phrase between commas right after
    the wh-phrase says when, where or by whom the asked thing began, and no relation to follow, as long as the rest
    of the question names where the chain starts; (its comma, the position after its closing comma), or None."""
    if len(toks) < 5 or toks[0].lower not in ("which", "what"):
        return None
    j = 1
    while j < len(toks) and toks[j].pos in ("ADJ", "NOUN") and toks[j].anchor < 0:
        j += 1
    if j == 1 or j + 1 >= len(toks) or toks[j].lower != "," or toks[j + 1].pos != "VERB" \
            or not toks[j + 1].lower.endswith(("ed", "en", "wn", "lt", "up", "set")):
        return None
    end = next((u.i for u in toks[j + 1:] if u.lower in _ENDS), len(toks))
    if end >= len(toks) or toks[end].lower != "," or not any(u.anchor >= 0 for u in toks[end:]):
        return None  # (the question names where its chain starts outside the aside)
    return j, end + 1


def _asks_which_came_first(toks: list[Tok], at: int) -> bool:
    """ "Was X founded before Y opened?", "Did X die after the Y bridge opened?": a yes/no question whose
    before/after clause names an entity compares two times; the clause is no aside."""
    return bool(toks) and toks[0].lower in YES_NO_OPENERS and toks[at].lower in ("before", "after")


def _event_phrase_end(toks: list[Tok], at: int) -> int | None:
    """ "during the 2008 crisis", "at the time of the 2014 audit": a phrase that only says when, by an event no
    name stands for; where it ends (exclusive), or None. A phrase naming an entity may be the chain's start."""
    words = [t.lower for t in toks[at:at + 4]]
    if words[:1] == ["at"] and len(words) > 2 and words[1] in POSSESSIVE_DETERMINERS and words[2] in _OCCASIONS:
        return at + 3  # "Who chaired X at its founding?": when, no hop
    if words[:1] == ["on"] and len(words) > 3 and words[1] in POSSESSIVE_DETERMINERS and words[2] == "maiden":
        j = at + 3
        while j < len(toks) and toks[j].pos == "NOUN" and toks[j].anchor < 0:
            j += 1
        return j if j > at + 3 else None  # "… on its maiden voyage", "on her maiden passenger run": when, no hop
    if words[:1] == ["during"]:
        j = at + 1
    elif words == ["at", "the", "time", "of"]:
        j = at + 4
    elif words[:1] in (["before"], ["after"], ["since"], ["until"]) and len(words) > 1 \
            and (words[1] == "the" or words[1] in POSSESSIVE_DETERMINERS):
        j = at + 1  # "after the rebrand", "since its merger": an event (not "after the founder": a person)
    else:
        return None
    owned = j < len(toks) and toks[j].lower in POSSESSIVE_DETERMINERS  # "during its merger with Y"
    if j >= len(toks) or (toks[j].pos not in ("DET", "NUM", "ADJ", "NOUN") or toks[j].lower in _POINTING) and not owned:
        return None  # ("at the time of those protests" points back at what the context told)
    j += owned
    while j < len(toks) and toks[j].pos in ("DET", "NUM", "ADJ", "NOUN") and toks[j].anchor < 0 \
            and toks[j].lower not in _ENDS:
        j += 1
    # ("after the founder" is a person; "during" and "at the time of" say when whatever their noun)
    when = toks[at].lower == "during" or words[:3] == ["at", "the", "time"] or _an_event(toks[j - 1])
    if (end := _partner_named(toks, j)) is not None and any(t.anchor >= 0 for t in toks[:at] + toks[end:]):
        return end if when else None  # "at the time of the merger with Y", "during its takeover by Y": the
        # question names X
    if j < len(toks) and (toks[j].anchor >= 0 or toks[j].lower in ("of", "'s")):
        return None  # ("during X's tenure", "at the time of the takeover of X")
    return j if when else None


def _partner_named(toks: list[Tok], j: int) -> int | None:
    """Where "with Y", "by the Y" right after an event's noun ends (exclusive), when it names an entity ("of Y" may
    say whose the event is: "after the resignation of Y" is no mere time)."""
    if j >= len(toks) or toks[j].lower not in ("with", "by", "between", "to", "from"):
        return None
    k = j + 1
    while k < len(toks) and toks[k].lower in ("the", "a", "an"):
        k += 1
    return k + 1 if k < len(toks) and toks[k].anchor >= 0 and not toks[k].possessive else None


#: Moments in a body's life that "at its …" places a fact at ("at its founding", "at their peak").
_OCCASIONS = frozenset("founding foundation creation formation inception establishment launch opening start outset "
                       "beginning birth debut peak height heyday closure closing".split())
#: Event nouns with an agent noun's ending: "after the merger" is a time, "after the founder" a person.
_EVENTS_LIKE_AGENTS = frozenset("merger takeover handover changeover turnover buyover".split())


def _an_event(noun: Tok) -> bool:
    """The noun closing "after the …" names an event ("the rebrand", "the merger"), not a person or a role."""
    word = noun.lower
    return noun.pos == "NOUN" and (word in _EVENTS_LIKE_AGENTS or word.endswith(_EVENT_ENDINGS)
                                   or not (names_a_role(word) or noun_kind(word) == "person"))


#: Endings of nouns of an action ("retirement", "resignation", "expansion"), never of a role or a person.
_EVENT_ENDINGS = ("ment", "tion", "sion")


def _conjunction_width(toks: list[Tok], at: int) -> int:
    """How many words the time conjunction at `at` takes: 1 for "when", "after" …; 2 for "now that", "ever
    since"; 3 or 4 for "at the time (that)", "by the time (when)"; 0 when none starts there."""
    if toks[at].lower in _TIME_CONJUNCTIONS:
        return 1
    words = [t.lower for t in toks[at:at + 4]]
    if words[:2] in (["now", "that"], ["ever", "since"]):
        return 2  # ("Who runs X now that Y has retired?")
    if words[:3] not in (["at", "the", "time"], ["by", "the", "time"]):
        return 0
    return 4 if words[3:] in (["that"], ["when"]) else 3


def _bare_main_verb(toks: list[Tok], j: int) -> bool:
    """ "When did the man who was patron of X before Y die?": a bare verb ending a question that "did" opens is
    the question's own verb, after "before Y" (a time clause's verb would be "died")."""
    ends = j + 1 >= len(toks) or toks[j + 1].lower in _ENDS
    return ends and toks[j].lower == toks[j].lemma and len(toks) > 1 and toks[1].lower in DO_FORMS


def _finite_clause_end(toks: list[Tok], at: int) -> int | None:
    """Where the clause "when it bought X", "before she joined the trust" opened by the conjunction at `at`
    ends (exclusive), or None when no subject and verb follow it ("when did …" asks; "before the war" has
    no verb)."""
    j = at + 1
    if j >= len(toks):
        return None  # "… chief executive at the time": the conjunction ends the question
    if toks[j].lower in _SUBJECT_PRONOUNS or toks[j].anchor >= 0:
        j += 1
    elif toks[j].pos == "DET" or (toks[j].lower in POSSESSIVE_DETERMINERS and j + 1 < len(toks)
                                  and _modifier_or_noun(toks, j + 1)):
        j += 1  # ("when the firm bought X", "when her son-in-law joined X", "when its founding director retired")
        while j < len(toks) and (_modifier_or_noun(toks, j) or toks[j].anchor >= 0):
            j += 1  # ("when the X bridge opened", "when the X Trust's director retired")
    elif toks[j].pos == "NOUN" and toks[j].anchor < 0 and toks[j].lower.endswith("s"):
        while j < len(toks) and _modifier_or_noun(toks, j):
            j += 1  # a bare plural subject ("when inspectors judged it outstanding", "since local papers began")
    else:
        return None
    while j < len(toks) and (toks[j].pos == "AUX" or (toks[j].pos == "ADV" and toks[j].lower.isalpha())):
        j += 1  # ("when it first opened", "after she had already left")
    if j >= len(toks) or toks[j].pos != "VERB" or _bare_main_verb(toks, j):
        return None
    j += 1
    if j < len(toks) and toks[j].lower in _OBJECT_PRONOUNS:  # "at the time it bought it"
        j += 1
    while j < len(toks) and (toks[j].anchor >= 0 or toks[j].pos in _PHRASE_POS or toks[j].lower in POSSESSIVE_DETERMINERS) \
            and toks[j].lower not in _ENDS:  # ("… was made its finance director")
        j += 1
    return j


def _modifier_or_noun(toks: list[Tok], j: int) -> bool:
    """A noun or an adjective of a subject's phrase, or a verb in -ing before its noun ("its founding director")."""
    return toks[j].anchor < 0 and (toks[j].pos in ("ADJ", "NOUN") or modifying_gerund(toks, j))


def with_pronoun_clause_as_relative(toks: list[Tok]) -> list[Tok]:
    """ "Who ran the shop before X bought it?": a time clause right after a noun, whose subject is a name and whose
    object is a pronoun for that noun, says what the name did to it, like a relative clause ("the shop that X
    bought"); the tokens with the conjunction read as "that" and the pronoun left out, else unchanged. The clause's
    time (who ran it before, or after) is left to the evidence."""
    for c in range(2, len(toks) - 3):
        noun, det = toks[c - 1], toks[c - 2]
        if toks[c].lower not in _TIME_CONJUNCTIONS or noun.pos != "NOUN" or noun.anchor >= 0 \
                or det.lower not in DETERMINERS:
            continue
        if not any(t.pos == "VERB" for t in toks[:c - 2]) or toks[c + 1].anchor < 0:
            continue  # (a main verb whose object the noun is, and a named subject)
        j = c + 2
        if toks[c + 1].possessive and toks[j].pos == "NOUN" and toks[j].anchor < 0:
            j += 1  # ("X's daughter bought it")
        while j < len(toks) and toks[j].pos == "AUX":
            j += 1  # ("had bought it")
        if j >= len(toks) or toks[j].pos != "VERB":
            continue
        k = j + 1
        while k < len(toks) and toks[k].pos in ("ADP", "PART") and toks[k].lower not in _OBJECT_PRONOUNS:
            k += 1
        if k >= len(toks) or toks[k].lower not in ("it", "them"):
            continue
        end = k + 1
        while end < len(toks) and toks[end].pos in ("ADP", "PART") and toks[end].lower != "to":
            end += 1  # ("took it over")
        if end < len(toks) and toks[end].lower not in _ENDS:
            continue
        that = Tok(c, "that", "that", "that", "PRON", sent=toks[c].sent)
        return renumber(toks[:c] + [that] + toks[c + 1:k] + toks[k + 1:])
    return toks


def words_taken_out(before: list[Tok], after: list[Tok], names: list[str]) -> list[str]:
    """The lower-case words of the tokens `before` holds and `after` (`without_time_clause` of it) does not: what the
    time clause said ("after X retired": after, x's words, retired), which says only when; a name token stands for
    its words (`names`: the text of each anchor)."""
    left = Counter((t.lower, t.anchor) for t in after)
    out: list[str] = []
    for t in before:
        if left[(t.lower, t.anchor)] > 0:
            left[(t.lower, t.anchor)] -= 1
        else:
            out += names[t.anchor].lower().split() if t.anchor >= 0 else [t.lower]
    return out
