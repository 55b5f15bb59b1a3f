"""Follow-up questions: a short memory per session of the previous questions' entities and answers.

After "Where was the director of The Glass Harbor born?" a session remembers The Glass Harbor (anchor), the
director (bridge) and the birthplace (answer), each with its graph type and, for people, the pronoun their own
page uses for them. "And when did he die?" is then resolved against that memory before routing
(`hopgraph.follow_up`). Within a turn the answer comes first, then the bridges (latest first), then the anchors.

`SessionStore` keeps `settings.sessions.max_turns` turns per session, forgets a session unused for `ttl_s`
seconds and keeps at most `max_sessions` sessions (least recently used go first). `clear` forgets one.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hopgraph.config_sections import SessionSettings
from hopgraph.follow_up import resolve_references
from hopgraph.models import AgenticRetrievalResult, MemoryItem, SessionMemory

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph


@dataclass
class _Session:
    turns: list[list[MemoryItem]] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)  # the resolved questions, oldest first
    anchors: list[list[str]] = field(default_factory=list)
    last_used: float = 0.0
    turn: int = 0


class Lookup(Protocol):
    """What the session reads about a name from the store (`StoreLookup`); tests pass their own."""

    def describe(self, name: str) -> tuple[str, str, str]:
        """(graph type, pronoun of its own page, opening of its own page)."""

    def names_in(self, text: str) -> list[str]:
        """Entity names a sentence mentions, in order."""


def memory_items(result: AgenticRetrievalResult, lookup: Lookup, turn: int) -> list[MemoryItem]:
    """What a session keeps of one answered question: the answer, the bridges (latest first), the other
    names of the answer's evidence sentence, then the anchors."""
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
    if chain and chain[-1].evidence_sentence:
        names += [(n, "mentioned") for n in lookup.names_in(chain[-1].evidence_sentence)]
    names += [(a, "anchor") for a in route.anchors]
    anchors = {a.lower() for a in route.anchors}
    out: list[MemoryItem] = []
    seen: set[str] = set()
    for name, role in names:
        key = name.lower()
        if key in seen or re.fullmatch(r"[\d\s,./-]+|.*\b\d{4}\b.*", name):  # dates are no referents
            continue
        if role != "anchor" and key in anchors:
            continue  # an "answer" that is the question's own anchor is a misreading
        seen.add(key)
        kind, gender, about = lookup.describe(name)
        out.append(MemoryItem(name=name, type=kind, role=role, gender=gender, about=about, turn=turn))
    return out


class SessionStore:
    """Sessions by id, each a few turns of remembered entities; expiring and bounded."""

    def __init__(self, settings: SessionSettings, lookup: Lookup, clock: Callable[[], float] = time.monotonic):
        self.settings = settings
        self.lookup, self.clock = lookup, clock
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
            s.turns.append(memory_items(result, self.lookup, s.turn))
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
            store = SessionStore(hg.settings.sessions, StoreLookup(hg))
            hg.__dict__["_sessions"] = store
        return store


class StoreLookup:
    """Types, pronouns and page openings from a HopGraph's graph and chunks."""

    def __init__(self, hg: HopGraph):
        self.hg = hg

    def _kg(self):
        return self.hg.graph if self.hg.store.count("entities") else None

    def describe(self, name: str) -> tuple[str, str, str]:
        kg = self._kg()
        if kg is None:
            return "", "", ""
        ids = kg.lookup(name)
        types = [kg.entities[e].type for e in ids if e in kg.entities]
        chunk_ids = sorted(c for e in ids for c in kg.home_chunks.get(e, ()))
        chunks = self.hg.store.get_chunks(chunk_ids[:3])
        text = " ".join(chunks[c].text for c in chunk_ids[:3] if c in chunks)
        low = text.lower()
        he = len(re.findall(r"\b(?:he|his|him)\b", low))
        she = len(re.findall(r"\b(?:she|her|hers)\b", low))
        gender = "he" if he > she else "she" if she > he else ""
        first = chunks[chunk_ids[0]].text if chunk_ids and chunk_ids[0] in chunks else ""
        about = " ".join(first.split())[:200]
        return (max(set(types), key=types.count) if types else ""), gender, about

    def names_in(self, text: str) -> list[str]:
        kg = self._kg()
        if kg is None:
            return []
        from hopgraph.graph.link import link_entities

        return [kg.entities[e.entity_id].name for e in sorted(link_entities(text, kg, fuzzy=False), key=lambda e: e.start)
                if e.entity_id in kg.entities]
