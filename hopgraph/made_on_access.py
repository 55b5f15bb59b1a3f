"""A sequence, and a mapping, whose items are made from plain rows when first asked for, and kept."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")
K = TypeVar("K")


class MadeOnAccess(Sequence[T]):
    """Item i is `_make(i)`, made on first access and kept in `_made` (a subclass sets `_made` to a dict and
    defines `__len__` and `_make`). Making a model for every row of a large store at open costs far more than
    reading the rows, and a question looks at a few dozen."""

    _made: dict[int, T]

    def _make(self, i: int) -> T:
        raise NotImplementedError

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...
    def __getitem__(self, i: int | slice) -> T | list[T]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        item = self._made.get(i)
        if item is None:
            if not 0 <= i < len(self):
                raise IndexError(i)
            item = self._made[i] = self._make(i)
        return item


class MadeOnAccessMapping(Mapping[K, T]):
    """key -> `_make(key)`, made on first access and kept in `_made`. The keys, in the mapping's order, are those
    of the dict `_source` (key -> what its item is made from); a subclass sets `_source` and `_made` and defines
    `_make`."""

    _source: dict[K, Any]
    _made: dict[K, T]

    def _make(self, key: K) -> T:
        raise NotImplementedError

    def __getitem__(self, key: K) -> T:
        item = self._made.get(key)
        if item is None:
            if key not in self._source:
                raise KeyError(key)
            item = self._made[key] = self._make(key)
        return item

    def get(self, key: K, default: Any = None) -> Any:
        """As dict.get (Mapping's own goes through an exception for a missing key: slow on a hot path)."""
        item = self._made.get(key)
        if item is not None:
            return item
        return self[key] if key in self._source else default

    def __contains__(self, key: object) -> bool:
        return key in self._source

    def __iter__(self) -> Iterator[K]:
        return iter(self._source)

    def __len__(self) -> int:
        return len(self._source)
