"""The corpus-wide merges of entity resolution (acronyms, short person names, "also known as"), kept per
document so an update unions its neighbourhood's names as the whole corpus does.

`resolve` keys each mention (`key_of`, per document), then unions keys by three rules that read the whole
corpus (`merge.merge_acronyms`, `merge.merge_short_names`, `merge.merge_known_as`). What those rules read of
one document is small and depends on that document and the corpus-wide name facts only (`doc_inputs`):

  * ``l``: its mentions' keys with their NER labels, counted (every key of the corpus; short names' labels);
  * ``r``: its own readings of acronyms (`merge.local_acronyms`), which the corpus counts as spellings;
  * ``f``: the initials and keys of its multi-word names not tagged as people (acronyms no document spells out);
  * ``a``: its acronyms not read locally and keyed as the corpus keys them, with their keys, in order;
  * ``k``: its "also known as" statements' two keys, in chunk order.

Every build keeps them per document (table `doc_merges`); an update replaces its neighbourhood S's rows,
deletes the removed documents' and runs the three rules over all rows in document order (`global_unions`,
the same unions `resolve` makes over the whole corpus), then unions S's keys as the corpus does
(`CorpusMerges`). A document outside S keeps its keys: the name facts they depend on are the corpus's
(`name_votes`), and the documents of names whose facts moved are in S.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from hopgraph.indexing.merge import (ALIAS_PREDICATES, UnionFind, acronym_target_fits, initials, is_acronym,
                                     merge_known_as)
from hopgraph.indexing.variants import PERSON_LABELS, short_name_targets
from hopgraph.indexing.votes import new_counter

SCHEMA = "CREATE TABLE IF NOT EXISTS doc_merges (doc_id TEXT PRIMARY KEY, data TEXT) WITHOUT ROWID"
Inputs = dict  # {"l": [[key, label, n]], "r": {norm: key}, "f": [[initials, key]], "a": [[norm, key]], "k": [[a, b]]}


@dataclass
class MergeContext:
    """What `resolve` hands its merge step: documents' mentions (text, label, norm), `key_of(text, doc)`, each
    document's acronym readings, the extractions in chunk order, chunk -> document, a text's key outside any
    document, the corpus's name types and an acronym key's mention count."""

    doc_mentions: dict[str, list[tuple[str, str, str]]]
    key_of: Callable[[str, str], str]
    local: dict[str, dict[str, str]]
    in_order: list
    chunk_doc: dict[str, str]
    corpus_key: Callable[[str], str]
    types: dict[str, str]
    mentions: Callable[[str], int]


def doc_inputs(ctx: MergeContext) -> dict[str, Inputs]:
    """Per document (those with mentions or alias statements, in chunk order), what the three merge rules read."""
    found: dict[str, Inputs] = {}
    key_of = ctx.key_of
    for doc_id, ms in ctx.doc_mentions.items():
        labels: Counter = Counter()
        fulls: dict[tuple[str, str], None] = {}
        acros: dict[tuple[str, str], None] = {}
        local = ctx.local.get(doc_id, {})
        for text, label, norm in ms:
            labels[(key_of(text, doc_id), label)] += 1
            if " " in norm and label != "PERSON":
                fulls[(initials(norm), key_of(norm, doc_id))] = None
            if is_acronym(text) and norm not in local:
                key = key_of(text, doc_id)
                if key and key == ctx.corpus_key(text):
                    acros[(norm, key)] = None
        found[doc_id] = {"l": [[k, lab, n] for (k, lab), n in labels.items()], "r": dict(local),
                         "f": [list(p) for p in fulls], "a": [list(p) for p in acros], "k": []}
    for ext in ctx.in_order:
        doc_id = ctx.chunk_doc.get(ext.chunk_id)
        for t in ext.triples:
            if t.predicate in ALIAS_PREDICATES:
                entry = found.setdefault(doc_id, {"l": [], "r": {}, "f": [], "a": [], "k": []})
                entry["k"].append([key_of(t.subject, doc_id), key_of(t.object, doc_id)])
    return {d: found[d] for d in dict.fromkeys(ctx.chunk_doc.values()) if d in found}


def default_merges(uf: UnionFind, ctx: MergeContext) -> None:
    """The three rules over the documents `ctx` holds (a fresh build: the whole corpus)."""
    global_unions(doc_inputs(ctx).values(), ctx.types, ctx.mentions, uf)


def global_unions(inputs: Iterable[Inputs], types: dict[str, str], mentions: Callable[[str], int],
                  uf: UnionFind | None = None) -> UnionFind:
    """`merge.merge_acronyms`, `merge.merge_short_names` and `merge.merge_known_as` over documents' inputs given
    in document order: a union-find holding every key."""
    uf = uf if uf is not None else UnionFind()
    inputs = list(inputs)
    labels: dict[str, Counter] = defaultdict(new_counter)
    spelled: dict[str, Counter] = defaultdict(Counter)
    global_full: dict[str, set[str]] = defaultdict(set)
    for d in inputs:
        for key, label, n in d["l"]:
            labels[key][label] += n
        for norm, target in d["r"].items():
            spelled[norm][target] += 1
        for ini, key in d["f"]:
            global_full[ini].add(key)
    for key in labels:  # every key of a mention, in first-seen order
        if key:
            uf.find(key)
    wanted: dict[str, tuple[str, str]] = {}
    for d in inputs:
        for norm, key in d["a"]:
            if key in wanted:
                continue
            target = None
            if norm in spelled:
                (best, n), = spelled[norm].most_common(1)
                if 2 * n > sum(spelled[norm].values()) and sum(c == n for c in spelled[norm].values()) == 1:
                    target = best
            elif len(global_full.get(norm, ())) == 1:
                target = next(iter(global_full[norm]))
            if target is not None and key != target:
                wanted[key] = (norm, target)
    for key, (norm, target) in wanted.items():
        support = spelled[norm][target] if norm in spelled else 0
        if acronym_target_fits(types.get(key, ""), types.get(target, ""), support, mentions(key)):
            uf.union(key, target)
    _short_names(uf, labels)
    merge_known_as(uf, [_Aliases(d["k"]) for d in inputs if d["k"]], {}, lambda text, _doc: text, types)
    return uf


def _short_names(uf: UnionFind, labels: dict[str, Counter]) -> None:
    """`merge.merge_short_names` from the corpus's label counts per key."""
    from hopgraph.indexing.merge import _same_family

    keys = {k for k, c in labels.items() if k and PERSON_LABELS.intersection(c)}
    persons = {k for k in keys if 2 * labels[k]["PERSON"] > sum(labels[k].values())}
    for part in _same_family(keys):
        for short, full in short_name_targets(part, persons).items():
            uf.union(short, full)


@dataclass
class _Triple:
    subject: str
    object: str
    predicate: str = "also know as"


@dataclass
class _Aliases:
    """A document's alias statements as `merge_known_as` reads an extraction (keys for texts)."""

    pairs: list
    chunk_id: str = ""
    triples: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self.triples = [_Triple(a, b) for a, b in self.pairs]


# -- the table ------------------------------------------------------------------------------------------------

def has_table(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type='table' AND name='doc_merges'").fetchone()[0] == 1


def write(conn: sqlite3.Connection, inputs: dict[str, Inputs], docs: Iterable[str] = ()) -> None:
    """Replace the rows of `docs` and of `inputs`' documents by `inputs`."""
    conn.execute(SCHEMA)
    conn.executemany("DELETE FROM doc_merges WHERE doc_id = ?", ((d,) for d in set(docs) | inputs.keys()))
    conn.executemany("INSERT INTO doc_merges (doc_id, data) VALUES (?, ?)",
                     ((d, json.dumps(v, separators=(",", ":"), ensure_ascii=False)) for d, v in inputs.items()))


def read_all(conn: sqlite3.Connection, skip: set[str]) -> dict[str, Inputs]:
    """Every stored row but those of `skip`."""
    return {d: json.loads(v) for d, v in conn.execute("SELECT doc_id, data FROM doc_merges") if d not in skip}


def doc_order(conn: sqlite3.Connection) -> list[str]:
    """The documents in chunk order (the order `resolve` meets them)."""
    return list(dict.fromkeys(d for (d,) in conn.execute("SELECT doc_id FROM chunks ORDER BY row")))


class CorpusMerges:
    """An update's merge step (`resolve` calls it with S's union-find and context): the three rules over the
    stored rows of the documents outside S and S's own, in document order (`global_unions`); S's keys are then
    unioned as the corpus's. Keeps S's rows (`inputs`), the corpus's union-find (`corpus`) and S's `key_of`."""

    def __init__(self, conn: sqlite3.Connection, gone: set[str]):
        self.conn = conn
        self.gone = gone  # documents whose stored rows are the previous version's or left
        self._stored: dict[str, Inputs] | None = None
        self.inputs: dict[str, Inputs] = {}
        self.corpus: UnionFind | None = None
        self.ctx: MergeContext | None = None
        self.seconds = 0.0  # spent here, over all rounds (part of resolution's)
        self._inside: set[str] = set()  # S's documents in the last round

    def __call__(self, uf: UnionFind, ctx: MergeContext) -> None:
        started = time.perf_counter()
        self._call(uf, ctx)
        self.seconds += time.perf_counter() - started

    def _call(self, uf: UnionFind, ctx: MergeContext) -> None:
        if self._stored is None:
            self._stored = read_all(self.conn, self.gone)
        self.ctx, self.inputs = ctx, doc_inputs(ctx)
        stored, mine, inside = self._stored, self.inputs, set(ctx.chunk_doc.values())
        if self.corpus is None or any(mine.get(d) != stored.get(d) for d in inside - self._inside):
            # a later round adds unchanged documents whose rows are as stored: the corpus's unions stand
            rows = (mine.get(d) if d in inside else stored.get(d) for d in doc_order(self.conn))
            self.corpus = global_unions((r for r in rows if r is not None), ctx.types, self._mentions)
        self._inside = inside
        first: dict[str, str] = {}
        for key in list(uf.parent):
            root = self.corpus.find(key)
            if root in first:
                uf.union(first[root], key)
            else:
                first[root] = key

    def _mentions(self, key: str) -> int:
        """An acronym key's mentions in the corpus (its stored votes)."""
        row = self.conn.execute("SELECT labels FROM name_votes WHERE norm = ?", (key,)).fetchone()
        return sum(json.loads(row[0]).values()) if row else 0

    def group_keys(self, roots: set[str]) -> dict[str, set[str]]:
        """Every key of the corpus's groups with these roots."""
        out: dict[str, set[str]] = {r: set() for r in roots}
        if self.corpus is not None:
            for key in list(self.corpus.parent):
                r = self.corpus.find(key)
                if r in out:
                    out[r].add(key)
        return out


@dataclass
class CorpusGroups:
    """The corpus's groups of S's entities (`CorpusMerges` after a round): each graph entity's root, the keys of
    its group, and which of its mention texts may name it in a document outside S."""

    root: dict[int, str]  # graph entity -> root of its keys' group in the corpus
    keys: dict[int, set[str]]  # graph entity -> every key of that group
    corpus: UnionFind
    corpus_key: Callable[[str], str]
    own: dict[int, set[str]]  # graph entity -> the keys of its mentions in S

    def outside_keys(self, i: int) -> set[str]:
        """Keys of entity `i`'s group that none of its mentions in S has (held only outside S)."""
        return self.keys.get(i, set()) - self.own.get(i, set())

    def may_name(self, i: int, norm: str) -> bool:
        """May a document outside S naming `norm` (keyed as the corpus keys it, no reading of its own) name
        entity `i`? Not when that key is another group's or no entity's: a mention S read by its document's
        own reading ("film" for "Rakka (film)" in that film's article) reaches no other document by its text."""
        if i not in self.root:
            return True
        key = self.corpus_key(norm)
        return bool(key) and key in self.corpus.parent and self.corpus.find(key) == self.root[i]


def corpus_groups(merges: CorpusMerges, graph) -> CorpusGroups:
    """`CorpusGroups` of a graph resolved with `merges` as its merge step."""
    ctx, corpus = merges.ctx, merges.corpus
    own: dict[int, set[str]] = defaultdict(set)
    for m in graph.mentions:
        key = ctx.key_of(m["text"], ctx.chunk_doc[m["chunk_id"]])
        if key:
            own[m["entity_id"]].add(key)
    root = {i: corpus.find(next(iter(ks))) for i, ks in own.items()}
    members = merges.group_keys(set(root.values()))
    return CorpusGroups(root, {i: members[r] for i, r in root.items()}, corpus, ctx.corpus_key, own)
