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

from hopgraph.indexing.merge import ALIAS_PREDICATES, UnionFind, initials, is_acronym
from hopgraph.indexing import totals_table
from hopgraph.indexing.merge_totals import TOTALS, Totals, unions
from hopgraph.indexing.sql_batches import batches, marks

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
    global_unions(doc_inputs(ctx), ctx.types, ctx.mentions, uf)


def global_unions(inputs: dict[str, Inputs], types: dict[str, str], mentions: Callable[[str], int],
                  uf: UnionFind | None = None) -> tuple[UnionFind, Totals]:
    """`merge.merge_acronyms`, `merge.merge_short_names` and `merge.merge_known_as` over documents' rows given
    in document order: a union-find holding every key, and the rows' totals."""
    totals = Totals()
    for doc_id, row in inputs.items():
        totals.add(doc_id, row)
    return unions(totals, list(inputs), types, mentions, uf), totals


# -- the table ------------------------------------------------------------------------------------------------

def has_table(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type='table' AND name='doc_merges'").fetchone()[0] == 1


def write(conn: sqlite3.Connection, inputs: dict[str, Inputs], docs: Iterable[str] = (),
          totals: Totals | None = None, as_stored: set[str] = frozenset()) -> None:
    """Replace the rows of `docs` and of `inputs`' documents by `inputs`, and the totals row by `totals` (a
    build, `docs` empty: the totals of `inputs`); `as_stored`: documents whose stored row is their row in
    `inputs` already (left as they are)."""
    if totals is None:
        totals = Totals()
        for doc_id, row in inputs.items():
            totals.add(doc_id, row)
    conn.execute(SCHEMA)
    conn.executemany("DELETE FROM doc_merges WHERE doc_id = ?",
                     ((d,) for d in (set(docs) | inputs.keys() | {TOTALS}) - as_stored))
    conn.executemany("INSERT INTO doc_merges (doc_id, data) VALUES (?, ?)",
                     ((d, json.dumps(v, separators=(",", ":"), ensure_ascii=False)) for d, v in inputs.items()
                      if d not in as_stored))
    conn.execute("INSERT INTO doc_merges (doc_id, data) VALUES (?, ?)", (TOTALS, totals_table.write(conn, totals)))


def read_rows(conn: sqlite3.Connection, docs: Iterable[str]) -> dict[str, Inputs]:
    """The stored rows of `docs` (those that have one)."""
    out: dict[str, Inputs] = {}
    for part in batches(sorted(set(docs) - {TOTALS})):
        q = f"SELECT doc_id, data FROM doc_merges WHERE doc_id IN ({marks(part)})"
        out.update((d, json.loads(v)) for d, v in conn.execute(q, part))
    return out


def _summed(conn: sqlite3.Connection) -> Totals:
    """The totals of every stored row (a store written before the totals row was kept)."""
    totals = Totals()
    for doc_id, data in conn.execute("SELECT doc_id, data FROM doc_merges WHERE doc_id != ?", (TOTALS,)):
        totals.add(doc_id, json.loads(data))
    return totals


def read_totals(conn: sqlite3.Connection) -> Totals | None:
    row = conn.execute("SELECT data FROM doc_merges WHERE doc_id = ?", (TOTALS,)).fetchone()
    return totals_table.read(conn, row[0]) if row else None


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
        self.inputs: dict[str, Inputs] = {}
        self.corpus: UnionFind | None = None
        self.totals: Totals | None = None  # the corpus's, with S's rows
        self.ctx: MergeContext | None = None
        self.seconds = 0.0  # spent here, over all rounds (part of resolution's)
        self._inside: set[str] = set()  # S's documents in the last round
        self._stored: dict[str, Inputs] = {}  # the stored rows of S's documents (but `gone`), read once
        self._members: tuple | None = None  # (union-find, root -> keys of its joined group, every key then)

    def __call__(self, uf: UnionFind, ctx: MergeContext) -> None:
        started = time.perf_counter()
        self._call(uf, ctx)
        self.seconds += time.perf_counter() - started

    def _call(self, uf: UnionFind, ctx: MergeContext) -> None:
        first_round = self.totals is None
        if first_round:
            self.totals = read_totals(self.conn) or _summed(self.conn)
            for doc_id, row in read_rows(self.conn, self.gone).items():  # the documents that left or changed
                self.totals.add(doc_id, row, -1)
        self.ctx, self.inputs = ctx, doc_inputs(ctx)
        inside = set(ctx.chunk_doc.values())
        joined = inside - self._inside
        stored = read_rows(self.conn, joined - self.gone)
        self._stored.update(stored)
        if first_round or any(self.inputs.get(d) != stored.get(d) for d in joined):
            for d in joined:  # a later round adds unchanged documents, whose rows are as stored: nothing moves
                if d in stored and self.inputs.get(d) == stored[d]:
                    continue  # taken out and added back: the same totals
                if d in stored:
                    self.totals.add(d, stored[d], -1)
                if d in self.inputs:
                    self.totals.add(d, self.inputs[d])
            self.corpus = unions(self.totals, doc_order(self.conn), ctx.types, self._mentions)
        self._inside = inside
        first: dict[str, str] = {}
        for key in list(uf.parent):
            root = self.corpus.find(key)
            if root in first:
                uf.union(first[root], key)
            else:
                first[root] = key

    def as_stored(self) -> set[str]:
        """S's documents whose rows (`inputs`, the last round's) are their stored rows."""
        return {d for d, row in self.inputs.items() if self._stored.get(d) == row}

    def named(self, key: str) -> bool:
        """Does a mention of the corpus have this key (a triple's end S meets without a mention there is the
        corpus's entity, not a new concept, as in a fresh build)?"""
        return self.corpus is not None and key in self.corpus.parent

    def _mentions(self, key: str) -> int:
        """An acronym key's mentions in the corpus (its stored votes)."""
        row = self.conn.execute("SELECT labels FROM name_votes WHERE norm = ?", (key,)).fetchone()
        return sum(json.loads(row[0]).values()) if row else 0

    def group_keys(self, roots: set[str]) -> dict[str, set[str]]:
        """Every key of the corpus's groups with these roots (read from the joined keys only: a root no key
        joins is its group's one key)."""
        corpus = self.corpus
        if self._members is None or self._members[0] is not corpus:  # joined groups' keys, once per union-find
            members: dict[str, set[str]] = defaultdict(set)
            for key in [k for k, p in corpus.parent.items() if p != k] if corpus is not None else ():
                root = corpus.find(key)
                members[root].update((root, key))
            self._members = (corpus, members, set(corpus.parent) if corpus is not None else set())
        _, joined, alone = self._members  # a key found later (a name of S only) is in no group of the corpus
        return {r: joined[r] if r in joined else {r} if r in alone else set() for r in roots}


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
