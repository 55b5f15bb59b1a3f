"""A traversal's chunk scores as arrays: the best value offered to each chunk, with the few best picked without
making a dict of every chunk reached.

Traversal offers values to chunks three ways (graph/traverse.py `_ChunkBest`): long lists of chunk codes into an
array indexed by code, short lists into a dict code -> value, single chunk ids (the carrier of an edge) into a
dict id -> value. A chunk's score is the largest value offered to it, and a chunk is scored when that value is
above 0. On the 100k store a question's traversal reaches ~5,600 chunks and keeps 60; making the dict of all of
them and picking from it took ~5 CPU ms per search. `ChunkScores.top(n)` returns exactly the ids
`search._top(scores.as_dict(), n)` returns, and `get` what the dict holds.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence

import numpy as np

#: Per names list (the graph's chunk ids, by code): chunk id -> code, and each code's rank in id order (made
#: on first need), for the KEEP_GRAPHS graphs used last (a server may hold a few stores).
_CODES: list[tuple[Sequence[str], dict[str, int], list[np.ndarray]]] = []
KEEP_GRAPHS = 4


def _held(names: Sequence[str]) -> tuple[Sequence[str], dict[str, int], list[np.ndarray]]:
    for held in _CODES:
        if held[0] is names:
            return held
    codes: dict[str, int] = {}
    for i, name in enumerate(names):
        codes.setdefault(name, i)
    _CODES.insert(0, (names, codes, []))
    del _CODES[KEEP_GRAPHS:]
    return _CODES[0]


def codes_of(names: Sequence[str]) -> dict[str, int]:
    """chunk id -> its code in `names` (the first, should an id repeat), made once per names list."""
    return _held(names)[1]


def ranks_of(names: Sequence[str]) -> np.ndarray:
    """Each code's position in `names` sorted by id (so smaller rank, smaller id), made once per names list
    (~0.1 s at 100k chunks: ties of a traversal's scores are then broken without reading their ids)."""
    kept = _held(names)[2]
    if not kept:
        ranks = np.empty(len(names), dtype=np.int64)
        ranks[sorted(range(len(names)), key=names.__getitem__)] = np.arange(len(names))
        kept.append(ranks)
    return kept[0]


class ChunkScores:
    """Chunk id -> best value offered: the codes of the chunks reached (ascending) with their values, and a dict
    for ids the graph's chunk list does not hold; read-only, ~12 bytes per chunk reached."""

    __slots__ = ("names", "codes", "values", "extra", "_dict")

    def __init__(self, names: Sequence[str] | None, best: np.ndarray, few: dict[int, float],
                 single: dict[str, float]):
        self.names = names
        self._dict: dict[str, float] | None = None
        if names is None:  # no arrays: the offers went to `single` alone
            self.codes, self.values = np.zeros(0, dtype=np.int64), np.zeros(0)
            self.extra = {c: v for c, v in single.items() if v > 0}  # all of them: offers are above 0
            return
        merged = best  # taken over: the traversal that filled it is done with it
        for c, v in few.items():
            if v > merged[c]:
                merged[c] = v
        codes = codes_of(names)
        extra: dict[str, float] = {}
        for cid, v in single.items():
            c = codes.get(cid)
            if c is None:  # a chunk the graph's chunk list does not hold (none in a sound store)
                if v > 0:
                    extra[cid] = v
            elif v > merged[c]:
                merged[c] = v
        self.codes = np.flatnonzero(merged > 0)
        self.values = merged[self.codes]
        self.extra = extra

    def get(self, chunk_id: str) -> float | None:
        """The chunk's score, None when traversal did not reach it (not in `as_dict()`)."""
        if self.names is not None:
            c = codes_of(self.names).get(chunk_id)
            if c is not None:
                i = int(np.searchsorted(self.codes, c))
                return float(self.values[i]) if i < len(self.codes) and self.codes[i] == c else None
        return self.extra.get(chunk_id)

    def scores_of(self, chunk_ids: Iterable[str]) -> dict[str, float]:
        """{id: score} of the given ids traversal reached, in their order: `{c: get(c)}` without the ids `get`
        returns None for, the codes looked up in one numpy step."""
        ids = list(chunk_ids)
        if self.names is None or not len(self.codes):
            return {c: v for c in ids if (v := self.get(c)) is not None}
        codes = codes_of(self.names)
        at = np.fromiter((codes.get(c, -1) for c in ids), dtype=np.int64, count=len(ids))
        pos = np.minimum(np.searchsorted(self.codes, at), len(self.codes) - 1)
        found = ((self.codes[pos] == at) & (at >= 0)).tolist()
        out: dict[str, float] = {}
        for cid, code, hit, v in zip(ids, at.tolist(), found, self.values[pos].tolist()):
            if hit:
                out[cid] = v
            elif code < 0 and cid in self.extra:
                out[cid] = self.extra[cid]
        return out

    def __len__(self) -> int:
        return len(self.codes) + len(self.extra)

    def top(self, n: int) -> set[str]:
        """The n best-scored chunk ids (ties by id) as a set: the first n of sorting every scored chunk by
        (-score, id). Every chunk scored above the n-th best score is among them (fewer than n), and the rest are
        the smallest ids of those scored exactly that (hundreds, when a hub's mentions tie)."""
        if n <= 0:
            return set()
        if len(self) <= n:
            return set(self.as_dict())
        values = self.values
        if self.extra:
            values = np.concatenate([values, np.fromiter(self.extra.values(), dtype=np.float64, count=len(self.extra))])
        nth = values[np.argpartition(values, len(values) - n)[len(values) - n]]
        above = self._ids(np.flatnonzero(values > nth))
        tied, need = np.flatnonzero(values == nth), n - len(above)
        if need < len(tied) and tied[-1] < len(self.codes):  # only chunks of the names list tie: by rank
            tied = np.sort(tied[np.argpartition(ranks_of(self.names)[self.codes[tied]], need - 1)[:need]])  # type: ignore[arg-type]
        return set(above) | set(heapq.nsmallest(need, self._ids(tied)))

    def _ids(self, at: np.ndarray) -> list[str]:
        """The chunk ids at these positions of `values` followed by the extra scores (ascending positions)."""
        names, codes, extra = self.names, self.codes, list(self.extra)
        split = int(np.searchsorted(at, len(codes)))
        ids = [names[c] for c in codes[at[:split]].tolist()] if split else []  # type: ignore[index]
        return ids + [extra[i - len(codes)] for i in at[split:].tolist()]

    def as_dict(self) -> dict[str, float]:
        """chunk id -> score for every chunk reached (made once)."""
        if self._dict is None:
            names = self.names
            out: dict[str, float] = {}
            if names is not None:
                out = dict(zip([names[c] for c in self.codes.tolist()], self.values.tolist()))
            for cid, v in self.extra.items():
                if v > out.get(cid, 0.0):
                    out[cid] = v
            self._dict = out
        return self._dict
