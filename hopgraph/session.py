"""Follow-up questions: a short memory per session of the previous questions' entities and answers.

After "Where was the director of The Glass Harbor born?" a session remembers The Glass Harbor (anchor), the
director (bridge) and the birthplace (answer), each with its graph type and, for people, the pronoun their own
page uses for them. "And when did he die?" is then resolved before routing: "he" becomes the most recent
remembered person whose page says "he" (or says neither), "it"/"its" the most recent thing that is no person or
place, "there" the most recent place, "the film"/"that company"/"the town" the most recent entity of that kind,
and "What about X?" repeats the previous question with X in place of its anchor. Within a turn the answer
comes first, then the bridges (latest first), then the anchors.

`SessionStore` keeps `settings.sessions.max_turns` turns per session, forgets a session unused for `ttl_s`
seconds and keeps at most `max_sessions` sessions (least recently used go first). `clear` forgets one.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hopgraph.config import SessionSettings
from hopgraph.models import AgenticRetrievalResult, MemoryItem, SessionMemory

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph

_HE = ("he", "him", "his", "himself")
_SHE = ("she", "her", "hers", "herself")
_IT = ("it", "its")
_PLACE_TYPES = frozenset({"GPE", "LOC", "FAC"})
#: Class nouns of "the film", "that company" -> graph types they fit ("" = untyped entities fit too).
CLASS_TYPES: dict[str, frozenset[str]] = {
    **{w: frozenset({"WORK_OF_ART", "ORG", "PRODUCT", "EVENT", ""}) for w in ("film", "movie", "book", "novel", "album", "song", "series", "show", "play")},
    **{w: frozenset({"ORG", ""}) for w in ("company", "firm", "studio", "business", "label", "band", "club", "team", "school", "university")},
    **{w: frozenset({"GPE", "LOC", "FAC", ""}) for w in ("city", "town", "village", "place", "country", "region")},
    **{w: frozenset({"PRODUCT", "ORG", "WORK_OF_ART", ""}) for w in ("product", "car", "kettle", "camera")},
    **{w: frozenset({"PERSON"}) for w in ("person", "man", "woman", "director", "founder", "author", "designer")},
}
_FOLLOWUP_LEAD = re.compile(r"^\s*(?:and|so|also|then|ok|okay|well)\b[\s,]*", re.IGNORECASE)
_WHAT_ABOUT = re.compile(r"^\s*(?:and\s+)?(?:what|how)\s+about\s+(.+?)\s*\??\s*$|^\s*and\s+(?!when|where|who|what|which|how|why)(.+?)\s*\?\s*$",
                         re.IGNORECASE)
_POSSESSIVE_FOLLOWERS = re.compile(r"\s+(?!(?:to|in|on|at|for|from|with|by|and|or|about|of|as|after|before)\b)[a-z]", re.IGNORECASE)


@dataclass
class _Session:
    turns: list[list[MemoryItem]] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)  # the resolved questions, oldest first
    anchors: list[list[str]] = field(default_factory=list)
    last_used: float = 0.0
    turn: int = 0


def resolve_references(question: str, memory: list[MemoryItem], previous: str = "",
                       previous_anchor: str = "") -> tuple[str, dict[str, str]]:
    """(resolved question, {reference: name}) against `memory` (most recent first); pure."""
    if not memory and not previous:
        return question, {}
    m = _WHAT_ABOUT.match(question)
    if m and previous and previous_anchor:
        other = (m.group(1) or m.group(2)).strip()
        if other and other[:1].isupper() and previous_anchor in previous:
            return previous.replace(previous_anchor, other), {"what about": other}
    replaced: dict[str, str] = {}
    text = _FOLLOWUP_LEAD.sub("", question) if _has_reference(question) else question

    def pick(kind: str) -> MemoryItem | None:
        for item in memory:
            if kind == "he" and item.type == "PERSON" and item.gender in ("he", ""):
                return item
            if kind == "she" and item.type == "PERSON" and item.gender in ("she", ""):
                return item
            if kind == "it" and item.type not in ("PERSON", *_PLACE_TYPES) and item.role != "answer-date":
                return item
            if kind == "there" and item.type in _PLACE_TYPES:
                return item
            if kind in CLASS_TYPES and item.type in CLASS_TYPES[kind]:
                return item
        return None

    def sub_class(mt: re.Match) -> str:
        noun = mt.group(2).lower()
        item = pick(noun)
        if item is None:
            return mt.group(0)
        replaced[mt.group(0).strip()] = item.name
        return item.name

    text = re.sub(rf"\b(the|that|this)\s+({'|'.join(CLASS_TYPES)})\b(?!\s+(?:of|by|that|which|who)\b)", sub_class, text,
                  flags=re.IGNORECASE)

    def sub_pronoun(mt: re.Match) -> str:
        word = mt.group(0)
        low = word.lower()
        kind = "he" if low in _HE else "she" if low in _SHE else "it" if low in _IT else "there"
        item = pick(kind)
        if item is None:
            return word
        replaced[low] = item.name
        possessive = low in ("his", "its", "hers") or (low == "her" and _POSSESSIVE_FOLLOWERS.match(text[mt.end():]) is not None)
        return f"{item.name}'s" if possessive else item.name

    words = "|".join(_HE + _SHE + _IT)
    text = re.sub(rf"\b(?:{words})\b", sub_pronoun, text, flags=re.IGNORECASE)
    text = re.sub(r"\b(?:was|were|is)\s+there\b(?=\s*\?)", lambda mt: mt.group(0), text)  # "who was there" stays
    if replaced:
        text = text[:1].upper() + text[1:]
        return text, replaced
    return question, {}


def _has_reference(question: str) -> bool:
    words = "|".join(_HE + _SHE + _IT)
    return bool(re.search(rf"\b(?:{words})\b|\b(?:the|that|this)\s+(?:{'|'.join(CLASS_TYPES)})\b", question, re.IGNORECASE))


def memory_items(result: AgenticRetrievalResult, type_of: Callable[[str], str], gender_of: Callable[[str], str],
                 turn: int) -> list[MemoryItem]:
    """What a session keeps of one answered question: answer, then bridges (latest first), then anchors."""
    route = result.route
    if route is None:
        return []
    by_id = {}
    for t in result.traces:
        if t.decision is not None:
            by_id = {a.requirement_id: a for a in t.decision.assessments}
    chain = [by_id[r.id] for r in route.requirements if r.id in by_id and by_id[r.id].status == "supported"
             and by_id[r.id].bridge_entities and not r.id.startswith("G")]
    names: list[tuple[str, str]] = []
    for i, a in enumerate(reversed(chain)):
        names.append((a.bridge_entities[0], "answer" if i == 0 and len(route.anchors) < 2 else "bridge"))
    names += [(a, "anchor") for a in route.anchors]
    out: list[MemoryItem] = []
    seen: set[str] = set()
    for name, role in names:
        if name.lower() in seen or re.fullmatch(r"[\d\s,./-]+|.*\b\d{4}\b.*", name):  # dates are no referents
            continue
        seen.add(name.lower())
        kind = type_of(name)
        out.append(MemoryItem(name=name, type=kind, role=role, gender=gender_of(name) if kind == "PERSON" else "", turn=turn))
    return out


class SessionStore:
    """Sessions by id, each a few turns of remembered entities; expiring and bounded."""

    def __init__(self, settings: SessionSettings, type_of: Callable[[str], str], gender_of: Callable[[str], str],
                 clock: Callable[[], float] = time.monotonic):
        self.settings = settings
        self.type_of, self.gender_of, self.clock = type_of, gender_of, clock
        self._sessions: OrderedDict[str, _Session] = OrderedDict()
        self._lock = threading.Lock()

    def _get(self, session_id: str) -> _Session:
        now = self.clock()
        for sid in [s for s, v in self._sessions.items() if now - v.last_used > self.settings.ttl_s]:
            del self._sessions[sid]
        s = self._sessions.pop(session_id, None) or _Session()
        s.last_used = now
        self._sessions[session_id] = s
        while len(self._sessions) > self.settings.max_sessions:
            self._sessions.popitem(last=False)
        return s

    def memory(self, session_id: str) -> list[MemoryItem]:
        """Remembered entities, most recent turn first."""
        with self._lock:
            s = self._get(session_id)
            return [item for turn in reversed(s.turns) for item in turn]

    def resolve(self, session_id: str, question: str) -> SessionMemory:
        with self._lock:
            s = self._get(session_id)
            memory = [item for turn in reversed(s.turns) for item in turn]
            previous = s.questions[-1] if s.questions else ""
            anchor = s.anchors[-1][0] if s.anchors and s.anchors[-1] else ""
            resolved, replaced = resolve_references(question, memory, previous, anchor)
            return SessionMemory(session_id=session_id, turn=s.turn + 1, asked=question, resolved=resolved,
                                 replaced=replaced, memory=memory)

    def remember(self, session_id: str, result: AgenticRetrievalResult) -> None:
        with self._lock:
            s = self._get(session_id)
            s.turn += 1
            s.turns.append(memory_items(result, self.type_of, self.gender_of, s.turn))
            s.questions.append(result.session.resolved if result.session else result.question)
            s.anchors.append(list(result.route.anchors) if result.route else [])
            keep = self.settings.max_turns
            s.turns, s.questions, s.anchors = s.turns[-keep:], s.questions[-keep:], s.anchors[-keep:]

    def clear(self, session_id: str) -> bool:
        """Forget a session; whether it existed."""
        with self._lock:
            return self._sessions.pop(session_id, None) is not None

    def __len__(self) -> int:
        return len(self._sessions)


_ATTACH = threading.Lock()


def sessions(hg: HopGraph) -> SessionStore:
    """The HopGraph's session store (created on first use)."""
    with _ATTACH:
        store = hg.__dict__.get("_sessions")
        if store is None:
            store = SessionStore(hg.settings.sessions, lambda n: _type_of(hg, n), lambda n: _gender_of(hg, n))
            hg.__dict__["_sessions"] = store
        return store


def _type_of(hg: HopGraph, name: str) -> str:
    if not hg.store.count("entities"):
        return ""
    kg = hg.graph
    types = [kg.entities[e].type for e in kg.lookup(name) if e in kg.entities]
    return max(set(types), key=types.count) if types else ""


def _gender_of(hg: HopGraph, name: str) -> str:
    """The pronoun the entity's own page uses most ("he", "she"; "" when neither or no page)."""
    if not hg.store.count("entities"):
        return ""
    kg = hg.graph
    chunk_ids = [c for e in kg.lookup(name) for c in kg.home_chunks.get(e, ())]
    text = " ".join(c.text for c in hg.store.get_chunks(chunk_ids[:3]).values()).lower()
    he = len(re.findall(r"\b(?:he|his|him)\b", text))
    she = len(re.findall(r"\b(?:she|her|hers)\b", text))
    return "he" if he > she else "she" if she > he else ""
