"""One retrieved chunk seen as the grader sees it: its sentences, the names it mentions, whose page it is.

`ChunkView` computes each lookup once per chunk (a grade asks the same ones again and again): whether a name
is the chunk's own subject (`is_home`), whether it mentions a name (by the graph's links or its text), the
graph types of a name and how well they fit the kind of answer a relation asks for.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hopgraph.hops.countries import is_country
from hopgraph.hops.names import COURTESY, TITLES, another_form, is_itself, name_forms, same_name, says_surname
from hopgraph.indexing.layout_breaks import break_layout
from hopgraph.indexing.normalize import normalize, strip_disambiguator
from hopgraph.models import SearchHit
from hopgraph.router.vocab import RelationSpec

if TYPE_CHECKING:
    from hopgraph.graph.build import KnowledgeGraph

_SENT = re.compile(r"(?<![A-Z])(?<!\b[A-Z][a-z])(?<!\bSt)(?<!\bNo)(?<!\bProf)(?<!\bMrs)(?<!\bRev)(?<!\bGen)"
                   r"(?<!\bCol)(?<!\bCapt)(?<!\bSgt)[.!?;]\s+(?=[A-Z\"“(])")  # "Prof. Vik", "Mrs. Lind": no sentence end

#: Graph entity types that fit (first) or cannot be (second) each kind of answer.
_TYPES = {
    "person": ({"PERSON"}, {"NORP", "DATE", "GPE", "LOC", "CARDINAL", "ORDINAL", "LANGUAGE", "TIME", "MONEY", "PERCENT"}),
    "place": ({"GPE", "LOC", "FAC"}, {"NORP", "DATE", "PERSON", "CARDINAL", "ORDINAL", "TIME", "MONEY", "PERCENT"}),
    "country": ({"NORP", "GPE"}, {"DATE", "PERSON", "CARDINAL", "ORDINAL", "TIME"}),
    "thing": (set(), {"NORP", "DATE", "CARDINAL", "ORDINAL", "TIME", "MONEY", "PERCENT"}),
    "org": ({"ORG"}, {"NORP", "DATE", "PERSON", "GPE", "LOC", "CARDINAL", "ORDINAL", "TIME", "MONEY", "PERCENT"}),
}
_NOT_COUNTRY = frozenset({"LOC", "FAC", "ORG", "WORK_OF_ART", "EVENT", "PRODUCT", "PERSON", "DATE"})
#: Relations whose answer is one human being, never a body or a group (a band can perform, a firm can found):
#: kin, spouses, and who held a post before or after someone.
_ONE_PERSON = frozenset("father mother parent spouse child sibling predecessor successor".split())
#: Kinds of names that are no human being.
_NOT_HUMAN = frozenset({"ORG", "FAC", "GPE", "LOC", "WORK_OF_ART", "EVENT", "PRODUCT", "LAW"})


def sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) pairs; keeps initials ("Hollis R. Banning") inside one sentence."""
    out, start = [], 0
    for m in _SENT.finditer(text):
        out.append((start, text[start:m.start() + 1]))
        start = m.end()
    out.append((start, text[start:]))
    return [(o, s) for o, s in out if s.strip()]


def _norm_padded(text: str) -> str:
    return f" {normalize(text)} "


#: The name a page opens with, up to a bracket, a comma or its first verb.
_OPENING_NAME = re.compile(r"\s*([A-Z][^(,]*?)\s*(?:\(|,|\b(?:is|was|are|were)\b)")
#: A birth name in brackets: "(born Lena Ray Oster; 8 May 1892 …)", "(née Oster)".
_BIRTH_NAME = re.compile(r"\((?:born|n[ée]e|n[ée])\s+([A-Z][^;,)]*)")


#: A word written in lower case, not part of a longer token ("south" in "the south", not in "south-east's") nor of
#: an address or code ("jobs@kalvor.example", "`kalvor.routes`").
_LOWER_WORD = re.compile(r"(?<![\w'@./`-])[a-z][a-z-]+(?![\w'@-]|\.[a-z])")


class ChunkView:
    """One retrieved chunk with the lookups the grader needs, computed once."""

    def __init__(self, hit: SearchHit, kg: KnowledgeGraph | None):
        self.hit = hit
        self.kg = kg
        self.norm_text = _norm_padded(hit.text)
        self.norm_title = normalize(hit.title)
        self.norm_bare_title = normalize(strip_disambiguator(hit.title))  # without "(1936 film)"
        self.entity_ids = kg.chunk_entities.get(hit.chunk_id, set()) if kg is not None else set()
        self._sents: list[tuple[int, str]] | None = None
        self._home: dict[str, bool] = {}  # name -> is_home, mentions, ids_of: asked again and again per grade
        self._mentions: dict[str, bool] = {}
        self._ids: dict[str, set[int]] = {}
        self._own: set[str] | None = None
        self._lower_words: set[str] | None = None

    @property
    def sents(self) -> list[tuple[int, str]]:
        if self._sents is None:
            # a flattened email or memo gets its lost line breaks back, so "Cy Dunn Date" is not read as one name
            self._sents = sentences(break_layout(self.hit.text))
        return self._sents

    @property
    def lower_words(self) -> set[str]:
        """The words the chunk writes in lower case somewhere ("the south", "a governor"): common words, not names."""
        if self._lower_words is None:
            self._lower_words = set(_LOWER_WORD.findall(self.hit.text))
        return self._lower_words

    def ids_of(self, name: str) -> set[int]:
        """The graph entities the name links to (a fresh set: callers may change it)."""
        if self.kg is None:
            return set()
        ids = self._ids.get(name)
        if ids is None:
            ids = self._ids[name] = self.kg.lookup(name) | self.kg.lookup(strip_disambiguator(name))
        return set(ids)

    def is_home(self, name: str) -> bool:
        """The chunk is this name's own page: its title is the name (up to case, disambiguator, or a
        dropped particle such as "de"); an untitled chunk, when it opens with the name."""
        home = self._home.get(name)
        if home is None:
            home = self._home[name] = self._is_home(name)
        return home

    def _is_home(self, name: str) -> bool:
        if not self.norm_title:
            return self._opens_with(name)
        forms = name_forms(name)
        if self.norm_title in forms or self.norm_bare_title in forms:
            return True
        return any(same_name(f, self.norm_bare_title) or is_itself(self.hit.title, f) for f in forms)

    def headed_by(self, name: str) -> bool:
        """The chunk's title is a heading that names nothing the graph knows ("Charity report 2019") and its text
        opens with the name (or a name the graph links to it, "OCAA")."""
        return self.kg is not None and bool(self.norm_title) and not self.kg.lookup(self.hit.title) \
            and self._opens_with(name)

    def _opens_with(self, name: str) -> bool:
        """An untitled chunk opens with the name, or with a fuller form of it ("Benedict Roy Quarrie" for
        "Benny Quarrie", "Tobias Edmund Varrow" for "T. Edmund Varrow")."""
        text = self.norm_text
        if (first := text.split(" ", 2)[1:2]) and first[0] in COURTESY | TITLES:  # "Dr Ada Brook, who has died …"
            text = text[len(first[0]) + 1:]
        if any(t.startswith(f" {f} ") for t in {self.norm_text, text} for f in name_forms(name)) or self.is_about(name):
            return True
        topics = self.kg.chunk_topics.get(self.hit.chunk_id, set()) if self.kg is not None else set()
        return any(another_form(name, self.kg.entities[t].name, self.kg.entities[t].type == "PERSON")
                   for t in topics if t in self.kg.entities)

    def is_topic_page(self, name: str, topic: list[str] | tuple[str, ...]) -> bool:
        """The chunk's title holds the name and every topic word ("Vessary astronomical clock")."""
        title = f" {self.norm_title} "
        return any(f" {f} " in title for f in name_forms(name)) and all(f" {normalize(w)}" in title for w in topic)

    def mentions(self, name: str) -> bool:
        said = self._mentions.get(name)
        if said is None:
            said = self._mentions[name] = self._says(name)
        return said

    def _says(self, name: str) -> bool:
        if self.is_home(name) or self.ids_of(name) & self.entity_ids:
            return True
        return any(f" {f} " in self.norm_text for f in name_forms(name))

    def types_of(self, name: str) -> set[str]:
        """The graph's entity types of the entities the name links to (empty without a graph)."""
        if self.kg is None:
            return set()
        return {self.kg.entities[e].type for e in self.ids_of(name) if e in self.kg.entities}

    def type_fit(self, name: str, answer: str) -> int:
        """1 when the graph types the name as the answer kind, -1 when as a wrong kind, else 0."""
        types = self.types_of(name)
        good, bad = _TYPES.get(answer, (set(), set()))
        if types & good:
            return 1
        return -1 if types and types <= bad else 0

    def not_human(self, name: str) -> bool:
        """The graph types the name only as a body, a place or a thing, never as a person."""
        return bool(types := self.types_of(name)) and types <= _NOT_HUMAN

    def answer_fit(self, name: str, rel: RelationSpec) -> int:
        """`type_fit` for the relation's answer; for "country of X" a known country first (2) and a river,
        region or organisation last (-1); for a relation whose answer is one person, a body or a place last (-1)."""
        if rel.name in _ONE_PERSON and self.not_human(name):
            return -1  # ("the successor of X": no hospital)
        if rel.name != "country":
            return self.type_fit(name, rel.answer)
        if is_country(name):
            return 2
        types = self.types_of(name)
        return -1 if types and types <= _NOT_COUNTRY else self.type_fit(name, rel.answer)

    def has_page(self, name: str) -> bool:
        """Whether the corpus has a chunk titled by this name (only known with a graph)."""
        return self.kg is not None and any(self.kg.home_chunks.get(e) for e in self.ids_of(name))

    def is_about(self, name: str) -> bool:
        """The graph holds the chunk for one of the name's pages: a titled page of it, or a report, release or
        minutes whose text opens with it ("Charity report 2019" opening "OCAA flew …")."""
        if self.kg is None:
            return False
        return bool(self.ids_of(name) & self.kg.chunk_topics.get(self.hit.chunk_id, set()))

    def linked_aliases(self, name: str) -> list[str]:
        """Other names of the graph entities `name` links to in this chunk."""
        if self.kg is None:
            return []
        out: list[str] = []
        for eid in self.ids_of(name) & self.entity_ids:
            ent = self.kg.entities.get(eid)
            out += [ent.name, *ent.aliases] if ent else []
        return [a for a in out if normalize(a) != normalize(name)]

    def own_names(self) -> set[str]:
        """The names a titled page gives its own subject in its opening, normalised: the name it opens with
        ("Pirani Lena Varn (…) was …") and a birth name in brackets ("(born Lena Ray Oster; …)", "(née …)")."""
        if self._own is None:
            self._own = set()
            if self.hit.title and self.sents:
                first = self.sents[0][1]
                if m := _OPENING_NAME.match(first):
                    self._own.add(normalize(m.group(1)))
                self._own |= {normalize(b.strip()) for b in _BIRTH_NAME.findall(first)}
        return self._own

    def sentences_with(self, name: str) -> list[tuple[int, str]]:
        """Sentences naming `name`; for a person the chunk names in full, also those naming the surname alone."""
        forms = name_forms(name)
        out = [(o, s) for o, s in self.sents if any(f" {f} " in _norm_padded(s) for f in forms)]
        if out and "PERSON" in self.types_of(name):
            named = {o for o, _ in out}
            out = [(o, s) for o, s in self.sents if o in named or says_surname(s, name)]
        return out
