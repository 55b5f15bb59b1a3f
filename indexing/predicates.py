"""The canonical relation vocabulary, and raw pattern predicates -> canonical predicates (pure functions).

Patterns (`hopgraph.indexing.patterns`, `hopgraph.indexing.lifespan`) read raw predicates: verb lemmas with a
particle and a preposition ("grow up in", "found", "base in"), relational nouns ("wife", "chief technology
officer", "town in"). `canonicalise` maps each raw triple to one of the canonical predicates below when one
fits, else keeps a readable verb phrase ("take from", "open shop in"), and drops noise (bare particles such as
"up" from "start-up", reporting verbs, durations and dates after verbs that do not date an event).

Direction convention (as in patterns.py): every canonical predicate reads left to right, "subject <predicate>
object", with the noun predicates read "subject IS <noun> OF object". A raw predicate stated the other way
round ("Y employs X", "the prize was awarded to X") is turned around.

    born in / born on         person -> place / date of birth
    die in / die on           person -> place / date of death
    spouse                    person <-> person (symmetric)
    father, mother, parent    parent -> child ("X father of Y")
    son, daughter, child      child -> parent
    brother, sister, sibling  symmetric
    founder                   founder (person or organisation) -> what it founded
    founded in / founded on   organisation -> place / date of founding
    work for                  person -> employer
    role: <title>             person -> organisation, the title kept ("role: chief technology officer")
    member of                 member -> group
    educated at               person -> school
    headquartered in          organisation -> place
    located in                place, building or site -> place
    acquired                  buyer -> what it bought
    owner of                  owner -> what it owns
    part of                   part -> whole
    subsidiary of             unit -> parent organisation
    merged with               symmetric
    partner of                symmetric
    participant in            participant -> event
    product of                product -> maker ("the firm's drug X")
    married in / married on   person -> place / date of a wedding
    win                       winner -> award (a prize, or a race or an election won)
    elected to                person -> the place or body of the office ("elected mayor of Y")
    director, producer, writer, composer, publisher, performer: kept as the nouns they are ("X director of Y"),
    with the verbs "direct", "produce", "write", "compose", "publish", "perform" (the router's vocabulary).
    also know as / know as / bear as: alias statements, kept for entity resolution.

`to_gold` maps canonical and readable predicates to the gold vocabulary of extraction benchmarks
(`benchmarks/extraction_quality.py`).
"""

from __future__ import annotations

from functools import lru_cache

from hopgraph.indexing.normalize import DATE_RE
from hopgraph.indexing.predicate_gold import GOLD_PREDICATE
from hopgraph.indexing.predicate_kinds import fit_kinds
from hopgraph.indexing.predicate_words import (  # the public word classes are re-exported from here
    KEEP_NOUNS, MEMBER_NOUNS, MOTION_NOUNS, ORG_NOUNS, PARTICLES, PLACE_NOUNS, RELATIONAL_NOUNS, ROLE_NOUNS,
    ROLE_VERBS, SITE_NOUNS, SYMMETRIC_VERBS, WORK_NOUNS, _COURSE_VERBS, _DATE_VERBS, _DROP_VERBS, _FIELD_VERBS,
    _NOUN_PATTERNS, _NUMBER_LABELS, _OCCUPATIONS, _OCCUPATION_ENDINGS, _PARTNER_NOUNS, _PLACE_LABELS, _SCHOOL,
    _SPAN_PREPS, _STAKE_NOUNS, _VERB_PATTERNS, _WORK_BY, _WORK_VERBS,
)

ROLE = "role: "

#: Canonical predicates and what their arguments are (see the module docstring).
CANONICAL: dict[str, str] = {
    "born in": "person -> place of birth", "born on": "person -> date of birth",
    "die in": "person -> place of death", "die on": "person -> date of death",
    "spouse": "person <-> person", "father": "parent -> child", "mother": "parent -> child",
    "parent": "parent -> child", "son": "child -> parent", "daughter": "child -> parent", "child": "child -> parent",
    "brother": "sibling <-> sibling", "sister": "sibling <-> sibling", "sibling": "sibling <-> sibling",
    "founder": "founder -> organisation", "founded in": "organisation -> place of founding",
    "founded on": "organisation -> date of founding", "work for": "person -> employer",
    "role": "person -> organisation, written 'role: <title>'", "member of": "member -> group",
    "educated at": "person -> school", "headquartered in": "organisation -> place",
    "located in": "place or building -> place", "acquired": "buyer -> bought", "owner of": "owner -> owned",
    "part of": "part -> whole", "subsidiary of": "unit -> parent organisation", "merged with": "org <-> org",
    "partner of": "partner <-> partner", "participant in": "participant -> event", "product of": "product -> maker",
    "married in": "person -> place of a wedding", "married on": "person -> date of a wedding",
    "win": "winner -> award", "elected to": "person -> body or place elected to",
}

# raw predicate -> (canonical, turned around)
_PHRASES: dict[str, tuple[str, bool]] = {}
for _raws, _canon, _flip in (
    ("born in|bear in|born at|bear at", "born in", False), ("born on|bear on", "born on", False),
    ("born to|bear to", "child", False),
    ("die in|die at", "die in", False), ("die on", "die on", False),
    ("wife|husband|spouse|widow|widower|marry|marry to|married to|wed|consort", "spouse", False),
    ("marry in|marry at|wed in", "married in", False), ("marry on|wed on", "married on", False),
    ("found|co-found|cofound|establish|set up|co-founder|cofounder|founder", "founder", False),
    ("found in|establish in|found at|set up in|form in", "founded in", False),
    ("found on|establish on", "founded on", False),
    ("work for|work at|employee|employee at|employee of|work as", "work for", False),
    ("employ|hire|recruit", "work for", True),
    ("join", "work for", False),
    ("teach at|lecture at|spend at|serve at|volunteer at|practise at|practice at", "work for", False),
    ("volunteer with|volunteer for|volunteer|serve with", "member of", False),
    ("member|member of|join as|founding member|ride for|rid for|race for|play for|play with|sing with|sing in|"
     "sit on|serve on|rider|rider of|player|player of|candidate|candidate of", "member of", False),
    ("study at|graduate from|educate at|educate in|alumnus|alumna|graduate|alumnus of|graduate of|"
     "student|student at|student of", "educated at", False),
    ("base in|base at|headquarter in|headquarter at|have headquarters in|have offices in", "headquartered in",
     False),
    ("headquarters|headquarters of", "headquartered in", True),  # "X, the headquarters of Y"
    ("locate in|locate at|locate on|situate in|situate on|lie in|lie on|stand in|stand on|sit in|occupy",
     "located in", False),
    ("acquire|buy|purchase|take over|buy out|buy up", "acquired", False),
    ("own|owner|owner of|co-own", "owner of", False),
    ("part|part of|belong to|found within|establish within|set up within|form within", "part of", False),
    ("subsidiary|subsidiary of|unit|division|arm", "subsidiary of", False),
    ("merge with|merge", "merged with", False),
    ("partner|partner with|collaborate with|cooperate with|team up with", "partner of", False),
    ("participate in|take part in|compete in|contest|finish in|race in|attend", "participant in", False),
    ("drug|product|vaccine|device|brand|medicine|trial|boot|shoe", "product of", False),
    ("laboratory|lab|centre|center|department|faculty", "subsidiary of", False),
    ("elect to|re-elect to|reelect to", "elected to", False),
    ("win|receive", "win", False), ("award to|present to|give to", "win", True),
):
    for _r in _raws.split("|"):
        _PHRASES[_r] = (_canon, _flip)


#: Raw predicates that state a second canonical relation besides their own: a founding member is a founder too.
_ALSO: dict[str, str] = {"founding member": "founder", "founding member of": "founder"}


def also_states(raw: str) -> str | None:
    """The second canonical predicate a raw predicate states ("founding member" -> "founder"), or None."""
    return _ALSO.get(" ".join(raw.lower().split()))


def is_date(text: str) -> bool:
    """A calendar date or year ("4 March 2021", "1987")."""
    return bool(DATE_RE.search(text))


def role_predicate(title: str) -> str:
    """"role: <title>" for a position title (lower case, single spaces)."""
    return ROLE + " ".join(title.lower().split())


def role_title(predicate: str) -> str | None:
    """The title of a role predicate ("role: chief technology officer" -> "chief technology officer")."""
    return predicate[len(ROLE):] if predicate.startswith(ROLE) else None


@lru_cache(maxsize=20_000)
def _canonical(raw: str) -> tuple[str, bool]:
    p = " ".join(raw.lower().split())
    if not p or p.startswith(ROLE) or p in CANONICAL:
        return p, False
    words = p.split()
    if not words[0].replace("-", "").isalpha() or words[0] in PARTICLES or words[0] in _DROP_VERBS:
        return "", False
    if p in _PHRASES:
        return _PHRASES[p]
    last, prep = words[-1], ""
    if len(words) > 1 and last in PARTICLES:
        last, prep = words[-2], last
    head_title = " ".join(words[:-1] if prep else words)
    if last in KEEP_NOUNS and prep in ("", "of", "at", "for", "with"):
        return last, False
    if last in ROLE_NOUNS and prep in ("", "of", "at", "for", "with", "in"):
        return role_predicate(head_title), False
    if prep == "at" and len(words) == 2 and last.endswith(_OCCUPATION_ENDINGS):
        return role_predicate(last), False  # "X, a glaciologist at Y"
    if len(words) == 2 and prep in ("in", "near", "on") and words[0] in PLACE_NOUNS:
        return "located in", False
    if len(words) == 2 and prep == "in" and words[0] in ORG_NOUNS:
        return "headquartered in", False
    if len(words) == 2 and prep == "by" and words[0] in _WORK_BY:
        return "author", True  # "the first opera by X"
    if len(words) == 3 and prep == "at" and words[0] in _WORK_VERBS:
        return "work for", False  # "teaches composition at Y", "designed footwear at Y"
    if words[0] in ROLE_VERBS and len(words) == 1:
        return role_predicate(ROLE_VERBS[words[0]]), False
    return p, False


def canonical_predicate(raw: str) -> str:
    """Canonical (or cleaned readable) form of a raw predicate; "" for noise ("up", "say").

    The direction may need turning around: see `is_reversed` (or use `canonicalise` on whole triples).
    """
    return _canonical(raw)[0]


def is_reversed(raw: str) -> bool:
    """True when the raw predicate states the canonical one with subject and object swapped ("employ")."""
    return _canonical(raw)[1]


def canonicalise(subject: str, raw: str, obj: str, pattern: str = "", obj_label: str | None = None,
                 subj_label: str | None = None, narrative: bool = False) -> tuple[str, str, str] | None:
    """(subject, canonical predicate, object) for one raw triple, or None when it is noise.

    After a verb (patterns svo / prep / passive) a date object is kept only for verbs that date an event, with
    the preposition made "on" ("born in 1972" -> born on); a duration or relative time is dropped. `obj_label`
    (the object's entity label, when known) says what is a time: a DATE/TIME span, else a date-shaped string;
    a number, or a date as subject, is no argument.
    A nationality modifier (pattern "nationality": "a Tarnish poet") is kept as it is; "attended" or "went to" a
    school is an education. In a `narrative` document
    (news, minutes) a bare relational noun outside the vocabulary ("X, the regional utility of Y") is dropped;
    encyclopedic leads keep them ("X is a 1967 film" dates the film); so is a verb with a common-noun object
    and a preposition unless the object is the subject's site, post or event (`SITE_NOUNS`: "opened an office
    in Y" stays, "hauled salt into Y" is no relation of the subject to Y).
    """
    words = raw.lower().split()
    if not words:
        return None
    if pattern == "nationality":
        return subject, raw, obj
    if obj_label in _NUMBER_LABELS or subj_label in _NUMBER_LABELS or subj_label in ("DATE", "TIME"):
        return None  # "X was 58", "X sold 300 units": a number is no entity; a date is no subject
    if words[0] in ("be", "role:") and obj_label in ("DATE", "TIME"):
        return None  # "X was 58" (an age read as a date), "X ran it for fifteen years"
    timely = obj_label in ("DATE", "TIME") if obj_label else bool(DATE_RE.fullmatch(obj.strip()))
    if pattern in _VERB_PATTERNS and timely:
        if not is_date(obj) or words[0] not in _DATE_VERBS:
            return None
        if pattern == "prep" and words[-1] not in ("in", "on", "at"):
            return None  # "held the post until 1971": a term, not the event's date
        raw = f"{words[0]} on" if len(words) > 1 or pattern == "prep" else raw
        if words[0] in ("found", "establish", "form", "set"):
            raw = "found on"
    if narrative and pattern == "copula" and words == ["be"]:
        return None  # news: "X is Y" between two names is a comparison or a headline, not a fact to link
    if pattern in _VERB_PATTERNS and (words[0] == "attend" or words[:2] == ["go", "to"]) and _SCHOOL.search(obj):
        raw = "study at"
    if pattern == "prep" and len(words) == 3 and words[0] in _COURSE_VERBS and words[2] in ("at", "in") \
            and _SCHOOL.search(obj):
        raw = "study at"  # "did materials engineering at Y Polytechnic", "took a degree at Y University"
        words = raw.split()
    if pattern in _VERB_PATTERNS and words[0] == "study" and len(words) == 2 and not _SCHOOL.search(obj):
        return subject, raw, obj  # "studied in Vienna": a place, not a school
    pred, flip = _canonical(raw)
    if not pred:
        return None
    if pred.startswith(ROLE) and words[-1] == "in" and obj_label in ("GPE", "LOC"):
        return subject, " ".join(words), obj  # "its correspondent in Tarrow": a post in a place, held at no body
    if pattern == "prep" and len(words) == 3 and words[0] in _FIELD_VERBS:
        raw = f"{words[0]} {words[2]}"  # "studied business in Tarrow": the field is no relation
        words = raw.split()
        pred, flip = _canonical(raw)
    if pattern == "prep" and len(words) == 3 and words[1] in _STAKE_NOUNS and words[2] == "in" \
            and words[0] in ("hold", "have", "own", "keep", "take", "buy", "acquire", "retain", "sell"):
        return subject, "owner of", obj  # "the town still holds a stake in Y"
    if pattern == "prep" and len(words) == 3 and words[1] in _PARTNER_NOUNS and words[2] == "with":
        return subject, "partner of", obj  # "signed a contract with Y", "began a partnership with Y"
    if narrative and pattern == "prep" and not flip and len(words) == 3 and pred == " ".join(words) \
            and words[1] not in PARTICLES and words[1] not in SITE_NOUNS and words[1] not in MOTION_NOUNS:
        return None  # news: "hauled salt into Y", "guided clients around Y": Y is where the thing went, not a relation
    if not flip:
        pred = fit_kinds(pred, subject, obj, subj_label, obj_label, " ".join(raw.lower().split()))
    if pattern in _NOUN_PATTERNS and " " not in pred and pred not in CANONICAL and pred not in KEEP_NOUNS \
            and not pred.startswith(ROLE):
        if pred in _WORK_BY and pattern == "possessive" and obj_label == "PERSON":  # "The Long Road, her novel"
            return obj, "author", subject
        if pred in PLACE_NOUNS and obj_label in _PLACE_LABELS:  # "the main river of Y", "the capital of Y"
            return subject, "located in", obj
        if subj_label == "PERSON" and obj_label == "ORG" and (pred.endswith(_OCCUPATION_ENDINGS + ("ess",))
                                                             or pred in _OCCUPATIONS):
            return subject, role_predicate(pred), obj  # "the company's first seamstress, X"
    if narrative and pattern in _NOUN_PATTERNS and " " not in pred and pred not in CANONICAL \
            and pred not in KEEP_NOUNS and not pred.startswith(ROLE) and pred != "be" \
            and pred not in RELATIONAL_NOUNS:
        return None  # news: "X, the regional utility of Y", "Y's annual report" is a class or a thing
    if timely and pattern not in _VERB_PATTERNS and words[-1] in _SPAN_PREPS:
        return None  # "a volunteer with Y for ten years": a stretch of time, not what the noun relates to
    return (obj, pred, subject) if flip else (subject, pred, obj)


def to_gold(predicate: str) -> tuple[str, bool]:
    """(gold predicate, arguments swapped) of one of our predicates; "other" when no gold predicate fits."""
    if predicate.startswith(ROLE):
        return "role", False
    return GOLD_PREDICATE.get(canonical_predicate(predicate) or predicate, ("other", False))
