"""Reading a question's shape from its wording (pure functions, no models).

`parse_question` returns a `ParsedQuestion`: the anchor entities the question names, the
chain of relations leading from each anchor to the answer, and for comparisons the order
asked for. Examples (relations outward from the anchor):

    "Where was the director of film X born?"          X: director -> born_place        (bridge)
    "Who is the father of Y's wife?"                   Y: spouse -> father              (bridge)
    "Who is the maternal grandfather of Z?"            Z: mother -> father              (inference)
    "Who was born first, A or B?"                      A, B: born_date, earliest        (comparison)
    "Which film has the director born earlier, A or B?" A, B: director -> born_date     (bridge_comparison)
    "In what year was W founded?"                      W: release_date                  (temporal)

Entity spans come from `spans` (graph-linked names, spaCy entities, capitalised runs),
computed by the caller, so this module works on any of them.
"""

from __future__ import annotations

import re

from hopgraph.router.clauses import Clause, relative_clause
from hopgraph.router.compare import compared_entities, is_comparison_question, parse_comparison
from hopgraph.router.spans import KIND_PATTERN, KIND_WORDS, ParsedQuestion, Span, content_words
from hopgraph.router.vocab import OPEN_BRIDGE, RELATIONS, chain_of_noun, noun_regex

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

#: Verbs that name a relation in "Who directed X?" / "Who is married to X?".
_VERB_RELATIONS = {
    "directed": "director", "composed": "composer", "wrote": "writer", "written": "writer", "produced": "producer",
    "founded": "founder", "established": "founder", "performed": "performer", "sang": "performer", "sung": "performer",
    "married": "spouse", "created": "creator", "designed": "creator", "invented": "creator", "developed": "creator",
    "published": "publisher",
}


#: A question with no known relation and at least this many content words is planned as a bridge.
OPEN_BRIDGE_WORDS = 5


# ---------------------------------------------------------------- chains


def noun_chain_around(q: str, anchor: Span) -> tuple[list[str], list[str], bool]:
    """Relations named around the anchor: "the A of the B of X's C" -> ([C], [B, A], used a composite)."""
    composite = False
    poss: list[str] = []
    if anchor.possessive:  # "X's father's wife" -> father, spouse
        tail = re.sub(r"^\.?['’][sS]", "", q[anchor.end:])
        while m := noun_regex().match(tail.lstrip()):
            chain = chain_of_noun(m.group())
            composite |= len(chain) > 1
            poss += chain
            tail = tail.lstrip()[m.end():]
            if not re.match(r"['’]s\b", tail):
                break
            tail = tail[2:]
    of_chain: list[str] = []
    cursor = anchor.start
    # walk left: "<noun> of (the)? (kind)?" directly before the anchor, then before that noun, …
    # the nearest noun is the innermost relation, so the walk yields outward order.
    while True:
        m = re.search(r"(?P<noun>" + noun_regex().pattern + r")\s+of\s+(?:the\s+|a\s+|an\s+)?(?:" + KIND_PATTERN + r"\s+)?$",
                      q[:cursor], re.IGNORECASE)
        if not m:
            break
        chain = chain_of_noun(m.group("noun"))
        composite |= len(chain) > 1
        of_chain += chain
        cursor = m.start()
    return poss, of_chain, composite


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


def verb_relation(q: str, anchor: Span) -> str:
    """ "Who directed X?" -> director; "Who is X married to?" -> spouse."""
    low = q.lower()
    for verb, rel in _VERB_RELATIONS.items():
        if re.search(rf"\b{verb}\b", low) and (re.match(r"\s*(who|whom|by whom|which person|what person)\b", low)
                                               or re.search(r"\bby whom\b|\bwho\b", low)):
            return rel
    return ""


def passive_relation(after: str) -> list[str]:
    """ "X was produced by a man born in …": the passive verb names a relation to an unnamed bridge."""
    m = re.search(r"\b(\w+) by (?:a|an|the|someone|somebody)\b(?:\s+(?:man|woman|person|company|group|band|studio))?", after)
    rel = _VERB_RELATIONS.get(m.group(1).lower()) if m else None
    return [rel] if rel else []


def _unknown_of_noun(q: str, anchor: Span) -> bool:
    """ "the receiver of X": a noun the vocabulary does not know, naming an entity related to the anchor."""
    m = re.search(r"\bthe\s+([a-z]+)\s+of\s+(?:the\s+)?$", q[: anchor.start])
    return m is not None and m.group(1) not in ("name", "kind", "type", "part", "year", "date", "number")


def kind_before(q: str, anchor: Span) -> str:
    m = re.search(r"\b(" + "|".join(KIND_WORDS) + r")s?\s+$", q[: anchor.start], re.IGNORECASE)
    return m.group(1).lower() if m else ""


# ---------------------------------------------------------------- the parser


def parse_question(question: str, spans: list[Span]) -> ParsedQuestion:
    """Shape, anchors and relation chain of a question, from its words and entity spans."""
    q = question.strip().rstrip("?").strip()
    spans = [s for s in spans if s.end <= len(q)]
    pair = compared_entities(q, spans)
    if len(pair) >= 2 and is_comparison_question(q, pair):
        return parse_comparison(q, pair)
    anchor = _pick_anchor(q, spans)
    if anchor is None:
        return ParsedQuestion("open", free_words=content_words(q), reason="no entity found in the question")
    if (start := described_from(q, anchor)) is not None:  # "the Jamaican singer born in 1952 in Kingston"
        outside = q[:start] + " " + q[anchor.end:]  # the bridge's fact: the words outside its description
        rest = content_words(outside, limit=12)
        return ParsedQuestion("bridge", [anchor.text], [OPEN_BRIDGE, " ".join(rest)], kind=kind_before(q, anchor),
                              free_words=content_words(q, anchor),
                              reason=f"open bridge described by {anchor.text!r} (born/from)")
    clauses, outer_q, head = nested_clauses(q, anchor)
    poss, of_chain, composite = noun_chain_around(outer_q, head)
    inner = [c.relation for c in clauses] + poss  # what the entity phrase itself names
    outer = of_chain
    if not outer:
        rel = verb_relation(outer_q[: head.start] if clauses else outer_q, head)
        outer = [rel] if rel else []
    chain = inner + outer or passive_relation(outer_q[head.end:])
    attr = verb_attribute(_blank_chain_nouns(outer_q))
    last = RELATIONS.get(chain[-1]) if chain else None
    topic: list[str] = []
    if attr and attr != (chain[-1] if chain else "") and (last is None or last.answer != "date"):
        chain.append(attr)
        topic = _topic_words(outer_q, head) if len(chain) > 1 else []
    elif chain and (rest := _outer_words(outer_q, head)):
        chain.append(" ".join(rest))  # "What is the population of [the state where X is]": a free-text last hop
    kind = kind_before(q, anchor)
    if not chain:
        words = content_words(q, anchor)
        if len(words) >= OPEN_BRIDGE_WORDS or _unknown_of_noun(q, anchor):  # assume one unnamed bridge
            rest = content_words(q, anchor, limit=12)  # up to the answer's words, which come last
            return ParsedQuestion("bridge", [anchor.text], [OPEN_BRIDGE, " ".join(rest)], kind=kind, free_words=words,
                                  reason=f"open bridge from {anchor.text!r} (no known relation)")
        return ParsedQuestion("single", [anchor.text], [], kind=kind, free_words=words,
                              reason=f"one entity ({anchor.text!r}), no known relation")
    if len(chain) == 1:
        shape = "temporal" if chain[0] in RELATIONS and RELATIONS[chain[0]].answer == "date" else "single"
        return ParsedQuestion(shape, [anchor.text], chain, kind=kind,
                              reason=f"{chain[0]} of {anchor.text!r}")
    shape = "inference" if composite else "bridge"
    return ParsedQuestion(shape, [anchor.text], chain, kind=kind, topic_words=topic,
                          reason=f"{' -> '.join(chain)} starting from {anchor.text!r}")


_DESCRIBED = re.compile(r"\b(?:[a-z]+er|[a-z]+ist|[a-z]+or|[a-z]+ian|man|woman|person|actor|actress|singer|player|band|group)"
                        r"\s+(?:who\s+was\s+|who\s+is\s+)?(?:born|raised|based|formed)\s+(?:(?:in|on)\s+[\w ,]{0,25}?\s+)?"
                        r"(?:in|from)\s+(?:the\s+)?$", re.IGNORECASE)


def described_from(q: str, anchor: Span) -> int | None:
    """Where the description starts when the anchor is where an unnamed person or group was born, raised,
    based or formed ("the Jamaican reggae singer born in 1952 in Kingston, Jamaica", "a band formed in
    Leeds"): the anchor then describes the bridge instead of being the subject of the question's relation.
    None when it does not."""
    m = _DESCRIBED.search(q[: anchor.start])
    if m is None:
        return None
    articles = list(re.finditer(r"\b(?:the|a|an)\s", q[: m.start()], re.IGNORECASE))
    return articles[-1].start() if articles else m.start()


MAX_CLAUSES = 3  # nested relative clauses read into one chain


def nested_clauses(q: str, anchor: Span) -> tuple[list[Clause], str, Span]:
    """Relative clauses around the anchor, innermost first, each clause's head standing for the next bridge:
    "the country where [the city where X was born] is located" -> born_place, country. Returns the
    clauses, the question with them cut out, and the outermost head (the anchor when there is none)."""
    clauses: list[Clause] = []
    head = anchor
    while len(clauses) < MAX_CLAUSES and (clause := relative_clause(q, head)) is not None:
        clauses.append(clause)
        q, head = q[: clause.start] + q[clause.end:], clause.head
    return clauses, q, head


def _outer_words(q: str, head: Span) -> list[str]:
    """Content words of the question outside the entity phrase and its relation nouns."""
    text = _blank_chain_nouns(q[: head.start] + " " + q[head.end:])
    text = re.sub(r"\b(?:of|the|a|an)\b", " ", noun_regex().sub(" ", text))
    skip = {"name", "located", "kind", "type", "called", "person", "one", *KIND_WORDS, *_VERB_RELATIONS}
    return [w for w in content_words(text) if w not in skip and w.rstrip("s") not in skip][:4]


def _topic_words(q: str, head: Span) -> list[str]:
    """Words outside the entity phrase that are neither relation nouns nor attribute verbs: "When was the
    astronomical clock built in the city where X died?" -> astronomical, clock (the last hop's subject)."""
    verbs = [v for _, v, _ in _VERB_ATTRIBUTES]
    return [w for w in _outer_words(q, head) if not any(re.search(v, w) for v in verbs) and w not in _WH_WORDS]


_WH_WORDS = frozenset("when where year date day month place town city kind type many much long old man woman person".split())


def _blank_chain_nouns(q: str) -> str:
    """Hide relation nouns used as "<noun> of" or "'s <noun>" so they are not read as the asked verb."""
    pat = noun_regex().pattern
    q = re.sub(r"(?:" + pat + r")(?=\s+of\b)", lambda m: " " * len(m.group()), q, flags=re.IGNORECASE)
    return re.sub(r"(?<=['’]s )(?:" + pat + r")", lambda m: " " * len(m.group()), q, flags=re.IGNORECASE)


def _pick_anchor(q: str, spans: list[Span]) -> Span | None:
    """The entity a chain starts from: possessive or "of"-object spans first, else the last span."""
    if not spans:
        return None
    for s in spans:
        if s.possessive and noun_regex().match(q[s.end:].lstrip(".'’sS ")):
            return s
    for s in spans:
        if re.search(r"\bof\s+(?:the\s+|a\s+|an\s+)?(?:" + KIND_PATTERN + r"\s+)?$", q[: s.start], re.IGNORECASE):
            return s
    in_clause = [s for s in spans if not re.fullmatch(r"[\d\s.,/-]+", s.text) and _known_clause(q, s)]
    return max(in_clause or spans, key=lambda s: (s.end - s.start))


def _known_clause(q: str, span: Span) -> bool:
    """The span sits in a relative clause with a relation of the vocabulary ("the country containing X",
    "the studio that produced X"): the chain starts there."""
    clause = relative_clause(q, span)
    return clause is not None and clause.relation in RELATIONS
