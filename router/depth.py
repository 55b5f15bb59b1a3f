"""How many hops a question's wording implies (pure): a check on plans that stop too early.

Every bridge marker adds a hop to the one the question asks directly:

    "the province where …"     a relative clause after a noun      ("where", "in which", "that", "who", …)
    "Lorn Tales's author"      a possessive name before a noun
    "the source of …"          "the <noun> of" (attribute phrases such as "place of birth" excepted)
    "what kind of university"  the class of what a verb asks ("… did X attend?")

"In which area of the province where the source of the Varn River is located …" implies three
hops; a two-step plan for it cannot honestly end "complete".
"""

from __future__ import annotations

import re


#: Verb phrases after a wh-word that ask for an attribute: (wh-pattern, verb pattern, relation).
_VERB_ATTRIBUTES: list[tuple[str, str, str]] = [
    (r"where", r"\bborn\b|\bbirth", "born_place"),
    (r"when|what year|which year|what date|what day|in what year|how old", r"\bborn\b|\bbirth", "born_date"),
    (r"where", r"\b(die|died|dies|pass(ed)? away|death)\b", "died_place"),
    (r"when|what year|which year|what date|in what year|how old", r"\b(die|died|dies|pass(ed)? away|death)\b", "died_date"),
    (r"how|why|what", r"\b(die|died|death|killed)\b", "death_cause"),
    (r"where", r"\b(buried|burial|interred)\b", "burial"),
    (r"where|which (school|university|college)|what (school|university|college)|what (kind|type|sort) of (school|university|college)",
     r"\b(study|studied|studies|educated|graduate|graduated|attend|attended|go to school)\b", "education"),
    (r"where|for whom|which company|what company", r"\b(work|works|worked|employed)\b", "employer"),
    (r"what nationality|which nationality|what country|which country|where", r"\b(from|nationality|citizen)\b|nationality", "nationality"),
    (r"which award|what award|which prize|what prize|what honou?r", r"\b(won|win|earn|earned|receive|received|get|got|given|awarded)\b",
     "award"),
    (r"when|what year|which year|what date|in what year",
     r"\b(released|release|founded|established|formed|published|premiered|created|built|opened|launched|aired|come out|came out)\b",
     "release_date"),
]

_WH_PLACE = re.compile(r"\b(?:in |at )?(?:which|what) (?:town|city|village|place|state|region|location)\b")
_WH_TIME = re.compile(r"\b(?:in |on )?(?:which|what) (?:year|date|day|month|decade|century)\b")


def verb_attribute(q: str) -> str:
    """The attribute asked by the wh-word and verb ("Where was … born?" -> born_place)."""
    low = _WH_TIME.sub(" when ", _WH_PLACE.sub(" where ", q.lower())).strip()
    for wh, verb, rel in _VERB_ATTRIBUTES:
        if re.match(rf"\s*(?:{wh})\b", low) and re.search(verb, low):
            return rel
        if re.search(rf"\b(?:{wh})\b", low) and re.search(verb, low) and rel != "nationality":
            return rel
    if re.search(r"\bfrom\b\s*\??$", low) and re.match(r"\s*(which|what) country|where", low):
        return "nationality"
    return ""


_ATTRIBUTE = re.compile(r"\b(?:place|date|cause|country|city|year|time|day|state|land)\s+of\s+"
                        r"(?:birth|death|burial|citizenship|origin|residence)\b", re.I)
_CLAUSE = re.compile(r"\b(?:the|a|an)\s+[a-z]+\s+(?:where|in which|at which|on which|from which|that|which|who|whom|whose)\b")
_POSSESSIVE = re.compile(r"\w['’]s\s+(?:[a-z]+\s+)?[a-z]+")
_OF = re.compile(r"\b(?:the|a|an)\s+(?:[a-z]+\s+)?(?P<noun>[a-z]+)\s+of\b")
_ASKED = re.compile(r"\b(?:is|was|are|were)\s+(?:the|a|an)\s+(?:[a-z]+\s+)?(?P<noun>[a-z]+)\s+(?:of|that|which|who|whom|where|in which)\b")
_KIND_OF = re.compile(r"\s*(?:what|which)\s+(?:kind|type|sort)\s+of\s+[a-z]+\b", re.I)
_NOT_BRIDGES = frozenset("name kind type part number one first last end rest half most some many all area term "
                         "amount period era time year date beginning start middle attribute east west north south".split())


def implied_hops(question: str) -> int:
    """1 + the number of bridge markers in the question's wording."""
    q = _ATTRIBUTE.sub(" attribute ", question)
    markers = len(_CLAUSE.findall(q)) + len(_POSSESSIVE.findall(q))
    markers += sum(1 for m in _OF.finditer(q) if m.group("noun") not in _NOT_BRIDGES)
    # "Who was the first president of …": the copula's noun is the asked relation, not a bridge
    # (unless a verb asks the attribute: "Where was the director of X born?")
    if (m := _ASKED.search(q)) and m.group("noun") not in _NOT_BRIDGES and not verb_attribute(q):
        markers -= 1
    # "What kind of university did X attend?": the class of the attended university is one more hop
    if _KIND_OF.match(q) and verb_attribute(q):
        markers += 1
    return 1 + max(0, markers)


def plan_steps(hops: list[int]) -> int:
    """The number of plan hops (the largest hop number of the plan's requirement sub-queries)."""
    return max(hops, default=1)
