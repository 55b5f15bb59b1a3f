"""Comparison questions read from tokens: which entities, by what, in which order (pure).

Entities are compared when two or more are named side by side ("A or B", "A and B", "A vs B",
"A … than B", "A with B") or pointed at together ("Which of them …", "the two", "both") and the
question compares ("older", "born first", "came out earlier", "more recent", "same country",
"outlived", "both"). What is compared comes from the relation phrases outside the entities
("born", "died", "released") or from the comparative itself ("older" of people is a birth date,
of films a release date). A relation whose answer is a person ("the director", "directed by",
"the people who made them") is the bridge of a bridge comparison. Each side may have its own
bridge: "the mayor A elected and the conductor of B" give one chain per side.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from hopgraph.router.asked import PLACE_NOUNS
from hopgraph.router.lexicon import FILM_WORDS, PERSON_RELATIONS, Mention
from hopgraph.router.same_noun import said_before_same, same_noun
from hopgraph.router.spans import Span
from hopgraph.router.tokens import GROUP_POINTERS, YES_NO_OPENERS, Tok

EARLIEST = frozenset("first earlier earliest older oldest elder eldest sooner before".split())
LATEST = frozenset("later latest last younger youngest recent recently newer newest after outlived outlive "
                   "longer".split())
#: Words that compare how many ("more staff", "fewer turbines").
COUNTING = frozenset("more fewer most fewest less least".split())
SAME = frozenset("same both share shared common also too either".split())
_JOINERS = frozenset("or and vs vs. versus , with than as".split())
_OLDNESS = frozenset("older oldest younger youngest elder eldest age aged old young".split())
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


def compared_anchors(toks: list[Tok], all_anchors: list[int], mentions: list[Mention]) -> list[int]:
    """The entities set side by side in the question sentence, or pointed at together (not a value the sides are
    checked against: in "Did A and B both work at C?" A and B are compared, C is what they share or not)."""
    here = sorted({t.anchor for t in toks if t.anchor >= 0})
    if len(here) >= 3:
        here = [a for a in here if not checked_value(toks, a, mentions)]
    if len(here) >= 2:
        return here if _joined(toks) else []
    if len(all_anchors) >= 2 and any(t.lower in GROUP_POINTERS or t.lower in ("two", "which", "whose") for t in toks):
        return all_anchors
    return []


def compared_names(toks: list[Tok], all_anchors: list[int], mentions: list[Mention], q: str,
                   spans: list[Span]) -> tuple[list[int], list[int]]:
    """(compared, aside): `compared_anchors`, narrowed to the two names joined together when the question points at
    two of three ("X reported flaws in A and B. Which of the two …") or the others are the setting of the compared
    event ("Who joined X first, A or B?": `in_setting`); the name left aside still says which facts."""
    compared = compared_anchors(toks, all_anchors, mentions)
    if len(compared) > 2:  # "A or Y's X": Y says whose X is, no side of its own
        compared = [a for a in compared if not _owner_of_next(toks, a)]
    if len(compared) > 2 and not order_of(toks) and _closing_choice(q, spans, compared[-2:]):
        return [], compared[-2:]  # "Who founded X, A or B?": a question about X, then the answers to choose from
    if len(compared) > 2 and (pair := coordinated_pair(q, spans, compared)):
        rest = [a for a in compared if a not in pair]
        if {"two", "both", "either"} & {t.lower for t in toks} or all(in_setting(toks, a) for a in rest):
            return pair, rest
    return compared, []


def _owner_of_next(toks: list[Tok], anchor: int) -> bool:
    """The name is a possessive right before another name ("Y's X Rooms"): it qualifies that name."""
    return any(t.anchor == anchor and t.possessive and t.i + 1 < len(toks) and toks[t.i + 1].anchor >= 0 for t in toks)


def _closing_choice(q: str, spans: list[Span], pair: list[int]) -> bool:
    """The pair closes the question after a comma, joined by "or" (", A or B?"): the answers offered."""
    a, b = spans[pair[0]], spans[pair[1]]
    return q[:a.start].rstrip().endswith((",", ":")) and re.fullmatch(r"\s*or\s*", q[a.end:b.start]) is not None \
        and not q[b.end:].strip(" ?.!")


#: Prepositions that join compared things rather than place the question's event ("than B", "between A and B").
_COMPARING_PREPOSITIONS = frozenset("than as between like".split())


def in_setting(toks: list[Tok], anchor: int) -> bool:
    """The name is the object of a preposition ("started work at the X first, A or B?", "joined the board of X"):
    where or with what the compared sides did something, not a side itself ("which of A, B or C" picks sides)."""
    at = next((t.i for t in toks if t.anchor == anchor), None)
    j = at - 1 if at is not None else -1
    while j >= 0 and toks[j].pos == "DET":
        j -= 1
    if j < 0 or toks[j].pos != "ADP" or toks[j].lower in _COMPARING_PREPOSITIONS:
        return False
    return toks[j].lower != "of" or (j >= 1 and toks[j - 1].pos == "NOUN")  # "the board of X", not "which of X"


def coordinated_pair(q: str, spans: list[Span], compared: list[int]) -> list[int]:
    """ "X reported flaws in both A and B. Which of the two …": of three names, the two joined by "and", "or" or a
    comma, or written side by side ("A B both born C"), are the two the question points at ([] when no two are
    joined)."""
    for a, b in zip(compared, compared[1:]):
        if re.fullmatch(r"\s*(?:,|and|or|&|, and|, or)\s*|\s+", q[spans[a].end:spans[b].start]):
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


def compares(toks: list[Tok]) -> bool:
    """The wording compares: an order, a sameness, "or"/"vs", "which of", or a count or a size ("A B more staff",
    "A B bigger capacity") (not a time adverbial: "changed jobs later on", "two years after")."""
    when = time_adverbials(toks) | named_after(toks)
    words = {t.lower for t in toks if t.i not in when}
    return bool(words & (EARLIEST | LATEST | SAME | _OLDNESS | {"or", "vs", "versus", "than"})) or \
        any(a.lower == "which" and b.lower in ("of", "one") for a, b in zip(toks, toks[1:])) or \
        any((a.lower in COUNTING or comparative(a)) and b.pos == "NOUN" and b.anchor < 0
            for a, b in zip(toks, toks[1:]))  # "more staff", "bigger capacity"


def comparative(t: Tok) -> bool:
    """A comparative of size or amount ("bigger", "larger", "busier"); age and time have their own words
    (`_OLDNESS`, `EARLIEST`, `LATEST`). A closed list: the tagger takes nouns for comparatives ("haulier")."""
    return t.lower in _SIZE_COMPARATIVES


_SIZE_COMPARATIVES = frozenset("bigger larger smaller greater higher lower taller wider narrower heavier lighter "
                               "busier deeper shallower shorter richer poorer cheaper dearer faster slower".split())


#: Units before "later"/"earlier"/"after"/"before" that make it a time adverbial ("two years later").
_TIME_UNITS = frozenset("year years month months week weeks day days decade decades moment moments time while "
                        "hour hours".split())


def named_after(toks: list[Tok]) -> set[int]:
    """Positions of "after" in "named / called after" (a namesake, no order: "Is X named after Y?")."""
    return {t.i for t in toks if t.lower == "after" and t.i > 0 and toks[t.i - 1].lemma in ("name", "call")}


def time_adverbials(toks: list[Tok]) -> set[int]:
    """Positions of order words that say when, not which of two ("later on", "later that year", "two years
    after", "a decade earlier")."""
    out = set()
    for t in toks:
        if t.lower not in ("later", "earlier", "after", "before"):
            continue
        nxt = toks[t.i + 1].lower if t.i + 1 < len(toks) else ""
        prev = toks[t.i - 1].lower if t.i >= 1 else ""
        if (t.lower in ("later", "earlier") and nxt in ("on", "that", "this")) or prev in _TIME_UNITS:
            out.add(t.i)
    return out


def order_of(toks: list[Tok]) -> str:
    words = [t.lower for t in toks]
    if "more" in words and ("recent" in words or "recently" in words):
        return "latest"
    for w in words:
        if w in LATEST:
            return "latest"
        if w in EARLIEST:
            return "earliest"
    return "same" if set(words) & SAME else ""


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
            (len(gap) <= 3 and gap[-1:] in (["of"], ["the"]) and "of" in gap and not partitive)
    if m.start == anchor_at + 1 and not m.sense.verb:  # "the A director", "A md": the name qualifies the noun
        return True
    between = toks[anchor_at + 1:m.start]  # "A's scientific co-founder": adjectives may stand between
    return toks[anchor_at].possessive and len(between) <= 2 and all(t.pos == "ADJ" for t in between)


def apposed(toks: list[Tok], anchor_at: int) -> bool:
    """ "the composer A": a class noun right before the name says what A is, so A needs no bridge."""
    return anchor_at >= 2 and toks[anchor_at - 2].lower in ("the", "a", "an") and \
        toks[anchor_at - 1].pos in ("NOUN", "") and toks[anchor_at - 1].lower.isalpha() and \
        toks[anchor_at - 1].lower not in ("of", "and", "or")


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
    words = {t.lower for t in toks}
    dated = order in ("earliest", "latest") or (order == "same" and bool(words & SAME_TIME))  # "in the same decade"
    read: set[str] = set()  # the compared facts the phrases name
    thing = same_noun(toks, mentions) if order == "same" else None  # "released on the same label": the label
    if thing is not None:  # is compared (a person's a bridge), not the release
        mentions = [m for m in mentions if m is thing or not said_before_same(toks, m)]
    for m in mentions:
        if m.via == "meaning" and attribute:  # "grow up in the same village": the phrase read, not a guess at a noun
            continue
        # "founded in the same city / country": where, not who
        placed = "" if order != "same" or not m.sense.facets else "country" if words & _SAME_COUNTRY else \
            "place" if words & PLACE_NOUNS else ""
        rels = m.sense.resolve("date" if dated else placed, inner=False)
        rel = rels[-1] if rels else ""
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
        free = m.via == "open" and owner is not None  # "the mayor of A": that side's own bridge
        if (rel in PERSON_RELATIONS or free) and not _made_in(toks, m):
            if owner is not None:
                bridges.setdefault(owner, []).append(rel)
            elif rel not in shared:
                shared.append(rel)
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
        guessed = bool(attribute) and not people and not thing and kind == "" and bool(words & _OLDNESS)
    if attribute in ("release_date",) and people and words & (_OLDNESS | {"born", "birth"}):
        attribute = "born_date"
    if attribute == "country" and people:
        attribute = "nationality"
    # "Did A grow up in the same village where B was born?": each side has a fact of its own, one attribute
    # compares neither well
    guessed = guessed or (order == "same" and len(read) > 1)
    named = {a for a in anchors if a in positions and apposed(toks, positions[a])}
    return Comparison(anchors, attribute, order, bridges, shared, named, guessed)


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
    if words & _OLDNESS:
        return "release_date" if thing and not person else "born_date"
    if words & _RELEASE or order in ("earliest", "latest"):
        return "born_date" if person else "release_date"
    return ""
