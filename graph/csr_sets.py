"""A read-only mapping key -> set, kept as compressed arrays (CSR); each set is made when first asked for.

The graph's side tables (entity -> chunks, chunk -> entities, name -> entities, entity -> its home chunks)
hold a few hundred thousand sets at a hundred thousand passages; made all at load time they cost seconds,
while a question looks at a few hundred. `CsrSets` holds the keys in their order, and for the key at
position k the members `codes[ptr[k]:ptr[k + 1]]` in the order they were first added (so the set made from
them iterates as the set the old dict of sets held: same members added in the same order), each member a
code into `names` when members are strings, else the member itself.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from hopgraph.made_on_access import MadeOnAccessMapping


class CsrSets(MadeOnAccessMapping[Any, set]):
    """key -> set of members; equal (==) to the dict of sets it stands for."""

    def __init__(self, keys: Sequence[Hashable], ptr: np.ndarray, values: np.ndarray,
                 names: Sequence[Any] | None = None):
        self.keys_in_order = keys
        self._source = dict(zip(keys, range(len(keys))))  # key -> its position k
        self.ptr, self.codes, self.names = ptr, values, names
        self._made: dict[Any, set] = {}

    def members(self, key: Hashable) -> list:
        """The members of `key` in the order they were added (empty for a key not here)."""
        k = self._source.get(key)
        if k is None:
            return []
        codes = self.codes[self.ptr[k]:self.ptr[k + 1]].tolist()
        if self.names is None:
            return codes
        names = self.names
        return [names[c] for c in codes]

    def as_dict(self) -> dict[Any, set]:
        """The dict of sets itself, keys and members in their order (for a small table: plain dict lookups are
        faster on a question's hot path than making sets on first access)."""
        return {k: set(self.members(k)) for k in self.keys_in_order}

    def codes_of(self, key: Hashable) -> np.ndarray:
        """The codes (or members) of `key` as an array view, in the order they were added (empty when absent)."""
        k = self._source.get(key)
        return self.codes[:0] if k is None else self.codes[self.ptr[k]:self.ptr[k + 1]]

    def _make(self, key: Hashable) -> set:
        return set(self.members(key))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return len(self) == len(other) and all(k in other and self[k] == other[k] for k in self)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"CsrSets({len(self)} keys, {len(self.codes)} members)"
