"""The documents whose entity resolution a change of the corpus may affect (from `name_keys` tables).

Given the name keys of the documents added and removed, the neighbourhood is every document of the new
corpus that holds
  * one of the same names, or the same name without honorifics (`n:`, `h:` keys): its key statistics
    (type votes, mid-sentence use) and honorific joins are the changed documents' too;
  * a bare short form of a changed full name, or a full name a changed bare name may stand for (`s:` and
    `n:`); when the bare form occurs anywhere, every full name it may stand for (uniqueness decides);
  * an acronym of a changed full name's initials and, when such an acronym occurs, every full name with
    those initials (`a:`, `A:`);
  * a personal name of the same family that one of two names may abbreviate (`f:`, `F:`);
  * a name equal to a word that stops or starts being an ordinary lower-case word of the corpus (junk names);
and the other documents of the previous store's entities the change rewrites though they share no name key
with it (`rewritten_docs`).
Entities that reach outside the neighbourhood are added by `delta_graph.closure_gaps` until it is closed.
Keys of many documents (hubs) are not followed (`related_docs`), which is where an update may differ from
a fresh build: an acronym or short person name decided by uniqueness among more than `hub_docs` documents
(names' types, junk, places, short names across documents and honorifics come from the corpus-wide votes,
`name_votes` and `corpus_names`, and the documents of names whose facts moved are always resolved).
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from hopgraph.indexing.name_keys import docs_with, present
from hopgraph.indexing.sql_batches import batches, marks

if TYPE_CHECKING:
    from hopgraph.indexing.old_graph import OldGraph


def query_keys(conn: sqlite3.Connection, changed: set[str], flipped_words: set[str]) -> set[str]:
    """The keys to look up, from the changed documents' keys and the words whose lower-case use appeared or
    vanished; `conn` holds the new corpus's key tables."""
    out: set[str] = {f"n:{w}" for w in flipped_words}
    shorts, acronyms = [], []
    for key in changed:
        kind, value = key[:2], key[2:]
        if kind == "n:":
            out.update((key, f"s:{value}", f"h:{value}"))
        elif kind == "h:":
            out.add(key)
        elif kind == "s:":
            out.add(f"n:{value}")
            shorts.append(value)
        elif kind == "A:":
            out.add(f"a:{value}")
            acronyms.append(value)
        elif kind == "a:":
            out.update((key, f"A:{value}"))
        elif kind == "f:":
            out.add(f"F:{value}")
        elif kind == "F:":
            out.update((key, f"f:{value}"))
    bare = present(conn, [f"n:{s}" for s in shorts] + [f"a:{a}" for a in acronyms]) | changed
    out.update(f"s:{s}" for s in shorts if f"n:{s}" in bare)
    out.update(f"A:{a}" for a in acronyms if f"a:{a}" in bare)
    return out


def related_docs(conn: sqlite3.Connection, changed: set[str], flipped_words: set[str], hub_docs: int) -> set[int]:
    """Rowids (in `conn`'s `documents`) of the documents a change with keys `changed` may affect. Keys held by
    more than `hub_docs` documents (a year, a country, "John") are left out: their entities are recounted
    (`delta_graph`), not re-resolved, unless the neighbourhood's resolution disagrees with their type."""
    keys = sorted(query_keys(conn, changed, flipped_words))
    small = []
    for part in batches(keys):
        q = f"SELECT key, COUNT(*) FROM doc_keys WHERE key IN ({marks(part)}) GROUP BY key"
        small.extend(k for k, n in conn.execute(q, part) if n <= hub_docs)
    return docs_with(conn, small)


def family_docs(conn: sqlite3.Connection, changed: set[str], moved: set[str]) -> set[int]:
    """Rowids of the documents whose family first names (`names.family_first_names`: "Tam" beside "Ada Brook"
    is the corpus's one person "Tam Brook") a change may move: a two-word personal name "tam brook" came, left
    (a changed document's `f:` key of it) or changed type (`moved`), so every document naming "tam" and a person
    of the family "brook" holds both keys, whatever their counts."""
    pairs = set()
    for name in {k[2:] for k in changed if k.startswith("n:")} | set(moved):
        words = name.split()
        if len(words) == 2 and (f"f:{words[1]}" in changed or name in moved):
            pairs.add((f"n:{words[0]}", f"f:{words[1]}"))
    out: set[int] = set()
    for first, family in sorted(pairs):
        small, large = sorted((first, family), key=lambda k: _holders(conn, k))
        out.update(r[0] for r in conn.execute("SELECT a.doc FROM doc_keys a WHERE a.key = ? AND EXISTS (SELECT 1 "
                                              "FROM doc_keys b WHERE b.key = ? AND b.doc = a.doc)", (small, large)))
    return out


def _holders(conn: sqlite3.Connection, key: str) -> int:
    """How many documents hold `key`: the pair's smaller side is walked, the larger probed (a common first name
    holds ten thousand documents at 100k passages, its family a few; an INTERSECT walked both)."""
    return conn.execute("SELECT COUNT(*) FROM doc_keys WHERE key = ?", (key,)).fetchone()[0]


def rewritten_docs(old: OldGraph, removed_chunks: list[str], moved: set[str], removed: set[str],
                   hub_docs: int) -> set[str]:
    """Ids of the other documents of the previous store's entities whose rows a change rewrites:
      * an entity with a mention or a relation end in a removed or replaced document: its votes and document
        count move, and its other documents may name it otherwise ("Mornav Society" where the removed one
        wrote a longer form) or only as a triple's end (a date), so they share no name key with the change;
      * an entity owning a mention of a name whose corpus-wide facts moved (`name_votes.adjust`): that mention
        may now join another entity or leave this one (a short name whose type or one full name changed).
    `delta_graph.closure_gaps` adds the documents of such an entity after a round, and the next round resolves
    all of S again; taken into the first neighbourhood they cost their own documents only. An entity left with
    more than `hub_docs` documents is left out (the closure recounts a hub)."""
    out: set[str] = set()
    for docs in old.docs(old.involved(removed_chunks) | old.named(moved)).values():
        rest = docs - removed
        if len(rest) <= hub_docs:
            out |= rest
    return out
