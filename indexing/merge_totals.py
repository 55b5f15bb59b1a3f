"""The corpus's merge inputs summed over documents, and the three merge rules over those sums.

`delta_merges` keeps what each document gives the corpus-wide merge rules (acronyms, short person names, "also
known as"). The rules read sums over all documents (a key's labels, an acronym's spellings, the keys of each
set of initials) and, in document order, two short lists (acronym candidates, alias statements). `Totals`
holds them; a build stores the totals of its corpus (the row `TOTALS` of `doc_merges`), and an update takes the
rows of the documents that left or are re-resolved out and adds their new rows, instead of reading every
document's row (about 5 CPU s at 100k, plus 3 to sum them).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from hopgraph.indexing.merge import UnionFind, _same_family, acronym_target, merge_known_as, union_acronyms
from hopgraph.indexing.variants import PERSON_LABELS, short_name_targets

TOTALS = "\x00totals"  # the doc_id of the totals row


@dataclass
class Totals:
    # key -> label counts; a key read from the store keeps its stored JSON text until it moves or is asked for
    labels: dict[str, Counter | str] = field(default_factory=dict)
    spelled: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # acronym -> target -> docs
    fulls: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # initials -> key -> docs
    acronyms: dict[str, list] = field(default_factory=dict)  # document -> its acronym candidates ("a")
    aliases: dict[str, list] = field(default_factory=dict)  # document -> its alias statements ("k")
    persons: set[str] = field(default_factory=set)  # the keys with a person label (`PERSON_LABELS`)
    touched: set[str] = field(default_factory=set)  # keys whose labels moved since they were read (to write)

    def add(self, doc_id: str, row: dict, sign: int = 1) -> None:
        """Add a document's row (`delta_merges.doc_inputs`), or take it out (`sign` -1)."""
        for key, label, n in row["l"]:
            self._label(key, label, sign * n)
        for norm, target in row["r"].items():
            _move(self.spelled, norm, target, sign)
        for ini, key in row["f"]:
            _move(self.fulls, ini, key, sign)
        for part, lists in (("a", self.acronyms), ("k", self.aliases)):
            if sign < 0:
                lists.pop(doc_id, None)
            elif row[part]:
                lists[doc_id] = row[part]

    def label_counts(self, key: str) -> Counter:
        """A key's label counts (read from their stored text on first use; empty for a key not counted)."""
        counts = self.labels.get(key)
        if type(counts) is not Counter:
            counts = self.labels[key] = Counter(json.loads(counts) if isinstance(counts, str) else counts or {})
        return counts

    def _label(self, key: str, label: str, n: int) -> None:
        self.label_counts(key)  # (a key read from the store: its text made counts first)
        _move(self.labels, key, label, n)
        if PERSON_LABELS.intersection(self.labels.get(key, ())):
            self.persons.add(key)
        else:
            self.persons.discard(key)
        self.touched.add(key)

    def dumps(self) -> str:
        """Every part but the labels (`totals_table` keeps those as rows), as JSON."""
        return json.dumps({"r": self.spelled, "f": self.fulls, "a": self.acronyms, "k": self.aliases},
                          sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def loads(cls, text: str, labels: dict[str, str] | None = None, persons: set[str] | None = None) -> Totals:
        """Totals from `dumps`' text and the labels' rows (key -> JSON text, and the keys with a person label);
        a text written when the labels were part of it ("l") holds them itself (then every key is touched)."""
        d = json.loads(text)
        out = cls()
        if "l" in d:
            for key, counts in d["l"].items():
                out.labels[key] = Counter(counts)
                if PERSON_LABELS.intersection(counts):
                    out.persons.add(key)
            out.touched = set(out.labels)
        else:
            out.labels, out.persons = dict(labels or {}), set(persons or ())
        for table, part in ((out.spelled, "r"), (out.fulls, "f")):
            table.update((k, Counter(v)) for k, v in d[part].items())
        out.acronyms, out.aliases = d["a"], d["k"]
        return out


def _move(table: dict[str, Counter], key: str, item: str, n: int) -> None:
    counts = table[key]
    counts[item] += n
    if counts[item] <= 0:
        del counts[item]
        if not counts:
            del table[key]


def unions(totals: Totals, order: list[str], types: dict[str, str], mentions: Callable[[str], int],
           uf: UnionFind | None = None) -> UnionFind:
    """`merge.merge_acronyms`, `merge.merge_short_names` and `merge.merge_known_as` over the corpus's totals
    (`order`: the documents in chunk order): a union-find holding every key."""
    uf = uf if uf is not None else UnionFind()
    parent = uf.parent
    for key in totals.labels:
        if key and key not in parent:  # `uf.find(key)`, without walking 175k one-key groups
            parent[key] = key
    spelled, fulls = totals.spelled, totals.fulls
    wanted: dict[str, tuple[str, str]] = {}
    for doc_id in (d for d in order if d in totals.acronyms):
        for norm, key in totals.acronyms[doc_id]:
            if key in wanted:
                continue
            target = acronym_target(norm, spelled, fulls)
            if target is not None and key != target:
                wanted[key] = (norm, target)
    union_acronyms(uf, wanted, spelled, types, mentions)
    keys = {k for k in totals.persons if k}
    persons = _Persons(keys, totals)
    for part in _same_family(keys):
        for short, full in short_name_targets(part, persons).items():
            uf.union(short, full)
    statements = [_Aliases(totals.aliases[d]) for d in order if d in totals.aliases]
    merge_known_as(uf, statements, {}, lambda text, _doc: text, types)
    return uf


class _Persons:
    """The `keys` mostly labelled PERSON, decided when asked (`short_name_targets` asks of the pairs it found
    only, not of the ~140k keys of person labels)."""

    def __init__(self, keys: set[str], totals: Totals) -> None:
        self.keys, self.totals = keys, totals

    def __contains__(self, key: str) -> bool:
        if key not in self.keys:
            return False
        counts = self.totals.label_counts(key)
        return 2 * counts.get("PERSON", 0) > sum(counts.values())


@dataclass
class _Triple:
    subject: str
    object: str
    predicate: str = "also know as"


class _Aliases:
    """A document's alias statements as `merge_known_as` reads an extraction (keys for texts)."""

    chunk_id = ""

    def __init__(self, pairs: list) -> None:
        self.triples = [_Triple(a, b) for a, b in pairs]
