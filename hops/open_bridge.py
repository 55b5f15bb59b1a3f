"""Open bridges: the entity a question leads through when no known relation names it (pure functions).

"Mara Vell starred in a series that originally aired on what station?" names no relation of
the vocabulary, so its first hop retrieves with the whole question and the bridge (the series) is
read from the top chunks: names they mention that the question does not, ranked by relatedness

- to the anchor: named in a chunk that names the anchor (most in a sentence that does, or on the
  anchor's own page), or joined to it by a graph edge;
- to the question: a graph edge whose predicate is a question word, or the question's words near it;
- to the corpus: the name has a page of its own (the next hop's target);
- by class: the text introduces it with a class noun of the question ("starred in a series" ->
  "the television series Charmed");
- by the question's numbers: a year the question gives ("born in 1952") in the same sentence;
- by position: found in a higher-ranked chunk.

The names are returned best first with the chunk each was read from (the requirement's evidence).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hopgraph.hops.bridges import NOT_NAMES, name_part
from hopgraph.hops.bridge_kinds import (CLASS_NOUNS, PLACE_PARTS, asked_class, asked_kind, bridge_kind, class_nouns,
                                         introduced_as, is_kind, kind_fit, page_class)
from hopgraph.hops.countries import is_country
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.names import TITLES, is_itself, name_forms, without_title
from hopgraph.indexing.normalize import DATE_RE, normalize
from hopgraph.router.spans import capitalised_spans, content_words

TOP_CHUNKS = 5  # chunks read for bridge candidates
_DEMONYM = re.compile(r"(?:an|ese|ish|ch|ic|i)$")


@dataclass
class Candidate:
    name: str
    score: float = 0.0
    chunk_id: str = ""  # where it was best attested
    best: float = 0.0
    seen_in: set[str] = field(default_factory=set)
    wrong_class: bool = False


def open_bridges(question: str, anchors: list[str], views: list[ChunkView], top: int = TOP_CHUNKS,
                 beside_anchor: bool = False) -> list[tuple[str, str]]:
    """(bridge name, chunk id) candidates read from the top chunks, most related to the question first. With
    `beside_anchor`, only names some top chunk naming an anchor also names (a fact of the anchor, not of
    another entity the question's words found)."""
    qnorm = f" {normalize(question)} "
    kind = asked_kind(question)
    expect = bridge_kind(question, anchors)
    classes = set() if expect else class_nouns(question, anchors) - {asked_class(question)}
    anchor_words = {w for a in anchors for w in normalize(a).split()}
    numbers = question_numbers(question, anchors)
    qwords = {w[:5] for w in content_words(question, limit=20) if w not in anchor_words}  # what the question adds
    all_words = qwords | {w[:5] for w in anchor_words if len(w) > 2}  # where the anchor is only named in part
    cands: dict[str, Candidate] = {}
    lower = common_words(views[:top])
    beside: set[str] = set()  # top chunks that name an anchor
    for pos, view in enumerate(views[:top]):
        rank_w = 1.0 / (1 + pos)
        about_anchor = any(view.is_home(a) for a in anchors)
        anchor_named = about_anchor or any(view.mentions(a) for a in anchors)
        if anchor_named:
            beside.add(view.hit.chunk_id)
        anchor_ids = {i for a in anchors for i in view.ids_of(a)}
        for name, sent, after_cue in _names(view, _cue_regex(qwords)):
            key = normalize(name)
            if not _usable(key, qnorm) or _anchor_variant(key, anchor_words) or _nationality(view, name, sent) \
                    or any(is_itself(name, a) for a in anchors) or _same_entity(view, name, anchor_ids):
                continue
            if not view.has_page(name) and common_word(name, lower):  # "South", "Governor": a word, not a name
                continue
            page = view.has_page(name)
            near = anchor_named and (about_anchor or any(f" {f} " in f" {normalize(sent)} " for a in anchors for f in name_forms(a)))
            s = rank_w
            s += 2.0 if near else (0.5 if anchor_named else 0.0)
            s += 1.0 if _edge_to(view, name, anchor_ids, qwords) else 0.0
            overlap = qwords if anchor_named else all_words
            s += 0.5 * min(2, sum(1 for w in content_words(sent, limit=40) if w[:5] in overlap)) + 0.5 * after_cue
            s += 1.0 if page else 0.0
            s += 1.5 * kind_fit(view, name, expect)  # "the receiver of X": a person, not a country
            s += 1.5 if classes and introduced_as(sent, name, classes) else 0.0
            s += 2.0 if numbers and any(re.search(rf"\b{n}\b", sent) for n in numbers) else 0.0  # "born in 1952"
            if name == view.hit.title:  # retrieved with the question: its own page
                s += (1.0 if anchor_named else 0.0) + (1.5 if is_kind(view, kind) else 0.0)
            c = cands.setdefault(key, Candidate(name))
            if classes & PLACE_PARTS and classes <= PLACE_PARTS and is_country(name):
                c.wrong_class = True  # "broadcasts to a city": not the country it lies in
            if classes and name == view.hit.title and (called := page_class(view)):
                c.wrong_class = called in CLASS_NOUNS and called not in classes  # its own page says it is another class
            c.score += s if view.hit.chunk_id not in c.seen_in else 0.0
            c.seen_in.add(view.hit.chunk_id)
            if not c.chunk_id or (s > c.best and not view.is_home(name)):  # bound: the chunk leading to it
                c.best, c.chunk_id = s, view.hit.chunk_id
    for c in cands.values():
        if c.wrong_class:  # "a series" is asked; the page calls it a fictional character
            c.score /= 2
    ranked = sorted(cands.values(), key=lambda c: -c.score)
    return [(c.name, c.chunk_id) for c in ranked if not beside_anchor or c.seen_in & beside]


def common_words(views: list[ChunkView]) -> set[str]:
    """Words the chunks write in lower case somewhere ("the south", "a governor"): common words, not names."""
    return {w for v in views for w in v.lower_words}


def common_word(name: str, lower: set[str]) -> bool:
    """A one-word name the chunks also write in lower case ("South", "Governor", "Legends"), or a
    number-led span ("1936 British", "10 Downing"): a capitalised word, not a name of its own."""
    words = name.split()
    if words and words[0][:1].isdigit():
        return True
    word = name.lower()
    return len(words) == 1 and bool({word, word.rstrip("s"), word + "s"} & lower)


def _names(view: ChunkView, cue: re.Pattern[str] | None) -> list[tuple[str, str, bool]]:
    """(name, sentence, first name after a question word) for the chunk's title and every capitalised
    name of its text ("She starred in Harbor Lights": Harbor Lights follows "starred")."""
    # the title, when it names an entity of the graph: "Staff bulletin no. 12" or "Minutes, 4 May" names none
    titled = view.hit.title and (view.kg is None or view.ids_of(view.hit.title))
    out = [(view.hit.title, view.sents[0][1] if view.sents else "", False)] if titled else []
    for _, sent in view.sents:
        # a lone capitalised word opening a sentence or a line is usually just a capital ("Critics praised …")
        spans = [s for s in map(name_part, capitalised_spans(sent)) if s.text
                 and (not _opens_a_line(sent, s.start) or " " in s.text or view.has_page(s.text))]
        cue_ends = [m.end() for m in cue.finditer(sent)] if cue is not None else []
        firsts = {next((i for i, s in enumerate(spans) if s.start >= e), -1) for e in cue_ends}
        out += [(_dated.sub("", s.text), sent, i in firsts) for i, s in enumerate(spans)]
    return out


#: A year or a span of years in brackets after a name in running text ("Ada Lurk (1901–1960)", "Minister of
#: Works (1892)"): when, not part of the name.
_dated = re.compile(r"\s*\((?:c\.\s*)?\d{3,4}(?:\s*[–-]\s*(?:c\.\s*)?\d{2,4})?\)$")


def _opens_a_line(text: str, start: int) -> bool:
    return start == 0 or text[:start].rstrip(" \t").endswith("\n")


def question_numbers(question: str, anchors: list[str]) -> list[str]:
    """Years and other numbers the question gives outside its entity names ("the singer born in 1952"); a
    year right before a name is that name's edition ("the 2007 X"), part of the name."""
    text = question
    for a in anchors:
        text = re.sub(rf"(?:\b\d{{4}}(?:[/–-]\d{{2,4}})?\s+)?{re.escape(a)}", " ", text)
    return re.findall(r"\b\d{2,4}\b", text)


def _cue_regex(qwords: set[str]) -> re.Pattern[str] | None:
    words = sorted(w for w in qwords if len(w) >= 3)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")[a-z]*", re.I) if words else None


def _usable(key: str, qnorm: str) -> bool:
    """A name, not a function word, a title ("Princess"), a date or a number, and not already in the question,
    also not with a title before it ("Captain Ada Brook" when the question names Ada Brook)."""
    if len(key) < 3 or key in NOT_NAMES or key in TITLES or DATE_RE.fullmatch(key) or re.fullmatch(r"[\d\s.,-]+", key):
        return False
    bare = without_title(key)
    if f" {key} " in qnorm or (bare != key and " " in bare and f" {bare} " in qnorm):
        return False
    words = key.split()
    return not all(f" {w} " in qnorm for w in words)


def _same_entity(view: ChunkView, name: str, anchor_ids: set[int]) -> bool:
    """A name the graph resolves to an anchor's own entity only ("KVT" for the Kessel Valley Trust it stands for)."""
    ids = view.ids_of(name)
    return bool(ids) and ids <= anchor_ids


def _anchor_variant(key: str, anchor_words: set[str]) -> bool:
    """Another form of an anchor's name ("Bartholomew J. Bart Hale-Denton" for "Bart Hale-Denton")."""
    return any(w in anchor_words for w in key.split() if len(w) > 3)


def _nationality(view: ChunkView, name: str, sentence: str) -> bool:
    """A nationality or group ("American"): typed NORP by the graph, or one word shaped like a demonym that
    has no page or that the sentence uses as an adjective ("a French mathematician")."""
    if view.types_of(name) & {"NORP", "LANGUAGE"}:
        return True
    if " " in name.strip() or not _DEMONYM.search(name.lower()):
        return False
    return not view.has_page(name) or re.search(rf"\b{re.escape(name)}\s+[a-z]{{3,}}", sentence) is not None


def _edge_to(view: ChunkView, name: str, anchor_ids: set[int], qwords: set[str]) -> bool:
    """A graph edge of this chunk between the name and an anchor, or one whose predicate is a question word."""
    kg = view.kg
    if kg is None:
        return False
    ids = view.ids_of(name)
    if not ids:
        return False
    for i in kg.relations.touching(kg.relations_by_chunk.get(view.hit.chunk_id, ()), ids):
        r = kg.relations[i]
        ends = {r.source_id, r.target_id}
        if ends & anchor_ids or (r.predicate and r.predicate.split(" ")[0][:5] in qwords):
            return True
    return False
