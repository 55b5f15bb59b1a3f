"""Does a chunk support a requirement, and which bridge entity does it name? (pure functions)

Used by the rule-based grader. A chunk supports "relation R of entity E" when
- it mentions E: the graph links E to the chunk (mentions, aliases), or E's normalised
  name occurs in the chunk's title or text; and
- it states R: a graph edge of the chunk from E whose predicate expresses R, or one of R's
  cue words in the chunk's text (in the same sentence as E unless the chunk is E's own page).
The bridge entity (the answer of R, e.g. the director) is the other endpoint of a matching
edge, else the name nearest after the cue word in that sentence (or a date, for dates).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hopgraph.hops.bridges import has_address, in_address, lexical_bridges
from hopgraph.hops.countries import is_country
from hopgraph.hops.free_cues import FREE, done_by, free_cues, free_spec, states_freely
from hopgraph.hops.names import name_forms, same_name, same_person_name, says_surname, titled_sex
from hopgraph.indexing.layout_breaks import break_layout
from hopgraph.indexing.normalize import DATE_RE, normalize, strip_disambiguator
from hopgraph.models import SearchHit
from hopgraph.router.mentions import is_function_phrase
from hopgraph.router.spans import capitalised_spans
from hopgraph.router.vocab import RELATIONS, RelationSpec, cue_regex, predicate_matches

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
_SEXED = {"mother": "m", "father": "f"}  # a kin relation -> the sex its answer's title cannot say
_NOT_COUNTRY = frozenset({"LOC", "FAC", "ORG", "WORK_OF_ART", "EVENT", "PRODUCT", "PERSON", "DATE"})


@dataclass
class Support:
    chunk_id: str
    entity: str
    home: bool  # the chunk's title is the entity
    by_graph: bool
    sentence: str
    bridges: list[str] = field(default_factory=list)
    done_by: bool = False  # the sentence says the entity did it to the bridge ("Y, directed by <entity>")

    @property
    def score(self) -> int:
        # a sentence naming both ends in a by-phrase outweighs a loose cue on the entity's own page
        return 2 * self.home + self.by_graph + (1 if self.bridges else 0) + 3 * self.done_by


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

    @property
    def sents(self) -> list[tuple[int, str]]:
        if self._sents is None:
            # a flattened email or memo gets its lost line breaks back, so "Cy Dunn Date" is not read as one name
            self._sents = sentences(break_layout(self.hit.text))
        return self._sents

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
        return any(same_name(f, self.norm_bare_title) for f in forms)

    def _opens_with(self, name: str) -> bool:
        """An untitled chunk opens with the name, or with a fuller form of it ("Benedict Roy Quarrie" for
        "Benny Quarrie", "Tobias Edmund Varrow" for "T. Edmund Varrow")."""
        if any(self.norm_text.startswith(f" {f} ") for f in name_forms(name)):
            return True
        topics = self.kg.chunk_topics.get(self.hit.chunk_id, set()) if self.kg is not None else set()
        if not topics:
            return False
        if self.ids_of(name) & topics:
            return True
        return any(same_person_name(name, self.kg.entities[t].name) for t in topics if t in self.kg.entities)

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

    def answer_fit(self, name: str, rel: RelationSpec) -> int:
        """`type_fit` for the relation's answer; for "country of X" a known country first (2) and a river,
        region or organisation last (-1)."""
        if rel.name != "country":
            return self.type_fit(name, rel.answer)
        if is_country(name):
            return 2
        types = self.types_of(name)
        return -1 if types and types <= _NOT_COUNTRY else self.type_fit(name, rel.answer)

    def has_page(self, name: str) -> bool:
        """Whether the corpus has a chunk titled by this name (only known with a graph)."""
        return self.kg is not None and any(self.kg.home_chunks.get(e) for e in self.ids_of(name))

    def linked_aliases(self, name: str) -> list[str]:
        """Other names of the graph entities `name` links to in this chunk."""
        if self.kg is None:
            return []
        out: list[str] = []
        for eid in self.ids_of(name) & self.entity_ids:
            ent = self.kg.entities.get(eid)
            out += [ent.name, *ent.aliases] if ent else []
        return [a for a in out if normalize(a) != normalize(name)]

    def sentences_with(self, name: str) -> list[tuple[int, str]]:
        """Sentences naming `name`; for a person the chunk names in full, also those naming the surname alone."""
        forms = name_forms(name)
        out = [(o, s) for o, s in self.sents if any(f" {f} " in _norm_padded(s) for f in forms)]
        if out and "PERSON" in self.types_of(name):
            named = {o for o, _ in out}
            out = [(o, s) for o, s in self.sents if o in named or says_surname(s, name)]
        return out


def check(view: ChunkView, name: str, relation: str, topic: list[str] | tuple[str, ...] = ()) -> Support | None:
    """Support for (name, relation) in one chunk, with its bridge candidates; None when absent. With a
    `topic` the fact is of that thing of the entity ("the astronomical clock" of Vessary): its page is the
    one whose title holds the entity's name and the topic words ("Vessary astronomical clock")."""
    home = view.is_home(name) or (bool(topic) and view.is_topic_page(name, topic))
    if not home and not view.mentions(name):
        return None
    rel = RELATIONS.get(relation)
    edge_bridges = graph_bridges(view, name, rel) if rel is not None else []
    cue = cue_regex(relation) if rel is not None else free_cues(relation)
    sents = view.sents if home else view.sentences_with(name)
    if not sents and not home:  # linked through an alias the text spells differently
        for alias in view.linked_aliases(name):
            sents = sents or view.sentences_with(alias)
    cue_sents = [s for _, s in sents if cue is None or _states(cue, s, free=rel is None)]
    if rel is not None and rel.answer == "date":
        cue_sents = [s for s in cue_sents if DATE_RE.search(s)]
        if home and not cue_sents:  # an entity's own page dating it: "X is a 1994 film", "X (1921–2016)"
            cue_sents = [s for _, s in view.sents[:2] if DATE_RE.search(s)]
    if cue is None and not home:
        cue_sents = []
    if not cue_sents and not home and cue is not None and (rel is None or rel.answer != "date"):
        # "BREATHE-2, our phase II trial, … The lead site is H, where the principal investigator is P.": the
        # sentences right after one naming the entity go on about it (same paragraph)
        cue_sents = [s for s in following(view.hit.text, view.sents, sents) if _states(cue, s, free=rel is None)]
    if rel is not None and rel.name == "country":  # an address states it: "near Vaalhoek, Tarnveld, South Africa"
        cue_sents += [s for _, s in sents if s not in cue_sents and (in_address(s, name) or (home and has_address(s)))]
    if not edge_bridges and not cue_sents:
        return None
    sentence, text_bridges = "", []
    # a relation said by an agent noun ("the winner of X") is answered by who does its verb, a person
    spec = rel or free_spec(relation)
    done = _done_by(view, cue_sents[:4], name, cue) if rel is None else None
    if done:  # "<Y>, a film directed by <name>": Y
        sentence, bridge = done
        text_bridges = [bridge]
    else:
        for sent in cue_sents[:4]:  # the first sentence that yields a name (or date) of the right kind
            text_bridges = _fitting(view, lexical_bridges(sent, name, spec, cue), spec)
            sentence = sentence or sent
            if text_bridges:
                sentence = sent
                break
    bridges = _dedupe([b for b, _ in edge_bridges] + text_bridges)
    if rel is not None and rel.name in _SEXED and bridges:  # "daughter of Archduke A and Infanta B": no archduke
        bridges = [b for b in bridges if titled_sex(b) != _SEXED[rel.name]]  # is her mother
        if not bridges:
            return None  # the parents it names are of the other sex: it does not state this one
    if edge_bridges and edge_bridges[0][1]:
        sentence = edge_bridges[0][1]  # the sentence the graph edge was read from
    return Support(view.hit.chunk_id, name, home, bool(edge_bridges), sentence.strip(), bridges, done_by=bool(done))


MAX_TEXT_BRIDGES = 3  # candidates read from one sentence
#: Sentences after one that names an entity that still count as about it (same paragraph).
FOLLOWING = 2


def _opens_with_a_name(sentence: str) -> bool:
    """The sentence starts with a name of two or more words, its subject ("Bob Jones was …")."""
    spans = capitalised_spans(sentence.lstrip())
    first = spans[0].text.split() if spans and spans[0].start == 0 else []
    return len(first) >= 2 and not is_function_phrase(first[0])


def following(text: str, all_sents: list[tuple[int, str]], naming: list[tuple[int, str]]) -> list[str]:
    """Up to `FOLLOWING` sentences of `text` after each naming sentence, in the same paragraph (no line
    break between) and not opening with another name, that are not naming sentences themselves (pure)."""
    named = {o for o, _ in naming}
    out: list[str] = []
    for n, (o, s) in enumerate(all_sents):
        if o not in named:
            continue
        end = o + len(s)
        for o2, s2 in all_sents[n + 1:n + 1 + FOLLOWING]:
            head = s2.split("\n")[0]  # a line break ends the paragraph
            if o2 in named or "\n" in text[end:o2] or _opens_with_a_name(head):
                break  # "Bob Jones was born in Tamsel.": about someone else now
            if head.strip() and head not in out:
                out.append(head)
            if head != s2:
                break
            end = o2 + len(s2)
    return out


def _fitting(view: ChunkView, names: list[str], spec: RelationSpec) -> list[str]:
    """The best three of a sentence's candidate bridges: for a free relation (no cue to be near) names with
    their own page first; otherwise wrongly typed names (a nationality or a date for a person) dropped
    before the three are taken, and the rightly typed first."""
    if spec is FREE:
        return sorted(names[:MAX_TEXT_BRIDGES], key=lambda b: not view.has_page(b))
    if view.kg is not None or spec.name == "country":
        names = sorted((b for b in names if view.answer_fit(b, spec) >= 0), key=lambda b: -view.answer_fit(b, spec))
    return names[:MAX_TEXT_BRIDGES]


def graph_bridges(view: ChunkView, name: str, rel: RelationSpec) -> list[tuple[str, str]]:
    """(name, sentence) of the other endpoints of this chunk's edges from `name` that express `rel`."""
    kg = view.kg
    if kg is None:
        return []
    ids = view.ids_of(name)
    out: list[tuple[str, str]] = []
    for i in kg.relations_by_chunk.get(view.hit.chunk_id, ()):
        r = kg.relations[i]
        if r.kind != "typed" or (r.source_id not in ids and r.target_id not in ids):
            continue
        ok, reverse = predicate_matches(rel, r.predicate)
        if not ok:
            continue
        entity_is_subject = r.source_id in ids
        if rel.answer == "person" and rel.reverse:  # kinship: direction decides who is whose
            if reverse != entity_is_subject:
                continue
        other = r.target_id if entity_is_subject else r.source_id
        if other in ids or other not in kg.entities:
            continue
        other_name = kg.entities[other].name
        if (rel.answer == "date") != bool(DATE_RE.fullmatch(other_name.strip())):
            continue
        out.append((other_name, r.sentence))
    return out


def _done_by(view: ChunkView, sents: list[str], name: str, cue: re.Pattern[str] | None) -> tuple[str, str] | None:
    """(sentence, bridge) of the first sentence saying the entity did the free relation to the bridge."""
    for sent in sents if cue is not None else ():
        if bridge := done_by(sent, name, cue, view.hit.title):
            return sent, bridge
    return None


def _states(cue: re.Pattern[str], sentence: str, free: bool) -> bool:
    """A vocabulary relation's cue anywhere; a free relation's only as an ordinary word (`states_freely`)."""
    return states_freely(cue, sentence) if free else bool(cue.search(sentence))


def _dedupe(names: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for n in names:
        key = normalize(n)
        if key and key not in seen:
            seen.add(key)
            out.append(n)
    return out
