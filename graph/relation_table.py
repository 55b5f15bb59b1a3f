"""The graph's relations as columns: a million relations load as arrays, not a million models.

`RelationTable` is a read-only sequence of `Relation`: relation i (its index in id order, the edge key of
the graph) is built as a model on first access and kept. The topology (source, target), the kind and the
weight sit in numpy arrays for whole-graph work (the adjacency, the PPR matrix); chunk ids and predicates
are stored once each and referred to by code.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from operator import itemgetter
from typing import overload

import numpy as np

from hopgraph.made_on_access import MadeOnAccess
from hopgraph.models import Relation
from hopgraph.store_rows import RelationRow


def codes_of(values: Iterable[str]) -> tuple[np.ndarray, dict[str, int]]:
    """Each value's code (its first appearance's rank) and the distinct values -> their code (pure)."""
    values = values if isinstance(values, list) else list(values)
    index = {v: i for i, v in enumerate(dict.fromkeys(values))}  # first appearances, in order, at C speed
    return np.fromiter(map(index.__getitem__, values), dtype=np.int32, count=len(values)), index


class ChunkRelations(Mapping[str, list[int]]):
    """chunk id -> indices of the relations it carries, in index order; chunks in order of first relation.
    One stable sort of the chunk codes; a chunk's list is cut from it when asked for."""

    def __init__(self, chunk_code: np.ndarray, chunk_index: dict[str, int]):
        self._index = chunk_index
        self._order = np.argsort(chunk_code, kind="stable")
        self._ptr = np.zeros(len(chunk_index) + 1, dtype=np.int64)
        np.cumsum(np.bincount(chunk_code, minlength=len(chunk_index)), out=self._ptr[1:])

    def __getitem__(self, chunk_id: str) -> list[int]:
        c = self._index[chunk_id]
        return self._order[self._ptr[c]:self._ptr[c + 1]].tolist()

    def __contains__(self, chunk_id: object) -> bool:
        return chunk_id in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


class Sentences(Sequence[str]):
    """Relation i's sentence, decoded when asked for from the distinct sentences kept as one UTF-8 buffer
    (`data[offsets[k]:offsets[k + 1]]` is sentence k; relation i has sentence `code[i]`)."""

    def __init__(self, code: np.ndarray, offsets: np.ndarray, data: np.ndarray):
        self.code, self.offsets, self.data = code, offsets, data

    def __len__(self) -> int:
        return len(self.code)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        k = int(self.code[i])
        return self.data[self.offsets[k]:self.offsets[k + 1]].tobytes().decode("utf-8")


class RelationTable(MadeOnAccess[Relation]):
    def __init__(self, rows: list[RelationRow]):
        n = len(rows)
        column = [list(map(itemgetter(k), rows)) for k in range(7)]  # (zip(*rows) is far slower on a million)
        self.source = np.fromiter(column[0], dtype=np.int64, count=n)
        self.target = np.fromiter(column[1], dtype=np.int64, count=n)
        self.weight = np.fromiter(column[3], dtype=np.float64, count=n)
        self.kind_code, kinds = codes_of(column[2])
        self.chunk_code, self.chunk_index = codes_of(column[4])
        self.predicate_code, predicates = codes_of(column[5])
        self.kind_names, self.chunk_names, self.predicate_names = list(kinds), list(self.chunk_index), list(predicates)
        self.sentences: Sequence[str | None] = column[6]
        self.typed = self.kind_code == kinds.get("typed", -1)
        self._made: dict[int, Relation] = {}

    @classmethod
    def from_columns(cls, columns: Mapping[str, np.ndarray], kinds: list[str], chunks: list[str],
                     predicates: list[str], sentences: Sequence[str | None]) -> RelationTable:
        """A table from the columns `graph/arrays.py` computes (source, target, weight, kind_code, chunk_code,
        predicate_code) and the names the codes refer to."""
        table = cls.__new__(cls)
        table.source, table.target, table.weight = columns["source"], columns["target"], columns["weight"]
        table.kind_code, table.chunk_code = columns["kind_code"], columns["chunk_code"]
        table.predicate_code = columns["predicate_code"]
        table.kind_names, table.chunk_names, table.predicate_names = kinds, chunks, predicates
        table.chunk_index = dict(zip(chunks, range(len(chunks))))
        table.sentences = sentences
        table.typed = table.kind_code == (kinds.index("typed") if "typed" in kinds else -1)
        table._made = {}
        return table

    @classmethod
    def from_relations(cls, relations: Iterable[Relation]) -> RelationTable:
        """A table of models already built (tests, small graphs); they are the ones it hands out."""
        relations = list(relations)
        table = cls([(r.source_id, r.target_id, r.kind, r.weight, r.chunk_id, r.predicate, r.sentence) for r in relations])
        table._made = dict(enumerate(relations))
        return table

    def __len__(self) -> int:
        return len(self.source)

    def __iter__(self) -> Iterator[Relation]:
        """Every relation in index order; those not built yet are built for the caller and not kept."""
        built = self._made
        for i in range(len(self)):
            rel = built.get(i)
            yield rel if rel is not None else self._make(i)

    def _make(self, i: int) -> Relation:
        return Relation(source_id=int(self.source[i]), predicate=self.predicate_names[self.predicate_code[i]],
                        target_id=int(self.target[i]), chunk_id=self.chunk_names[self.chunk_code[i]],
                        sentence=self.sentences[i] or "", weight=float(self.weight[i]),
                        kind=self.kind_names[self.kind_code[i]])

    def touching(self, indices: Sequence[int], ids: Collection[int]) -> list[int]:
        """The relations among `indices` with an end (source or target) in `ids`, in their order: read from the
        topology arrays, so the many a chunk carries about other entities are never built as models."""
        if not indices or not ids:
            return []
        at = np.asarray(indices, dtype=np.int64)
        return [i for i, source, target in zip(indices, self.source[at].tolist(), self.target[at].tolist())
                if source in ids or target in ids]

    def by_chunk(self) -> ChunkRelations:
        """chunk id -> indices of the relations it carries, in index order (chunks in order of first relation)."""
        return ChunkRelations(self.chunk_code, self.chunk_index)

    def typed_predicates(self) -> set[str]:
        """The distinct predicates of typed relations (without building a model per relation)."""
        return {self.predicate_names[c] for c in np.unique(self.predicate_code[self.typed]).tolist()}
