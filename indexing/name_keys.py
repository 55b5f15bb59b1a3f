"""Which documents a change of the corpus can affect in entity resolution: per-document name keys.

Entity resolution (`hopgraph.indexing.resolve`) decides a mention's entity from its normalised name and from
corpus-wide facts about related names. Every store records, per document, keys naming what resolution may
relate it to (table `doc_keys`), and the corpus's lower-case words with their document counts (table
`lower_words`, what `junk.junk_keys` reads). An update (`hopgraph.indexing.delta_update`) looks the keys of the
changed documents up to find the documents whose resolution may change (`neighbourhood.related_docs`).

Keys of a normalised name `n` (prefix, what it links):
  ``n:`` n itself (same name, same key statistics: type votes, mid-sentence use);
  ``h:`` n without leading honorifics ("emperor x ii" and "x ii", `names.honorific_keys`);
  ``s:`` each short form of a multi-word name (last word, first word, initial + surname; `names.short_forms`);
  ``A:`` the initials of a multi-word name, ``a:`` an all-capitals mention (acronyms, `merge.merge_acronyms`);
  ``f:``/``F:`` the family part of a two-/three-or-more-word personal name (`variants.short_name_targets`).
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Iterable

from hopgraph.indexing.junk import LOWER_WORD
from hopgraph.indexing.names import NAME_LABELS, PLACES, initials, short_forms
from hopgraph.indexing.normalize import normalize
from hopgraph.indexing.sql_batches import batches, marks
from hopgraph.indexing.variants import _NOT_PERSONAL, _split, HONORIFICS, PERSON_LABELS
from hopgraph.models import Chunk, ChunkExtraction

KEYS_SCHEMA = """
CREATE TABLE IF NOT EXISTS doc_keys (key TEXT, doc INTEGER, PRIMARY KEY (key, doc)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lower_words (word TEXT PRIMARY KEY, docs INTEGER) WITHOUT ROWID;
"""


def strip_honorifics(norm: str) -> str:
    words = norm.split()
    k = 0
    while k < len(words) - 1 and words[k] in HONORIFICS:
        k += 1
    return " ".join(words[k:])


def name_keys(text: str, label: str | None) -> set[str]:
    """The keys of one mention (`label` set) or triple/co-occurrence endpoint (`label` None)."""
    norm = normalize(text)
    if not norm:
        return set()
    keys = {f"n:{norm}", f"h:{strip_honorifics(norm)}"}
    if label is None:
        return keys
    words = norm.split()
    if 2 <= len(text) <= 6 and text.isalpha() and text.isupper():
        keys.add(f"a:{norm}")
    if len(words) > 1:
        if label in NAME_LABELS | PLACES:
            keys.update(f"s:{short}" for short, _first in short_forms(words))
        if label != "PERSON":
            keys.add(f"A:{initials(norm)}")
        if label in PERSON_LABELS and not _NOT_PERSONAL.intersection(words):
            family = " ".join(_split(words)[1])
            keys.add(f"f:{family}")
            if len(words) >= 3:
                keys.add(f"F:{family}")
    return keys


def doc_name_keys(chunks: Iterable[Chunk], extractions: Iterable[ChunkExtraction]) -> set[str]:
    """Every key of a document's mentions, triple and co-occurrence endpoints and title."""
    keys: set[str] = set()
    for c in chunks:
        if c.title:
            keys.update(name_keys(c.title, None))
    for ext in extractions:
        for m in ext.mentions:
            keys.update(name_keys(m.text, m.label))
        for t in ext.triples:
            keys.update(name_keys(t.subject, None))
            keys.update(name_keys(t.object, None))
        for co in ext.cooccurrences:
            keys.update(name_keys(co.a, None))
            keys.update(name_keys(co.b, None))
    return keys


def lower_words(chunks: Iterable[Chunk]) -> set[str]:
    """The lower-case words of a document's chunks (as `junk.junk_keys` finds them)."""
    out: set[str] = set()
    for c in chunks:
        out.update(LOWER_WORD.findall(c.text))
    return out


def create_tables(conn: sqlite3.Connection) -> None:
    conn.executescript(KEYS_SCHEMA)


def add_doc(conn: sqlite3.Connection, doc: int, keys: set[str], words: set[str]) -> None:
    """Record a document (its `documents` rowid) in both tables."""
    conn.executemany("INSERT OR IGNORE INTO doc_keys (key, doc) VALUES (?, ?)", ((k, doc) for k in keys))
    conn.executemany("INSERT INTO lower_words (word, docs) VALUES (?, 1) "
                     "ON CONFLICT(word) DO UPDATE SET docs = docs + 1", ((w,) for w in words))


def remove_doc(conn: sqlite3.Connection, doc: int, keys: set[str], words: set[str]) -> None:
    conn.executemany("DELETE FROM doc_keys WHERE key = ? AND doc = ?", ((k, doc) for k in keys))
    conn.executemany("UPDATE lower_words SET docs = docs - 1 WHERE word = ?", ((w,) for w in words))


def drop_unused_words(conn: sqlite3.Connection, words: Iterable[str]) -> set[str]:
    """Delete the given words whose count reached 0; returns them (they left the corpus)."""
    gone = set()
    for part in batches(sorted(set(words))):
        gone.update(r[0] for r in conn.execute(f"SELECT word FROM lower_words WHERE docs <= 0 AND word IN ({marks(part)})",
                                               part))
    conn.executemany("DELETE FROM lower_words WHERE word = ?", ((w,) for w in gone))
    return gone


_FLUSH_ROWS = 200_000


def write_all(conn: sqlite3.Connection, rowids: list[int], chunks_of: list[list[Chunk]],
              extractions_of: list[list[ChunkExtraction]]) -> None:
    """Both tables and the names' votes (`name_votes`) for a whole corpus (a fresh build): documents by rowid
    with their chunks and extractions."""
    from hopgraph.indexing import name_votes

    create_tables(conn)
    counts: Counter = Counter()
    rows: list[tuple[str, int]] = []
    votes = name_votes.NameVotes()
    insert = "INSERT OR IGNORE INTO doc_keys (key, doc) VALUES (?, ?)"
    with conn:
        for doc, chunks, exts in zip(rowids, chunks_of, extractions_of):
            rows.extend((k, doc) for k in doc_name_keys(chunks, exts))
            if len(rows) >= _FLUSH_ROWS:  # written as they come: a 100k corpus has about 15M (key, doc) rows
                conn.executemany(insert, rows)
                rows.clear()
            counts.update(lower_words(chunks))
            name_votes.count(chunks, {e.chunk_id: e for e in exts}, votes)
        conn.executemany(insert, rows)
        conn.executemany("INSERT INTO lower_words (word, docs) VALUES (?, ?)", counts.items())
        name_votes.write_all(conn, votes)


def has_tables(conn: sqlite3.Connection) -> bool:
    q = "SELECT COUNT(*) FROM sqlite_master WHERE type='table' AND name IN ('doc_keys', 'lower_words', 'name_votes')"
    return conn.execute(q).fetchone()[0] == 3


def docs_with(conn: sqlite3.Connection, keys: Iterable[str]) -> set[int]:
    """Rowids of the documents holding any of `keys`."""
    return _select_in(conn, "SELECT doc FROM doc_keys WHERE key IN ({})", keys)


def docs_by_key(conn: sqlite3.Connection, keys: Iterable[str]) -> dict[str, set[int]]:
    """Rowids of the documents holding each of `keys` (keys no document holds are left out)."""
    out: dict[str, set[int]] = {}
    for part in batches(sorted(set(keys))):
        for key, doc in conn.execute(f"SELECT key, doc FROM doc_keys WHERE key IN ({marks(part)})", part):
            out.setdefault(key, set()).add(doc)
    return out


class KeyHolders:
    """`docs_by_key` of a store whose keys do not change meanwhile (an update's resolution rounds ask the keys of
    S's names again, S a little larger each round): each key is read once."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.known: dict[str, set[int] | None] = {}  # None: no document holds it

    def __call__(self, keys: Iterable[str]) -> dict[str, set[int]]:
        keys = set(keys)
        todo = keys - self.known.keys()
        if todo:
            found = docs_by_key(self.conn, todo)
            self.known.update((k, found.get(k)) for k in todo)
        return {k: docs for k in keys if (docs := self.known[k]) is not None}


def present(conn: sqlite3.Connection, keys: Iterable[str]) -> set[str]:
    """Those of `keys` some document holds."""
    return _select_in(conn, "SELECT DISTINCT key FROM doc_keys WHERE key IN ({})", keys)


def known_words(conn: sqlite3.Connection, words: Iterable[str]) -> set[str]:
    """Those of `words` that occur in lower case somewhere in the corpus."""
    return _select_in(conn, "SELECT word FROM lower_words WHERE docs > 0 AND word IN ({})", words)


def _select_in(conn: sqlite3.Connection, sql: str, values: Iterable) -> set:
    """The first column of `sql` run over `values` in batches ("{}" in `sql` takes the placeholders)."""
    out: set = set()
    for part in batches(sorted(set(values))):
        out.update(r[0] for r in conn.execute(sql.format(marks(part)), part))
    return out
