"""Router report: how the router reads questions, measured without any retrieval.

Every question is routed once (`router.route(question)`, the store's hop-loop router);
the report gives the route and shape distribution (on any set) and, when queries
carry gold `metadata.evidence` triples [subject, relation, object] (2wiki), the
share of questions whose parsed relation chains equal the gold ones.

Chains. Both sides are turned into root-to-leaf relation paths:

- parsed: requirements form a forest by `depends_on`; each path from a requirement
  with no `depends_on` (it names an anchor) down to a requirement nothing depends
  on is one chain ("the birthplace of the director of X" -> [director, born_place];
  a comparison of A and B by birth date -> [born_date], [born_date]).
- gold: a triple continues the chain of another when its subject is that triple's
  object (names matched loosely, see `gold_chains`); each path from a triple that
  continues none is one chain. Triples repeating a (subject, relation) with another
  value (a person with two citizenships) count once. 2wiki's inference questions
  ("grandfather") list the two component triples, so they compare as [father, father].

A question matches when the two multisets of chains are equal ("chain match"); the
looser "relations match" compares the multisets of all relation names, ignoring
how they are chained. Gold names are mapped to hopgraph's relation names by
`GOLD_RELATIONS`; an unmapped name compares as itself (and so never matches a
vocabulary name).
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from hopgraph.eval.beir import EvalQuery
from hopgraph.eval.metrics import latency_summary

#: Wikidata-style relation names of 2wiki's evidence triples -> hopgraph.router.vocab relation names.
GOLD_RELATIONS: dict[str, str] = {
    "director": "director",
    "composer": "composer",
    "performer": "performer",
    "producer": "producer",
    "screenwriter": "writer",
    "author": "writer",
    "creator": "creator",
    "manufacturer": "maker",
    "founded by": "founder",
    "publisher": "publisher",
    "record label": "publisher",
    "father": "father",
    "mother": "mother",
    "spouse": "spouse",
    "child": "child",
    "sibling": "sibling",
    "place of birth": "born_place",
    "date of birth": "born_date",
    "place of death": "died_place",
    "date of death": "died_date",
    "cause of death": "death_cause",
    "place of burial": "burial",
    "country of citizenship": "nationality",
    "country": "country",
    "country of origin": "country",
    "educated at": "education",
    "employer": "employer",
    "award received": "award",
    "occupation": "occupation",
    "publication date": "release_date",
    "inception": "release_date",
}

Chain = tuple[str, ...]
_PARENTHETICAL = re.compile(r"\s*\([^()]*\)\s*$")


def gold_relation(name: str) -> str:
    """The hopgraph name of a gold relation, or the gold name itself when it has none."""
    return GOLD_RELATIONS.get(name.strip().lower(), name.strip().lower())


def _key_tokens(name: str) -> tuple[str, ...]:
    """A name's tokens for matching: no trailing '(...)', no diacritics, lower case, alphanumeric runs."""
    name = _PARENTHETICAL.sub("", name)
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return tuple(re.findall(r"[a-z0-9]+", folded))


def gold_chains(evidence: Sequence[Sequence[str]], question: str = "") -> list[Chain]:
    """Root-to-leaf relation paths of gold triples (see the module docstring), sorted.

    A triple continues the chain of an earlier fact when its subject is that fact's object. Gold
    names of one entity vary ("Ann Lee" as an object, "Ann Lee (director)" as a subject), so names
    match by `_key_tokens`; a subject that matches no object exactly and is not named in `question`
    continues the fact whose object shares the most name tokens with it, or, sharing none, the one
    fact about an entity the question names that nothing continues yet.
    """
    facts: dict[tuple[tuple[str, ...], str], list[tuple[str, ...]]] = {}
    for subject, relation, obj in evidence:
        facts.setdefault((_key_tokens(subject), gold_relation(relation)), []).append(_key_tokens(obj))
    nodes = list(facts)
    asked = set(_key_tokens(question))

    def named(subject: tuple[str, ...]) -> bool:
        return bool(question) and set(subject) <= asked

    parent: dict[int, int] = {}
    unplaced: list[int] = []  # bridge subjects sharing no name token with any object
    for i, (subject, _) in enumerate(nodes):
        exact = [j for j in range(len(nodes)) if j != i and subject in facts[nodes[j]]]
        others = [j for j in range(len(nodes)) if j != i and nodes[j][0] != subject]
        if exact:
            parent[i] = exact[0]
        elif subject and not named(subject):
            overlap = [(max(len(set(subject) & set(o)) for o in facts[nodes[j]]), -j) for j in others]
            best = max(overlap, default=(0, 0))
            if best[0] > 0:
                parent[i] = -best[1]
            elif question:
                unplaced.append(i)
    for i in unplaced:  # an alias with no shared token: the one anchor fact nothing continues yet
        free = [j for j in range(len(nodes)) if j != i and named(nodes[j][0]) and j not in parent.values()]
        if len(free) == 1:
            parent[i] = free[0]
    children: dict[int, list[int]] = {}
    for child, par in parent.items():
        children.setdefault(par, []).append(child)
    roots = [i for i in range(len(nodes)) if i not in parent] or [0][: len(nodes)]

    def paths(i: int, seen: frozenset[int]) -> list[Chain]:
        below = [p for c in children.get(i, []) if c not in seen for p in paths(c, seen | {c})]
        return [(nodes[i][1], *p) for p in below] or [(nodes[i][1],)]

    return sorted(c for r in roots for c in paths(r, frozenset({r})))


def parsed_chains(requirements: Sequence[Any]) -> list[Chain]:
    """Root-to-leaf relation paths of a RouteDecision's requirements (by `depends_on`), sorted."""
    children: dict[str | None, list[Any]] = {}
    ids = {r.id for r in requirements}
    for r in requirements:
        parent = r.depends_on if r.depends_on in ids else None
        children.setdefault(parent, []).append(r)

    def paths(req: Any, depth: int) -> list[Chain]:
        name = req.relation or "?"
        below = [] if depth > len(requirements) else [p for c in children.get(req.id, []) for p in paths(c, depth + 1)]
        return [(name, *p) for p in below] or [(name,)]

    return sorted(c for root in children.get(None, []) for c in paths(root, 1))


def route_question(router: Any, query: EvalQuery) -> dict[str, Any]:
    """Route one question (timed) and compare its chains with the gold evidence when there is some."""
    start = time.perf_counter()
    decision = router.route(query.text)
    ms = (time.perf_counter() - start) * 1000.0
    parsed = parsed_chains(decision.requirements)
    row: dict[str, Any] = {
        "query_id": query.query_id, "question": query.text, "type": query.type, "style": query.style,
        "route": decision.route, "shape": decision.shape, "reason": decision.reason,
        "anchors": list(decision.anchors), "parsed_chains": [list(c) for c in parsed], "route_ms": ms,
        "requirements": [{"id": r.id, "relation": r.relation, "entities": list(r.entities),
                          "depends_on": r.depends_on} for r in decision.requirements],
    }
    if query.evidence:
        gold = gold_chains(query.evidence, query.text)
        row["gold_chains"] = [list(c) for c in gold]
        row["chain_match"] = parsed == gold
        row["relations_match"] = Counter(x for c in parsed for x in c) == Counter(x for c in gold for x in c)
    return row


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Distribution of routes and shapes, and chain-match shares where gold evidence exists."""
    out: dict[str, Any] = {
        "n": len(rows),
        "routes": dict(Counter(r["route"] for r in rows).most_common()),
        "shapes": dict(Counter(r["shape"] for r in rows).most_common()),
    }
    scored = [r for r in rows if "chain_match" in r]
    if scored:
        out["n_with_evidence"] = len(scored)
        out["chain_match"] = sum(r["chain_match"] for r in scored) / len(scored)
        out["relations_match"] = sum(r["relations_match"] for r in scored) / len(scored)
    return out


def router_report(router: Any, queries: Iterable[EvalQuery]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(report, per-question rows): overall, per type and per style (when questions carry one)."""
    rows = [route_question(router, q) for q in queries]
    report: dict[str, Any] = {"overall": summarize(rows), "by_type": _grouped(rows, "type")}
    if any(r["style"] for r in rows):
        report["by_style"] = _grouped(rows, "style")
    report["overall"].update(latency_summary([r["route_ms"] for r in rows]))
    report["unmapped_gold_relations"] = sorted({rel for r in rows for c in r.get("gold_chains", []) for rel in c
                                                if rel not in GOLD_RELATIONS.values()})
    return report, rows


def failures(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows whose parsed chains differ from the gold ones."""
    return [r for r in rows if r.get("chain_match") is False]


def _grouped(rows: Sequence[dict[str, Any]], field: str) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault(r[field] or "none", []).append(r)
    return {k: summarize(v) for k, v in sorted(groups.items())}


def render_markdown(report: dict[str, Any], title: str) -> str:
    """router_report.md: overall, per type, per style; chain-match columns only where gold exists."""
    def pct(v: Any) -> str:
        return "-" if v is None else f"{100 * v:.1f}"

    def dist(d: dict[str, int]) -> str:
        return ", ".join(f"{k}: {v}" for k, v in d.items())

    def table(groups: dict[str, dict[str, Any]], label: str) -> str:
        lines = [f"| {label} | n | chain match | relations match | routes | shapes |", "|---|---|---|---|---|---|"]
        lines += [f"| {name} | {g['n']} | {pct(g.get('chain_match'))} | {pct(g.get('relations_match'))} | "
                  f"{dist(g['routes'])} | {dist(g['shapes'])} |" for name, g in groups.items()]
        return "\n".join(lines)

    o = report["overall"]
    parts = [f"# Router report: {title}",
             "Each question routed once, no retrieval. Chain match: the parsed relation chains (requirements "
             "followed by depends_on, one chain per anchor path) equal the gold evidence chains as multisets; "
             "relations match: the same relation names, however chained. Shares in percent. Routing time p50 "
             f"{o.get('latency_ms_p50', 0):.1f} ms, p95 {o.get('latency_ms_p95', 0):.1f} ms.",
             "## Overall\n\n" + table({"all": o}, "questions"),
             "## By type\n\n" + table(report["by_type"], "type")]
    if "by_style" in report:
        parts.append("## By style\n\n" + table(report["by_style"], "style"))
    if report.get("unmapped_gold_relations"):
        parts.append("Gold relations without a hopgraph name (compared as themselves): "
                     + ", ".join(report["unmapped_gold_relations"]))
    return "\n\n".join(parts) + "\n"
