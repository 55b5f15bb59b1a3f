"""What kind of thing an open bridge is: the question's words for it and the text's for a candidate (pure).

"the receiver of X" or "someone was mayor of X" asks a person, "the city where X" a place (`bridge_kind`,
checked against the graph's entity types by `kind_fit`); "starred in a series" gives the class noun "series"
(`class_nouns`), which the text may use to introduce a name ("the television series Charmed", `introduced_as`)
or its page to define its subject ("X is a fictional character", `page_class`). English has several nouns
for one class ("a movie" is "a film"): they are read as one.
"""

from __future__ import annotations

import re

from hopgraph.hops.chunk_view import ChunkView

_BRIDGE_NOUN = re.compile(r"\bthe\s+(?:[a-z]+\s+)?(?P<noun>[a-z]+)\s+(?:of|who|whom|whose|that|behind)\b")
_PERSON_NOUNS = frozenset("person man woman individual people father mother son daughter wife husband spouse "
                          "brother sister child parent".split())
_PLACE_NOUNS = frozenset("place city town village country state county region location birthplace continent".split())
#: Nouns of organisations: the bridge the text names with an organisation's name.
_ORG_NOUNS = frozenset("firm company business group organisation organization practice agency studio charity trust "
                       "society club association council college school university label publisher partnership "
                       "chain brewery maker manufacturer".split())
#: A described noun of a question that names nothing: "the woman (who was) voted in as chair", "the firm that
#: rebuilt the organ", "the director who was in post when …". The clause after it tells which one is meant.
_DESCRIBED_NOUN = re.compile(r"\bthe\s+(?:[a-z]+\s+)?(?P<noun>[a-z]+)\s+"
                             r"(?:who|whom|whose|that|behind|[a-z]+ed\s+(?:in|as|by|to|for|on|at)\b)", re.I)
#: Agent nouns ("receiver", "organist", "chairman") name people; these words end the same way and do not.
_NOT_AGENTS = ("number", "order", "river")


_SOMEONE = re.compile(r"\b(?:someone|somebody)\s+(?:\w+\s+){0,2}$", re.I)


def bridge_kind(question: str, anchors: list[str]) -> str:
    """What the unnamed bridge is, from its noun before the anchor: "the receiver of X" -> person (an agent
    noun), "the city where X" -> place, "the firm behind X" -> organisation; "" when the wording does not say.
    A question with no anchor describes its bridge instead ("the woman voted in as chair in 2019"): the last
    noun a clause describes is the bridge."""
    end = min((i for a in anchors if (i := question.find(a)) >= 0), default=len(question))
    if _SOMEONE.search(question[:end]):  # "someone was premier of X": a person
        return "person"
    nouns = [m.group("noun") for m in _BRIDGE_NOUN.finditer(question[:end]) if _leads_to_anchor(question[m.end():end])]
    if not nouns and not anchors:
        nouns = [m.group("noun") for m in _DESCRIBED_NOUN.finditer(question)]
    return noun_kind(nouns[-1].lower()) if nouns else ""


def noun_kind(noun: str) -> str:
    """"place", "person" or "org" for a noun of the question ("city", "receiver", "firm"); "" for others."""
    if noun in _PLACE_NOUNS:
        return "place"
    if noun in _ORG_NOUNS:
        return "org"
    if noun in _PERSON_NOUNS or re.search(r"(?:er|or|ist|ian|man|person)$", noun) and noun not in _NOT_AGENTS:
        return "person"
    return ""


def _leads_to_anchor(gap: str) -> bool:
    """The words between "the <noun> of/who" and the anchor: none but an article ("the receiver of the X"),
    or a short clause ("the individual who prepared X"), never another "of" phrase ("the place of death of X")."""
    return re.fullmatch(r"\s*(?:the|a|an)?\s*", gap) is not None or (len(gap.split()) <= 4 and " of " not in f" {gap} ")


_KIND_TYPES = {"person": {"PERSON"}, "place": {"GPE", "LOC", "FAC"}, "org": {"ORG"}}
_NOT_PERSON = {"GPE", "LOC", "FAC", "ORG", "NORP"}


def kind_fit(view: ChunkView, name: str, expect: str) -> int:
    """1 when the graph types the name as the expected bridge kind, -1 when only as other kinds (a country
    or a club for a person; a person for a place or an organisation), 0 when unknown or untyped."""
    if not expect or view.kg is None:
        return 0
    types = view.types_of(name)
    if types & _KIND_TYPES[expect]:
        return 1
    other = _NOT_PERSON if expect == "person" else {"PERSON"}
    return -1 if types & other else 0


CLASS_NOUNS = frozenset(
    "film movie song single album book novel series show band group work play opera game magazine newspaper "
    "company team club station network label university college school church river mountain island character "
    "city town village county state province region "
    # the classes of organisations' and people's own documents: what a bridge is introduced as ("its new research
    # ship, the RV X"; "the festival, Brackenfold")
    "ship telescope festival conference prize grant project foundation trust charity society institute laboratory "
    "hospital academy venue stadium studio museum gallery theatre orchestra choir committee council agency brewery "
    "distillery dairy farm cooperative shop restaurant hotel bridge building factory airline airport publisher "
    "imprint journal".split())
#: Places smaller than a country: a country is never "the city" a question leads through.
PLACE_PARTS = frozenset("city town village county state province region".split())


#: Class nouns English uses for the same class ("a movie" is "a film"), mapped to one of them.
_SAME_CLASS = {"movie": "film", "show": "series", "programme": "series", "program": "series", "firm": "company",
               "track": "song", "novel": "book", "vessel": "ship", "boat": "ship", "lab": "laboratory",
               "theater": "theatre", "award": "prize"}


def class_word(word: str) -> str:
    """ "films" -> "film", "movies" -> "film" (one word per class); "series" stays."""
    word = word if word == "series" else word.rstrip("s")
    return _SAME_CLASS.get(word, word)


def class_nouns(question: str, anchors: list[str]) -> set[str]:
    """The class nouns the question gives the bridge ("starred in a series that ..."), singular; not those
    of an anchor ("the composer of song Paper Lanterns": "song" is the anchor's class) nor inside its name."""
    text = question
    for a in anchors:
        if a:
            text = re.sub(rf"(?:\b[A-Za-z]+\s+){{0,2}}{re.escape(a)}", " ", text)
    words = {class_word(w.lower()) for w in re.findall(r"[A-Za-z]+", text)}
    return words & CLASS_NOUNS


def introduced_as(sentence: str, name: str, nouns: set[str]) -> bool:
    """The sentence calls the name by one of the nouns: "the television series Charmed", "the film
    'X'", "X (TV series)", "X, a 1994 film"."""
    i = sentence.find(name)
    if i < 0:
        return False
    before = re.findall(r"[A-Za-z]+", sentence[max(0, i - 40):i].lower())[-3:]
    after = re.findall(r"[A-Za-z]+", sentence[i + len(name):i + len(name) + 30].lower())[:3]
    tagged = re.findall(r"\(([^)]*)\)", name.lower())
    return any(class_word(w) in nouns for w in before + after + [x for t in tagged for x in t.split()])


_COPULA = re.compile(r"\b(?:is|was|are|were)\s+(?:a|an|the|one of the)\s+([^,.;:()]*)")
_PHRASE_END = frozenset("of on in by for from with and or that which who whom whose based set located".split())


def page_class(view: ChunkView) -> str:
    """What a page's opening sentence calls its subject: the head noun of "X is a/an/the ..." ("an American
    television series that aired ..." -> series; "a fictional character on ..." -> character); "" if none."""
    if not view.sents or (m := _COPULA.search(view.sents[0][1])) is None:
        return ""
    words: list[str] = []
    for w in m.group(1).lower().split()[:8]:
        if w in _PHRASE_END:
            break
        words.append(w)
    words = [class_word(re.sub(r"[^a-z-]", "", w)) for w in words]
    known = [w for w in words if w in CLASS_NOUNS]  # "a rock band formed in ..." -> band
    return known[-1] if known else (words[-1] if words else "")


_WH_KIND = re.compile(r"\b(?:what|which)\s+([a-z]{3,})\b", re.I)
_NOT_KINDS = frozenset("is was are were did does do has had year date day kind type name part one".split())


def asked_kind(question: str) -> str:
    """The noun of "what film" / "which station": the kind of thing the question is about ("" if none)."""
    m = _WH_KIND.search(question)
    return m.group(1).lower() if m and m.group(1).lower() not in _NOT_KINDS else ""


_WH_THE = re.compile(r"\b(?:what|which)\s+(?:is|was|are|were)\s+the\s+([a-z]{3,})\b", re.I)


def asked_class(question: str) -> str:
    """The class of the answer, not of the bridge: "what film …", "what is the airport in that city called?"."""
    m = _WH_THE.search(question)
    return class_word(m.group(1).lower()) if m else class_word(asked_kind(question))


def is_kind(view: ChunkView, kind: str) -> bool:
    """The chunk's opening sentence calls its subject a `kind` ("… is a 1970 animated film")."""
    return bool(kind and view.sents) and re.search(rf"\b{re.escape(kind)}", view.sents[0][1], re.I) is not None
