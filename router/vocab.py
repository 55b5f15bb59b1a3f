"""The relation vocabulary shared by the router, the grader and the corrector.

A `RelationSpec` says, for one kind of fact ("director", "born_place" …):
- how questions name it (`nouns`, e.g. "director of X", "X's director"),
- which graph predicates express it (`predicates`: first word of the predicate, lemma-ish;
  `reverse`: predicates that express it with the endpoints swapped, e.g. "son" for "father"),
- which words state it in evidence text (`cues`, matched as word prefixes),
- what its answer looks like (`answer`: person | place | date | country | org | thing),
- the words a sub-query uses for it (`query`) and their synonyms for rewrites (`synonyms`).

Everything here is data plus two pure lookups; nothing is specific to one benchmark.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from hopgraph.indexing.predicates import role_title


@dataclass(frozen=True)
class RelationSpec:
    name: str
    nouns: tuple[str, ...]
    predicates: frozenset[str]
    cues: tuple[str, ...]
    answer: str
    query: str
    synonyms: tuple[str, ...] = ()
    reverse: frozenset[str] = frozenset()
    roles: frozenset[str] = frozenset()  # role edges that express it ("role: chief executive" -> leader)


def _spec(name: str, nouns: str, predicates: str, cues: str, answer: str, query: str,
          synonyms: str = "", reverse: str = "", roles: str = "") -> RelationSpec:
    split = lambda s: tuple(w.strip() for w in s.split("|") if w.strip())  # noqa: E731
    return RelationSpec(name, split(nouns), frozenset(split(predicates)), split(cues), answer, query,
                        split(synonyms), frozenset(split(reverse)), frozenset(split(roles)))


#: The posts that lead an organisation, a place or a body: a "role: <post>" edge from the holder to what
#: they lead states the leader relation.
LEADER_ROLES = ("chief executive|chief executive officer|ceo|head|chair|chairman|chairwoman|chairperson|president|"
                "director|managing director|executive director|director general|director-general|leader|boss|"
                "general manager|mayor|governor|rector|principal|dean")


#: Graph predicates of succession, the later holder their subject; and the words that state one in evidence.
_SUCCESSION_EDGES = "succeed|successor|replace|take over from"
_SUCCESSION_CUES = "succeed|took over|takes over|taken over|taking over|replac|predecessor|successor|preceded|in place of"


RELATIONS: dict[str, RelationSpec] = {s.name: s for s in [
    _spec("director", "director|filmmaker|film director", "direct|director|filmmaker|co-direct|helm",
          "direct|filmmaker|helmed", "person", "director", "directed by|filmmaker", roles="director"),
    _spec("composer", "composer|music composer", "compose|composer|score",
          "compos|music by|score", "person", "composer", "composed by|music by"),
    _spec("performer", "performer|singer|artist|musician", "perform|performer|sing|singer|record|artist|single|song",
          "perform|sung|sang|singer|recorded|by the band|song by|single by|album by|single from|song from|by american|"
          "by english|by british|by canadian|by australian", "person", "performer",
          "performed by|singer|recorded by"),
    _spec("producer", "producer", "produce|producer", "produc", "person", "producer", "produced by"),
    _spec("writer", "writer|author|screenwriter|novelist|playwright", "write|writer|author|pen|screenwriter",
          "writ|wrote|author|novel by|screenplay", "person", "author", "written by|writer"),
    _spec("creator", "creator|designer|developer|inventor", "create|creator|design|designer|develop|developer|invent",
          "creat|design|develop|invent", "person", "creator", "created by|developed by"),
    _spec("maker", "maker|manufacturer|builder", "make|maker|manufacture|manufacturer|build|builder|construct|erect",
          "made by|manufactur|built by|constructed by|erected by|maker|makes", "thing", "maker",
          "made by|manufactured by|built by|constructed by|erected by"),
    _spec("founder", "founder|co-founder", "found|founder|co-found|establish|co-founder",
          "found|establish", "person", "founder", "founded by|established by"),
    # what a person or a body founded ("the company X set up"): the founder relation read from its founder's end
    _spec("founded", "", "", "found|establish|set up|started|co-found|launched", "org", "founded",
          reverse="found|founder|co-found|establish|co-founder"),
    _spec("publisher", "publisher|label|record label", "publish|publisher|label|release",
          "publish|label|released by", "thing", "publisher", "published by|record label"),
    _spec("leader", "leader|head|chief executive|ceo|chair|chairman|president|boss", "lead|head|chair|director",
          "chief exec|ceo|head of|heads|headed|chair|president|director|leader|led by|leads|runs|run by|boss|"
          "in charge", "person", "head", "chief executive|led by|chair|president", roles=LEADER_ROLES),
    _spec("parent_org", "parent company|parent organisation|parent organization|parent firm|parent group|holding company",
          "own|acquire|buy|purchase|parent", "parent|owned by|owner|owns|subsidiary of|part of|division of|"
          "acquired|bought|unit of|arm of|sold to", "org", "parent company", "parent firm",
          reverse="subsidiary|sell"),
    _spec("father", "father|dad", "father", "father|son of|daughter of|child of|born to", "person", "father",
          "son of|daughter of|parent", reverse="son|daughter|child"),
    _spec("mother", "mother|mom", "mother", "mother|son of|daughter of|child of|born to", "person", "mother",
          "son of|daughter of|parent", reverse="son|daughter|child"),
    _spec("parent", "parent", "father|mother|parent", "father|mother|parent|son of|daughter of|child of|born to",
          "person", "parent", "father|mother|son of|daughter of", reverse="son|daughter|child"),
    _spec("spouse", "spouse|wife|husband|partner|consort|widow|widower", "wife|husband|spouse|marry|widow|consort|partner",
          "wife|husband|spouse|married|marri|widow|consort|wedding to|wedded", "person", "spouse", "wife|husband|married",
          reverse="wife|husband|spouse|marry|widow|consort|partner"),
    _spec("child", "child|children|son|daughter|heir", "son|daughter|child|heir",
          "son|daughter|child|children|heir", "person", "child", "son|daughter|children",
          reverse="father|mother|parent"),
    _spec("sibling", "sibling|brother|sister", "brother|sister|sibling",
          "brother|sister|sibling|father of|mother of|parents of|children|sons|daughters",
          "person", "sibling", "brother|sister", reverse="brother|sister|sibling"),
    _spec("born_place", "place of birth|birthplace|birth place|hometown", "born|bear|birthplace|native",
          "born|birthplace|native of|native", "place", "place of birth", "born in|birthplace|native of"),
    _spec("born_date", "date of birth|birth date|birthday|birth year|year of birth", "born|bear",
          "born|birth|b.", "date", "date of birth", "born on|birth date|born in year"),
    _spec("died_place", "place of death|death place", "die|death", "died|death|dies", "place",
          "place of death", "died in|death place"),
    _spec("died_date", "date of death|death date|year of death", "die|death", "died|death|d.", "date",
          "date of death", "died on|death year"),
    _spec("death_cause", "cause of death", "die|death|kill", "died of|death|killed|cause", "thing",
          "cause of death", "died of|killed by"),
    _spec("burial", "place of burial|burial place|grave|resting place", "bury|burial|inter", "buried|burial|interred|grave",
          "place", "buried", "burial place|interred"),
    _spec("nationality", "nationality|citizenship|country of citizenship", "nationality|citizen",
          "american|british|english|french|german|italian|nationality|citizen|canadian|australian|indian|",
          "country", "nationality", "citizen|country"),
    _spec("country", "country|country of origin|location", "locate|located|headquartered|founded|country|base|situate|in",
          "located|country|based|situated|in the|of the", "place", "country", "located in|based in"),
    _spec("education", "alma mater|education|school|university", "study|educate|educated|attend|graduate|alumnus",
          "studi|educat|attend|graduat|alumn|university|college|school", "place", "education",
          "educated at|studied at|graduated from"),
    # who held a post before or after someone. A graph edge runs from the later holder to the earlier ("A
    # succeeded B", "A took over from B", "A replaced B", "B's successor is A": A -> B), so it states A as B's
    # successor forwards (the answer is its subject, as "A father B" states A as B's father) and B as A's
    # predecessor backwards
    _spec("predecessor", "predecessor|forerunner", "predecessor", _SUCCESSION_CUES, "person", "predecessor",
          "preceded by|replaced", reverse=_SUCCESSION_EDGES),
    _spec("successor", "successor|replacement", _SUCCESSION_EDGES, _SUCCESSION_CUES, "person", "successor",
          "succeeded by|replaced by", reverse="predecessor"),
    _spec("employer", "employer|workplace", "work|employ|join|serve|role:", "work|employ|join|serve|professor|member",
          "thing", "employer", "worked at|worked for"),
    _spec("award", "award|prize|honour|honor", "win|award|receive|nominate", "award|prize|won|wins|receiv|honou|honor",
          "thing", "award", "won|received prize"),
    _spec("occupation", "occupation|profession|job|trade", "be|work", "is a|was a|work|career|profession",
          "thing", "occupation", "profession|career"),
    _spec("raised_place", "", "grow|raise|bring", "grew up|grow up|growing up|raised|brought up|hometown|home town",
          "place", "grew up in", "raised in|brought up in|hometown"),
    _spec("named_after", "namesake|eponym", "name|commemorate|honour|honor",
          "named after|named for|in honour|in honor|in memory|commemorat|namesake|bears the name|bear the name|its name from|"
          "their name from|name comes from|named in",
          "person", "named after", "in honour of|in memory of|commemorates"),
    _spec("population", "population|number of inhabitants|number of residents", "population|inhabit|live",
          "population|inhabitants|residents|people live|live in", "thing", "population", "inhabitants|residents"),
    _spec("release_date", "release date|publication date|premiere date|release year|founding date",
          "release|publish|premiere|air|found|founded|establish|form|open|create|build|construct|erect|launch|issue",
          "releas|publish|premier|aired|found|establish|formed|open|creat|built|construct|erected|launch|issued|debut|"
          "set up|sets up|setting up",
          "date", "release date", "released|published|founded|established|premiered|year"),
]}

#: The relation of an open bridge's first hop: whatever the question says links its anchor to an
#: unnamed entity ("Mara Vell starred in a series that …"). The hop retrieves with the whole
#: question and the grader reads the bridge from the top chunks (`hopgraph.hops.open_bridge`).
OPEN_BRIDGE = "open_bridge"


def spec(name: str) -> RelationSpec | None:
    """The spec of a canonical relation name, or None for a free-text relation."""
    return RELATIONS.get(name)


def answers_a_date(name: str) -> bool:
    """Whether a canonical relation's answer is a date ("born_date", "release_date"); False for a free-text one."""
    return name in RELATIONS and RELATIONS[name].answer == "date"


def predicate_matches(rel: RelationSpec, predicate: str) -> tuple[bool, bool]:
    """(matches, reversed): whether a graph predicate expresses `rel`, and with swapped endpoints. A role
    edge ("role: chair") expresses the relations whose `roles` hold its post."""
    lowered = predicate.lower() if predicate else ""
    head = lowered.split(" ")[0]
    if head == "role:" and role_title(lowered) in rel.roles:
        return True, False
    if head in rel.predicates or _phrase_in(lowered, rel.predicates):
        return True, False
    if head in rel.reverse or _phrase_in(lowered, rel.reverse):
        return True, True
    return False, False


def _phrase_in(predicate: str, entries: frozenset[str]) -> bool:
    """A predicate matches an entry of several words when it starts with the entry's first word and holds the
    others in order ("take over from", "take over the chain from"), not by its first word alone ("take")."""
    words = predicate.split()
    for entry in (e.split() for e in entries if " " in e):
        if words[:1] == entry[:1] and _in_order(entry[1:], words[1:]):
            return True
    return False


def _in_order(needles: list[str], words: list[str]) -> bool:
    it = iter(words)
    return all(any(w == n for w in it) for n in needles)


@lru_cache(maxsize=256)
def cue_regex(rel_name: str, extra: tuple[str, ...] = ()) -> re.Pattern[str] | None:
    """Regex of the evidence words that state a relation (word-prefix match)."""
    rel = RELATIONS.get(rel_name)
    words = [w for w in ((rel.cues if rel else ()) + extra) if w]
    if not words:
        return None
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")", re.IGNORECASE)
