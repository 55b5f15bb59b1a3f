"""An entity's type, decided from all its mentions, its name and the relations it takes part in (pure functions).

spaCy's small model guesses one label per mention and is often wrong on names it has never seen (a company
called "Brook Therapeutics" tagged PERSON, a city tagged ORG). `vote_type` takes a weighted majority over

* the NER labels of its mentions (1 vote each; PROPN, TITLE and CONCEPT say nothing about the type),
* its name's head word (`name_type`: "... Hospital" is an ORG, "... Glacier" a LOC, "... Bridge" a FAC,
  "Mount ..." a LOC, "... Chambers" or "... Records" an ORG, "... Lager" a PRODUCT; "A & B" an ORG, "MV ..." a
  PRODUCT; 1.5 votes per mention, at least `NAME_WEIGHT`; not for a head that is also a common surname in a name
  shaped like a person's, "Ada Hall", when most mentions say PERSON and the text states no other type for it:
  `surname_shaped`), or a person's title or letters written with it ("Cllr Ada Brook", "Ada Brook KC"),
* relational evidence (`RELATION_WEIGHT` votes per relation, `relation_evidence`): someone who was born
  somewhere, married, founded or holds a role is a PERSON; what is headquartered somewhere, acquired or a
  subsidiary is an ORG.

* the classes the text states for it ("X, a diagnostics company": `hopgraph.indexing.classes`), as relations;
  `NOT_PERSON` (an article before the name, "the Tarrow Five": `hopgraph.indexing.class_cues`) only takes votes
  from PERSON, and a name left with no vote is PROPN.

With no vote at all: a proper-noun run shaped like a personal name (two or three capitalised words, none a head
word) is a PERSON; otherwise the old fallback stays: PROPN, then TITLE, then CONCEPT.
"""

from __future__ import annotations

import re
from collections import Counter

#: Labels that are no entity type.
UNTYPED = ("PROPN", "TITLE", "CONCEPT")
#: The predicate prefix of a stated class ("class: ORG", `hopgraph.indexing.classes`): here, free of spaCy, so
#: resolution (an update's, in a process that extracts nothing) does not import spaCy and torch for it.
CLASS_PREFIX = "class: "
#: Evidence that a name is no person's, of no particular type ("the Tarrow Five", "Tarrow Plinth are a trio"):
#: it takes votes from PERSON only.
NOT_PERSON = "NOT_PERSON"
NAME_WEIGHT = 2.0
RELATION_WEIGHT = 2.0

_HEADS: dict[str, str] = {}
for _type, _words in (
    ("ORG", "university universities hospital clinic therapeutics pharma pharmaceuticals labs lab laboratories "
            "association conservatory philharmonic orchestra ensemble choir resorts outfitters council committee "
            "party greens bank group inc ltd gmbh ag llc plc corp corporation company co press publishing publishers "
            "courier gazette intelligencer anzeiger times herald tribune journal chronicle post radio television tv "
            "club team institute foundation trust society union federation ministry agency authority "
            "airline airlines cooperative partners analytics systems technologies energy hydro "
            "maritime logistics holdings industries services bio biotech school gymnasium college faculty department "
            "cycling racing "
            "brewery bakery works railway railways network police army navy court parliament "
            # a firm's, a practice's or a band's name ends in what it is or does: "... Chambers", "... Line" (shipping),
            # "... Records", "... Homes", "... Associates", "... Rovers" (a club)
            "courts chambers line records studio studios homes developments design tools growers dairy dairies "
            "creamery distillery brewers ales farm associates architects solicitors auctioneers engineering shipping "
            "construction catering haulage foods seafoods wholesale consulting consultancy software media "
            "print stores office directorate magazine mercury echo band trio quartet quintet brothers "
            "united wanderers rovers rangers athletic albion harriers wheelers fc afc"),
    ("FAC", "house hall bridge station tower campus dam tunnel square airport stadium arena church cathedral "
            "chapel castle hut lodge hotel gondola theatre theater museum library centre center gallery "
            "cinema market harbour harbor port pier lighthouse mill prison monastery abbey palace "
            "building room yard quay wharf row path steps terrace inn arms cottage cottages grange ground park lock"),
    ("LOC", "valley glacier pass brook river lake mountain mount peak gorge range ridge forest trail alps sea bay "
            "island islands creek stream falls waterfall plateau basin coast canyon meadow moor gullies gully "
            "massif hill common vale levels shoal sands gill moss"),
    ("GPE", "city town village county province canton region republic kingdom state municipality"),
    ("EVENT", "festival tour championship championships cup race marathon conference congress summit election "
              "games war battle prize award medal derby rally classic fair show lecture carnival regatta"),
    ("WORK_OF_ART", "symphony concerto sonata overture requiem"),
    # a drink's or a cheese's name ends in its kind: "... Lager", "... Brie"
    ("PRODUCT", "lager ale stout porter bitter mild cider gin rum whisky whiskey vodka malt saison ipa brie "
                "cheddar camembert tomme chèvre"),
):
    for _w in _words.split():
        _HEADS.setdefault(_w, _type)
#: A "<Head> of <Name>" name: "University of Tarrow" is an ORG, "City of Tarrow" a GPE, "Tour of Tarrow" an EVENT.
_OF_HEADS = {"university": "ORG", "bank": "ORG", "museum": "FAC", "city": "GPE", "municipality": "GPE",
             "town": "GPE", "tour": "EVENT", "battle": "EVENT", "lake": "LOC", "river": "LOC", "mount": "LOC",
             "isle": "LOC", "church": "FAC", "faculty": "ORG", "school": "ORG", "institute": "ORG", "centre": "ORG",
             "center": "ORG", "committee": "ORG", "council": "ORG", "department": "ORG", "ministry": "ORG",
             "conservatory": "ORG", "academy": "ORG", "college": "ORG", "society": "ORG", "association": "ORG",
             "federation": "ORG", "union": "ORG", "orchestra": "ORG"}
#: Name heads that end both buildings' and organisations' names ("Quell House" a publisher or a mansion): NER's
#: ORG label decides.
ORG_OR_BUILDING = frozenset(("house",))
#: Head words that are also common surnames ("Ada Hall"): a name mostly tagged PERSON keeps its NER type.
SURNAME_HEADS = frozenset(
    "hall house church bridge mill lake park ford wood field brook hill tower castle palace street lane marsh "
    "moor moore forest bay island games range ridge rivers station port stream falls court post times herald "
    "press bank union king chambers moss lock porter gill sands grange stout mercury vale common".split()
)
#: First words that make a place's name: "Mount Tarrow", "Lake Ossel", "Upper Tarrow".
_PLACE_PREFIXES = {"mount": "LOC", "lake": "LOC", "river": "LOC", "cape": "LOC", "glen": "LOC", "upper": "LOC",
                   "lower": "LOC", "north": "LOC", "south": "LOC", "east": "LOC", "west": "LOC"}
_STREET = re.compile(r"(?:gasse|strasse|straße|weg|platz|street|avenue|lane|road)$", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
#: Titles written before a person's name and letters after it: "Cllr Ada Brook", "Ada Brook KC", "Brook J".
PERSON_PREFIXES = frozenset("mr mrs ms miss mx dr sir dame lady lord cllr councillor prof professor judge hhj revd rev "
                            "canon".split())
PERSON_SUFFIXES = frozenset("KC QC MP MSP MEP OBE MBE CBE JP J LJ LJJ".split())
#: Two or three capitalised words, the last one not in capitals: a personal name's shape ("Ada Brook", "Cy de Wit").
_PERSONAL_NAME = re.compile(r"[A-Z][a-zà-ÿ'’-]+(?: (?:[a-z]{1,3} )?[A-Z][a-zà-ÿ'’-]+){1,2}")

#: Canonical (and raw) predicates -> (type of the subject, type of the object); None says nothing.
_RELATION_TYPES: dict[str, tuple[str | None, str | None]] = {
    "born in": ("PERSON", "GPE"), "born on": ("PERSON", None), "born": ("PERSON", None),
    "die in": ("PERSON", None), "die on": ("PERSON", None), "spouse": ("PERSON", "PERSON"),
    "marry": ("PERSON", "PERSON"), "married in": ("PERSON", None), "married on": ("PERSON", None),
    "father": ("PERSON", "PERSON"), "mother": ("PERSON", "PERSON"), "parent": ("PERSON", "PERSON"),
    "son": ("PERSON", "PERSON"), "daughter": ("PERSON", "PERSON"), "child": ("PERSON", "PERSON"),
    "brother": ("PERSON", "PERSON"), "sister": ("PERSON", "PERSON"), "sibling": ("PERSON", "PERSON"),
    "wife": ("PERSON", "PERSON"), "husband": ("PERSON", "PERSON"),
    "work for": ("PERSON", "ORG"), "educated at": ("PERSON", "ORG"), "study at": ("PERSON", "ORG"),
    "founder": (None, "ORG"), "found": (None, "ORG"), "founded in": ("ORG", None), "founded on": ("ORG", None),
    "headquartered in": ("ORG", None), "headquarter in": ("ORG", None), "subsidiary of": ("ORG", "ORG"),
    "acquired": ("ORG", None), "acquire": ("ORG", None),
    "located in": (None, None), "product of": ("WORK_OF_ART", "ORG"), "participant in": (None, "EVENT"),
}


#: Abbreviations opening a sports club's name (velo club, football club, sport club, ...).
_CLUB_PREFIXES = frozenset("fc afc sc ac vc sv tsv cf cd rc hc fk nk sk bk ik".split())
#: Abbreviations opening a ship's name (motor vessel, research vessel, steamship, ...).
_VESSEL_PREFIXES = frozenset("mv rv hms ss rms fv mt".split())
#: A double-barrelled surname closing a name ("Ada Tarrow-Lane"): its last part is no head word.
_DOUBLE_BARRELLED = re.compile(r"[A-Z][a-zà-ÿ'’]+-[A-Z][a-zà-ÿ'’]+$")
#: Two capitalised names joined by an ampersand.
_JOINED = re.compile(r"[A-Z][\w'’.-]*\s+&\s+(?:the\s+)?[A-Z]")


def name_type(name: str) -> str | None:
    """The type a name's form states, or None: its head word ("Harbour Bridge" FAC), the head of
    "<Head> of <Name>" ("University of Tarrow" ORG), a street suffix ("Kettengasse" FAC)."""
    words = [w.lower() for w in _WORD.findall(name)]
    if not words:
        return None
    if len(words) >= 3 and "of" in words[1:-1]:
        head = words[words.index("of", 1) - 1]
        if head in _OF_HEADS:
            return _OF_HEADS[head]
    if len(words) >= 2 and words[-1] in _HEADS and not _DOUBLE_BARRELLED.search(name):
        return _HEADS[words[-1]]
    if len(words) == 2 and words[0] in _PLACE_PREFIXES:
        return _PLACE_PREFIXES[words[0]]
    if len(words) >= 2 and words[0] in _CLUB_PREFIXES and name.split()[0].isupper():
        return "ORG"  # "VC Tarrow", "FC Ossel": a sports club
    if len(words) >= 2 and words[0] in _VESSEL_PREFIXES and name.split()[0].isupper():
        return "PRODUCT"  # "MV Tarrow Star": a ship, as NER labels vehicles
    if _JOINED.search(name):
        return "ORG"  # "Brask & Vennick", "Tarrow & Sons": a partnership's or a firm's name
    if _STREET.search(words[-1]) and name[:1].isupper() and not _DOUBLE_BARRELLED.search(name):
        return "FAC"
    return None


def personal_shape(name: str) -> bool:
    """Two or three capitalised words with no head word: shaped like a personal name ("Ada Brook")."""
    return bool(_PERSONAL_NAME.fullmatch(name)) and not has_head_word(name)


def has_head_word(name: str) -> bool:
    """True when any word of the name is an institution's, place's or event's head word ("Conservatory")."""
    return any(w.lower() in _HEADS for w in _WORD.findall(name))


#: Positions held in a place, not in an organisation.
_PLACE_TITLES = frozenset("mayor councillor councilor governor".split())


def relation_evidence(predicate: str) -> tuple[str | None, str | None]:
    """(subject type, object type) a relation implies; a "role: <title>" relation is person -> organisation, or
    person -> place for a position held in a place ("role: mayor")."""
    if predicate.startswith("role: "):
        return "PERSON", "GPE" if predicate.split()[-1] in _PLACE_TITLES else "ORG"
    return _RELATION_TYPES.get(predicate, (None, None))


def person_form(name: str) -> bool:
    """A name written with a person's title before it or post-nominal letters after it ("Cllr Ada Brook", "Ada
    Brook KC", "Brook J"), the other words capitalised names."""
    parts = name.replace(".", " ").split()
    if len(parts) < 2 or not all(p[:1].isupper() for p in parts):
        return False
    return parts[0].lower() in PERSON_PREFIXES or parts[-1] in PERSON_SUFFIXES


def surname_shaped(name: str) -> bool:
    """A name that may be a person's although its head word names a thing ("Ada Hall", "Ada Mary Lane"): the head
    is also a common surname and every word before it is a capitalised word that is no head word itself and no
    possessive ("Bridge Lane", "Tarrow Magistrates' Court" are no one's names)."""
    parts = name.split()
    if len(parts) < 2 or parts[-1].lower() not in SURNAME_HEADS:
        return False
    return all(p[:1].isupper() and p.lower().strip(".") not in _HEADS and not p.endswith(("'", "’", "'s", "’s"))
               for p in parts[:-1])


def vote_type(labels: Counter, evidence: Counter | None = None, name: str = "") -> str:
    """The entity's type: weighted majority of mention labels, the name's form and relational evidence.

    `labels`: NER label -> mentions; `evidence`: type -> relations implying it. Ties go to the mention labels'
    order of frequency, then alphabetically (deterministic).
    """
    votes: Counter = Counter()
    mentions = 0
    for label, n in labels.items():
        if n > 0 and label not in UNTYPED and label != "DATE":
            votes[label] += n
        mentions += n
    if labels.get("DATE", 0) * 2 > mentions:
        return "DATE"
    evidence = evidence or {}
    from_name = name_type(name) if name else None
    stated = evidence.get(from_name, 0) + evidence.get(NOT_PERSON, 0)  # what the text says it is, against a person
    if from_name and not (surname_shaped(name) and 2 * labels.get("PERSON", 0) > mentions
                          and stated <= evidence.get("PERSON", 0)):
        votes[from_name] += max(NAME_WEIGHT, 1.5 * mentions)
    elif from_name is None and person_form(name):
        votes["PERSON"] += max(NAME_WEIGHT, 1.5 * mentions)
    against = 0.0
    for label, n in evidence.items():
        if label == NOT_PERSON:
            against += RELATION_WEIGHT * n
        else:
            votes[label] += RELATION_WEIGHT * n
    if against and "PERSON" in votes:
        votes["PERSON"] -= against
        if votes["PERSON"] <= 0:
            del votes["PERSON"]
    if not votes:
        if labels.get("DATE"):
            return "DATE"
        if labels.get("PROPN") and _PERSONAL_NAME.fullmatch(name) and not against:
            return "PERSON"  # "Ada Brook" that NER missed: two or three capitalised words, no head word
        if against and any(n > 0 and lab not in UNTYPED for lab, n in labels.items()):
            return "PROPN"  # a name the text says is no person, of no other type
        return next((lab for lab in UNTYPED if labels.get(lab)), "CONCEPT")
    return max(votes, key=lambda lab: (votes[lab], labels.get(lab, 0), lab))
