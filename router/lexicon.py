"""How English names relations: phrases (as lemmas) -> a relation concept (data plus one lookup).

A `Sense` is what one phrase means: either one fixed relation of the vocabulary ("birthplace" ->
born_place) or a concept whose relation depends on what the question asks ("born": where ->
born_place, when -> born_date). `FACETS` maps the asked kind of answer (place, date, person,
country, cause, school) to the relation. Phrases are matched on lemmas, so "directed", "directs"
and "directing" all read as "direct"; multi-word phrases ("pass away", "come into the world",
"alma mater", "son or daughter") win over their single words.

Kinship follows general English: "uncle" is a parent's brother on either side unless the
question says which ("maternal uncle", "uncle on his mother's side"); in-laws and step-relations
compose from the same parts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from hopgraph.router.tokens import Tok
from hopgraph.router.vocab import RELATIONS as FACT_RELATIONS


@dataclass(frozen=True)
class Sense:
    relation: str = ""  # a fixed vocabulary relation, or "" when the facet decides
    facets: tuple[tuple[str, str], ...] = ()  # (asked kind, relation), first = default
    chain: tuple[str, ...] = ()  # a composite (kinship): several relations, innermost first
    verb: bool = False  # a verb phrase ("directed", "pass away"): can be the question's main predicate
    person_bridge: bool = False  # the relation's answer is a person or group (director, founder, spouse …)
    agent: str = ""  # a verb's grammatical subject is the relation's "answer" or its "subject" ("" = either)

    def resolve(self, asked: str = "", inner: bool = False) -> tuple[str, ...]:
        """The relation chain this sense stands for, given the asked kind of answer."""
        if self.chain:
            return self.chain
        if self.relation:
            return (self.relation,)
        table = dict(self.facets)
        if asked in table and not inner:
            return (table[asked],)
        if inner and self.verb and table.get("place") in FACT_RELATIONS:  # "the city where X was born": an inner
            return (table["place"],)  # verb names a place ("the man X married": a wedding's place is no fact)
        return (self.facets[0][1],) if self.facets else ()


def _fixed(rel: str, verb: bool = False) -> Sense:
    return Sense(relation=rel, verb=verb, person_bridge=rel in PERSON_RELATIONS)


def _facets(*pairs: tuple[str, str], verb: bool = True, person: bool = False) -> Sense:
    return Sense(facets=tuple(pairs), verb=verb, person_bridge=person)


#: Words that make a work a film: who "made" a film is its director.
FILM_WORDS = frozenset("film films movie movies picture documentary".split())
#: Relations whose answer is a person or group: in a comparison they are the bridge ("the director").
PERSON_RELATIONS = frozenset("director composer performer producer writer creator founder parent_org father mother parent "
                             "spouse child sibling leader named_after predecessor successor".split())
#: Relations that are each other's reverse: a verb of one read backwards names the other.
INVERSES = {"successor": "predecessor", "predecessor": "successor", "founder": "founded"}

_BORN = _facets(("place", "born_place"), ("date", "born_date"), ("country", "nationality"))
_DIED = _facets(("place", "died_place"), ("date", "died_date"), ("cause", "death_cause"))
_FOUNDED = _facets(("person", "founder"), ("date", "release_date"), ("place", "country"), ("country", "country"),
                   person=True)
_PUBLISHED = _facets(("person", "publisher"), ("date", "release_date"), ("thing", "publisher"))
_RELEASED = _facets(("date", "release_date"), ("person", "publisher"), ("thing", "publisher"))
#: Who opened or launched a place or an undertaking started it ("the chef who opened X's kitchen"); when, a date.
_OPENED = _facets(("date", "release_date"), ("person", "founder"), ("thing", "founder"))
_MARRIED = _facets(("person", "spouse"), ("date", "married"), ("place", "married"), person=True)
_FROM = _facets(("country", "nationality"), ("place", "born_place"))
_LOCATED = _facets(("country", "country"), ("place", "country"))

#: phrase (lemmas, space-separated) -> sense. Nouns first, then verbs.
#: Verbs of where someone grew up and of whom a thing is named after; the named entity is their subject.
_RAISED = ("grow up", "grow up in", "be raise", "raise in", "bring up", "be bring up")
#: Posts that name the leader of a body ("the chief executive of X").
LEADER_POSTS = ("leader", "head", "chief executive", "chief executive officer", "ceo", "chair", "chairman", "chairwoman",
                "chairperson", "president", "boss", "managing director", "md", "director general", "director-general",
                "head teacher", "headteacher", "headmaster", "headmistress", "vice-chancellor", "vice chancellor",
                "music director", "musical director", "artistic director", "chief conductor", "principal conductor",
                "principal")
#: Verbs of leading a body; their subject is the leader ("Who runs X?").
_LEADING_VERBS = ("head", "lead", "run", "chair", "manage", "preside over", "be in charge of", "in charge of",
                  "put in charge of", "place in charge of", "be put in charge of", "be placed in charge of",
                  "be in charge at", "in charge at", "at the helm of", "be at the helm of", "at the helm at", "be at the helm at",
                  "at the helm", "take charge of", "take charge at", "take the helm of", "take the helm at",
                  "head up", "take the rein of", "take the rein at", "hold the rein of", "hold the rein at",
                  "run the show at")
_NAMED_AFTER = ("name after", "name for", "name in honour of", "name in honor of", "name in memory of", "commemorate")

PHRASES: dict[str, Sense] = {
    # makers of works
    **{p: _fixed("director") for p in ("director", "filmmaker", "film director", "helmer", "film-maker", "movie director")},
    **{p: _fixed("director", verb=True) for p in ("direct", "helm", "co-direct", "codirect")},
    **{p: _fixed("composer") for p in ("composer", "music composer", "songwriter")},
    **{p: _fixed("composer", verb=True) for p in ("compose", "score", "write the music", "write the score")},
    **{p: _fixed("performer") for p in ("performer", "singer", "artist", "musician", "band", "vocalist", "recording artist")},
    **{p: _fixed("performer", verb=True) for p in ("perform", "sing", "record")},
    **{p: _fixed("producer") for p in ("producer",)},
    **{p: _fixed("producer", verb=True) for p in ("produce",)},
    **{p: _fixed("writer") for p in ("writer", "author", "screenwriter", "novelist", "playwright", "scriptwriter", "poet")},
    **{p: _fixed("writer", verb=True) for p in ("write", "pen", "author")},
    **{p: _fixed("creator") for p in ("creator", "designer", "developer", "inventor", "architect")},
    **{p: _fixed("creator", verb=True) for p in ("create", "design", "develop", "invent", "devise")},
    **{p: _fixed("maker") for p in ("maker", "manufacturer", "builder")},
    **{p: _fixed("maker", verb=True) for p in ("manufacture", "build", "make", "construct", "erect")},
    **{p: _fixed("founder") for p in ("founder", "co-founder", "cofounder")},
    **{p: _fixed("publisher") for p in ("publisher", "record label", "label", "publishing house")},
    **{p: _fixed("leader") for p in LEADER_POSTS},
    **{p: _fixed("leader", verb=True) for p in _LEADING_VERBS},
    **{p: _fixed("parent_org") for p in ("parent company", "parent organisation", "parent organization", "parent firm",
                                    "parent group", "parent body", "holding company")},
    # who held a post before or after someone ("Who succeeded X?": X's successor; "Who did X succeed?" reads
    # backwards, so X's predecessor: `hopgraph.router.voice.as_open`)
    **{p: _fixed("predecessor") for p in ("predecessor", "forerunner")},
    **{p: _fixed("successor") for p in ("successor", "replacement")},
    **{p: _fixed("successor", verb=True) for p in ("succeed", "replace", "take over from", "take the place of")},
    **{p: _fixed("predecessor", verb=True) for p in ("precede",)},
    # family
    **{p: _fixed("father") for p in ("father", "dad", "daddy", "papa")},
    **{p: _fixed("mother") for p in ("mother", "mom", "mum", "mommy", "mama")},
    **{p: _fixed("mother", verb=True) for p in ("give birth to", "give birth")},
    **{p: _fixed("parent") for p in ("parent",)},
    **{p: _fixed("spouse") for p in ("spouse", "wife", "husband", "partner", "consort", "widow", "widower",
                                     "significant other", "other half", "better half", "hubby")},
    # who someone married; when or where they married is a fact of the wedding, no relation of the vocabulary
    **{p: _MARRIED for p in ("marry", "wed", "be married to", "marry to")},
    **{p: _fixed("child") for p in ("child", "son", "daughter", "kid", "offspring", "son or daughter",
                                    "daughter or son", "heir", "children")},
    **{p: _fixed("sibling") for p in ("sibling", "brother", "sister", "brother or sister")},
    # a half-sibling shares one parent: a sibling as documents state it
    **{p: _fixed("sibling") for p in ("half-brother", "half brother", "half-sister", "half sister", "half-sibling")},
    # life events
    **{p: _fixed("born_place") for p in ("birthplace", "place of birth", "birth place", "hometown", "home town",
                                         "city of birth", "town of birth", "birth city", "birth town")},
    **{p: _fixed("born_date") for p in ("birthday", "date of birth", "birth date", "birthdate", "year of birth",
                                        "birth year")},
    **{p: _BORN for p in ("bear", "born", "birth", "come into the world", "enter the world")},
    **{p: _fixed("died_place") for p in ("place of death", "death place", "deathplace")},
    # "Is X still alive?", "Is X dead?": whether (and when) X died
    **{p: _fixed("died_date") for p in ("alive", "still alive", "still living", "dead", "deceased")},
    **{p: _fixed("died_date") for p in ("date of death", "death date", "year of death", "death year")},
    **{p: _fixed("death_cause") for p in ("cause of death", "death cause")},
    **{p: _fixed("death_cause", verb=True) for p in ("die of", "die from", "pass away from", "pass away of")},
    **{p: _DIED for p in ("die", "death", "pass away", "pass", "decease", "perish", "lose life", "lose his life",
                          "lose her life", "meet end", "meet his end", "meet her end", "kill")},
    **{p: _fixed("burial") for p in ("burial place", "place of burial", "grave", "resting place", "tomb")},
    **{p: _fixed("population") for p in ("population", "inhabitants", "number of inhabitants", "residents",
                                         "number of residents", "people live", "people live in", "people reside",
                                         "people reside in", "people call home")},
    **{p: _fixed("burial", verb=True) for p in ("bury", "inter", "lay to rest")},
    **{p: _fixed("raised_place", verb=True) for p in _RAISED},
    **{p: _fixed("named_after") for p in ("namesake", "eponym")},
    **{p: _fixed("named_after", verb=True) for p in _NAMED_AFTER},
    # belonging
    **{p: _fixed("nationality") for p in ("nationality", "citizenship", "country of citizenship", "citizen",
                                          "national", "birth country", "country of birth")},
    **{p: _FROM for p in ("from", "come from", "hail from", "originate from", "originally from")},
    **{p: _fixed("country") for p in ("country of origin", "home country", "origin", "country", "nation")},
    **{p: _LOCATED for p in ("locate", "base", "situate", "headquarter", "lie", "sit", "find")},
    # "Which city is home to X?": where X is, not where anyone was born
    **{p: _LOCATED for p in ("home to", "be home to")},
    # where a body's head office is, is where it is based ("Where is X's head office?")
    **{p: _facets(("country", "country"), ("place", "country"), verb=False)
       for p in ("head office", "head offices", "main office", "registered office", "hq")},
    **{p: _fixed("country", verb=True) for p in ("contain", "include", "encompass", "surround")},
    **{p: _fixed("education") for p in ("alma mater", "education", "educational background")},
    **{p: _fixed("education", verb=True) for p in ("educate", "study", "attend", "graduate", "go to school",
                                                   "go to university", "go to college", "go to uni",
                                                   "train", "enrol", "enroll", "learn to", "learn the trade",
                                                   "learn his trade", "learn her trade", "learn their trade")},
    **{p: _fixed("employer") for p in ("employer", "workplace")},
    **{p: _fixed("employer", verb=True) for p in ("employ", "work for", "work at", "work", "hire")},
    # where someone teaches is where they work; what they teach is a fact of its own
    **{p: _facets(("thing", "teach"), ("place", "employer")) for p in ("teach", "teach at", "lecture", "lecture at")},
    **{p: _fixed("award") for p in ("award", "prize", "honour", "honor", "accolade")},
    **{p: _fixed("award", verb=True) for p in ("win", "earn", "receive", "award", "be award", "carry off", "scoop",
                                               "walk off with", "walk away with")},
    **{p: _fixed("occupation") for p in ("occupation", "profession", "job title", "line of work", "trade")},
    # what someone's job was is their occupation; where it was, their employer
    "job": _facets(("thing", "occupation"), ("place", "employer"), verb=False),
    **{p: _fixed("occupation", verb=True) for p in ("do for a living", "make a living", "earn a living",
                                                    "work as")},
    # dates of things
    **{p: _fixed("release_date") for p in ("release date", "publication date", "premiere date", "release year",
                                           "founding date", "year of release", "date of release")},
    **{p: _RELEASED for p in ("release", "come out", "premiere", "air", "debut", "issue", "publish date")},
    **{p: _OPENED for p in ("launch", "open", "open its door", "open their door", "open the door", "start trading",
                            "begin trading", "start business", "open for business")},
    **{p: _FOUNDED for p in ("found", "establish", "set up", "form", "start", "co-found", "cofound", "incorporate")},
    **{p: _PUBLISHED for p in ("publish",)},
    # kinship composites (innermost first)
    **{p: Sense(chain=("parent", "father")) for p in ("grandfather", "grandpa", "granddad", "grandad")},
    **{p: Sense(chain=("parent", "mother")) for p in ("grandmother", "grandma", "granny", "gran", "nan", "nana",
                                                      "nanna")},
    **{p: Sense(chain=("parent", "parent")) for p in ("grandparent",)},
    "paternal grandfather": Sense(chain=("father", "father")),
    "paternal grandmother": Sense(chain=("father", "mother")),
    "maternal grandfather": Sense(chain=("mother", "father")),
    "maternal grandmother": Sense(chain=("mother", "mother")),
    **{p: Sense(chain=("parent", "sibling")) for p in ("uncle", "aunt", "auntie")},
    "paternal uncle": Sense(chain=("father", "sibling")),
    "paternal aunt": Sense(chain=("father", "sibling")),
    "maternal uncle": Sense(chain=("mother", "sibling")),
    "maternal aunt": Sense(chain=("mother", "sibling")),
    **{p: Sense(chain=("spouse", "father")) for p in ("father-in-law", "father in law")},
    **{p: Sense(chain=("spouse", "mother")) for p in ("mother-in-law", "mother in law")},
    **{p: Sense(chain=("spouse", "parent")) for p in ("parent-in-law", "parent in law", "in-law", "in-laws")},
    **{p: Sense(chain=("spouse", "sibling")) for p in ("brother-in-law", "brother in law", "sister-in-law",
                                                       "sister in law")},
    **{p: Sense(chain=("child", "spouse")) for p in ("son-in-law", "son in law", "daughter-in-law", "daughter in law",
                                                   "child-in-law", "child in law")},
    **{p: Sense(chain=("mother", "spouse")) for p in ("stepfather", "step-father", "step father")},
    **{p: Sense(chain=("father", "spouse")) for p in ("stepmother", "step-mother", "step mother")},
    **{p: Sense(chain=("parent", "spouse")) for p in ("step-parent", "stepparent")},
    **{p: Sense(chain=("spouse", "child")) for p in ("stepson", "stepdaughter", "stepchild", "step-son",
                                                     "step-daughter")},
    **{p: Sense(chain=("sibling", "child")) for p in ("nephew", "niece")},
    **{p: Sense(chain=("child", "child")) for p in ("grandson", "granddaughter", "grandchild", "grandkid")},
    **{p: Sense(chain=("parent", "sibling", "child")) for p in ("cousin",)},
}

#: Verbs whose grammatical subject is the relation's answer ("A directed X": director of X = A) and verbs
#: whose subject is what the relation is about ("A won X": award of A = X); see `hopgraph.router.voice`.
#: Symmetric or ambiguous verbs ("marry", "award", "release": the label or the band) are in neither.
ANSWER_AGENT = frozenset((
    "direct", "helm", "co-direct", "codirect", "compose", "score", "write the music", "write the score", "perform",
    "sing", "record", "produce", "write", "pen", "author", "create", "design", "develop", "invent", "devise",
    "manufacture", "build", "make", "give birth to", "give birth", "found", "establish", "set up", "form", "start",
    "co-found", "cofound", "incorporate", "publish", "contain", "include", "encompass", "surround", "employ", "hire",
    "succeed", "replace", "take over from", "take the place of", "precede", *_LEADING_VERBS))
SUBJECT_AGENT = frozenset((
    "win", "earn", "receive", "be award", "carry off", "scoop", "walk off with", "walk away with",
    "study", "attend", "learn to", "learn the trade", "learn his trade",
    "learn her trade", "learn their trade", "teach", "teach at", "lecture", "lecture at", "graduate", "go to school", "train", "enrol", "enroll", "educate",
    "work for", "work at", "work", "bear", "born", "come into the world", "enter the world", "die", "pass away",
    "pass", "decease", "perish", "bury", "inter", "lay to rest", "from", "come from", "hail from", "originate from",
    "originally from", "locate", "base", "situate", "headquarter", "lie", "sit", "kill", *_RAISED, *_NAMED_AFTER))
PHRASES = {p: replace(s, agent="answer" if p in ANSWER_AGENT else "subject" if p in SUBJECT_AGENT else "")
           if s.verb else s for p, s in PHRASES.items()}

#: Phrases whose everyday sense is something else ("a chair", "my head", "a run", "lead" the metal): they
#: name the relation when a question says them, but are no example for matching other words by meaning.
LITERAL_ONLY = frozenset({"head", "chair", "lead", "run",
                          # whether someone lives: near "retired" or "left" in meaning, which are no deaths
                          "alive", "still alive", "still living", "dead", "deceased",
                          # where a thing is: near "hometown", which is a birthplace
                          "home to", "be home to",
                          # posts of an orchestra: near "conductor" (of one performance), which leads nothing
                          "chief conductor", "principal conductor"})

#: Words that pick a side of the family for the kin noun they qualify ("uncle on her mother's side").
SIDES = {"maternal": "mother", "paternal": "father"}
SIDE_PHRASES = {"on mother side": "mother", "on father side": "father", "on the mother side": "mother",
                "on the father side": "father", "mother side": "mother", "father side": "father"}


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """Every word of every phrase (the fallback lemmatiser prefers forms it finds here)."""
    return frozenset(w for phrase in PHRASES for w in phrase.split())


@lru_cache(maxsize=1)
def _by_first_word() -> dict[str, list[tuple[tuple[str, ...], Sense]]]:
    index: dict[str, list[tuple[tuple[str, ...], Sense]]] = {}
    for phrase, sense in PHRASES.items():
        words = tuple(phrase.split())
        index.setdefault(words[0], []).append((words, sense))
    for rows in index.values():
        rows.sort(key=lambda r: -len(r[0]))
    return index


#: Bodies a "sister" is another one of the same owner or kind ("sister company", "sister school"), no kin.
SISTER_BODIES = frozenset(
    "company companies firm firms business school schools college brand brands paper papers newspaper newspapers "
    "publication title magazine station channel ship ships vessel hotel hotels restaurant restaurants store stores "
    "shop site club clubs label organisation organization charity group city cities town towns airline event "
    "festival venue product chain plant factory farm brewery bakery practice surgery trust hospital".split())


#: Verbs whose particle gives them another meaning than the relation they name alone: "based on a story"
#: is derived from it (not located), "worked on a film" took part in it and "worked in physics" names a field
#: (neither is employed), "sits on a board" is a member (not located).
OTHER_SENSE = {"base": frozenset({"on", "upon", "off"}), "work": frozenset({"on", "with", "alongside", "in"}),
               "sit": frozenset({"on"}), "find": frozenset({"out"}),
               "pass": frozenset({"into", "to", "through", "on", "over", "under", "from", "by", "down", "up"}),
               "run": frozenset({"for", "against", "in", "into", "away", "out", "off", "over", "up", "through", "across"}),
               "lead": frozenset({"to", "up", "off", "into"}), "manage": frozenset({"to"}),
               "head": frozenset({"to", "for", "off", "out", "back", "home", "into", "towards", "toward", "office",
                                  "offices", "quarters", "quarter"})}


def word_sense(t: Tok) -> Sense | None:
    """The lexicon's one-word phrase a token is, by its lemma, else by its own form ("founded", "co-founded")."""
    return PHRASES.get(t.lemma) or PHRASES.get(t.lower)


#: Relations only a person has, whose nouns are nouns of kin ("wife", "son").
_KIN = frozenset("spouse child sibling father mother parent".split())


def kin_noun(t: Tok) -> bool:
    """A noun of kin ("wife", "son", "grandson"): a relation only a person has."""
    sense = word_sense(t)
    return sense is not None and not sense.verb and (sense.relation in _KIN or bool(sense.chain))


def is_relation_verb(t: Tok) -> bool:
    """The token is a verb phrase of the lexicon ("win", "study"), whatever the tagger called it."""
    sense = word_sense(t)
    return sense is not None and sense.verb


def other_sense(lemmas: list[str], i: int) -> bool:
    """The verb at i takes a particle that gives it another meaning ("based on")."""
    return i + 1 < len(lemmas) and lemmas[i + 1] in OTHER_SENSE.get(lemmas[i], ())


def match_at(lemmas: list[str], i: int, skip: frozenset[int] = frozenset()) -> tuple[int, Sense] | None:
    """The longest phrase starting at token i (lemmas, lower case): (number of tokens, sense)."""
    for words, sense in _by_first_word().get(lemmas[i], []):
        n = len(words)
        if i + n <= len(lemmas) and tuple(lemmas[i:i + n]) == words and not any(j in skip for j in range(i, i + n)):
            if n == 1 and other_sense(lemmas, i):
                continue
            return n, sense
    return None


@dataclass
class Mention:
    """A relation phrase found in a question: tokens [start, end) and what they mean."""

    start: int
    end: int
    text: str
    sense: Sense
    via: str = "lexicon"  # lexicon | meaning (embedding match) | open
    open_words: list[str] = field(default_factory=list)


def covered(mentions: list[Mention]) -> set[int]:
    """The token positions the mentions span."""
    return {j for m in mentions for j in range(m.start, m.end)}


#: Posts written more than one way: a question's "CEO" is a document's "chief executive", its "chair" a "chairman".
POST_FORMS = (
    ("chief executive", "chief executive officer", "chief exec", "ceo"),
    ("managing director", "md"),
    ("chair", "chairman", "chairwoman", "chairperson"),
    ("chief financial officer", "cfo"),
    ("chief operating officer", "coo"),
    ("chief technology officer", "cto"),
)


def post_forms(post: str) -> tuple[str, ...]:
    """Every way of writing the post `post` ("ceo" -> "chief executive", …, "ceo"); just `post` when it has one."""
    return next((forms for forms in POST_FORMS if post in forms), (post,))

