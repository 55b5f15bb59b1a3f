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
from typing import Protocol
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hopgraph.config_sections import SessionSettings
from hopgraph.models import AgenticRetrievalResult, MemoryItem, SessionMemory

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph

_HE = ("he", "him", "his", "himself")
_SHE = ("she", "her", "hers", "herself")
_IT = ("it", "its")
_PLACE_TYPES = frozenset({"GPE", "LOC", "FAC"})
#: Class nouns of "the film", "that company" -> words of a page's opening that show an entity is one.
CLASS_WORDS: dict[str, tuple[str, ...]] = {
    **{w: ("film", "movie", "documentary", "drama") for w in ("film", "movie")},
    **{w: ("book", "novel", "memoir") for w in ("book", "novel")},
    **{w: ("album", "song", "single", "record") for w in ("album", "song")},
    **{w: ("company", "manufacturer", "firm", "studio", "business", "maker", "producer", "corporation", "group")
       for w in ("company", "firm", "business", "manufacturer", "maker")},
    "studio": ("studio", "company"),
    **{w: ("city", "town", "village", "port", "capital", "municipality") for w in ("city", "town", "village", "place")},
    **{w: ("school", "university", "institute", "college") for w in ("school", "university", "institute")},
    **{w: ("car", "kettle", "camera", "heater", "mixer", "lens", "product", "database", "system")
       for w in ("product", "car", "kettle", "camera", "heater")},
}
#: Graph types that fit a class when the entity has no page to read.
CLASS_TYPES: dict[str, frozenset[str]] = {
    **{w: frozenset({"WORK_OF_ART"}) for w in ("film", "movie", "book", "novel", "album", "song")},
    **{w: frozenset({"ORG"}) for w in ("company", "firm", "business", "manufacturer", "maker", "studio", "school", "university", "institute")},
    **{w: frozenset({"GPE", "LOC"}) for w in ("city", "town", "village", "place")},
    **{w: frozenset({"PRODUCT"}) for w in ("product", "car", "kettle", "camera", "heater")},
}
#: A page that opens "Nadia Fenn (born 1958) is …" or "Tomas Reyl (1936–2011) was …" is a person's.
_PERSON_OPENING = re.compile(r"^[^.()]{2,60}\((?:born|b\.|\d{3,4}\s*[–-]|\d{1,2} \w+ \d{3,4}\s*[–-])", re.IGNORECASE)
_PLACE_WORDS = re.compile(r"\b(?:city|town|village|port|capital|municipality|island|region)\b", re.IGNORECASE)


def is_person(item: MemoryItem) -> bool:
    if item.about:
        return bool(_PERSON_OPENING.search(item.about))
    return item.type == "PERSON"


def is_place(item: MemoryItem) -> bool:
    if item.about and not is_person(item):
        head = re.split(r"\b(?:is|was)\s+(?:a|an|the)\b", item.about, maxsplit=1)
        return len(head) > 1 and bool(_PLACE_WORDS.search(head[1][:60]))
    return item.type in _PLACE_TYPES


def is_class(item: MemoryItem, noun: str) -> bool:
    if item.about and not is_person(item):
        head = re.split(r"\b(?:is|was)\s+(?:a|an|the)\b", item.about, maxsplit=1)
        return len(head) > 1 and bool(re.search(rf"\b(?:{'|'.join(CLASS_WORDS[noun])})s?\b", head[1][:80], re.IGNORECASE))
    return item.type in CLASS_TYPES.get(noun, ())


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
            if kind in ("he", "she") and is_person(item) and item.gender in (kind, ""):
                return item
            if kind == "it" and not is_person(item) and not is_place(item):
                return item
            if kind == "there" and is_place(item):
                return item
            if kind in CLASS_WORDS and is_class(item, kind):
                return item
        return None

    def sub_class(mt: re.Match) -> str:
        noun = mt.group(2).lower()
        item = pick(noun)
        if item is None:
            return mt.group(0)
        replaced[mt.group(0).strip()] = item.name
        return item.name

    text = re.sub(rf"\b(the|that|this)\s+({'|'.join(CLASS_WORDS)})\b(?!\s+(?:of|by|that|which|who)\b)", sub_class, text,
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
    return bool(re.search(rf"\b(?:{words})\b|\b(?:the|that|this)\s+(?:{'|'.join(CLASS_WORDS)})\b", question, re.IGNORECASE))


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
