"""Corpus-wide votes per normalised name: what entity resolution decides names' types, junk and places from.

`resolve` reads, for every normalised name of the corpus, the NER labels and surface forms of its mentions
and how many of them are written mid-sentence: a name's type (`types.vote_type`, through `names.NameStats`),
whether it is an ordinary word or a heading (`junk.junk_keys`), whether it is a place (`NameStats.is_place`).
An update resolves only a neighbourhood of the change (`delta_resolve`), so it reads these votes from the
store, where they are kept for the whole corpus (table `name_votes`) and adjusted by the mentions of the
documents that left and came (`adjust`). The names whose derived facts the adjustment changes (`changed_facts`)
have all their documents re-resolved.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from hopgraph.indexing.corpus_names import CorpusNames
from hopgraph.indexing.junk import at_sentence_start
from hopgraph.indexing.merge import is_acronym
from hopgraph.indexing.names import NAME_LABELS, PLACES, NameStats, corpus_short_keys, honorific_keys
from hopgraph.indexing.normalize import normalize
from hopgraph.indexing.sql_batches import batches, marks
from hopgraph.indexing.types import vote_type
from hopgraph.indexing.votes import new_counter
from hopgraph.models import Chunk, ChunkExtraction

_NAMED = NAME_LABELS | PLACES
SCHEMA = """
CREATE TABLE IF NOT EXISTS name_votes (norm TEXT PRIMARY KEY, labels TEXT, texts TEXT, mid INTEGER, type TEXT,
                                       named INTEGER) WITHOUT ROWID;
"""


@dataclass
class NameVotes:
    """Per normalised name: label counts, surface counts, mentions written mid-sentence. `types`: every name's
    type in the corpus, `named`: every name some mention of which has a name label (None: those of `labels`,
    which then hold every name of the corpus)."""

    labels: dict[str, Counter] = field(default_factory=lambda: defaultdict(new_counter))
    texts: dict[str, Counter] = field(default_factory=lambda: defaultdict(new_counter))
    mid: Counter = field(default_factory=Counter)
    types: dict[str, str] | None = None
    named: set[str] | None = None
    #: Derived from every name when only some names' votes are here (`corpus_names.CorpusNames`).
    stats: NameStats | None = None
    across: dict[str, str] | None = None
    bare: dict[str, str] | None = None
    #: An update's merge step (`delta_merges.CorpusMerges`): S's keys unioned as the whole corpus's are.
    merges: Callable | None = None

    def name_types(self) -> dict[str, str]:
        return self.types if self.types is not None else {k: name_type_of(c, self.texts[k]) for k, c in self.labels.items()}

    def named_names(self) -> set[str]:
        """Names written with a label that makes them someone's or something's full name (`names.NAME_LABELS`, places)."""
        return self.named if self.named is not None else {k for k, c in self.labels.items() if _is_named(c)}

    def mid_sentence(self) -> set[str]:
        return {k for k, n in self.mid.items() if n > 0}


def across_keys(votes: NameVotes, stats: NameStats) -> dict[str, str]:
    """Short name -> the one full name of the corpus it stands for (`names.corpus_short_keys` over the
    corpus's named names: it reads only whether a name is written with a name label)."""
    if votes.across is not None:
        return votes.across
    return no_acronyms(corpus_short_keys({"": [("", "PERSON", n) for n in sorted(votes.named_names())]}, stats),
                       votes.texts)


def written_as_acronym(texts: Counter | None) -> bool:
    """Are most of a name's mentions an acronym in capitals ("NASA", "US")?"""
    texts = texts or Counter()
    return 2 * sum(n for t, n in texts.items() if is_acronym(t)) > sum(texts.values())


def no_acronyms(across: dict[str, str], texts: Mapping[str, Counter]) -> dict[str, str]:
    """`across` without the short names mostly written as acronyms: an acronym is no name's last or first word
    standing for it ("US" for a film whose title ends in "Us", "NASA" for "NASA Medal of Honour"); the acronym
    rules read it (`merge.merge_acronyms`)."""
    return {k: v for k, v in across.items() if not written_as_acronym(texts.get(k))}


def bare_keys(votes: NameVotes) -> dict[str, str]:
    """Honorific form -> bare name, over every name of the corpus (`names.honorific_keys`)."""
    return votes.bare if votes.bare is not None else honorific_keys(set(votes.name_types()))


def name_stats(votes: NameVotes) -> NameStats:
    return votes.stats if votes.stats is not None else NameStats(votes.name_types())


def _is_named(labels: Counter) -> bool:
    return any(n > 0 and lab in _NAMED for lab, n in labels.items())


def name_type_of(labels: Counter, texts: Counter) -> str:
    """A name's type over the corpus: `vote_type` of its mentions' labels and its most frequent surface form
    (alphabetically first on ties, so the type does not depend on the order of documents)."""
    top = min(texts, key=lambda t: (-texts[t], t)) if texts else ""
    return vote_type(labels, None, top)


def count(chunks: Iterable[Chunk], by_chunk: dict[str, ChunkExtraction], votes: NameVotes | None = None,
          norms: Mapping[str, str] | None = None) -> NameVotes:
    """The votes of the mentions of `chunks` (added to `votes` when given). `norms`: text -> `normalize(text)`
    (a caller's remembering mapping, `resolve.Norms`)."""
    votes = votes or NameVotes()
    norm_of = norms.__getitem__ if norms is not None else normalize
    for c in chunks:
        ext = by_chunk.get(c.chunk_id)
        for m in ext.mentions if ext else ():
            norm = norm_of(m.text)
            votes.labels[norm][m.label] += 1
            votes.texts[norm][m.text] += 1
            if m.start < 0 or not at_sentence_start(c.text, m.start):
                votes.mid[norm] += 1  # a title or variant counts as named mid-text
    return votes


def _pack(c: Counter) -> str:
    return json.dumps(dict(sorted(c.items())), separators=(",", ":"))


def create_table(conn: sqlite3.Connection) -> None:
    conn.executescript(SCHEMA)


def has_table(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type='table' AND name='name_votes'").fetchone()[0] == 1


def write_all(conn: sqlite3.Connection, votes: NameVotes) -> None:
    create_table(conn)
    conn.execute("DELETE FROM name_votes")
    conn.executemany("INSERT INTO name_votes (norm, labels, texts, mid, type, named) VALUES (?, ?, ?, ?, ?, ?)",
                     ((k, _pack(c), _pack(votes.texts[k]), votes.mid[k], name_type_of(c, votes.texts[k]), _is_named(c))
                      for k, c in votes.labels.items()))


def load(conn: sqlite3.Connection, names: Iterable[str], corpus: CorpusNames | None = None) -> NameVotes:
    """The stored votes of `names` (those in the corpus), with every name's type and the named ones
    (`corpus`: `corpus_names` when read already)."""
    corpus = corpus or corpus_names(conn)
    out = NameVotes(types=corpus.types, named=corpus.named, stats=corpus.stats)
    names = set(names)
    if len(names) > SCAN_NAMES:  # most of the corpus's names (a whole-corpus round): one pass over the table
        rows = (r for r in conn.execute("SELECT norm, labels, texts, mid FROM name_votes ORDER BY norm") if r[0] in names)
    else:
        rows = _rows_of(conn, sorted(names))
    for norm, labels, texts, mid in rows:
        out.labels[norm] = Counter(json.loads(labels))
        out.texts[norm] = Counter(json.loads(texts))
        out.mid[norm] = mid
    return out


#: Above this many names, `load` reads the whole table instead of looking names up 500 at a time.
SCAN_NAMES = 20_000


def _rows_of(conn: sqlite3.Connection, items: list[str]):
    for part in batches(items):
        yield from conn.execute(f"SELECT norm, labels, texts, mid FROM name_votes WHERE norm IN ({marks(part)})", part)


def corpus_names(conn: sqlite3.Connection) -> CorpusNames:
    """Every name's type, and the names written with a name label."""
    types, named = {}, set()
    for norm, etype, is_named in conn.execute("SELECT norm, type, named FROM name_votes"):
        types[norm] = etype
        if is_named:
            named.add(norm)
    return CorpusNames(types, named)


def corpus_names_made(db: Path) -> CorpusNames:
    """`corpus_names` of the database file `db`, read through a connection of its own, with the statistics and
    the short forms' full names that `adjust` asks of it already made: an update reads them in a second thread
    while it copies the store and reads what left (about 0.6 s of reading and counting at 100k passages)."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return corpus_names(conn).made()
    finally:
        conn.close()


def adjust(conn: sqlite3.Connection, minus: NameVotes, plus: NameVotes, corpus: CorpusNames | None = None
           ) -> tuple[set[str], CorpusNames]:
    """Take `minus` (the mentions of the documents that left) from the stored votes and add `plus` (those that
    came); returns the names whose facts for resolution changed (`changed_facts`) and the new corpus's names.
    `corpus`: the store's names before the change (`corpus_names`), when read already."""
    names = set(minus.labels) | set(plus.labels)
    before = load(conn, names, corpus)
    after = NameVotes(types=dict(before.types or {}), named=set(before.named or ()))
    for k in names:
        after.labels[k] = _sub_add(before.labels.get(k), minus.labels.get(k), plus.labels.get(k))
        after.texts[k] = _sub_add(before.texts.get(k), minus.texts.get(k), plus.texts.get(k))
        after.mid[k] = before.mid.get(k, 0) - minus.mid.get(k, 0) + plus.mid.get(k, 0)
        after.named.discard(k)
        if after.labels[k]:
            after.types[k] = name_type_of(after.labels[k], after.texts[k])
            if _is_named(after.labels[k]):
                after.named.add(k)
        else:
            after.types.pop(k, None)
    gone = [k for k in names if not after.labels[k]]
    conn.executemany("DELETE FROM name_votes WHERE norm = ?", ((k,) for k in gone))
    conn.executemany("INSERT OR REPLACE INTO name_votes (norm, labels, texts, mid, type, named) VALUES (?, ?, ?, ?, ?, ?)",
                     ((k, _pack(after.labels[k]), _pack(after.texts[k]), after.mid[k], after.types[k], k in after.named)
                      for k in names if after.labels[k]))
    old = corpus if corpus is not None else CorpusNames(before.types or {}, set(before.named or ()))
    old.__dict__.setdefault("stats", before.stats)  # `load` made the stats of before
    # the new corpus's short forms read through the old one's and the names that differ (`beside`)
    new = old.beside(after.types, after.named, before.stats.moved(after.types, {k: before.types.get(k) for k in names}))
    return changed_facts(before, after, names, old, new), new


def _sub_add(base: Counter | None, minus: Counter | None, plus: Counter | None) -> Counter:
    out = Counter(base or {})
    out.subtract(minus or {})
    out.update(plus or {})
    return Counter({k: n for k, n in out.items() if n > 0})


_KEEP_ONE_WORD = frozenset(("GPE", "NORP", "LANGUAGE", "DATE", "TITLE"))


def _facts(votes: NameVotes, k: str, types: dict[str, str]) -> tuple:
    """What resolution derives from one name's votes (its type, and the inputs of `junk_keys` and `is_place`)."""
    labels, texts = votes.labels.get(k) or Counter(), votes.texts.get(k) or Counter()
    return (types.get(k), votes.mid.get(k, 0) > 0, any(t.isupper() for t in texts), all(t[:1].isupper() for t in texts),
            2 * sum(labels[lab] for lab in _KEEP_ONE_WORD) >= sum(labels.values()), labels["GPE"] + labels["LOC"] > 0,
            written_as_acronym(texts))


def changed_facts(before: NameVotes, after: NameVotes, names: set[str], old: CorpusNames, new: CorpusNames
                  ) -> set[str]:
    """Names (among `names`, whose votes moved) whose own facts changed, names whose full name across documents
    or bare name changed, and words whose standing among the corpus's names changed: how many multi-word
    names they start (0, 1, several) or whether they are a person's surname (`NameStats`)."""
    t_before, t_after = old.types, new.types
    out = {k for k in names if _facts(before, k, t_before) != _facts(after, k, t_after)}
    s_before, s_after = old.stats, new.stats
    # The names' short forms do not depend on the corpus, and a name that is an honorific form of one of `names`
    # in the new corpus only is itself one of `names` (only their votes moved): the old corpus's answer is both's.
    shorts, forms = old.related(names)
    for a, b in ((old.across_for(shorts), new.across_for(shorts)), (old.bare_for(forms), new.bare_for(forms))):
        out.update(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    for k in names:
        words = k.split()
        if len(words) > 1:
            out.update(w for w in (words[0],) if min(s_before.starts[w], 2) != min(s_after.starts[w], 2))
            out.update(w for w in (words[-1],) if (w in s_before.surnames) != (w in s_after.surnames))
    return out
