"""When the rule router sends a sub-query to a user tool: one of the tool's triggers occurs in it (pure).

A trigger is a phrase matched case-insensitively as whole words, with any run of spaces between its words
("on the web" matches "On the  web"), or a regular expression when it starts with "re:". A tool without
triggers is never picked by rules (the LLM router may still choose it from its description).
A trigger that forms a clause of its own ("…, according to the web?", "On the intranet, who …") says where
to look, not what: `strip_source_clauses` takes it out of the question the rule router reads (a trigger inside
the sentence, "who owns ticket 1042", stays).
For every sub-query of the plan that names a trigger, a twin sub-query for the tool runs right before it in
the same hop (the store's own search still runs; one twin per text and hop); when the question names a trigger and no planned
sub-query did, the whole question goes to the tool in the first hop.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from hopgraph.models import RouteDecision, SubQuery, ToolSpec


@lru_cache(maxsize=1024)
def compile_trigger(trigger: str) -> re.Pattern[str]:
    """The pattern of one trigger; `re.error` for a bad "re:" expression."""
    if trigger.startswith("re:"):
        return re.compile(trigger[3:], re.IGNORECASE)
    words = trigger.split()
    if not words:
        raise re.error("empty trigger")
    return re.compile(r"(?<!\w)" + r"\s+".join(re.escape(w) for w in words) + r"(?!\w)", re.IGNORECASE)


def matched_trigger(spec: ToolSpec, text: str) -> str | None:
    """The first of the tool's triggers that occurs in the text, else None."""
    for trigger in spec.triggers:
        if compile_trigger(trigger).search(text):
            return trigger
    return None


_CLAUSE_START = re.compile(r"(?:^|[,;:?!.])\s*$")
_CLAUSE_END = re.compile(r"^\s*(?:[,;:?!.]|$)")


def strip_source_clauses(question: str, tools: Sequence[ToolSpec]) -> str:
    """The question without trigger matches that stand as a clause of their own, tidied (pure)."""
    text = question
    for spec in tools:
        for trigger in spec.triggers:
            for m in reversed(list(compile_trigger(trigger).finditer(text))):
                before, after = text[:m.start()], text[m.end():]
                if _CLAUSE_START.search(before) and _CLAUSE_END.match(after):
                    text = before.rstrip(" ,;:") + after.lstrip(" ,;:") if before.strip() else after.lstrip(" ,;:")
    text = " ".join(text.split())
    text = re.sub(r"\s+([?!.])", r"\1", text)
    return text[:1].upper() + text[1:] if text and text != question else text or question


def pick_tools(route: RouteDecision, question: str, tools: Sequence[ToolSpec]) -> RouteDecision:
    """The route with user-tool sub-queries added where a trigger matches; the same route when none does."""
    if not tools:
        return route
    plan: list[SubQuery] = []
    picked: dict[str, str] = {}
    sent: set[tuple[str, str, int]] = set()  # (tool, text, hop): the same text goes to a tool once per hop
    for sq in route.plan:
        for spec in tools:
            trigger = matched_trigger(spec, sq.text)
            if trigger is not None and (spec.name, sq.text, sq.hop) not in sent:
                sent.add((spec.name, sq.text, sq.hop))
                plan.append(sq.model_copy(update={"source": spec.name, "extract": f"tool {spec.name}: trigger {trigger!r}"}))
                picked.setdefault(spec.name, trigger)
        plan.append(sq)
    asked = strip_source_clauses(question, tools).strip()  # what the tool is asked: the question minus "on the web"
    for spec in tools:
        trigger = matched_trigger(spec, question)
        if spec.name not in picked and trigger is not None:
            plan.append(SubQuery(text=asked, source=spec.name, hop=1,
                                 extract=f"tool {spec.name}: trigger {trigger!r} in the question"))
            picked[spec.name] = trigger
    if not picked:
        return route
    why = ", ".join(f"{name} (trigger {t!r})" for name, t in picked.items())
    return route.model_copy(update={"plan": plan, "reason": f"{route.reason}; tools: {why}".lstrip("; ")})
