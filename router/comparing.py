"""Comparison questions read from tokens: by what the compared entities are compared, in which order (pure).

The entities named side by side ("A or B", "A and B", "A vs B", "A … than B", "A with B") or pointed at together
("Which of them …", "the two", "both") are found by `hopgraph.router.compared_names`; they are compared when the
question compares ("older", "born first", "came out earlier", "more recent", "same country", "outlived", "both",
"more staff", "bigger capacity"; `hopgraph.router.comparing_wording`). What is compared comes from the relation phrases outside the entities
("born", "died", "released") or from the comparative itself ("older" of people is a birth date,
of films a release date). A relation whose answer is a person ("the director", "directed by",
"the people who made them") is the bridge of a bridge comparison. Each side may have its own
bridge: "the mayor A elected and the conductor of B" give one chain per side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hopgraph.router.asked import PLACE_NOUNS
from hopgraph.router.comparing_wording import OLDNESS, order_of
from hopgraph.router.happenings import names_an_event
from hopgraph.router.lexicon import FILM_WORDS, PERSON_RELATIONS, Mention
from hopgraph.router.same_noun import said_before_same, same_noun
from hopgraph.router.tokens import POSSESSIVE_POINTERS, Tok

_RELEASE = frozenset("newer newest recent recently".split())
#: Spans of time two dates can share ("founded in the same decade"): the compared attribute is a date.
SAME_TIME = frozenset("year decade century month day".split())
#: Parts of a country two bodies may both lie in ("Are A and B in the same town?").
TOWN_SAME = frozenset("town towns city cities village villages county region district".split())
_SCHOOL_SAME = frozenset("school schools university universities college colleges academy".split())
_PLACE_SAME = frozenset("country nation nationality countries nations".split())
_PERSON_WORDS = frozenset("who person people man woman men women individual".split())
_THING_WORDS = frozenset("film films movie movies song songs album albums book novel company band group "
                         "magazine newspaper show series game play work works town towns city cities village "
                         "place school university college building church club team station airport".split())
#: Words that end an organisation's or a place's name by saying its class ("Harwick Bakery", "Greyfold Cricket
#: Club"): a name the graph does not type is a thing when one ends it.
CLASS_ENDINGS = _THING_WORDS | frozenset(
    "bakery brewery distillery dairy farm mill mills inn hotel restaurant cafe shop store museum gallery academy "
    "trust charity society foundation institute hospital hospice theatre theater orchestra choir festival library "
    "studio studios records press gazette courier herald chronicle ltd limited plc inc firm bank council "
    "association union cooperative co-operative clinic surgery garage nursery stores".split())
#: Relations a verb of making names: compared in time, the thing's making is dated, not its maker.
_MAKING = frozenset("creator maker director writer producer composer publisher founder".split())
_LIFE = {"born_date": "born_date", "born_place": "born_date", "died_date": "died_date", "died_place": "died_date"}


@dataclass
class Comparison:
    anchors: list[int]
    attribute: str  # the compared relation (born_date, release_date, nationality, …) or ""
    order: str  # earliest | latest | same | ""
    bridges: dict[int, list[str]] = field(default_factory=dict)  # anchor -> its own bridge relations
    shared_bridge: list[str] = field(default_factory=list)
    apposed: set[int] = field(default_factory=set)  # anchors named with their class ("the composer A")
    guessed: bool = False  # a guess: nothing says whether people are compared, or the sides have facts of their own
    own_clauses: set[int] = field(default_factory=set)  # anchors whose bridge is their own who-clause's verb


def class_type(name: str) -> str:
    """ "ORG" for a name a class word ends ("Harwick Bakery"), else ""."""
    words = name.lower().split()
    return "ORG" if len(words) >= 2 and words[-1] in CLASS_ENDINGS else ""


def name_type(name: str, type_of: Callable[[str], str] | None) -> str:
    """The graph's type of the entity a name links to, else "ORG" when a class word ends it, else ""."""
    return (type_of(name) if type_of is not None else "") or class_type(name)


def compared_kind(toks: list[Tok], types: list[str]) -> str:
    """ "person" or "thing" when the graph's types or the wording say what is compared, else ""."""
    if types and sum(t == "PERSON" for t in types) * 2 > len(types):
        return "person"
    if any(types) and "PERSON" not in types:  # (a side the graph does not type is no person either)
        return "thing"
    words = {t.lower for t in toks}
    if words & _THING_WORDS:
        return "thing"
    return "person" if words & _PERSON_WORDS else ""


def _attached(toks: list[Tok], m: Mention, anchor_at: int) -> bool:
    """The phrase belongs to this entity's own noun phrase: "the mayor of A", "A's director", "the A director",
    "whom A elected"."""
    gap = [t.lower for t in toks[m.end:anchor_at]] if m.end <= anchor_at else None
    if gap is not None:
        partitive = "out" in gap or any(t.pos == "ADV" for t in toks[m.end:anchor_at])  # "born first out of A and B"
        return gap in (["of"], ["of", "the"], ["of", "a"], ["behind"], ["who", "directed"]) or \
            (len(gap) <= 3 and gap[-1:] in (["of"], ["the"]) and "of" in gap and not partitive) or \
            (gap in ([], ["the"]) and m.sense.verb and (second_sides_noun(toks, anchor_at) is not None
                                                        or _own_clause_before_than(toks, m, anchor_at)
                                                        or _parallel_to_the_second(toks, m, anchor_at)))
    if m.start == anchor_at + 1 and not m.sense.verb:  # "the A director", "A md": the name qualifies the noun
        return True
    between = toks[anchor_at + 1:m.start]  # "A's scientific co-founder": adjectives may stand between
    return toks[anchor_at].possessive and len(between) <= 2 and all(t.pos == "ADJ" for t in between)


def second_sides_noun(toks: list[Tok], at: int) -> Tok | None:
    """ "X or the firm that bought A": the noun of a relative clause's noun phrase that the joiner opens and the
    second name ends, whose verb describes that side alone ("the man who founded A or B" may be both founders);
    None otherwise."""
    j = at - 1
    if j >= 0 and toks[j].lower in ("the", "a", "an"):
        j -= 1
    while j >= 0 and toks[j].pos in ("ADP", "PART"):  # ("the choir that A sang in")
        j -= 1
    if j < 1 or toks[j].pos != "VERB" or toks[j - 1].lower not in ("that", "which", "who"):
        return None
    k = j - 2
    while k > 0 and toks[k].pos in ("NOUN", "ADJ") and toks[k].anchor < 0:
        k -= 1
    opened = k < j - 2 and k > 0 and toks[k].lower in ("the", "a", "an") and toks[k - 1].lower in ("or", "and", "than")
    return toks[j - 2] if opened else None


def _parallel_to_the_second(toks: list[Tok], m: Mention, at: int) -> bool:
    """ "Who was older, the man who founded A or the man who founded B?": a relative clause on a noun whose verb comes
    right before a name, and the other side after "or"/"and" described by a clause of its own: each clause describes
    its side alone (with a bare "or B" the first clause may be said of both)."""
    if m.start < 2 or toks[m.start - 1].lower not in ("who", "that", "which") or toks[m.start - 2].pos != "NOUN" \
            or at + 1 >= len(toks) or toks[at + 1].lower not in ("or", "and"):
        return False
    second = next((t.i for t in toks[at + 2:] if t.anchor >= 0), None)
    return second is not None and second_sides_noun(toks, second) is not None


def _own_clause_before_than(toks: list[Tok], m: Mention, at: int) -> bool:
    """ "Was the man who bought A older than the woman who founded B?": a relative clause on a noun whose verb
    comes right before a name that a comparative, not "or" or "and", follows describes that side alone."""
    if m.start < 2 or toks[m.start - 1].lower not in ("who", "that", "which") or toks[m.start - 2].pos != "NOUN":
        return False
    rest = [t.lower for t in toks[at + 1:]]
    return "than" in rest and not (rest and rest[0] in ("or", "and", ",", "&"))


def _who_clause_of_a_body(toks: list[Tok], m: Mention, anchors: list[int], types: list[str],
                          positions: dict[int, int]) -> int | None:
    """ "Who was born first, the woman who founded A or B?": a who-clause's verb right before a name the graph does
    not know as a person, beside a side that is one, reaches that name alone (B has no founder); None otherwise."""
    if not m.sense.verb or m.start < 2 or toks[m.start - 1].lower != "who" or toks[m.start - 2].pos != "NOUN":
        return None  # (a relative "who" after its noun, not the question's "Who led X …?")
    typed = dict(zip(anchors, types))
    for a in anchors:
        gap = [t.lower for t in toks[m.end:positions.get(a, -1)]]
        others = [typed.get(b, "") for b in anchors if b != a]
        if a in positions and positions[a] >= m.end and gap in ([], ["the"]) and typed.get(a, "") not in ("PERSON", "") \
                and "PERSON" in others:
            return a
    return None


#: Words before a class noun that says what the name after it is ("the composer A", "his son A").
_ARTICLES_AND_POSSESSIVES = frozenset(("the", "a", "an")) | POSSESSIVE_POINTERS


def apposed(toks: list[Tok], anchor_at: int) -> bool:
    """ "the composer A", "his son A", "the two X riders A": a class noun right before the name says what A is, so
    A needs no bridge (numbers, adjectives and names may stand between the determiner and the noun)."""
    if anchor_at < 2 or toks[anchor_at - 1].pos not in ("NOUN", "") or not toks[anchor_at - 1].lower.isalpha() or \
            toks[anchor_at - 1].lower in ("of", "and", "or"):
        return False
    j = anchor_at - 2
    while j > 0 and (toks[j].pos in ("NUM", "ADJ") or toks[j].anchor >= 0):
        j -= 1
    return toks[j].lower in _ARTICLES_AND_POSSESSIVES


def _apposed_pair(toks: list[Tok], named: set[int], anchors: list[int], positions: dict[int, int]) -> set[int]:
    """ "the two painters A and B": a plural class noun before a name says what the name joined right after it is
    too."""
    out = set(named)
    for a in named:
        noun = toks[positions[a] - 1]
        if noun.lower == noun.lemma:
            continue  # (singular: "the composer A and B" says nothing of B)
        for b in anchors:
            if b in positions and positions[b] == positions[a] + 2 and toks[positions[a] + 1].lower in ("and", "or"):
                out.add(b)
    return out


#: Nouns of the country "the same" one of which two things are compared by ("from the same country").
_SAME_COUNTRY = frozenset("country nation".split())


def read_comparison(toks: list[Tok], mentions: list[Mention], anchors: list[int], types: list[str],
                    positions: dict[int, int]) -> Comparison:
    """What the compared entities are compared by, and each side's bridge."""
    kind = compared_kind(toks, types)
    person = kind == "person"
    order = order_of(toks)
    attribute = ""
    bridges: dict[int, list[str]] = {}
    shared: list[str] = []
    own_clauses: set[int] = set()
    words = {t.lower for t in toks}
    dated = order in ("earliest", "latest") or (order == "same" and bool(words & SAME_TIME))  # "in the same decade"
    read: set[str] = set()  # the compared facts the phrases name
    thing = same_noun(toks, mentions) if order == "same" else None  # "released on the same label": the label
    if thing is not None:  # is compared (a person's a bridge), not the release
        mentions = [m for m in mentions if m is thing or not said_before_same(toks, m)]
    mentions = [m for m in mentions if not _class_asked(toks, m)]
    for m in mentions:
        if m.via == "meaning" and attribute:  # "grow up in the same village": the phrase read, not a guess at a noun
            continue
        # "founded in the same city / country": where, not who
        placed = "" if order != "same" or not m.sense.facets else "country" if words & _SAME_COUNTRY else \
            "place" if words & PLACE_NOUNS else ""
        rels = m.sense.resolve("date" if dated else placed, inner=False)
        rel = rels[-1] if rels else ""
        if dated and rel in _MAKING and _event_made(toks, m):  # "the merger that created A": A's making is dated
            attribute = attribute or "release_date"
            continue
        if rel == "maker" and _made_by_someone(toks, m):  # "the guy who made A": a person made the work
            rel = "director" if "WORK_OF_ART" in types or words & FILM_WORDS else "creator"
        if dated and not person and m.sense.verb and rel in _MAKING and m.via != "meaning" \
                and not _made_by_someone(toks, m) and not (m.end < len(toks) and toks[m.end].lower == "by") \
                and not (m.start > 0 and toks[m.start - 1].lower in ("that", "which", "who")) \
                and not any(a in positions and _attached(toks, m, positions[a]) for a in anchors):
            attribute = "release_date"  # "Was A or B created first?": when each was made, not its maker's birth
            # ("directed by the person born first", "Who made it onto the bench first": the maker, a person; "the
            # company that built X": a side's own bridge)
            continue
        owner = next((a for a in anchors if a in positions and _attached(toks, m, positions[a])), None)
        if owner is None and (owner := _who_clause_of_a_body(toks, m, anchors, types, positions)) is not None:
            own_clauses.add(owner)
        if m.start > 1 and toks[m.start - 1].lower == "who" and m.sense.facets \
                and (owner is not None or toks[m.start - 2].pos == "NOUN"):  # ("the man who founded A or B": both
            # sides' founders; a question's own "Who started …" asks when)
            rels = m.sense.resolve("person", inner=False)  # "A or the man who founded B": B's founder is a side
            rel = rels[-1] if rels else ""
        free = m.via == "open" and owner is not None  # "the mayor of A": that side's own bridge
        if (rel in PERSON_RELATIONS or free) and not _made_in(toks, m):
            # "A's father-in-law": every step of a kin word's chain (her spouse's father), not its last alone
            steps = rels if len(rels) > 1 and all(r in PERSON_RELATIONS for r in rels) else [rel]
            if owner is not None:
                bridges.setdefault(owner, []).extend(steps)
            else:
                shared.extend(r for r in steps if r not in shared)
            continue
        if rel in _LIFE:  # the last such phrase is the compared one ("… premiere born in the same town")
            attribute = _LIFE[rel] if order in ("earliest", "latest") else rel
            read.add(rel)
        elif rel in ("nationality", "country", "release_date", "education", "award", "employer", "occupation",
                     "burial", "death_cause", "raised_place") and not (rel == "country" and attribute == "nationality"):
            attribute = rel  # ("citizens of the same nation": the nation of a citizen is a nationality)
            read.add(rel)
    if thing is not None and thing.sense.relation not in PERSON_RELATIONS:
        attribute = thing.sense.resolve("")[-1]
    if not attribute and words & {"outlived", "outlive", "outlives"}:
        attribute = "died_date"
    # what is compared is a person (the named people, or the people the bridges lead to: "the older director"),
    # unless the question asks a thing the sides lead to ("which company is older: the one A runs or …")
    thing_asked = asks_a_thing(toks) and not _person_bridges(shared, bridges)
    people = (person or bool(shared or bridges)) and not thing_asked
    thing = kind == "thing" or thing_asked
    guessed = False
    if not attribute:
        attribute = _attribute_from_words(words, people, order, thing)
        guessed = bool(attribute) and not people and not thing and kind == "" and bool(words & OLDNESS)
    if attribute in ("release_date",) and people and words & (OLDNESS | {"born", "birth"}):
        attribute = "born_date"
    if attribute == "country" and people:
        attribute = "nationality"
    # "Did A grow up in the same village where B was born?": each side has a fact of its own, one attribute
    # compares neither well
    guessed = guessed or (order == "same" and len(read) > 1)
    named = _apposed_pair(toks, {a for a in anchors if a in positions and apposed(toks, positions[a])}, anchors,
                          positions)
    # "A or his son B": the noun says what B is, no side's bridge
    said = {r for m in mentions for a in named if m.end == positions[a] and m.end - m.start == 1
            for r in m.sense.resolve()}
    bridges = {a: [r for r in b if r not in said] for a, b in bridges.items()}
    shared = [r for r in shared if r not in said]
    return Comparison(anchors, attribute, order, bridges, shared, named, guessed, own_clauses)


def _event_made(toks: list[Tok], m: Mention) -> bool:
    """ "the merger that created A", "the takeover which formed B": a verb of making in a relative clause whose head
    noun names an event says when the side came about, no maker to follow."""
    return m.sense.verb and m.start >= 2 and toks[m.start - 1].lower in ("that", "which") and \
        names_an_event(toks[m.start - 2].lower)


def _class_asked(toks: list[Tok], m: Mention) -> bool:
    """ "Which band got together first, A or B?": the noun after the question's "which"/"what" names the class of
    things the sides are (bands), no relation to follow from them (a band's performer); "which band's singer" is
    another reading."""
    return m.end - m.start == 1 and m.start >= 1 and toks[m.start - 1].lower in ("which", "what") \
        and toks[m.start].lower in _THING_WORDS and not toks[m.start].possessive


def _made_by_someone(toks: list[Tok], m: Mention) -> bool:
    """ "the guy who made A", "the woman that made B": a person noun heads the making verb's clause."""
    return m.sense.verb and m.start >= 2 and toks[m.start - 1].lower in ("who", "that") and \
        toks[m.start - 2].lower in _SOMEONE


#: Words for a person heading a relative clause ("the guy who made it", "the woman that made it").
_SOMEONE = _PERSON_WORDS | frozenset("guy guys fellow lady chap one".split())


def asks_a_thing(toks: list[Tok]) -> bool:
    """ "Which company …", "what film …": the wh-word's noun names a class of things, not of people."""
    return any(a.lower in ("which", "what") and b.lower in _THING_WORDS for a, b in zip(toks, toks[1:]))


def _person_bridges(shared: list[str], bridges: dict[int, list[str]]) -> bool:
    """Some bridge relation answers a person ("director", "founder"); an open one ("the one A runs") may not."""
    return any(rel in PERSON_RELATIONS for rel in shared + [r for rels in bridges.values() for r in rels])


def _made_in(toks: list[Tok], m: Mention) -> bool:
    """ "produced in the same nation": a making verb followed by "in" tells where, not who."""
    return m.sense.verb and m.end < len(toks) and toks[m.end].lower == "in"


def where_verb(toks: list[Tok], covered_at: set[int]) -> set[int]:
    """ "Were A and B held in the same town?", "Did A and B take place in the same city?": a verb no relation phrase
    covers, right before "in the same <place>", says where each happened or lies; the token indexes of the verb
    (with its particle) and the place phrase, or an empty set."""
    for t in toks:
        if t.pos != "VERB" or t.i in covered_at or t.anchor >= 0:
            continue
        j = t.i + 1
        while j < len(toks) and toks[j].pos in ("ADP", "NOUN", "PART") and toks[j].lower not in ("in", "at"):
            j += 1  # ("take place in", "set up in")
        after = [x.lower for x in toks[j:j + 4]]
        if len(after) == 4 and after[0] in ("in", "at") and after[1:3] == ["the", "same"] and \
                (after[3] in PLACE_NOUNS or after[3] in _SAME_COUNTRY):
            return set(range(t.i, j + 4))
    return set()


def _attribute_from_words(words: set[str], person: bool, order: str, thing: bool) -> str:
    """The compared attribute from the comparative alone: "older" of anything not a work is an age; "the same
    school" a place of study."""
    if order == "same" and words & _SCHOOL_SAME:
        return "education"  # "Did A and B go to the same university?"
    if words & _PLACE_SAME:
        return "nationality" if person else "country"
    if words & OLDNESS:
        return "release_date" if thing and not person else "born_date"
    if words & _RELEASE or order in ("earliest", "latest"):
        return "born_date" if person else "release_date"
    return ""
