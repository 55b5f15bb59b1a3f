"""A comparison question -> `ParsedQuestion`: what the compared entities are compared by, in which order, and
each side's own chain when it has a bridge.

    "Which is older, A or B?"                                   A and B by birth (or release) date
    "Were the mayor A elected and the conductor of B born in the same town?"   one chain per side
    "Whose company has more staff, A's or B's?"                 company -> staff, for each side

`comparing.read_comparison` reads the relation phrases; `compared_things` the possessed things, counts and
dated events; `side_words` what a side's own words say (the words no phrase explains in its stretch are its
bridge, a thing placed at it, its class noun or event noun).
"""

from __future__ import annotations

from collections.abc import Callable

from hopgraph.router.compared_things import compared_event, contact_sides, counted, possessed_sides
from hopgraph.router.comparing import (SAME_TIME, TOWN_SAME, name_type, read_comparison, second_sides_noun,
                                       where_verb)
from hopgraph.router.comparing_wording import COUNTING, order_of
from hopgraph.router.leading import ORGANISATION_NOUNS, is_one_of, taking_the_lead_dated
from hopgraph.router.lexicon import Mention, covered
from hopgraph.router.open_words import open_words
from hopgraph.router.question_verb import date_verb
from hopgraph.router.side_dates import dates_of_each_side
from hopgraph.router.side_words import (class_after_name, event_of_side, head_left_out, leads_second_side,
                                        own_noun_phrase, placed_at, side_words)
from hopgraph.router.spans import ParsedQuestion, Span
from hopgraph.router.tokens import POINTERS, Tok, renumber
from hopgraph.router.vocab import RELATIONS, answers_a_date


def comparison(qtoks: list[Tok], mentions: list[Mention], compared: list[int], spans: list[Span],
               type_of: Callable[[str], str] | None, lifetime: bool | None = None) -> ParsedQuestion:
    """The reading of a question comparing the `compared` entities: what by, in which order, and each
    side's own chain when it has a bridge ("the mayor A elected and the conductor of B"); `lifetime`: the length of
    each side's life is compared (`lifespan` of the tokens when not given)."""
    positions = {t.anchor: t.i for t in qtoks if t.anchor >= 0}
    types = [name_type(spans[a].text, type_of) for a in compared]
    at = {a: positions[a] for a in compared if a in positions}
    sides = possessed_sides(qtoks, at)  # "A's company"
    clauses = contact_sides(qtoks, at)  # "the one A leads"
    some_clauses = contact_sides(qtoks, at, every=False)
    own_clauses = {j for _, used in some_clauses.values() for j in used}  # (the verbs and nouns of those clauses)
    count, count_at = counted(qtoks)  # "employ more people": how many, not who employs them
    if count in RELATIONS and count not in _AMOUNTS:
        count = f"{count} size"  # "the larger award" (its sum): how big, not which award was won
    owned = {j for a in sides for j in range(positions[a] + 1, positions[a] + 1 + len(sides[a].split()))}
    owned |= {j for _, used in clauses.values() for j in used}
    mentions = [m for m in mentions if not set(range(m.start, m.end)) & (count_at | owned)
                and not (set(range(m.start, m.end)) & own_clauses and not _dates(m))]
    # (a verb of one side's own clause, "the company A runs", is read by that clause, no relation of another side;
    # one with a date, "the firm A founded", still says what is compared: when each began)
    if order_of(qtoks) in ("earliest", "latest") and not _how_long(qtoks):  # ("led X for longer": a post held)
        mentions = taking_the_lead_dated(qtoks, mentions)  # "Who took charge earlier: A or B?": when each did
    c = read_comparison(qtoks, mentions, compared, types, positions)
    c.attribute = count or c.attribute
    taken: set[int] = set(count_at)  # "more turbines" is what is compared, no side's bridge
    undated = c.attribute in RELATIONS and not answers_a_date(c.attribute)  # "who got the job first": when, not what
    if c.order in ("earliest", "latest") and not count and (c.attribute in ("born_date", "release_date") or undated):
        # "who became managing director first" (the verb of a side's own clause, "the firm A joined", is no event)
        event, used = compared_event(qtoks, covered(mentions) | owned | own_clauses)
        taken |= used if event else set()
        if event:  # the post the event names is no bridge ("became managing director")
            c.attribute = event
            said = {m.sense.relation for m in mentions if m.start in used}
            c.bridges = {a: [r for r in b if r not in said] for a, b in c.bridges.items()}
            c.shared_bridge = [r for r in c.shared_bridge if r not in said]
    if c.order in ("earliest", "latest") and not count and _how_long(qtoks) and not c.bridges \
            and (post := _post_held(mentions) or _post_served(qtoks)):
        # "Who was chair for longer, A or B?", "… served longer as treasurer?": who took the post first
        c.attribute, c.order, c.shared_bridge = f"{post} since", "earliest", []  # (not a life; a side's own
        # post, "A's harbour master", keeps its reading)
    if c.order == "same" and not c.attribute and not count:
        if placed := where_verb(qtoks, covered(mentions)):
            c.attribute, taken = "country", taken | placed  # "held in the same town": where each took place
        elif {t.lower for t in qtoks} & TOWN_SAME and any(types) and "PERSON" not in types:
            c.attribute = "country"  # "Are A and B in the same town?" (two bodies): where each lies
    for a, noun in sides.items():
        c.bridges[a] = [noun] + c.bridges.get(a, [])
    for a, (bridge, _) in clauses.items():
        c.bridges[a] = [bridge] + c.bridges.get(a, [])
    bodies = {bridge: "org" for bridge, _ in clauses.values() if bridge not in RELATIONS
              and any(w in ORGANISATION_NOUNS for w in bridge.split())}  # "the one A runs" of companies: a body
    said_in_clause = {m.sense.relation for m in mentions if set(range(m.start, m.end)) & own_clauses}
    bare = [b for b in compared if b not in some_clauses and not c.bridges.get(b)]
    clause_beside_a_name = len(compared) == 2 and len(bare) == 1 and not c.shared_bridge and bool(some_clauses)
    others_read = all(c.bridges.get(b) or c.shared_bridge for b in compared if b not in some_clauses)
    if some_clauses and not clauses and not said_in_clause & set(c.shared_bridge) and \
            (others_read or clause_beside_a_name):
        # "the firm A joined or the firm that designed B": "the firm A" is no apposition; each side has its own hop
        # ("A or the charity that B runs": A is compared as itself)
        for b in compared:
            c.bridges[b] = [some_clauses[b][0]] if b in some_clauses else c.bridges.get(b) or list(c.shared_bridge)
        c.apposed, c.shared_bridge = {a for a in c.apposed if a not in some_clauses}, []
    for a in compared if len(compared) == 2 else []:  # "the mayor whom A elected and the conductor of B"
        if a in positions and not c.bridges.get(a) and not c.shared_bridge and a not in c.apposed \
                and (words := side_words(qtoks, mentions, positions[a], taken)):
            c.bridges[a] = [" ".join(words)]
    placed = {a: c.bridges.pop(a)[0].split() for a in compared if c.bridges.get(a) and len(c.bridges[a]) == 1
              and a not in clauses and a not in sides
              and (placed_at(qtoks, positions.get(a, -1))
                   or (c.order in ("earliest", "latest") and c.attribute not in ("born_date", "died_date")
                       and class_after_name(qtoks, mentions, positions.get(a, -1))))}
    names = [spans[a].text for a in compared]
    described = second_sides_noun(qtoks, positions.get(compared[-1], -1)) if len(compared) == 2 else None
    clause_nouns = [qtoks[min(used)] for _, used in some_clauses.values()]
    if c.attribute == "born_date" and ((described is not None and types[0] != "PERSON"
                                        and is_one_of(described, ORGANISATION_NOUNS))
                                       or any(is_one_of(n, ORGANISATION_NOUNS) for n in clause_nouns)):
        c.attribute = "release_date"  # "Which is older, X or the firm that bought A?", "the firm A founded or …":
        # two bodies' foundings
    attr = [c.attribute] if c.attribute else []
    own = [c.bridges.get(a, []) for a in compared]
    possessed_one = [qtoks[positions[a]].possessive for a, o in zip(compared, own) if o and a in positions]
    if len(compared) == 2 and sum(map(bool, own)) == 1 \
            and any(not o and a in positions and head_left_out(qtoks, positions[a]) for a, o in zip(compared, own)):
        own = [next(o for o in own if o)] * 2  # "Was A's founder older than B's?": B's founder
    if any(own) and not all(own) and len(compared) == 2 and sum(map(bool, own)) == 1 and not c.apposed and not placed \
            and possessed_one != [True] \
            and not leads_second_side(own, mentions, positions.get(compared[1], -1)) \
            and not (not own[0] and described is not None) and not c.own_clauses and not clause_beside_a_name \
            and not any(own_noun_phrase(qtoks, mentions, positions.get(a, -1)) for a in compared) \
            and not any(event_of_side(qtoks, o) for o in own):  # ("the A reopening or B": A's event alone)
        own = [next(o for o in own if o)] * len(compared)  # "the directors of A and B", "A vs B director": both
    shared = [[] if a in c.apposed else c.shared_bridge for a in compared]  # "the composer A" is the person
    timed = c.order in ("earliest", "latest") and not count and not _how_long(qtoks)
    events = [timed and event_of_side(qtoks, o) for o in own]  # "the launch of A": the launch is dated, no hop
    chains = [o if ev else o + sh + attr if (o or sh) else attr for o, sh, ev in zip(own, shared, events)]
    dates = dates_of_each_side(qtoks, mentions, compared, positions) \
        if c.order in ("earliest", "latest") and not any(own) and not any(shared) and not count else None
    if dates:
        chains = [[d] for d in dates]  # "Did A die before B was born?": A's death against B's birth
    spans_of_time = SAME_TIME if c.attribute.endswith("date") else frozenset()  # "founded in the same decade"
    unexplained = [t.lemma for t in open_words(qtoks, mentions, set()) if t.lower not in POINTERS
                   and t.lemma not in spans_of_time]
    # words no relation explains ("the same people who … declared independence from") make it unsure
    confidence = 1.0 if c.attribute and not unexplained and not c.guessed else 0.5  # ("Is A older than B?",
    # neither typed: a birth or a founding)
    if not clauses and some_clauses:
        confidence = 0.5  # "Is the company A runs older than B?": a side's own clause is left unread
    if any(r not in RELATIONS for ch in chains for r in ch) or _how_long(qtoks):  # a guess, not a reading
        confidence = 0.5
    if _compares_another_thing(qtoks, types):  # "older studio A or B" of two albums: their studios, unread
        confidence = 0.5
    free = [] if c.attribute else unexplained
    verb = _making_verb(mentions) if c.attribute == "release_date" else ""
    if not verb and c.attribute == "release_date" and bodies:
        verb = "founded"  # "Which company is older: the one A runs or …": when each body was founded
    lived = lifespan(qtoks) if lifetime is None else lifetime
    also = _OTHER_DATE.get(c.attribute, []) if lived else []  # "Who lived longer?": both dates of each
    at_place = {spans[a].text: words for a, words in placed.items()}  # "the tram depot on A": which thing at A
    if any(len(ch) > 1 for ch in chains) or dates or any(events):
        first = chains[0]
        return ParsedQuestion("bridge_comparison", names, first, order=c.order, free_words=free, confidence=confidence,
                              qualifiers=at_place, chains=chains if any(ch != first for ch in chains) else [],
                              date_verb=verb, also=also, answers=bodies,
                              reason=f"compares {' / '.join(' -> '.join(ch) for ch in chains)} of {' and '.join(names)}")
    if not attr and chains and chains[0] and all(ch == chains[0] for ch in chains):
        attr = chains[0]  # "Do A and B have the same director?": the person compared is the attribute
        if all(r in RELATIONS for r in attr) and not unexplained:
            confidence = 1.0
    return ParsedQuestion("comparison", names, attr, order=c.order, free_words=free, confidence=confidence,
                          qualifiers=at_place, date_verb=verb, also=also if attr == [c.attribute] else [],
                          answers=_quantity(c.attribute, count, any(qtoks[i].lower in COUNTING for i in count_at)),
                          reason=f"compares {' and '.join(names)} by {' '.join(attr + also) or 'description'}")


#: Relations of the vocabulary whose value is an amount: a size comparative compares it as it is ("the larger
#: population"); of another relation it compares the size of its value ("the larger award").
_AMOUNTS = frozenset({"population"})
#: Age comparatives that may qualify the noun of what is compared ("the older studio").
_AGE_WORDS = frozenset("older oldest newer newest younger youngest elder eldest".split())
#: Class nouns of works and of bodies, and the kind of thing the graph's type of a name says it is.
_WORKS = frozenset("film films movie movies song songs album albums record records book books novel novels play "
                   "plays single singles".split())
_BODIES = frozenset("studio studios company companies firm firms club clubs school schools label labels band bands "
                    "team teams college colleges university universities hospital hospitals theatre theatres venue "
                    "venues airline airlines airport airports".split())
_KIND_OF_TYPE = {"WORK_OF_ART": "work", "PRODUCT": "work", "ORG": "body", "FAC": "body", "GPE": "body", "LOC": "body"}


def _dates(m: Mention) -> bool:
    """The phrase has a date facet ("founded": when; "runs": none)."""
    rels = m.sense.resolve("date")
    return bool(rels) and answers_a_date(rels[-1])


def _compares_another_thing(toks: list[Tok], types: list[str]) -> bool:
    """ "older studio A or B", "Which album was recorded at the older studio, A or B?": an age comparative before
    the class noun of another kind of thing than the sides are (a studio; two albums) compares a thing each side
    has, which a reading of the sides' own dates does not read."""
    kinds = {_KIND_OF_TYPE.get(t, "") for t in types}
    if len(kinds) != 1 or "" in kinds:
        return False
    side = kinds.pop()
    for a, b in zip(toks, toks[1:]):
        noun = "work" if b.lower in _WORKS else "body" if b.lower in _BODIES else ""
        if a.lower in _AGE_WORDS and b.anchor < 0 and noun and noun != side:
            return True
    return False


def _making_verb(mentions: list[Mention]) -> str:
    """ "Which was founded earlier, A or B?": the making the dates are compared by is searched with its own verb
    ("A founded"), not as a release date; "" when the question's verb is a release or it has none."""
    making = [m for m in mentions if m.sense.verb and m.sense.resolve("date")[-1:] == ("release_date",)]
    return date_verb(["release_date"], making[-1:])


def _how_long(toks: list[Tok]) -> bool:
    """ "Who led X for longer, A or B?": a duration is compared (of a post, a membership), which no relation
    states; the start dates it would need are a guess (a lifetime or an age is read: `_LIFETIME`)."""
    words = {t.lower for t in toks}
    return bool(words & {"longer", "longest"}) and not words & _LIFETIME


def _quantity(attribute: str, count: str, counting: bool) -> dict[str, str]:
    """The compared attribute -> how the grader reads each side's value: a number ("more kilns": `counting`), a sum
    ("the larger grant": "grant size"), since when a post is held ("chair since"); {} for anything else."""
    if attribute.endswith(" since"):
        return {attribute: "tenure"}
    if count and counting:
        return {count: "number"}
    return {count: "amount"} if count.endswith(" size") else {}


def _post_held(mentions: list[Mention]) -> str:
    """ "Who has been in charge for longer?", "Who was warden for longer?": the last word of a leader phrase
    ("charge", "chair"), the post whose holding is compared; "" when none."""
    leading = next((m for m in mentions if m.sense.relation == "leader"), None)
    words = [w for w in (leading.text.lower().split() if leading else []) if w not in _NOT_A_POST]
    return words[-1] if words else ""


_NOT_A_POST = frozenset("be been being was is at the of in as a an".split())


def _post_served(toks: list[Tok]) -> str:
    """ "Which of them served longer as branch secretary?", "Who was treasurer for longer?": a post no leader phrase
    names, the last noun after "as" or the noun a copula puts before "(for) longer"; "" when none."""
    for t in toks:
        if t.lower == "as":
            run = [x for x in toks[t.i + 1:t.i + 5] if x.anchor < 0]
            nouns = []
            for x in run:
                if x.pos == "NOUN":
                    nouns.append(x.lower)
                elif nouns or x.pos not in ("DET", "ADJ"):
                    break
            if nouns:
                return nouns[-1]
        if t.lower == "for" and t.i >= 2 and t.i + 1 < len(toks) and toks[t.i + 1].lower in ("longer", "longest") \
                and toks[t.i - 1].pos == "NOUN" and toks[t.i - 2].lemma == "be":
            return toks[t.i - 1].lower
        if t.lower in ("longer", "longest") and _in_charge_before(toks, t.i):
            return "charge"  # "Who has been in charge (for) longer?"
        before = toks[t.i - 1] if t.i >= 2 else None
        if t.lower in ("longer", "longest") and before is not None and before.pos in ("NOUN", "VERB") \
                and not before.lower.endswith("ing") and before.anchor < 0 and toks[t.i - 2].lemma == "be":
            return toks[t.i - 1].lower  # "Who was chair longer?" (the post read as a noun or a verb; "has been going
            # longer" asks which began first)
    return ""


def _in_charge_before(toks: list[Tok], i: int) -> bool:
    """ "be in charge (for)" right before the word at `i`."""
    j = i - 1 - (i >= 1 and toks[i - 1].lower == "for")
    return j >= 2 and toks[j].lower == "charge" and toks[j - 1].lower == "in" and toks[j - 2].lemma == "be"


def lifespan(toks: list[Tok]) -> bool:
    """ "Who lived longer, A or B?", "Which of the two had the longer lifespan?", "Who died younger?", "Who was older at
    death?": the length of a life is compared, which takes each side's birth and death."""
    words = {t.lower for t in toks}
    lived = bool(words & {"longer", "longest"}) and bool(words & (_LIFETIME - _EXISTING))
    # "Who lived to the greater age?", "… reached the older age": the age at death
    aged = "age" in words and bool(words & {"live", "lived", "reached", "reach"}) and bool(words & _GREATER)
    return lived or aged or bool(words & {"died", "die", "dying", "death"} and words & _AGES)


def died_then(toks: list[Tok]) -> bool:
    """ "Who was older when he died, A or B?": an age compared at a time clause of the sides' own death ("when he
    died", "when they died"), which is the length of each life."""
    words = [t.lower for t in toks]
    own_death = any(words[i:i + 3] in (["when", p, "died"] for p in ("he", "she", "they")) for i in range(len(words)))
    return own_death and bool(_AGES.intersection(words))


#: Words that compare ages ("older", "the youngest").
_AGES = frozenset("younger older youngest oldest".split())
#: Words that say an age was greater ("lived to the greater age").
_GREATER = _AGES | frozenset("greater greatest higher highest".split())
#: The other date a life's length takes.
_OTHER_DATE = {"born_date": ["died_date"], "died_date": ["born_date"]}
_EXISTING = frozenset("around exist existed existing outlived outlive outlives".split())
#: Words with which "longer" compares a lifetime or an age ("lived longer", "been around longer"): dates, read.
_LIFETIME = frozenset("live lived lives living outlived outlive outlives lifespan life lifetime around exist existed "
                      "existing".split())


def described_before(toks: list[Tok], qs: int, compared: list[int], qtoks: list[Tok]) -> bool:
    """The question sentence names none of the compared things and a sentence before it names one inside a
    description of another thing: the subject of a clause ("the choir A joined") or the object of a relative
    clause's verb ("the builders who built B"). The comparison is then of the described things, which the
    reading of the names does not read."""
    if any(t.anchor in compared for t in qtoks):
        return False
    for s in sorted({t.sent for t in toks if t.sent < qs and t.anchor in compared}):
        ctoks = renumber([t for t in toks if t.sent == s])
        at = {t.anchor: t.i for t in ctoks if t.anchor in compared}
        if contact_sides(ctoks, at, every=False):
            return True
        for i in at.values():
            j = i - 1 if i >= 1 and ctoks[i - 1].lower not in ("the", "a", "an") else i - 2
            if j >= 1 and ctoks[j].pos == "VERB" and ctoks[j - 1].lower in ("who", "that", "which"):
                return True
    return False


def with_event_parties(parsed: ParsedQuestion, parties: dict[int, tuple[list[int], list[str]]],
                       spans: list[Span]) -> list[int]:
    """ "A's merger into B or C's purchase of D": each side is searched with its event's words and the other party
    to it (B, D), which are no sides nor values checked; returns those parties."""
    said = {w for r in parsed.chain + sum(parsed.chains, []) for w in r.split()}
    for side, (others, event) in parties.items():
        own = parsed.qualifiers.get(spans[side].text, [])
        parsed.qualifiers[spans[side].text] = own + [w for w in event if w not in said | set(own)] + \
            [spans[o].text for o in others]
    return [o for others, _ in parties.values() for o in others]


def with_checked_values(parsed: ParsedQuestion, checked: list[str]) -> ParsedQuestion:
    """ "Did A and B both work at C?": each side is searched with C; and since no requirement states C itself, the
    grader cannot bear the whole claim out, so the reading is unsure."""
    for name in parsed.anchors if checked else []:
        parsed.qualifiers[name] = parsed.qualifiers.get(name, []) + checked
    if checked:
        parsed.confidence = min(parsed.confidence, 0.5)
    return parsed


