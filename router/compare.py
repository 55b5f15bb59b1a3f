"""Comparison questions: which entities are compared, by what, in which order (pure).

"Who was born first, A or B?", "Are A and B both from the same country?", "Of A and B,
which company was established later?", "Which film has the director born earlier, A or B?"
(a bridge comparison: each entity's director, then the directors' birth dates).
"""

from __future__ import annotations

import re

from hopgraph.router.spans import KIND_PATTERN, ParsedQuestion, Span, content_words
from hopgraph.router.vocab import RELATIONS, chain_of_noun, noun_regex

_EARLIEST = re.compile(r"\b(first|earlier|earliest|older|oldest|elder|eldest|before|sooner|longer ago)\b", re.I)
_LATEST = re.compile(r"\b(later|latest|last|younger|youngest|more recent(?:ly)?|most recent(?:ly)?|newer|newest|after)\b", re.I)
_SAME = re.compile(r"\b(same|both|common|share|either)\b", re.I)


def compared_entities(q: str, spans: list[Span]) -> list[Span]:
    """The entities a comparison sets side by side ("A or B", "A and B", "A … the same X as B"), else []."""
    if m := re.search(r"\bsame\s+(?:[a-z]+\s+){0,3}?as\s+", q):  # "Does A have the same nationality as B?"
        left = [s for s in spans if s.end <= m.start()]
        right = [s for s in spans if s.start >= m.end() and _np_gap(q[m.end():s.start])]
        if left and right:
            return [left[-1], right[0]]
    for joiner in (r"\s+or\s+", r"\s*,?\s+and\s+", r"\s+as\s+", r"\s*,\s*"):
        for m in re.finditer(joiner, q):
            left = [s for s in spans if s.end <= m.start() and not q[s.end:m.start()].strip(" ,!.")]
            right = [s for s in spans if s.start >= m.end() and _np_gap(q[m.end():s.start])]
            if left and right:
                pair = [left[-1], right[0]]
                if joiner.strip() == r"\s*,\s*":  # "A, B or C" handled by the " or " joiner
                    continue
                more = _list_before(q, spans, left[-1])
                return more + pair
    return []


def _np_gap(gap: str) -> bool:
    """Nothing, an article, or "the <relation noun> of (the)" between a joiner and an entity."""
    gap = gap.strip(" ,:")
    if not gap or re.fullmatch(r"(?:the|a|an)", gap, re.I):
        return True
    return bool(re.fullmatch(r"(?:the\s+|a\s+|an\s+)?(?:" + noun_regex().pattern + r")\s+of(?:\s+the|\s+a|\s+an)?"
                             r"(?:\s+" + KIND_PATTERN + r")?", gap, re.I))


def _list_before(q: str, spans: list[Span], first: Span) -> list[Span]:
    """Extra items of "A, B or C" before B."""
    out: list[Span] = []
    cur = first
    while True:
        prev = [s for s in spans if s.end <= cur.start and q[s.end:cur.start].strip() == ","]
        if not prev:
            return out
        cur = prev[-1]
        out.insert(0, cur)


def is_comparison_question(q: str, pair: list[Span]) -> bool:
    """ "A or B" always compares; "A and B" when the question asks which/same/both/first/…"""
    between = q[pair[0].end:pair[-1].start]
    if re.search(r"\bor\b", between) or re.search(r"\bsame\b.*\bas\b", between):
        return True
    low = q.lower()
    outside = low[: pair[0].start] + " " + low[pair[-1].end:]
    return bool(_SAME.search(outside) or re.search(r"\bbetween\b|\bwhich of\b", outside)
                or (re.search(r"\b(which|who|what)\b", outside) and (_EARLIEST.search(outside) or _LATEST.search(outside))))


_PERSON = re.compile(r"\bwho\b|\bborn\b|\bdied\b|\bdeath\b|nationalit|\bperson\b|\bpeople\b|\bman\b|\bwoman\b|"
                     r"\bactor|\bactress|\bsinger|\bwriter|\bplayer|\bpolitician", re.I)
_THING = re.compile(r"\b(town|city|village|country|place|company|band|group|film|movie|album|song|book|novel|"
                    r"magazine|newspaper|school|university|team|club|game|show|series|building|church)s?\b", re.I)


def _person_like(rest: str) -> bool:
    return bool(_PERSON.search(rest)) and not re.search(r"\bwhich\s+" + _THING.pattern[2:], rest, re.I)


def comparison_attribute(rest: str, person_like: bool) -> str:
    """The attribute a comparison compares, from the words outside the entities."""
    low = rest.lower()
    if re.search(r"\b(born|birth|older|oldest|younger|youngest|elder|eldest|age|aged)\b", low) and (
        person_like or re.search(r"\bborn|birth\b", low)
    ):
        return "born_date"
    if re.search(r"\b(die|died|dies|death|dead|lived longer|live longer|passed away)\b", low):
        return "died_date"
    if re.search(r"\b(nationality|nationalities|citizen|citizenship)\b", low):
        return "nationality"
    if re.search(r"\b(country|countries|from the same|located|based|situated|originate|origin)\b", low):
        return "nationality" if person_like else "country"
    if re.search(r"\b(released|release|came out|come out|published|premiered|founded|established|formed|opened|"
                 r"created|built|made|launched|aired|started|began|older|newer|first|earlier|later|recent)\b", low):
        return "born_date" if person_like else "release_date"
    return ""


def _order(rest: str) -> str:
    if _LATEST.search(rest):
        return "latest"
    if _EARLIEST.search(rest):
        return "earliest"
    return "same" if _SAME.search(rest) else ""


def parse_comparison(q: str, pair: list[Span]) -> ParsedQuestion:
    rest = q
    for s in reversed(pair):
        rest = rest[: s.start] + " " + rest[s.end:]
    person_like = _person_like(rest)
    bridge = [chain_of_noun(m.group()) for m in noun_regex().finditer(rest)]
    bridge_rels = [c[0] for c in bridge if c and RELATIONS[c[0]].answer == "person" and len(c) == 1]
    if bridge_rels:
        person_like = True
    attr = comparison_attribute(rest, person_like)
    order = _order(rest)
    anchors = [s.text for s in pair]
    if bridge_rels:
        chain = bridge_rels[:1] + ([attr] if attr else [])
        return ParsedQuestion("bridge_comparison", anchors, chain, order=order,
                              free_words=[] if attr else content_words(rest),
                              reason=f"compares the {bridge_rels[0]}s of {' and '.join(anchors)} by {attr or 'description'}")
    if not attr and re.search(r"\bbefore|after\b", rest, re.I):
        attr = "release_date"
    return ParsedQuestion("comparison", anchors, [attr] if attr else [], order=order,
                          free_words=[] if attr else content_words(rest),
                          reason=f"compares {' and '.join(anchors)} by {attr or 'description'}")
