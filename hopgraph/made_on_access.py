"""A sequence whose items are typed models made from plain rows when first asked for, and kept."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, overload

T = TypeVar("T")


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
