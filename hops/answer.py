"""A short answer from a hop-loop result, citing chunk ids.

With an LLM configured and `hopgraph.hops.llm_answer.llm_answer` available, that writes it.
Otherwise the answer is extractive: the answer entity (the bridge entity of the last
requirement of the chain; for a comparison, the compared entity whose date is earlier or
later, or whether the values agree) and the sentence that supports it, cited as [chunk_id].
When the loop did not end complete, the entity is labelled a guess instead of an answer and a "partial
evidence" notice is added; an entity reached only at an intermediate step of the chain is no answer at all.

The lines read as plain sentences: the answer, then each step of the chain with the sentence that
states it, quoted only when it is a sentence of a document (a grader's note such as "open reading: …"
is never quoted), and no internal relation names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hopgraph.indexing.normalize import normalize, parse_date
from hopgraph.models import AgenticRetrievalResult, RequirementAssessment

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph

ANSWER = "Answer: "  # how an answer the evidence bears out in full starts
GUESS = "Best guess, not confirmed: "  # the same entity when the loop stopped before every requirement was supported
PARTIAL = "Partial evidence: the hop loop stopped ({reason}) before every requirement was supported."
NOTE_PREFIXES = ("open reading:",)  # what graders write in evidence_sentence that no document says


def is_quotable(sentence: str) -> bool:
    """Whether an assessment's evidence_sentence is a document's sentence (not a grader's note)."""
    text = sentence.strip()
    return bool(text) and not text.lower().startswith(NOTE_PREFIXES)


def compose_answer(hg: HopGraph, result: AgenticRetrievalResult) -> str:
    """The LLM's cited answer when one is configured and answers, else the extractive one."""
    if hg.settings.llm.enabled:
        from hopgraph.hops.llm_answer import llm_answer

        text = llm_answer(hg, result)
        if text:  # None when the LLM failed: fall back to the extractive answer
            return "\n".join([text, *conflict_lines(result)])
    return extractive_answer(result)


def extractive_answer(result: AgenticRetrievalResult) -> str:
    """The answer entity and its supporting sentence, cited; pure. When the loop did not end complete, the entity
    is given as a guess ("Best guess, not confirmed: …"), never as "Answer: …": on documents not written as
    encyclopedia pages such guesses were right about one time in five."""
    lines = _comparison_lines(result) if result.route and result.route.shape in ("comparison", "bridge_comparison") else []
    if not lines:
        lines = _chain_lines(result)
    if not lines:
        lines = ["No answer could be read from the retrieved evidence."]
    if result.termination_reason != "complete" and lines[0].startswith(ANSWER):
        lines[0] = GUESS + lines[0][len(ANSWER):]
    lines += conflict_lines(result)
    if result.termination_reason != "complete":
        lines.append(PARTIAL.format(reason=result.termination_reason))
    return "\n".join(lines)


def conflict_lines(result: AgenticRetrievalResult) -> list[str]:
    """Disagreeing evidence is stated, never silently resolved (`hopgraph.hops.conflicts`)."""
    from hopgraph.hops.conflicts import describe_conflict

    return [describe_conflict(c) for c in result.conflicts]


def _assessments(result: AgenticRetrievalResult) -> dict[str, RequirementAssessment]:
    for trace in reversed(result.traces):
        if trace.decision is not None:
            return {a.requirement_id: a for a in trace.decision.assessments}
    return {}


def _cite(a: RequirementAssessment) -> str:
    sentence = " ".join(a.evidence_sentence.split()) if is_quotable(a.evidence_sentence) else ""
    cites = "".join(f"[{c}]" for c in a.evidence_chunk_ids[:1])
    return f'"{sentence}" {cites}' if sentence else (f"see {cites}" if cites else "")


def _chain_lines(result: AgenticRetrievalResult) -> list[str]:
    by_id = _assessments(result)
    reqs = result.route.requirements if result.route else []
    supported = [by_id[r.id] for r in reqs if r.id in by_id and by_id[r.id].status == "supported"]
    if not supported:
        return []
    leads_on = {r.depends_on for r in reqs if r.depends_on}  # a requirement another one follows is a step, not the end
    ends = [a for a in supported if a.requirement_id not in leads_on]
    if not ends:  # the evidence stops at an intermediate step: its entity is no answer to the question
        return ["No answer: the evidence found stops before the question's last step.", *_step_lines(supported)]
    last = ends[-1]
    answer = last.bridge_entities[0] if last.bridge_entities else None
    if answer:
        out = [f"Answer: {answer} — {_cite(last)}"]
    else:
        out = [f"No answer could be read from the evidence about {last.entity}; the closest evidence: {_cite(last)}"
               if last.entity else f"No answer could be read from the evidence; the closest evidence: {_cite(last)}"]
    return out + _step_lines([a for a in supported if a is not last])


def _step_lines(steps: list[RequirementAssessment]) -> list[str]:
    """One numbered line per step of the chain: the entity it reached (or was about) and its evidence."""
    out = []
    for step, a in enumerate(steps, 1):
        found = a.bridge_entities[0] if a.bridge_entities else a.entity
        out.append(f"  Step {step}: {found} — {_cite(a)}" if found else f"  Step {step}: {_cite(a)}")
    return out


def _comparison_lines(result: AgenticRetrievalResult) -> list[str]:
    """Per compared entity the final value; then which one wins (dates) or whether they agree."""
    route = result.route
    by_id = _assessments(result)
    reqs = route.requirements
    n = len(route.anchors)
    if n < 2 or len(reqs) % n:
        return []
    lifespans = _lifespan_lines(result, by_id)
    if lifespans is not None:
        return lifespans
    finals = reqs[-n:]  # hop-major order: the last n requirements are the final values per anchor
    values: list[tuple[str, str, RequirementAssessment]] = []
    for anchor, req in zip(route.anchors, finals):
        a = by_id.get(req.id)
        if a is None or a.status != "supported" or not a.bridge_entities:
            return []
        values.append((anchor, a.bridge_entities[0], a))
    dates = [parse_date(v) for _, v, _ in values]
    if route.order in ("earliest", "latest") and not all(dates):  # "Which was sold first?": when each event happened
        titles = {h.chunk_id: h.title for t in result.traces for h in t.hits}
        events = [d or _event_date(a, titles) for d, (_, _, a) in zip(dates, values)]
        values = [(anchor, _shown(e) if e and not d else value, a)
                  for (anchor, value, a), d, e in zip(values, dates, events)]
        dates = events
    lines = [f"{anchor}: {value} — {_cite(a)}" for anchor, value, a in values]
    if route.order in ("earliest", "latest") and all(dates):
        keyed = [(d[0], d[1] or 0, d[2] or 0) for d in dates]
        pick = min if route.order == "earliest" else max
        best = keyed.index(pick(keyed))
        which = f"{'earlier' if route.order == 'earliest' else 'later'} of the two" if n == 2 else f"{route.order} of the {n}"
        return [f"Answer: {values[best][0]} — the {which}"] + lines
    if route.order == "same":
        same = len({normalize(v) for _, v, _ in values}) == 1
        return [f"Answer: {'yes' if same else 'no'}"] + lines
    return lines


def _event_date(a: RequirementAssessment, titles: dict[str, str]) -> tuple[int, int | None, int | None] | None:
    """When the event a side's evidence tells happened: a date its sentence gives, else the date of the document it
    is from (its chunk's dated title in `titles`: "Press release, 22 February 2017"); None when neither gives one."""
    if date := parse_date(a.evidence_sentence):
        return date
    return next((d for c in a.evidence_chunk_ids[:1] if (d := parse_date(titles.get(c, "")))), None)


def _shown(date: tuple[int, int | None, int | None]) -> str:
    year, month, day = date
    return "-".join(f"{x:02d}" if i else str(x) for i, x in enumerate((year, month, day)) if x is not None)


def _lifespan_lines(result: AgenticRetrievalResult, by_id: dict[str, RequirementAssessment]) -> list[str] | None:
    """ "Who lived longer, A or B?": the comparison asked both dates of each side (the last 2n requirements, births
    and deaths, `ParsedQuestion.also`); the answer is the longer life ("died younger": the shorter). None when
    the plan is not of that shape; [] when a date is missing."""
    route = result.route
    n, reqs = len(route.anchors), route.requirements
    if n < 2 or len(reqs) < 2 * n:
        return None
    first, second = reqs[-2 * n:-n], reqs[-n:]
    if {r.relation for r in first} | {r.relation for r in second} != {"born_date", "died_date"} \
            or len({r.relation for r in first}) != 1 or len({r.relation for r in second}) != 1:
        return None
    births, deaths = (first, second) if first[0].relation == "born_date" else (second, first)
    ages, lines = [], []
    for anchor, b, d in zip(route.anchors, births, deaths):
        ab, ad = by_id.get(b.id), by_id.get(d.id)
        if ab is None or ad is None or ab.status != "supported" or ad.status != "supported" \
                or not ab.bridge_entities or not ad.bridge_entities:
            return []
        born, died = parse_date(ab.bridge_entities[0]), parse_date(ad.bridge_entities[0])
        if born is None or died is None:
            return []
        ages.append(_days(died) - _days(born))
        lines.append(f"{anchor}: {ab.bridge_entities[0]} – {ad.bridge_entities[0]} — {_cite(ab)}; {_cite(ad)}")
    shorter = "young" in route.first_query.lower()
    best = ages.index(min(ages) if shorter else max(ages))
    return [f"Answer: {route.anchors[best]} — the {'shorter' if shorter else 'longer'} life"] + lines


def _days(date: tuple[int, int | None, int | None]) -> float:
    """Days from year 0 to a date (a missing month or day read as mid-year, mid-month)."""
    year, month, day = date
    return year * 365.25 + ((month or 7) - 1) * 30.44 + (day or 15)
