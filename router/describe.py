"""An anchor that only describes the bridge: "the singer born in 1952 in Kingston" (pure).

A place where an unnamed person or group was born, raised, based or formed is not the subject of the
question's relation: the question is about that unnamed bridge, so it is planned as an open bridge.
`kind_before` reads the class word before a name ("the film X" -> film); `marks_a_bridge` tells whether the wording
around a name with no known relation leads through an unnamed bridge.
"""

from __future__ import annotations

import re

from hopgraph.router.heads import names_a_role
from hopgraph.router.spans import KIND_WORDS, Span

_DESCRIBED = re.compile(r"\b(?:[a-z]+er|[a-z]+ist|[a-z]+or|[a-z]+ian|man|woman|person|actor|actress|singer|player|band|group)"
                        r"\s+(?:who\s+was\s+|who\s+is\s+)?(?:born|raised|based|formed)\s+(?:(?:in|on)\s+[\w ,]{0,25}?\s+)?"
                        r"(?:in|from)\s+(?:the\s+)?$", re.IGNORECASE)


def described_from(q: str, anchor: Span) -> int | None:
    """Where the description starts when the anchor is where an unnamed person or group was born, raised,
    based or formed ("the Chilean folk singer born in 1961 in Quellón, Chile", "a band formed in
    Leeds"): the anchor then describes the bridge instead of being the subject of the question's relation.
    None when it does not."""
    m = _DESCRIBED.search(q[: anchor.start])
    if m is None:
        return None
    articles = list(re.finditer(r"\b(?:the|a|an)\s", q[: m.start()], re.IGNORECASE))
    return articles[-1].start() if articles else m.start()


def kind_before(q: str, anchor: Span) -> str:
    m = re.search(r"\b(" + "|".join(KIND_WORDS) + r")s?\s+$", q[: anchor.start], re.IGNORECASE)
    return m.group(1).lower() if m else ""


def marks_a_bridge(q: str, span: Span, headed: bool = False) -> bool:
    """A relative clause ("the series that X starred in") or "the <noun> of X" marks an unnamed bridge; not
    when a noun right after X heads the phrase (`headed`: "the hands of the X clock" are the clock's own)."""
    of = re.search(r"\bthe\s+([a-z]+)\s+of\s+(?:the\s+)?(?:\d[\d/–-]*\s+)?$", q[: span.start])
    # ("Who was the treasurer of X?": the post of X is what is asked, no bridge; "the buyer of X" in a question
    # asking more of it still is one)
    asked_post = of is not None and names_a_role(of.group(1)) and \
        re.search(r"\bwho\s+(?:is|was|were|has been)\s+$", q[: of.start()], re.IGNORECASE) is not None
    return bool(re.search(r"\b[a-z]+\s+(?:that|which|who|whom|where|in which)\b", q)) or (not headed and
        of is not None and not asked_post)
