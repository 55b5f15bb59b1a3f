"""Word classes the predicate rules read (pure data): role and relation nouns, verbs of holding a position or of
relating two subjects, particles, place and organisation classes, and the words `canonicalise` keys its rules on.

`hopgraph.indexing.predicates` re-exports the public ones (`ROLE_NOUNS`, `PLACE_NOUNS`, `ORG_NOUNS` ...).
"""

from __future__ import annotations

import re

#: Nouns naming a position someone holds in an organisation (the head noun of a role title).
ROLE_NOUNS = frozenset(
    "officer executive president chairman chairwoman chairperson chair head chief manager editor conductor "
    "mayor rector dean professor lecturer minister secretary treasurer governor spokesperson spokesman "
    "spokeswoman captain coach principal curator designer engineer physician doctor surgeon nurse teacher "
    "researcher scientist investigator correspondent reporter journalist columnist analyst leader chancellor "
    "commissioner councillor councilor trustee ceo cfo cto coo superintendent administrator coordinator "
    "ambassador consultant adviser advisor instructor trainee apprentice chef pilot vice-president deputy "
    "partner-in-charge boss economist architect".split()
)
#: Role nouns the router matches as they are (a film's director, a song's composer): never "role: ...".
KEEP_NOUNS = frozenset("director producer writer composer publisher performer founder author".split())
#: Nouns of belonging to a team or a party: "the Tarrow Wheelers rider X", "the Green Party's candidate".
MEMBER_NOUNS = frozenset("rider player candidate".split())
#: Verbs of holding a position: "X chairs the board of Y" -> (X, role: chair, Y).
ROLE_VERBS = {"chair": "chair", "head": "head", "lead": "leader", "manage": "manager", "edit": "editor",
              "coach": "coach", "captain": "captain", "run": "head", "preside": "chair"}
#: Verbs relating two coordinated subjects to each other: "A and B were married" -> (A, spouse, B).
SYMMETRIC_VERBS = frozenset("marry wed merge partner".split())

PARTICLES = frozenset(
    "up down out off over in on at to of by for with from about into onto away back around through across "
    "along".split()
)
#: Verbs whose triples state nothing about the arguments' relation (who said what to whom).
_DROP_VERBS = frozenset("say tell add ask thank quote reply comment".split())
#: Verbs that date an event; after any other verb a date is circumstance ("took over in 2019") and dropped.
_DATE_VERBS = frozenset(
    "born bear die found establish form open close launch release publish premiere air broadcast hold marry "
    "wed elect create build complete debut issue record write compose direct produce paint discover invent "
    "start begin set".split()
)
_SCHOOL = re.compile(r"\b(?:universit|college|school|academy|conservatory|polytechnic|institute|gymnasium|"
                     r"seminary|faculty)", re.IGNORECASE)
_VERB_PATTERNS = frozenset(("svo", "prep", "passive"))
#: Patterns whose predicate is a relational noun ("founder of", "Y's wife").
_NOUN_PATTERNS = frozenset(("apposition", "copula", "possessive", "compound", "of-genitive"))
#: Works whose maker "by" names: "the first novel by X" -> (X, author, the novel).
_WORK_BY = frozenset("novel opera book film album song symphony memoir painting play poem concerto".split())
WORK_NOUNS = _WORK_BY  # classes of works ("the first opera by X")
#: Nouns that relate their bearer to another thing (kept as readable predicates in news, unlike class nouns such
#: as "the regional utility of Y"): "its outflow", "the conservatory's annual award", "a spin-off of Y".
RELATIONAL_NOUNS = frozenset(
    "tributary outflow source award prize spin-off offshoot successor predecessor venue home sponsor rival "
    "neighbour neighbor ally twin namesake grandfather grandmother grandson granddaughter uncle aunt nephew "
    "niece cousin teacher pupil student mentor protege protégé".split()
)
#: Occupations without an occupation ending ("the company's first seamstress", "the nurses' representative").
_OCCUPATIONS = frozenset("representative seamstress chef nurse cook clerk".split())
_PLACE_LABELS = frozenset(("GPE", "LOC", "FAC"))
#: Verbs whose object is a field of knowledge ("studied business in Y", "teaches mathematics at Y").
_FIELD_VERBS = frozenset(("study", "teach", "train", "practise", "practice", "research", "read"))
#: Verbs that, with a course or a field as object and "at" a school, say one studied there.
_COURSE_VERBS = frozenset(("do", "take", "read", "complete", "finish", "study", "earn", "get"))
#: Prepositions of a stretch of time ("for ten years", "since 2015").
_SPAN_PREPS = frozenset("for since until during over within after before".split())
#: Verbs that, with a common-noun object and "at" an organisation, say where someone works.
_WORK_VERBS = frozenset("teach lecture design edit run manage coach train".split())
_OCCUPATION_ENDINGS = ("ist", "ian", "er", "or")
_NUMBER_LABELS = frozenset("CARDINAL ORDINAL QUANTITY PERCENT MONEY".split())

#: Place classes: "X is a village in Y" -> located in.
PLACE_NOUNS = frozenset(
    "town village city hamlet lake river mountain peak summit valley hut inn hotel hall building museum "
    "square street road region district municipality suburb resort station park pass glacier bridge dam plant "
    "airport church cathedral castle stadium theatre theater hospital university school college conservatory "
    "campus island area neighbourhood neighborhood gorge port harbour harbor capital county province".split()
)
#: Organisation classes: "X, a diagnostics company in Y" -> headquartered in.
ORG_NOUNS = frozenset(
    "company firm business startup start-up manufacturer maker utility bank group publisher newspaper daily "
    "weekly broadcaster brewery retailer agency organisation organization association club team orchestra "
    "charity foundation label studio operator producer developer supplier outfitter cooperative".split()
)

#: Objects that are the subject's own site, post or event: "opened an office in Y", "has a factory in Y", "gave
#: concerts in Y" relate the subject to Y; any other object ("hauled salt into Y") is what went there.
SITE_NOUNS = frozenset(
    "factory plant office shop store outlet laboratory lab workshop warehouse branch studio site campus base "
    "headquarters mill mine depot clinic restaurant hotel school concert performance exhibition show festival "
    "post job position seat home house residence".split()
)

#: Objects that relate the subject to the preposition's object as a motion or a request about it ("moved the
#: motion on Y", "filed a complaint against Y"): kept as readable phrases.
MOTION_NOUNS = frozenset("motion resolution proposal amendment petition question bid application complaint "
                         "objection appeal".split())
#: Objects that, held "in" something, make an owner of it ("holds a stake in Y").
_STAKE_NOUNS = frozenset("stake share shares interest majority holding".split())
#: Objects that, "with" someone, make a partnership ("signed a contract with Y").
_PARTNER_NOUNS = frozenset("partnership agreement contract deal alliance collaboration cooperation venture "
                           "sponsorship".split())
