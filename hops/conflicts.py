"""Conflicting evidence: retrieved chunks that state different values for one requirement's fact.

For every supported requirement whose relation has one value (a date or place of birth or death, a father,
a mother, a burial place, a founding or release date) or few (founder, director, maker), every retrieved
chunk is read for the requirement's entity and relation (`hopgraph.hops.evidence.check`). A chunk counts
only when it is the entity's own page, states the fact as a graph edge of the entity, or has a sentence that
opens with the entity's name: a passing mention of someone else's birth never counts. The values are grouped
(dates agree when their year, and month and day where both give them, agree; names when one is a form of
the other); two or more groups are a `Conflict` with every chunk id and sentence.

A preference order (`settings.conflicts.prefer`) picks one value when a rule decides: `agreement` (strictly
more documents state it), `recent` (its newest dated document is newer than every other value's), `trusted`
(only it is stated by a source in `trusted_sources`). The conflict records the rule that decided, or none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.evidence import check
from hopgraph.hops.names import name_forms, same_person_name
from hopgraph.indexing.normalize import normalize, parse_date
from hopgraph.models import AgenticRetrievalResult, Conflict, ConflictValue, RequirementAssessment, SearchHit

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph

#: Relations with one value per entity; the second set may have a few (a conflict there needs disjoint values).
SINGLE = frozenset({"born_date", "born_place", "died_date", "died_place", "burial", "father", "mother", "release_date"})
FEW = frozenset({"founder", "director", "maker"})
RULES = ("agreement", "recent", "trusted")


def find_conflicts(hg: HopGraph, result: AgenticRetrievalResult) -> list[Conflict]:
    """The conflicts among a run's retrieved evidence (empty when the run bound nothing)."""
    if result.route is None:
        return []
    assessments = _last_assessments(result)
    kg = hg.graph if hg.store.count("entities") else None
    hits = _unique_hits(result)
    views = [ChunkView(h, kg) for h in hits]
    relation_of = {r.id: r.relation for r in result.route.requirements}
    out: list[Conflict] = []
    done: set[tuple[str, str]] = set()
    for a in assessments:
        relation = relation_of.get(a.requirement_id, "")
        if a.status != "supported" or relation not in SINGLE | FEW or not a.entity:
            continue
        if (normalize(a.entity), relation) in done:
            continue
        done.add((normalize(a.entity), relation))
        conflict = conflict_for(a, relation, views)
        if conflict is not None:
            out.append(decide(conflict, _doc_facts(hg, conflict), hg.settings.conflicts.prefer,
                              hg.settings.conflicts.trusted_sources))
    return out


def conflict_for(a: RequirementAssessment, relation: str, views: list[ChunkView]) -> Conflict | None:
    """Group the values the chunks state for (entity, relation); a Conflict when they disagree (pure)."""
    stated: list[tuple[str, list[str], ChunkView, str]] = []  # (first value, all values, chunk, sentence)
    for view in views:
        s = check(view, a.entity, relation)
        if s is None or not s.bridges:
            continue
        if not (s.home or s.by_graph or _opens_with(s.sentence, a.entity)):
            continue
        stated.append((s.bridges[0], s.bridges, view, s.sentence))
    groups: list[ConflictValue] = []
    named: dict[int, list[str]] = {}  # group index -> every value its chunks name (for FEW relations)
    for value, values, view, sentence in stated:
        group = next((g for g in groups if agree(g.value, value, relation)), None)
        if group is None and relation in FEW:  # "founded by A and B" agrees with "founded by A"
            group = next((g for i, g in enumerate(groups)
                          if any(agree(x, v, relation) for x in named[i] for v in values)), None)
        if group is None:
            group = ConflictValue(value=value)
            groups.append(group)
        named.setdefault(groups.index(group), []).extend(values)
        if view.hit.chunk_id not in group.chunk_ids:
            group.chunk_ids.append(view.hit.chunk_id)
            group.sentences.append(" ".join(sentence.split()))
            if view.hit.doc_id not in group.doc_ids:
                group.doc_ids.append(view.hit.doc_id)
    if len(groups) < 2:
        return None
    return Conflict(requirement_id=a.requirement_id, entity=a.entity, relation=relation, values=groups)


def agree(x: str, y: str, relation: str) -> bool:
    """Whether two stated values are the same fact (pure)."""
    dx, dy = parse_date(x), parse_date(y)
    if dx and dy and (relation.endswith("_date") or (x.strip()[:1].isdigit() and y.strip()[:1].isdigit())):
        return dx[0] == dy[0] and (dx[1] is None or dy[1] is None or dx[1] == dy[1]) \
            and (dx[2] is None or dy[2] is None or dx[2] == dy[2])
    nx, ny = normalize(x), normalize(y)
    if not nx or not ny:
        return nx == ny
    if nx == ny or f" {nx} " in f" {ny} " or f" {ny} " in f" {nx} ":
        return True
    return same_person_name(x, y)


def decide(conflict: Conflict, facts: dict[str, tuple[str, str]], prefer: list[str], trusted: list[str]) -> Conflict:
    """Fill dates and sources of each value from `facts` (doc id -> (ISO date, source)) and apply the
    preference rules in order; the first that singles out one value decides (pure)."""
    for v in conflict.values:
        v.dates = sorted({facts[d][0] for d in v.doc_ids if d in facts and facts[d][0]}, reverse=True)
        v.sources = sorted({facts[d][1] for d in v.doc_ids if d in facts and facts[d][1]})
    trusted_words = [normalize(t) for t in trusted if t.strip()]
    for rule in prefer:
        if rule == "agreement":
            counts = [len(v.doc_ids) for v in conflict.values]
            best = max(counts)
            if counts.count(best) == 1:
                return _chose(conflict, counts.index(best), rule, f"{best} documents state it, the others fewer")
        elif rule == "recent":
            newest = [v.dates[0] if v.dates else "" for v in conflict.values]
            top = max(newest)
            if top and newest.count(top) == 1:
                return _chose(conflict, newest.index(top), rule, f"stated by the most recent dated document ({top})")
        elif rule == "trusted" and trusted_words:
            ok = [i for i, v in enumerate(conflict.values)
                  if any(t == normalize(s) or f" {t} " in f" {normalize(s)} " for s in v.sources for t in trusted_words)]
            if len(ok) == 1:
                return _chose(conflict, ok[0], rule, f"stated by a trusted source ({', '.join(conflict.values[ok[0]].sources)})")
    conflict.reason = f"no preference rule decided ({', '.join(prefer) or 'none configured'})"
    return conflict


def describe_conflict(c: Conflict) -> str:
    """One line for answers and traces: the values with their chunks, and what decided."""
    parts = [f"{v.value} [{', '.join(v.chunk_ids)}]" for v in c.values]
    head = f"Conflicting evidence for the {c.relation.replace('_', ' ')} of {c.entity}: " + " vs ".join(parts)
    if c.preferred:
        return f"{head}; preferred {c.preferred} by rule '{c.decided_by}' ({c.reason})"
    return f"{head}; {c.reason}"


def _chose(conflict: Conflict, i: int, rule: str, reason: str) -> Conflict:
    conflict.preferred, conflict.decided_by, conflict.reason = conflict.values[i].value, rule, reason
    return conflict


def _opens_with(sentence: str, name: str) -> bool:
    s = f" {normalize(sentence)} "
    return any(s.startswith(f" {f} ") for f in name_forms(name))


def _last_assessments(result: AgenticRetrievalResult) -> list[RequirementAssessment]:
    for trace in reversed(result.traces):
        if trace.decision is not None:
            return trace.decision.assessments
    return []


def _unique_hits(result: AgenticRetrievalResult) -> list[SearchHit]:
    seen: dict[str, SearchHit] = {}
    for t in result.traces:
        for h in t.hits:
            seen.setdefault(h.chunk_id, h)
    return list(seen.values())


def _doc_facts(hg: HopGraph, conflict: Conflict) -> dict[str, tuple[str, str]]:
    from hopgraph.metadata import doc_dates, doc_values

    docs = [d for v in conflict.values for d in v.doc_ids]
    dates, sources = doc_dates(hg.store, docs), doc_values(hg.store, docs, "source")
    return {d: (dates.get(d, ""), sources.get(d, "")) for d in docs}
