"""Acronyms and the names they stand for, as the graph knows them ("OCAA" <-> "Ostrey Coast Air Ambulance").

A document spells an organisation's name out once ("the Ostrey Coast Air Ambulance (OCAA)") and then writes
the acronym; another document writes only the acronym. A search that spells the name out misses the chunks
that use only the acronym, so the hop loop's searches add it: `NameTwins.expand` appends the acronym of every
name a query spells out. (The other way, a long name appended to a query that writes the acronym, outweighs
the query's own words: measured, it lost more questions than it found.) The pairs come from the graph's
aliases (entity resolution joins an acronym to the name it abbreviates) and are kept only when the acronym is
the name's initials, so a merge error or a nickname never enters a query.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hopgraph.graph.build import KnowledgeGraph, entity_names

#: Words an acronym may leave out ("Institute of Alpine Hydrology" -> IAH).
_SMALL = frozenset("of for and the in on at to de la le du von van &".split())
_WORD = re.compile(r"[A-Za-z][\w'’-]*|&")


def initials(name: str) -> tuple[str, str]:
    """The initials of a name's words, without and with its small words ("Institute of Alpine Hydrology" ->
    ("IAH", "IOAH")), upper case."""
    words = _WORD.findall(name)
    return ("".join(w[0] for w in words if w.lower() not in _SMALL).upper(),
            "".join(w[0] for w in words if w != "&").upper())


def is_acronym_of(acronym: str, name: str) -> bool:
    """`acronym` (2 to 8 letters) is the initials of `name`'s words, a name of two words or more."""
    if not 2 <= len(acronym) <= 8 or not acronym.isalpha() or len(_WORD.findall(name)) < 2:
        return False
    return acronym.upper() in initials(name)


class NameTwins:
    """(full name, acronym) pairs and the query expansion they give."""

    def __init__(self, pairs: Iterable[tuple[str, str]]):
        pairs = {(name, acronym.upper()) for name, acronym in pairs if is_acronym_of(acronym, name)}
        names_of: dict[str, set[str]] = {}
        for name, acronym in pairs:
            names_of.setdefault(acronym, set()).add(name.lower())
        # an acronym of two different names ("AIP") says neither: it is left out
        self.pairs = sorted((n, a) for n, a in pairs if len(names_of[a]) == 1)
        self._names = [(re.compile(rf"(?<![\w]){re.escape(n)}(?![\w])", re.IGNORECASE), a) for n, a in self.pairs]

    @classmethod
    def from_graph(cls, kg: KnowledgeGraph) -> NameTwins:
        """The pairs of an entity's name and an alias of one word that is its acronym."""
        pairs = []
        for key, ids in kg.alias_index.items():
            if " " in key or not 2 <= len(key) <= 8 or not key.isalpha():
                continue
            pairs += [(name, key) for _, name in entity_names(kg.entities, ids) if is_acronym_of(key, name)]
        return cls(pairs)

    def expand(self, query: str) -> str:
        """The query with the acronym of each name it spells out appended (unless it writes the acronym too)."""
        added: list[str] = []
        for pattern, acronym in self._names:
            if pattern.search(query) and not re.search(rf"(?<![\w]){acronym}(?![\w])", query, re.IGNORECASE):
                added.append(acronym)
        added = list(dict.fromkeys(added))
        return f"{query} {' '.join(added)}" if added else query

