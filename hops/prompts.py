"""Prompt texts for the LLM steps (router, grader, corrector, answer) and the helpers that fill them.

Every prompt asks for one JSON object; the expected shape is spelled out in
the text because small local models follow examples better than schemas.
"""

from __future__ import annotations

from hopgraph.models import EvidenceRequirement, SearchHit
from hopgraph.router.vocab import RELATIONS

MAX_EVIDENCE_CHUNKS = 20  # chunks shown to the grader / answerer
MAX_CHUNK_CHARS = 1000  # characters of each chunk shown

_ROUTER_TEMPLATE = """\
You plan document retrieval for questions that may need several hops. You NEVER answer the question.

Split the question into atomic evidence requirements: each is one fact that must be found in the documents, \
phrased as a need ("the director of The Glass Harbor"), never as an answer. Then give an ordered plan with \
exactly one search query per requirement.

A bridge question needs an entity found by an earlier requirement: the later requirement sets "depends_on" \
to the earlier id and its query names the unknown entity with a placeholder such as {R1}. The first query \
never contains a placeholder, and a dependent requirement lists the placeholder as its entity. Comparison \
questions get one requirement per compared item, no placeholders, and "order": "earliest", "latest" or \
"same" (what the comparison asks for).

relation: one of RELATION_NAMES when one fits, otherwise a few plain words ("founded in").
route: "single_hop" when one search can find everything, otherwise "multi_hop".
shape: "single", "bridge", "comparison", "temporal" or "inference".
source of a query: "hybrid" (default), "dense", "bm25", or "graph" (relations between named entities).

Reply with one JSON object only. Example for "Where was the director of The Glass Harbor born?":
{"route": "multi_hop", "shape": "bridge", "reason": "the birthplace depends on who directed the film",
 "requirements": [
  {"id": "R1", "description": "the director of The Glass Harbor", "entities": ["The Glass Harbor"], "relation": "director", "depends_on": null},
  {"id": "R2", "description": "the birthplace of {R1}", "entities": ["{R1}"], "relation": "born_place", "depends_on": "R1"}],
 "plan": [
  {"requirement_id": "R1", "query": "director of The Glass Harbor", "source": "hybrid", "depends_on": null},
  {"requirement_id": "R2", "query": "{R1} born in", "source": "hybrid", "depends_on": "R1"}]}
"""

GRADER_SYSTEM = """\
You check retrieved evidence against the evidence requirements of a question. You NEVER answer the question.

For every requirement give an assessment:
- "supported" only if one of the numbered chunks states the needed fact; list the chunk ids that state it, \
copied exactly from the evidence (e.g. "d12#0").
- "evidence_sentence": the sentence of that chunk that states the fact, quoted exactly.
- "bridge_entities": the names the supporting chunks give for what the requirement asks for \
(e.g. the director's name), so that later queries can use them.
- "missing" otherwise, with no chunk ids, and "problem": "entity_missing" (no chunk names the entity), \
"relation_missing" (the entity is named but the fact is not stated) or "bridge_missing" (the fact is \
stated but the name it leads to is not given).

verdict: "complete" only when every requirement is supported; "continue" when something is missing and \
another search could find it (give next_requirement_id and next_query, with bridge entities written in); \
"insufficient" when the searches so far cannot find a missing fact (give failure_reason).

Reply with one JSON object only:
{"verdict": "continue", "reason": "R2 not found yet",
 "assessments": [{"requirement_id": "R1", "status": "supported", "evidence_chunk_ids": ["d12#0"], "bridge_entities": ["Oskar Brandt"],
                  "evidence_sentence": "The Glass Harbor was directed by Oskar Brandt."},
                 {"requirement_id": "R2", "status": "missing", "evidence_chunk_ids": [], "bridge_entities": [],
                  "problem": "relation_missing"}],
 "next_requirement_id": "R2", "next_query": "Oskar Brandt born in", "failure_reason": null}
"""

CORRECTOR_EXAMPLE_QUERY = "new search query"  # the placeholder of the reply format; a small model may copy it

CORRECTOR_SYSTEM = """\
A search query found nothing useful for one evidence requirement of a question. Write a different query \
that is more likely to retrieve a passage stating the needed fact: use other words, the likely document \
title, or fewer words. Never put the answer in the query; keep named entities exact.

Reply with one JSON object only:
{"query": "new search query", "source": "hybrid", "reason": "why this query should work better"}
source: "hybrid" (default), "dense", "bm25" or "graph".
"""

ANSWER_SYSTEM = """\
Answer the question in one to three short sentences using ONLY the numbered evidence chunks. \
Every sentence must cite the chunk ids that support it, copied exactly from the evidence. \
If the evidence does not contain the answer, say what it does establish and cite that.

Reply with one JSON object only:
{"sentences": [{"text": "The Glass Harbor was directed by Oskar Brandt.", "chunk_ids": ["d12#0"]}]}
"""


#: The router may name relations from the rule-based vocabulary, so its plans stay readable by the rule grader.
ROUTER_SYSTEM = _ROUTER_TEMPLATE.replace("RELATION_NAMES", "[" + ", ".join(RELATIONS) + "]")


def format_evidence(hits: list[SearchHit]) -> str:
    """Numbered chunks with their ids, titles and (truncated) text."""
    lines = []
    for i, h in enumerate(hits[:MAX_EVIDENCE_CHUNKS], 1):
        text = h.text if len(h.text) <= MAX_CHUNK_CHARS else h.text[:MAX_CHUNK_CHARS] + " …"
        title = f" ({h.title})" if h.title else ""
        lines.append(f"[{i}] chunk_id={h.chunk_id}{title}\n{text}")
    return "\n\n".join(lines) if lines else "(no evidence retrieved)"


def format_requirements(requirements: list[EvidenceRequirement]) -> str:
    """One line per requirement: id, description, dependency."""
    if not requirements:
        return "(none: treat the whole question as one requirement R1)"
    return "\n".join(
        f"{r.id}: {r.description}" + (f" (uses the result of {r.depends_on})" if r.depends_on else "")
        for r in requirements
    )


def router_messages(question: str, tools: str = "") -> list[dict[str, str]]:
    """`tools`: the tool registry with its examples (`hopgraph.tools.prompt.registry_prompt`), after the rules."""
    system = f"{ROUTER_SYSTEM}\n{tools}\n" if tools else ROUTER_SYSTEM
    return [{"role": "system", "content": system}, {"role": "user", "content": f"Question: {question}"}]


def grader_messages(question: str, requirements: list[EvidenceRequirement], hits: list[SearchHit], hop: int) -> list[dict[str, str]]:
    user = (f"Question: {question}\n\nRequirements:\n{format_requirements(requirements)}\n\n"
            f"Evidence after hop {hop}:\n{format_evidence(hits)}")
    return [{"role": "system", "content": GRADER_SYSTEM}, {"role": "user", "content": user}]


def corrector_messages(question: str, failed_query: str, requirement: str, reason: str) -> list[dict[str, str]]:
    user = (f"Question: {question}\nRequirement: {requirement or '(whole question)'}\n"
            f"Failed query: {failed_query}\nWhy it failed: {reason}")
    return [{"role": "system", "content": CORRECTOR_SYSTEM}, {"role": "user", "content": user}]


def answer_messages(question: str, hits: list[SearchHit]) -> list[dict[str, str]]:
    user = f"Question: {question}\n\nEvidence:\n{format_evidence(hits)}"
    return [{"role": "system", "content": ANSWER_SYSTEM}, {"role": "user", "content": user}]
