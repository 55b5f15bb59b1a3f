"""The rule-based query corrector: rewrite a sub-query that did not find its evidence.

Strategies, tried in this order (each only when it applies and changes the query):

1. next bridge   a dependent query used bridge candidate 1; try candidate 2 (the grader's
                 list for the requirement it depends on);
2. alias         the graph knows the entity under another name; ask with that name;
3. synonyms      the entity was found but the relation was not: ask with the relation's
                 synonyms ("directed by", "filmmaker");
4. entity only   just the entity's name, question words and relation dropped: its own page.

`SubQuery.attempt` counts rewrites; `SubQuery.extract` says why this one was made.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hopgraph.indexing.normalize import normalize, strip_disambiguator
from hopgraph.models import EvidenceDecision, SubQuery
from hopgraph.router.plan import query_text
from hopgraph.router.vocab import RELATIONS

if TYPE_CHECKING:
    from hopgraph.graph.build import KnowledgeGraph

_QUESTION_WORDS = re.compile(
    r"\b(who|whom|whose|what|which|where|when|why|how|is|are|was|were|did|do|does|the|of|in what year)\b", re.I)


class RuleCorrector:
    def __init__(self, kg: KnowledgeGraph | None = None):
        self.kg = kg if kg is not None and kg.entities else None

    def correct(self, question: str, failed: SubQuery, decision: EvidenceDecision) -> SubQuery:
        own = next((a for a in decision.assessments if a.requirement_id == failed.requirement_id), None)
        code = ((own.failure_reason if own and own.failure_reason else decision.failure_reason) or "").split(":")[0]
        for strategy in (self._next_bridge, self._alias, self._synonyms, self._entity_only):
            out = strategy(failed, decision, code)
            if out is not None and normalize(out[0]) != normalize(failed.text):
                text, entity, why = out
                return failed.model_copy(update={
                    "text": text, "entity": entity, "attempt": failed.attempt + 1, "source": failed.source,
                    "extract": f"rewrite {failed.attempt + 1}: {why} (was {failed.text!r}; {code or 'missing'})",
                })
        text, why = _drop_question_words(question), "the question without question words"
        if normalize(text) == normalize(failed.text):
            text, why = question, "the whole question"
        return failed.model_copy(update={
            "text": text, "attempt": failed.attempt + 1, "source": "hybrid",
            "extract": f"rewrite {failed.attempt + 1}: {why} (nothing else applied)",
        })

    # ------------------------------------------------------------ strategies
    def _next_bridge(self, failed: SubQuery, decision: EvidenceDecision, code: str):
        if not failed.depends_on or code not in ("entity_missing", "relation_missing"):
            return None
        dep = next((a for a in decision.assessments if a.requirement_id == failed.depends_on), None)
        if dep is None:
            return None
        keys = [normalize(b) for b in dep.bridge_entities]
        current = keys.index(normalize(failed.entity)) if normalize(failed.entity) in keys else -1
        if current + 1 >= len(keys):
            return None
        nxt = dep.bridge_entities[current + 1]
        return query_text(failed.relation, nxt), nxt, f"next bridge candidate {nxt!r} of {failed.depends_on}"

    def _alias(self, failed: SubQuery, decision: EvidenceDecision, code: str):
        if self.kg is None or code != "entity_missing" or not failed.entity:
            return None
        for eid in sorted(self.kg.lookup(failed.entity) | self.kg.lookup(strip_disambiguator(failed.entity))):
            ent = self.kg.entities.get(eid)
            names = [ent.name, *ent.aliases] if ent else []
            for name in names:
                if normalize(name) != normalize(failed.entity) and len(name) > 2:
                    return query_text(failed.relation, name), name, f"graph alias {name!r} of {failed.entity!r}"
        return None

    def _synonyms(self, failed: SubQuery, decision: EvidenceDecision, code: str):
        rel = RELATIONS.get(failed.relation)
        if rel is None or not rel.synonyms or code not in ("relation_missing", "bridge_missing"):
            return None
        said = failed.text.lower().replace(failed.entity.lower(), " ") if failed.entity else failed.text.lower()
        synonyms = _BEGAN_SYNONYMS if rel.name == "release_date" and _BEGAN.search(said) else rel.synonyms
        words = " ".join([w for w in synonyms if w not in said][:2])
        if not words:
            return None
        return f"{failed.entity} {words}", failed.entity, f"relation synonyms ({words})"

    def _entity_only(self, failed: SubQuery, decision: EvidenceDecision, code: str):
        if not failed.entity or "{" in failed.entity:
            return None
        name = strip_disambiguator(failed.entity)
        return name, failed.entity, "entity name only (its own page)"


#: A date asked as a body's beginning ("X founded", "X set up", "opened") is searched again with the words of a
#: beginning, not of a work's release ("released", "published").
_BEGAN = re.compile(r"\b(?:found|establish|set up|form|start|open|launch|creat|began|begun)")
_BEGAN_SYNONYMS = ("established", "set up", "founded", "formed")


def _drop_question_words(question: str) -> str:
    return " ".join(_QUESTION_WORDS.sub(" ", question.rstrip("?")).split())
