"""A definite description can name the corpus's one entity of its kind.

People who work with a set of documents call its bodies and places by what they are: "the food bank", "the
horological society", "the district council". When a question names nothing, a run of lower-case words after
"the" that ends the names of the graph's entities ("Pellingford Food Bank" ends in "food bank") stands for the
entity those names belong to, if one of them is named far more often than any other. Descriptions of two or
more words count; one word only when it is an organisation's noun after "the" in a sentence ("the festival's
first director") and one name ending in it is named far more often still (`ONE_WORD_DOMINANCE`), since "the
trust" or "the show" could be any of several. A name must say more than the description (a name that is only
"Food Bank" is the description itself).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from hopgraph.indexing.normalize import normalize
from hopgraph.router.leading import ORGANISATION_NOUNS
from hopgraph.router.spans import Span

if TYPE_CHECKING:
    from hopgraph.graph.build import KnowledgeGraph

#: Description lengths tried, longest first ("old choral society" then "choral society").
LONGEST, SHORTEST = 3, 2
#: How many times more chunks the chosen entity must be named in than the next one ending the same way.
DOMINANCE = 2
#: The same for a one-word description ("the festival"), which more names share.
ONE_WORD_DOMINANCE = 3
#: Parts of speech of the words of a description.
_DESCRIBING = frozenset(("NOUN", "ADJ", "PROPN"))


def description_index(kg: KnowledgeGraph) -> dict[str, set[int]]:
    """The last two or three words of every name and alias with more words before them -> entity ids; the last
    word alone too when it is an organisation's noun (the only one-word description `described_spans` reads)."""
    out: dict[str, set[int]] = defaultdict(set)
    for key, ids in kg.alias_index.items():
        words = key.split(" ")
        first = 1 if words[-1] in ORGANISATION_NOUNS else SHORTEST
        for n in range(first, min(LONGEST, len(words) - 1) + 1):
            out[" ".join(words[-n:])] |= ids
    return dict(out)


def described_spans(q: str, doc: Any, kg: KnowledgeGraph, index: dict[str, set[int]]) -> list[Span]:
    """Spans of `q` (parsed by spaCy as `doc`) whose description after "the" names one entity: each span covers the
    description's words and carries the entity's name."""
    out = []
    terse = terse_query(doc)
    for run in (_noun_runs(doc) if terse else _runs_after_the(doc)):
        # a terse query's description may stand anywhere in a run of nouns ("flower show president"), a sentence's
        # at the end of its noun phrase
        windows = [run[i:i + n] for n in range(min(LONGEST, len(run)), SHORTEST - 1, -1)
                   for i in (range(len(run) - n + 1) if terse else [len(run) - n])]
        if not terse and len(run) == 1 and run[0].lower_ in ORGANISATION_NOUNS:
            windows.append(run)  # "the festival's first director": the corpus's one festival, if it has one
        for words in windows:
            eid = _dominant(kg, index.get(normalize(" ".join(t.text for t in words)), set()),
                            ONE_WORD_DOMINANCE if len(words) == 1 else DOMINANCE)
            if eid is not None:
                start, end = words[0].idx, words[-1].idx + len(words[-1].text)
                possessive = words[-1].i + 1 < len(doc) and doc[words[-1].i + 1].text in ("'s", "’s")
                out.append(Span(start, end, kg.entities[eid].name, possessive))
                break
    return [s for s in out if s.end <= len(q)]


def terse_query(doc: Any) -> bool:
    """The question (parsed by spaCy as `doc`) has no article: a search-box query ("flower show president")."""
    return not any(t.lower_ in ("the", "a", "an") for t in doc)


def _noun_runs(doc: Any) -> list[list[Any]]:
    """Runs of lower-case nouns and adjectives anywhere (a terse query has no "the" to open them)."""
    runs, run = [], []
    for t in list(doc) + [None]:
        if t is not None and _describing(t):
            run.append(t)
            continue
        if len(run) >= SHORTEST:
            runs.append(run)
        run = []
    return runs


def _runs_after_the(doc: Any) -> list[list[Any]]:
    """Runs of lower-case nouns and adjectives right after "the" or a possessive ("the town's food bank"), ending on
    a noun ("the allotment society's")."""
    runs = []
    for t in doc:
        if t.lower_ != "the" and t.text not in ("'s", "’s"):
            continue
        run = []
        for u in doc[t.i + 1:]:
            if not _describing(u):
                break
            run.append(u)
        while run and run[-1].pos_ != "NOUN":
            run.pop()
        if run:
            runs.append(run)
    return runs


def _describing(t: Any) -> bool:
    """A lower-case noun or adjective: a word of a description, not of a name."""
    return t.pos_ in _DESCRIBING and t.text.isalpha() and t.text.islower()


def _dominant(kg: KnowledgeGraph, ids: set[int], dominance: int = DOMINANCE) -> int | None:
    """The entity named in the most chunks, when it is named in at least `dominance` times as many as any other;
    names of posts ("X - Coordinator") are no body a description names (`_no_post`)."""
    counts = sorted(((len(kg.entity_chunks.get(e, ())), e) for e in ids
                     if e in kg.entities and _no_post(kg.entities[e].name)), reverse=True)
    if not counts or counts[0][0] == 0:
        return None
    if len(counts) > 1 and counts[0][0] < dominance * counts[1][0]:
        return None
    return counts[0][1]


def _no_post(name: str) -> bool:
    """The name is no post in a body ("X - Coordinator"): a part of a body named so is a body itself when it ends
    on an organisation noun ("X Council - Markets Committee")."""
    part = name.rsplit(" - ", 1)[1] if " - " in name else ""
    return not part or part.split()[-1].lower() in ORGANISATION_NOUNS
