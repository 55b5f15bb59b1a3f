"""Entity resolution for an update: `resolve` over the changed documents' neighbourhood, grown until closed.

The neighbourhood S starts as the changed documents plus `neighbourhood.related_docs` and the other documents
of the previous entities the change rewrites (`neighbourhood.rewritten_docs`); `resolve` runs over
S's chunks in store order, with one more chunk holding the corpus's lower-case words among S's one-word
names (so `junk.junk_keys` sees the whole corpus's ordinary words); `delta_graph.closure_gaps` adds the
documents of entities that reach outside S, and S is resolved again, until nothing is added. Each round
costs about its documents' share of a whole-corpus resolution, so rounds go on while all of them together
stay within `ROUND_BUDGET` of the corpus's documents and no round's gaps grow S by more than `GROWTH_LIMIT`;
past that, at the fourth round, or when S holds more than `FULL_FRACTION` of the corpus, S becomes the whole
corpus (the ordinary resolution, still written as changes).
"""

from __future__ import annotations

import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from hopgraph.indexing import delta_merges
from hopgraph.indexing.delta_graph import HUB_DOCS, Placement, Scope, closure_gaps
from hopgraph.indexing.delta_merges import CorpusMerges, corpus_groups
from hopgraph.indexing.name_keys import KeyHolders, docs_with, known_words
from hopgraph.indexing.corpus_names import CorpusNames
from hopgraph.indexing.name_votes import NameVotes, corpus_names, load, no_acronyms
from hopgraph.indexing.names import DocKeysMemo
from hopgraph.indexing.neighbourhood import family_docs, related_docs, rewritten_docs
from hopgraph.indexing.normalize import normalize
from hopgraph.indexing.old_graph import OldGraph
from hopgraph.indexing.reuse import STATE_TABLE, unpack_extractions
from hopgraph.indexing.sql_batches import batches, marks
from hopgraph.models import Chunk, ChunkExtraction, ResolvedGraph

FULL_FRACTION = 0.5  # a neighbourhood above this share of the documents is resolved as the whole corpus
#: Documents resolved over all partial rounds, as a share of the corpus, before the next round is the whole
#: corpus: each round re-resolves all of S, so partial rounds may together cost about one whole resolution.
ROUND_BUDGET = 0.6
#: A round whose gaps add more than this share to S is followed by the whole corpus: S is reaching into hubs
#: (names of hundreds of documents, merged across the corpus), where partial rounds close slowly and where
#: an acronym or short person name decided by uniqueness among S's candidates may differ from the corpus's
#: (measured on the 100k mixed corpus: rounds of 4k, 7k, 14.5k, 14.6k, 14.7k documents, closed, but ~50
#: entity rows differing from a fresh build).
GROWTH_LIMIT = 0.25
MAX_ROUNDS = 4  # the fourth round is the whole corpus
LOWER_WORDS_CHUNK = "\x00lower-words"


@dataclass
class Resolved:
    graph: ResolvedGraph
    placement: Placement
    old_chunks: list[str]
    documents: int  # documents resolved (the final S)
    rounds: int
    whole: bool  # the final S is the whole corpus
    seconds: dict[str, float] = field(default_factory=dict)
    sizes: list[int] = field(default_factory=list)  # S of each round
    docs: set[str] = field(default_factory=set)  # the final S and the documents whose previous version left


def resolve_changed(conn: sqlite3.Connection, old: sqlite3.Connection, changed_keys: set[str], flipped: set[str],
                    fresh: dict[str, list[ChunkExtraction]], removed: set[str], old_chunks_removed: list[str],
                    moved: set[str] = frozenset(), corpus: CorpusNames | None = None) -> Resolved:
    """Resolve the neighbourhood of a change. `conn`: the new store's tables (documents, chunks, doc_state,
    key tables and name votes already updated); `old`: the previous store; `fresh`: extractions of the added
    and replaced documents; `removed`: ids whose previous version is gone; `old_chunks_removed`: their
    previous chunks; `moved`: names whose corpus-wide facts changed (`name_votes.adjust`), all of whose
    documents are resolved; `corpus`: the new corpus's names (read from `conn` when not given). The cyclic
    garbage collector is paused meanwhile (`hopgraph.gc_pause`): a whole-corpus round reads ~100k
    documents' extractions, millions of objects in no cycle, and each full collection would walk them all
    (reading 25k documents' extractions at 100k: 15.1 CPU s collected, 2.8 paused)."""
    from hopgraph.gc_pause import collector_paused

    with collector_paused():
        return _resolve_changed(conn, old, changed_keys, flipped, fresh, removed, old_chunks_removed, moved, corpus)


def _resolve_changed(conn: sqlite3.Connection, old: sqlite3.Connection, changed_keys: set[str], flipped: set[str],
                     fresh: dict[str, list[ChunkExtraction]], removed: set[str], old_chunks_removed: list[str],
                     moved: set[str], corpus: CorpusNames | None) -> Resolved:
    from hopgraph.indexing.resolve import resolve

    seconds: dict[str, float] = {"neighbourhood": 0.0, "resolve": 0.0, "closure": 0.0}
    t = time.perf_counter()
    doc_ids = _doc_ids(conn)
    scope_docs = set(fresh) | set(doc_ids(related_docs(conn, changed_keys, flipped, HUB_DOCS)).values())
    scope_docs |= set(doc_ids(docs_with(conn, {f"n:{n}" for n in moved})).values())
    scope_docs |= set(doc_ids(family_docs(conn, changed_keys, moved)).values())  # a family's first names
    graph_old = OldGraph(old)
    scope_docs |= rewritten_docs(graph_old, old_chunks_removed, moved, removed, HUB_DOCS)
    corpus = corpus or corpus_names(conn)
    total = conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0]
    changed_norms = {k[2:] for k in changed_keys if k.startswith("n:")}
    cache: dict[str, list[ChunkExtraction]] = dict(fresh)
    seconds["neighbourhood"] += time.perf_counter() - t
    holders = KeyHolders(conn)  # the new corpus's documents by name key, each key read once over all rounds
    stored_votes: dict[str, tuple | None] = {}  # name -> its stored vote row, read once over all rounds
    is_place = _places(conn, corpus)
    merges = CorpusMerges(conn, removed) if delta_merges.has_table(conn) else None
    memo = DocKeysMemo()  # a document's own overrides, made once over all rounds (same corpus statistics)
    sizes: list[int] = []
    grew_fast = False
    for rounds in range(1, MAX_ROUNDS + 1):
        whole = grew_fast or _whole_next(sizes, len(scope_docs), total) or rounds == MAX_ROUNDS
        if whole:
            scope_docs = {r[0] for r in conn.execute("SELECT doc_id FROM documents")}
        sizes.append(len(scope_docs))
        t = time.perf_counter()
        chunks = _chunks(conn, scope_docs)
        extractions = _extractions(conn, scope_docs, cache)
        votes = _votes(conn, chunks, extractions, corpus, stored_votes)
        votes.merges = merges
        graph = resolve(chunks + [_lower_words_chunk(conn, extractions)], extractions, votes, fit=False, memo=memo)
        seconds["resolve"] += time.perf_counter() - t
        t = time.perf_counter()
        unchanged = [c.chunk_id for c in chunks if c.doc_id not in fresh]
        scope = Scope(docs=scope_docs, unchanged_chunks=unchanged, old_chunks=unchanged + old_chunks_removed,
                      removed=removed, changed_norms=changed_norms, doc_id_of={}, is_place=is_place,
                      groups=None if merges is None or whole else corpus_groups(merges, graph), fresh_docs=set(fresh))
        last_partial = rounds == MAX_ROUNDS - 1 or _whole_next(sizes, len(scope_docs) + 1, total)
        gaps, placement = closure_gaps(graph, scope, graph_old, holders, doc_ids, whole, any_gap=last_partial)
        seconds["closure"] += time.perf_counter() - t
        if placement is not None:
            if merges is not None:  # S's documents' merge inputs replace theirs; the removed documents' go
                delta_merges.write(conn, merges.inputs, scope_docs | removed, merges.totals, merges.as_stored())
                seconds["merges"] = merges.seconds
            _fit(graph, placement, graph_old)
            return Resolved(graph, placement, scope.old_chunks, len(scope_docs), rounds, whole, seconds, sizes,
                            scope_docs | removed)
        grew_fast = len(gaps) > GROWTH_LIMIT * len(scope_docs)
        scope_docs |= gaps
    raise AssertionError("the whole corpus is always closed")


def _places(conn: sqlite3.Connection, corpus: CorpusNames) -> Callable[[str], bool]:
    """Is a name a place in the new corpus (`NameStats.is_place` over its corpus-wide votes)? Asked per name."""
    known: dict[str, bool] = {}

    def is_place(name: str) -> bool:
        if name not in known:
            known[name] = corpus.stats.is_place(name, load(conn, [name], corpus).labels[name])
        return known[name]
    return is_place


def _whole_next(sizes: list[int], size: int, total: int) -> bool:
    """Is a neighbourhood of `size` documents, after partial rounds of `sizes`, resolved as the whole corpus?"""
    return size > FULL_FRACTION * total or sum(sizes) + size > ROUND_BUDGET * total


def _votes(conn: sqlite3.Connection, chunks: list[Chunk], extractions: list[ChunkExtraction], corpus: CorpusNames,
           stored: dict[str, tuple | None] | None = None) -> NameVotes:
    """The corpus's votes of S's names, and what the corpus's names decide for them (`CorpusNames`); `stored`:
    the name vote rows read in earlier rounds (filled here)."""
    from hopgraph.indexing.resolve import Norms

    stored = {} if stored is None else stored
    norm = Norms()  # each distinct text normalised once (a whole-corpus round: ~400k)
    mentioned = {m.text for e in extractions for m in e.mentions}
    votes = _load(conn, {norm[t] for t in mentioned}, corpus, stored)
    texts = mentioned | {x for e in extractions for t in e.triples for x in (t.subject, t.object)}
    texts |= {x for e in extractions for co in e.cooccurrences for x in (co.a, co.b)}
    norms = {norm[t] for t in texts}
    across = corpus.across_for(norms)
    texts = _load(conn, set(across) - votes.texts.keys(), corpus, stored).texts  # shorts named only in triples
    votes.across = no_acronyms(across, {k: votes.texts.get(k) or texts.get(k) for k in across})
    votes.bare = corpus.bare_for(norms | {normalize(c.title) for c in chunks if c.title} | set(votes.across.values()))
    return votes


def _load(conn: sqlite3.Connection, names: set[str], corpus: CorpusNames, stored: dict[str, tuple | None]) -> NameVotes:
    """`name_votes.load` of `names`, each name's row read once per update (a later round's S holds the earlier
    one's names): the table does not change during resolution, and each round gets its own Counters."""
    todo = names - stored.keys()
    if todo:
        fresh = load(conn, todo, corpus)
        for n in todo:
            stored[n] = (fresh.labels[n], fresh.texts[n], fresh.mid[n]) if n in fresh.labels else None
    out = NameVotes(types=corpus.types, named=corpus.named, stats=corpus.stats)
    for n in sorted(names):  # in name order, as `load` reads them
        row = stored[n]
        if row is not None:
            out.labels[n], out.texts[n], out.mid[n] = Counter(row[0]), Counter(row[1]), row[2]
    return out


def _fit(graph: ResolvedGraph, placement: Placement, old: OldGraph) -> None:
    """Filter the typed relations by their ends' final types: a kept or recounted entity keeps its stored type
    (its votes in S are partial), the others have the type S's resolution gave them."""
    from hopgraph.indexing.relation_fit import fit_relations

    kept = placement.keep_row | placement.recount.keys()
    stored = old.rows({placement.ids[i] for i in kept})
    types = {e.entity_id: e.type for e in graph.entities}
    types.update((i, stored[placement.ids[i]][1]) for i in kept)
    fit_relations(graph, types)


def _doc_ids(conn: sqlite3.Connection) -> Callable[[set[int]], dict[int, str]]:
    """rowids -> {rowid: doc_id} of the new corpus's documents (each rowid read once: the documents do not
    change during resolution)."""
    known: dict[int, str | None] = {}

    def doc_ids(rowids: set[int]) -> dict[int, str]:
        todo = sorted(set(rowids) - known.keys())
        for part in batches(todo):
            known.update(dict.fromkeys(part))
            known.update(conn.execute(f"SELECT rowid, doc_id FROM documents WHERE rowid IN ({marks(part)})", part))
        return {r: d for r in rowids if (d := known[r]) is not None}
    return doc_ids


def _chunks(conn: sqlite3.Connection, doc_ids: set[str]) -> list[Chunk]:
    rows = []
    for part in batches(sorted(doc_ids)):
        q = (f'SELECT chunk_id, doc_id, title, text, start, "end", content_hash, position, row FROM chunks '
             f"WHERE doc_id IN ({marks(part)})")
        rows.extend(conn.execute(q, part).fetchall())
    rows.sort(key=lambda r: r[8])
    return [Chunk(chunk_id=r[0], doc_id=r[1], title=r[2], text=r[3], start=r[4], end=r[5], content_hash=r[6],
                  position=r[7]) for r in rows]


def _extractions(conn: sqlite3.Connection, doc_ids: set[str], cache: dict[str, list[ChunkExtraction]]
                 ) -> list[ChunkExtraction]:
    for part in batches(sorted(doc_ids - cache.keys())):
        q = f"SELECT doc_id, extraction FROM {STATE_TABLE} WHERE doc_id IN ({marks(part)})"
        for doc_id, blob in conn.execute(q, part):
            cache[doc_id] = unpack_extractions(blob) if blob else []
    return [e for d in doc_ids for e in cache.get(d, [])]


def _lower_words_chunk(conn: sqlite3.Connection, extractions: list[ChunkExtraction]) -> Chunk:
    """A chunk without extraction whose text holds the corpus's lower-case words equal to a one-word name of S."""
    words = {n for t in {m.text for e in extractions for m in e.mentions} for n in [normalize(t)] if n.isalpha()}
    text = " ".join(sorted(known_words(conn, words)))
    return Chunk(chunk_id=LOWER_WORDS_CHUNK, doc_id=LOWER_WORDS_CHUNK, text=text, start=0, end=len(text),
                 content_hash="")
