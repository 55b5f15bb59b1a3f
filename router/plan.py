"""Turning a parsed question into evidence requirements and an ordered plan (pure functions).

Each anchor gets one requirement per relation of its chain; a requirement after the first
depends on the one before and names its entity by placeholder ("{R1}"), which the hop loop
fills with the bridge entity the grader found. Sub-queries of one plan hop run together, so a
comparison fans out one sub-query per compared entity in the same hop.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hopgraph.models import EvidenceRequirement, SubQuery
from hopgraph.router.coherence import answer_before
from hopgraph.router.question_verb import with_past_form
from hopgraph.router.spans import ParsedQuestion, content_words
from hopgraph.router.understand import CONFIDENT
from hopgraph.router.vocab import OPEN_BRIDGE, RELATIONS

#: How a requirement reads in traces: "director of X", "date of birth of {R1}".
_LABEL = {
    "director": "director", "composer": "composer", "performer": "performer", "producer": "producer",
    "writer": "author", "creator": "creator", "founder": "founder", "publisher": "publisher",
    "father": "father", "mother": "mother", "spouse": "spouse", "child": "child", "sibling": "sibling",
    "born_place": "place of birth", "born_date": "date of birth", "died_place": "place of death",
    "died_date": "date of death", "death_cause": "cause of death", "burial": "place of burial",
    "nationality": "nationality", "country": "country", "education": "education", "employer": "employer",
    "award": "award", "occupation": "occupation", "population": "population",
    "named_after": "namesake", "raised_place": "place grown up in", "release_date": "date",
    OPEN_BRIDGE: "entity linked",
}

SourceFor = Callable[[str], str]


def placeholder(requirement_id: str) -> str:
    return "{" + requirement_id + "}"


def label(relation: str) -> str:
    return _LABEL.get(relation, relation)


#: A relation's query phrase ending in one of these follows its subject ("X named after").
_TRAILING_PREPOSITIONS = frozenset("after by for from in".split())
#: Relations whose query follows its subject as a verb does ("X founded": what X founded; a date of X's making).
_SUBJECT_FIRST = frozenset(("release_date", "founded"))


def query_text(relation: str, entity: str, kind: str = "", post: str = "", date_verb: str = "", part: str = "") -> str:
    """A short keyword query for one fact: "director of film Nobody We Knew"; a leader by the post the
    question names ("chairman of Y"), so holders of that post come before the body's other leaders; the date of
    a making by the question's verb ("Y founded"), not as a release date; where a thing lies by the part of a
    country asked ("state of Y")."""
    subject = f"{kind} {entity}".strip()
    if relation == "leader" and post:
        return f"{post} of {subject}"
    if relation == "country" and part:
        return f"{part} of {subject}"
    if relation == "release_date" and date_verb:
        return f"{subject} {with_past_form(date_verb)}"
    if relation in RELATIONS:
        query = RELATIONS[relation].query
        if relation in _SUBJECT_FIRST or query.split()[-1] in _TRAILING_PREPOSITIONS:  # "X named after", not "… of X"
            return f"{subject} {query}"
        return f"{query} of {subject}"
    return f"{subject} {relation}".strip()


def build_plan(parsed: ParsedQuestion, question: str, source_for: SourceFor,
               whole_source: str = "hybrid") -> tuple[list[EvidenceRequirement], list[SubQuery]]:
    """Requirements (hop-major order) and the sub-queries that look for them; `whole_source` is the
    retrieval that runs the whole question ("graph" when there is a knowledge graph)."""
    if not parsed.anchors:
        return _single_free(question, [], " ".join(parsed.free_words), whole_source)
    chain = parsed.chain or [" ".join(parsed.free_words)]
    if not parsed.chain and len(parsed.anchors) == 1:
        reqs, plan = _single_free(question, parsed.anchors, chain[0], whole_source)
        if parsed.confidence < CONFIDENT and asked_of_bridge(question, parsed.anchors):
            generic_bridge(parsed, question, reqs, plan)  # no relation read: the question may lead through a name
        return reqs, plan
    chains = parsed.chains or [chain] * len(parsed.anchors)  # one chain per anchor when the sides differ
    reqs: list[EvidenceRequirement] = []
    plan: list[SubQuery] = []
    prev_of: dict[int, str] = {}
    last_of: dict[int, tuple[str, str | None, int]] = {}  # anchor -> its last step's entity, dependency and hop
    n = 0
    for step in range(1, max(len(c) for c in chains) + 1):
        for a, anchor in enumerate(parsed.anchors):
            if step > len(chains[a]):
                continue
            relation = chains[a][step - 1]
            n += 1
            rid = f"R{n}"
            dep = prev_of.get(a)
            entity = anchor if dep is None else placeholder(dep)
            about_topic = dep is not None and step == len(chains[a]) and bool(parsed.topic_words)
            reqs.append(EvidenceRequirement(
                id=rid, description=f"{label(relation)} of {entity}", entities=[entity],
                relation=relation, depends_on=dep, topic=parsed.topic_words if about_topic else [],
                answer=parsed.answers.get(relation, "") or (parsed.part if relation == "country" else "")
                or (answer_before(relation, chains[a][step])
                    if step < len(chains[a]) and relation != OPEN_BRIDGE else ""),
                post=parsed.post if relation == "leader" else "", noun=parsed.nouns.get(relation, ""),
            ))
            open_hop = relation == OPEN_BRIDGE  # the whole question finds the unnamed bridge
            text = question.strip() if open_hop else query_text(relation, entity, parsed.kind if dep is None else "",
                                                                       parsed.post, parsed.date_verb, parsed.part)
            if dep is None and not open_hop and parsed.qualifiers.get(anchor):  # "2023 women's": which edition
                text += " " + " ".join(parsed.qualifiers[anchor])
            if about_topic:  # "{R1} release date astronomical clock": a fact of the clock, not of the city
                text += " " + " ".join(parsed.topic_words)
            if dep is not None and step == len(chains[a]) and not open_hop and OPEN_BRIDGE not in chain:
                text += "".join(" " + name for name in parsed.other_names)  # "In Y, who does X's producer play?"
            source = whole_source if open_hop else "hybrid" if about_topic else source_for(relation)
            plan.append(SubQuery(
                text=text,
                source=source, requirement_id=rid, depends_on=dep,
                extract=f"bridge entity of {dep}" if dep else "", hop=step, entity=entity, relation=relation,
            ))
            prev_of[a] = rid
            if step == len(chains[a]):
                last_of[a] = (entity, dep, step)
    n = _also_facts(parsed, last_of, n, source_for, reqs, plan)
    if plan and plan[0].text != question.strip():
        # the whole question runs beside the first hop: a safety net when a bridge cannot be read, or a compared
        # side's own search misses the document that states its fact ("A opened in May" in a news lede)
        plan.append(SubQuery(text=question.strip(), source=whole_source, hop=1, extract="the question as asked"))
    if OPEN_BRIDGE in chain:  # the other names the question gives lead to the unnamed bridge too
        plan += other_name_queries(parsed, whole_source)
    if parsed.confidence < CONFIDENT and whole_source != "hybrid":
        # a reading with words no relation explains: the question also runs as plain hybrid search, whose
        # hits share the first places (the graph can mislead on documents it reads poorly)
        plan.append(SubQuery(text=question.strip(), source="hybrid", hop=1, extract="the question as asked (hybrid)"))
    if parsed.confidence < CONFIDENT and OPEN_BRIDGE not in chain and parsed.shape not in ("comparison", "bridge_comparison"):
        generic_bridge(parsed, question, reqs, plan)
    return reqs, plan


def _also_facts(parsed: ParsedQuestion, last_of: dict[int, tuple[str, str | None, int]], n: int, source_for: SourceFor,
                reqs: list[EvidenceRequirement], plan: list[SubQuery]) -> int:
    """The further facts a comparison needs of each side, beside the compared one ("Who lived longer?": each one's
    death beside their birth), asked of what the side's last step is asked of; the requirement count after them."""
    for a, (entity, dep, step) in sorted(last_of.items()):
        for relation in parsed.also:
            n += 1
            rid = f"R{n}"
            reqs.append(EvidenceRequirement(id=rid, description=f"{label(relation)} of {entity}", entities=[entity],
                                            relation=relation, depends_on=dep))
            text = query_text(relation, entity, parsed.kind if dep is None else "")
            if dep is None and parsed.qualifiers.get(entity):
                text += " " + " ".join(parsed.qualifiers[entity])
            plan.append(SubQuery(text=text, source=source_for(relation), requirement_id=rid, depends_on=dep,
                                 extract=f"bridge entity of {dep}" if dep else "", hop=step, entity=entity,
                                 relation=relation))
    return n


def other_name_queries(parsed: ParsedQuestion, source: str) -> list[SubQuery]:
    """ "the series produced by X and starring Y", read as an open bridge from X: Y with the first words of the
    open relation is searched too, in the first hop (no requirement: its hits fill the ranking beside the others)."""
    words = parsed.chain[-1].split() if len(parsed.anchors) == 1 else []
    out = []
    for name in parsed.other_names:
        own = set(name.lower().split())
        text = " ".join([name] + [w for w in words if w not in own][:3])
        out.append(SubQuery(text=text, source=source, hop=1, extract=f"another name the question gives: {name}"))
    return out


#: Requirement ids of the generic bridge search start with this letter (the relation plan's use "R").
GENERIC = "G"


def generic_bridge(parsed: ParsedQuestion, question: str, reqs: list[EvidenceRequirement], plan: list[SubQuery]) -> None:
    """Beside a plan read with low confidence, the generic bridge search: the names the question's top
    hits add to it (an open bridge of the anchor) and then those names with the question's words."""
    anchor = parsed.anchors[0]
    words = " ".join(w for w in parsed.free_words or [] if w) or " ".join(parsed.topic_words)
    rest = asked_of_bridge(question, parsed.anchors) or words or \
        " ".join(r for r in parsed.chain if r not in RELATIONS) or label(parsed.chain[-1])
    reqs += [EvidenceRequirement(id=f"{GENERIC}1", description=f"entity linked to {anchor}", entities=[anchor],
                                 relation=OPEN_BRIDGE),
             EvidenceRequirement(id=f"{GENERIC}2", description=f"{rest} of {{{GENERIC}1}}", entities=[f"{{{GENERIC}1}}"],
                                 relation=rest, depends_on=f"{GENERIC}1")]
    plan += [SubQuery(text=question.strip(), source="hybrid", requirement_id=f"{GENERIC}1", hop=1, entity=anchor,
                      relation=OPEN_BRIDGE, extract="generic bridge: names the top hits add"),
             SubQuery(text=f"{{{GENERIC}1}} {rest}", source="hybrid", requirement_id=f"{GENERIC}2",
                      depends_on=f"{GENERIC}1", hop=2, entity=f"{{{GENERIC}1}}", relation=rest,
                      extract=f"bridge entity of {GENERIC}1")]


def asked_of_bridge(question: str, anchors: list[str], limit: int = 12) -> str:
    """The question re-asked of a bridge: its content words with the anchors taken out ("Who chairs the board
    of the firm that bought Tarrow Mills?" -> "chairs board firm bought"). A plan read with low confidence may
    have left words out of its relations (the asked noun, a time, another name); the generic bridge search asks
    them all of every name the question's top hits add, as a reader would put that name in the anchor's place."""
    for a in sorted(anchors, key=len, reverse=True):
        question = re.sub(rf"(?<!\w){re.escape(a)}(?!\w)", " ", question, flags=re.I) if a else question
    return " ".join(content_words(question, limit=limit, years=True))


def _single_free(question: str, anchors: list[str], relation: str,
                 source: str = "hybrid") -> tuple[list[EvidenceRequirement], list[SubQuery]]:
    """One requirement for a question whose relation the vocabulary does not know: ask it as is, with the
    retrieval that runs whole questions (graph-hybrid when there is a graph)."""
    req = EvidenceRequirement(id="R1", description=question, entities=anchors[:1], relation=relation)
    return [req], [SubQuery(text=question, source=source, requirement_id="R1", hop=1,
                            entity=anchors[0] if anchors else "", relation=relation)]
