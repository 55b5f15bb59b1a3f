"""Unions of entity keys: a union-find and the merge rules that need the whole corpus (acronyms, short person
names, "also known as" statements)."""

from __future__ import annotations

from collections import Counter, defaultdict

from hopgraph.indexing.names import initials
from hopgraph.indexing.variants import PERSON_LABELS, short_name_targets

ALIAS_PREDICATES = frozenset(("know as", "also know as", "bear as"))


class UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        self.parent.setdefault(x, x)
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a: str, b: str) -> None:
        if not a or not b:  # a dropped (junk) name joins nothing
            return
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def merge_acronyms(uf: UnionFind, doc_mentions, key_of) -> None:
    """Union all-caps mentions with the multi-word names whose initials they spell."""
    global_full: dict[str, set[str]] = defaultdict(set)
    for doc_id, ms in doc_mentions.items():
        for _text, label, norm in ms:
            if " " in norm and label != "PERSON":
                global_full[initials(norm)].add(key_of(norm, doc_id))
    for doc_id, ms in doc_mentions.items():
        local = {initials(n): key_of(n, doc_id) for _t, lab, n in ms if " " in n and lab != "PERSON"}
        for text, _label, norm in ms:
            if not (2 <= len(text) <= 6 and text.isalpha() and text.isupper()):
                continue
            target = local.get(norm)
            if target is None and len(global_full.get(norm, ())) == 1:
                target = next(iter(global_full[norm]))
            if target is not None:
                uf.union(key_of(text, doc_id), target)


def merge_short_names(uf: UnionFind, doc_mentions, key_of) -> None:
    """Union a short person name with the unique longer name it abbreviates (`short_name_targets`)."""
    labels: dict[str, Counter] = defaultdict(Counter)
    for doc_id, ms in doc_mentions.items():
        for text, label, _norm in ms:
            labels[key_of(text, doc_id)][label] += 1
    keys = {k for k, c in labels.items() if k and PERSON_LABELS.intersection(c)}
    persons = {k for k in keys if 2 * labels[k]["PERSON"] > sum(labels[k].values())}  # mostly PERSON
    for short, full in short_name_targets(keys, persons).items():
        uf.union(short, full)


def merge_known_as(uf: UnionFind, extractions, chunk_doc, key_of) -> None:
    """"X, also known as Y" between two named mentions: one entity with both names."""
    for ext in extractions:
        doc_id = chunk_doc.get(ext.chunk_id)
        for t in ext.triples:
            if t.predicate in ALIAS_PREDICATES:
                a, b = key_of(t.subject, doc_id), key_of(t.object, doc_id)
                if a in uf.parent and b in uf.parent:
                    uf.union(a, b)

