"""Which of a question's names are compared (pure): the sides set together by a joiner ("A or B", "A vs B",
"A … than B"), written side by side ("A B both born C") or pointed at together ("Which of the two …"), not a value
the sides are checked against ("Did A and B both work at C?") nor the setting of the compared event ("Who joined X
first, A or B?"). What they are compared by is read in `hopgraph.router.comparing`.
"""

from __future__ import annotations

import re

from hopgraph.router.comparing_wording import order_of
from hopgraph.router.happenings import names_an_event
from hopgraph.router.lexicon import Mention
from hopgraph.router.spans import Span
from hopgraph.router.tokens import DO_FORMS, GROUP_POINTERS, YES_NO_OPENERS, Tok

_JOINERS = frozenset("or and vs vs. versus , with than as".split())


def compared_anchors(toks: list[Tok], all_anchors: list[int], mentions: list[Mention]) -> list[int]:
    """The entities set side by side in the question sentence, or pointed at together (not a value the sides are
    checked against: in "Did A and B both work at C?" A and B are compared, C is what they share or not)."""
    here = sorted({t.anchor for t in toks if t.anchor >= 0})
    if len(here) >= 3:
        here = [a for a in here if not checked_value(toks, a, mentions)]
    if len(here) >= 2:
        return here if _joined(toks) else []
    if len(all_anchors) >= 2 and any(t.lower in GROUP_POINTERS or t.lower in ("two", "which", "whose") for t in toks) \
            and not _chosen_from_a_group(toks):
        return all_anchors
    return []


def _chosen_from_a_group(toks: list[Tok]) -> bool:
    """ "Which nurse from that ward …", "Which of the players in this club …": the choice is among the members of
    a group the question points back to, not among the names said before."""
    for t in toks:
        if t.lower in ("from", "in", "at", "on") and t.i + 2 < len(toks) and toks[t.i + 1].lower in ("that", "this") \
                and toks[t.i + 2].pos == "NOUN":
            return True
    return False


def compared_names(toks: list[Tok], all_anchors: list[int], mentions: list[Mention], q: str,
                   spans: list[Span]) -> tuple[list[int], list[int]]:
    """(compared, aside): `compared_anchors`, narrowed to the two names joined together when the question points at
    two of three ("X reported flaws in A and B. Which of the two …") or the others are the setting of the compared
    event ("Who joined X first, A or B?": `in_setting`); the name left aside still says which facts."""
    compared = compared_anchors(toks, all_anchors, mentions)
    if len(compared) > 2:  # "A or Y's X": Y says whose X is, no side of its own
        compared = [a for a in compared if not _owner_of_next(toks, a)]
    if len(compared) > 2:  # "the Y editor X": Y says where X is editor, no side of its own
        compared = [a for a in compared if not _labels_next(toks, a)]
    if len(compared) > 2 and not order_of(toks) and _closing_choice(q, spans, compared[-2:]):
        return [], compared[-2:]  # "Who founded X, A or B?": a question about X, then the answers to choose from
    pair = coordinated_pair(q, spans, compared) if len(compared) > 2 else []
    if pair and not any(in_setting(toks, a) for a in pair):
        rest = [a for a in compared if a not in pair]
        if {"two", "both", "either", "them"} & {t.lower for t in toks} or all(in_setting(toks, a) for a in rest):
            return pair, rest
    if len(compared) == 3 and not pair and any(_after_before(toks, a) for a in compared):
        # "Did A join X before B did?": X is where both did it
        setting = [a for a in compared if in_setting(toks, a) and not _after_before(toks, a)]
        if len(setting) == 1:
            return [a for a in compared if a not in setting], setting
    return compared, []


def compared_in_context(toks: list[Tok], q: str, spans: list[Span]) -> list[int]:
    """ "I'm comparing A and B. My aunt thinks B is the larger estate. Is she right?": a sentence that compares but
    names one thing compares it with the thing the question joins it to elsewhere ("A and B"); [] otherwise."""
    here = {t.anchor for t in toks if t.anchor >= 0}
    pair = coordinated_pair(q, spans, list(range(len(spans))))
    if len(here) != 1 or not pair:
        return []
    named = next(iter(here))
    same = [a for a in pair if spans[a].text.lower() == spans[named].text.lower()]  # (the name said again)
    return [named if a in same else a for a in pair] if same else []


def event_parties(toks: list[Tok], compared: list[int]) -> dict[int, tuple[list[int], list[str]]]:
    """ "Which came first, A's merger into B or C's purchase of D?", "A buying B, or C buying D": four names in two
    joined phrases, each with a word of an event ("merger", "buying") between its two names, compare two events; the
    first name of each phrase is the side -> (the other, a party to its event; the event's words). {} for any other
    wording."""
    at = {t.anchor: t.i for t in toks if t.anchor in compared}
    if len(compared) != 4 or len(at) != 4:
        return {}
    a, b, c, d = sorted(compared, key=lambda x: at[x])
    inside = [toks[at[a] + 1:at[b]], toks[at[c] + 1:at[d]]]
    between = toks[at[b] + 1:at[c]]
    if not any(t.lower in ("or", "and", ",") for t in between) or \
            any(any(t.lower in _JOINERS for t in words) for words in inside):
        return {}
    events = [[t.lemma for t in words if names_an_event(t.lower) or (t.pos == "VERB" and t.lower.endswith("ing"))]
              for words in inside]
    return {a: ([b], events[0]), c: ([d], events[1])} if all(events) else {}


def _owner_of_next(toks: list[Tok], anchor: int) -> bool:
    """The name is a possessive right before another name ("Y's X Rooms"): it qualifies that name."""
    return any(t.anchor == anchor and t.possessive and t.i + 1 < len(toks) and toks[t.i + 1].anchor >= 0 for t in toks)


def _labels_next(toks: list[Tok], anchor: int) -> bool:
    """The name, and one to three nouns after it, stand right before another name ("the Y editor X", "the former Y
    mayor X"): a post at Y that describes X."""
    for t in toks:
        if t.anchor != anchor or t.possessive:
            continue
        j = t.i + 1
        while j < len(toks) and toks[j].pos == "NOUN" and toks[j].anchor < 0:
            j += 1
        if 1 <= j - t.i - 1 <= 3 and j < len(toks) and toks[j].anchor >= 0:
            return True
    return False


def _closing_choice(q: str, spans: list[Span], pair: list[int]) -> bool:
    """The pair closes the question after a comma, joined by "or" (", A or B?"): the answers offered."""
    a, b = spans[pair[0]], spans[pair[1]]
    return q[:a.start].rstrip().endswith((",", ":")) and re.fullmatch(r"\s*or\s*", q[a.end:b.start]) is not None \
        and not q[b.end:].strip(" ?.!")


#: Prepositions that join compared things rather than place the question's event ("than B", "between A and B").
_COMPARING_PREPOSITIONS = frozenset("than as between like".split())


def in_setting(toks: list[Tok], anchor: int) -> bool:
    """The name is the object of a preposition or a verb ("started work at the X first, A or B?", "joined the board
    of X", "joined X first"): where or with what the compared sides did something, not a side itself ("which of A, B
    or C" picks sides)."""
    at = next((t.i for t in toks if t.anchor == anchor), None)
    j = at - 1 if at is not None else -1
    while j >= 0 and toks[j].pos == "DET":
        j -= 1
    joined = at is not None and at + 1 < len(toks) and toks[at + 1].lower in ("and", "or", ",", "&", "vs", "versus")
    if j >= 0 and (toks[j].pos == "VERB" or (toks[j].lower in DO_FORMS and j > 0)) and not joined:
        return True  # "Who joined X first, A or B?": what the sides joined; "Which did X join first, A or B?": who
    if j < 0 or toks[j].pos != "ADP" or toks[j].lower in _COMPARING_PREPOSITIONS:
        return False
    return toks[j].lower != "of" or (j >= 1 and toks[j - 1].pos == "NOUN")  # "the board of X", not "which of X"


def _after_before(toks: list[Tok], anchor: int) -> bool:
    """The name right after "before" or "after" ("Did A join X before B?"): the other side of the comparison."""
    return any(t.anchor == anchor and t.i > 0 and toks[t.i - 1].lower in ("before", "after") for t in toks)


def coordinated_pair(q: str, spans: list[Span], compared: list[int]) -> list[int]:
    """ "X reported flaws in both A and B. Which of the two …": of three names, the two joined by "and", "or" or a
    comma (a determiner may open the second: "A or the B"), or written side by side ("A B both born C"), are the
    two the question points at ([] when no two are joined)."""
    for a, b in reversed(list(zip(compared, compared[1:]))):  # the last two joined: what "them" points back to
        if re.fullmatch(r"\s*(?:,|and|or|&|, and|, or)\s*(?:(?:the|a|an)\s+)?|\s+", q[spans[a].end:spans[b].start]):
            return [a, b]
    return []


def checked_value(toks: list[Tok], anchor: int, mentions: list[Mention]) -> bool:
    """The name is the object of a relation verb after the last joiner ("both work at C", "same as C"… not "A or
    B"): the value the compared sides are checked against, not a side."""
    at = next((t.i for t in toks if t.anchor == anchor), None)
    joiners = [t.i for t in toks if t.lower in _JOINERS and t.lower != ","]
    if at is None or not joiners or at < joiners[-1]:
        return False
    verb = next((m for m in mentions if m.sense.verb and joiners[-1] < m.end <= at), None)
    return verb is not None and all(t.anchor < 0 and t.lower not in _JOINERS for t in toks[verb.end:at]) \
        and at - verb.end <= 3


def _joined(toks: list[Tok]) -> bool:
    """A joiner ("or", "and", "vs", ",", "than", "with", "as") stands between two of the entities, two stand side by
    side as a terse query writes them and a word sets them together ("A B both born C"), or a yes/no question
    sets one before or after the other ("Was A born before B?")."""
    positions = [t.i for t in toks if t.anchor >= 0]
    between = toks[positions[0] + 1: positions[-1]]
    adjacent = any(b - a == 1 for a, b in zip(positions, positions[1:]))
    # two names only, or more with a word that sets them together (not "X chair before Y finance director")
    side_by_side = positions[-1] - positions[0] == 1 or (adjacent and any(t.lower in _TOGETHER for t in toks))
    return any(t.lower in _JOINERS or t.lower == "same" for t in between) or side_by_side \
        or (toks[0].lower in YES_NO_OPENERS and any(_order_word_before_a_name(toks, t.i) for t in between))


#: Words that set two names written side by side together ("A B both born C", "A B same founder").
_TOGETHER = frozenset("both either same two".split())


def _order_word_before_a_name(toks: list[Tok], i: int) -> bool:
    """ "before B", "after the B", "before the chair of B": an order word before a name, with at most a noun
    phrase of B between them (not "before joining B")."""
    if toks[i].lower not in ("before", "after"):
        return False
    for t in toks[i + 1:i + 7]:
        if t.anchor >= 0:
            return True
        if not (t.pos in ("DET", "NOUN", "ADJ") or t.lower == "of"):
            return False
    return False
