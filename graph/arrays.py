"""The graph of a store as arrays: what `KnowledgeGraph.from_store` is made from, and what a store keeps of it.

`graph_arrays` reads the store's rows once and computes, mostly with numpy, every derived structure the graph
needs: the relation columns, each node's edges (CSR), entity -> chunks and chunk -> entities, the name index
and the home chunks, each side table as keys in their dict order plus members in the order the old dict of
sets added them (`CsrSets`), so the graph made from the arrays iterates exactly as the one made row by row
(`KnowledgeGraph.from_parts`, which stays the reference). graph/graph_files.py saves them in the store folder at
build time, so opening a large store reads them instead of computing them.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

import numpy as np

from hopgraph.graph.adjacency import Adjacency
from hopgraph.graph.entity_table import EntityTable
from hopgraph.graph.relation_table import RelationTable, codes_of
from hopgraph.indexing.normalize import normalize, strip_disambiguator
from hopgraph.store import Store


@dataclass
class GraphArrays:
    """Arrays (int64/float64/int32/uint8) and string lists; `meta` holds the few scalars (titled share)."""

    arrays: dict[str, np.ndarray] = field(default_factory=dict)
    strings: dict[str, list[str]] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)


def grouped(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(distinct keys in order, ptr) of an int array whose equal keys sit together (pure)."""
    if not len(keys):
        return keys[:0], np.zeros(1, dtype=np.int64)
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    return keys[starts], np.append(starts, len(keys)).astype(np.int64)


def first_pairs(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Mask of the first occurrence of each (a, b) pair, in sequence order (pure; non-negative ints)."""
    if not len(a):
        return np.zeros(0, dtype=bool)
    key = a.astype(np.int64) * (int(b.max()) + 1) + b
    _, first = np.unique(key, return_index=True)
    keep = np.zeros(len(a), dtype=bool)
    keep[first] = True
    return keep


def by_first_seen(keys: np.ndarray, members: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(keys in order of first appearance, ptr, members): members grouped by key, each group in sequence order
    (pure; keys non-negative ints)."""
    if not len(keys):
        return keys[:0], np.zeros(1, dtype=np.int64), members[:0]
    _, first = np.unique(keys, return_index=True)
    first_at = np.zeros(int(keys.max()) + 1, dtype=np.int64)
    first_at[keys[first]] = first
    order = np.argsort(first_at[keys], kind="stable")
    k, ptr = grouped(keys[order])
    return k, ptr, members[order]


#: (entity, chunk code) of each distinct mention pair by entity, then table order; (entity, chunk code) of each
#: mention starting its chunk, in the same order, repeats included.
MentionPairs = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def graph_arrays(store: Store, entities: EntityTable | None = None,
                 relations: Callable[[], dict | None] | None = None,
                 mentions: Callable[[dict[str, int]], MentionPairs | None] | None = None,
                 side: Executor | None = None) -> GraphArrays:
    """Every derived structure of the store's graph, from one read of each table; `relations`: gives the relation
    columns when they are known already (`arrays_delta.relation_columns` after an update; None: read the rows);
    `mentions`: given the chunk codes (chunk id -> code), the mention pairs when they are known already
    (`arrays_delta.mention_pairs` after an update; None: read); `side`: an executor that makes the relation
    columns and the adjacency (mostly numpy, which lets go of the interpreter) while this thread makes the rest;
    `relations` must then read through a connection of its own."""
    entities = entities if entities is not None else EntityTable(store.entity_rows())

    def relation_part() -> GraphArrays:
        columns = relations() if relations is not None else None
        return _relations(columns if columns is not None else relation_columns(RelationTable(store.relation_rows())),
                          entities)
    pending = side.submit(relation_part) if side is not None else None
    rest = GraphArrays()
    titles = store.chunk_titles()
    chunk_names = list(titles)
    code_of = dict(zip(chunk_names, range(len(chunk_names))))
    pairs = mentions(code_of) if mentions is not None else None
    e, c, lead_e, lead_c = pairs if pairs is not None else mention_pairs(store.mention_rows(), code_of, chunk_names)
    keys, ptr = grouped(e)
    rest.arrays.update(entity_chunks_keys=keys, entity_chunks_ptr=ptr, entity_chunks_values=c)
    keys, ptr, members = by_first_seen(c, e)
    rest.arrays.update(chunk_entities_keys=keys, chunk_entities_ptr=ptr, chunk_entities_values=members)
    rest.strings["chunks"] = chunk_names
    stored = store.conn.execute("SELECT entity_id, name, norm FROM entities").fetchall()  # norm: `normalize(name)`
    _aliases(rest, store.aliases(), entities, {eid: norm for eid, _name, norm in stored})
    _home(rest, titles, code_of, lead_e, lead_c, {name: norm for _eid, name, norm in stored if norm})
    g = pending.result() if pending is not None else relation_part()  # the relation arrays first, as saved before
    g.arrays.update(rest.arrays)
    g.strings.update(rest.strings)
    g.meta.update(rest.meta)
    return g


def mention_pairs(rows: list[tuple[int, str, int]], code_of: dict[str, int], chunk_names: list[str]) -> MentionPairs:
    """The mention pairs of the rows (entity id, chunk id, 1 if it starts the chunk) in table order; a chunk
    with no code gets the next one (appended to both `code_of` and `chunk_names`)."""
    n = len(rows)
    eids = np.fromiter(map(itemgetter(0), rows), dtype=np.int64, count=n)
    mentioned = list(map(itemgetter(1), rows))
    for c in [c for c in dict.fromkeys(mentioned) if c not in code_of]:  # a chunk with no row (none in a sound store)
        code_of[c] = len(chunk_names)
        chunk_names.append(c)
    cids = np.fromiter(map(code_of.__getitem__, mentioned), dtype=np.int64, count=n)
    lead = np.fromiter(map(itemgetter(2), rows), dtype=bool, count=n)
    by_entity = np.argsort(eids, kind="stable")  # by entity id, then table order: as the store's index reads them
    eids, cids, lead = eids[by_entity], cids[by_entity], lead[by_entity]
    keep = first_pairs(eids, cids)  # a repeated pair changes nothing
    return eids[keep], cids[keep], eids[lead], cids[lead]


def relation_columns(t: RelationTable) -> dict:
    """The relation columns the graph keeps (the code columns, the sentences as one UTF-8 blob with offsets)
    and the names the codes index."""
    sentence_code, sentences = codes_of(s or "" for s in t.sentences)
    blob = [s.encode("utf-8") for s in sentences]
    offsets = np.zeros(len(blob) + 1, dtype=np.int64)
    np.cumsum([len(b) for b in blob], out=offsets[1:])
    return {"source": t.source, "target": t.target, "weight": t.weight, "kind_code": t.kind_code,
            "chunk_code": t.chunk_code, "predicate_code": t.predicate_code, "sentence_code": sentence_code,
            "sentence_offsets": offsets, "sentence_bytes": np.frombuffer(b"".join(blob), dtype=np.uint8),
            "kinds": t.kind_names, "relation_chunks": t.chunk_names, "predicates": t.predicate_names}


STRING_COLUMNS = ("kinds", "relation_chunks", "predicates")


def _relations(columns: dict, entities: EntityTable) -> GraphArrays:
    """The relation columns' arrays and each node's edges."""
    g = GraphArrays()
    adjacency = Adjacency(entities, columns["source"], columns["target"])
    g.arrays.update({k: v for k, v in columns.items() if k not in STRING_COLUMNS})
    g.arrays.update(node_ids=adjacency.ids, out_ptr=adjacency.out_ptr, out_keys=adjacency.out_keys,
                    in_ptr=adjacency.in_ptr, in_keys=adjacency.in_keys)
    g.strings.update({k: list(columns[k]) for k in STRING_COLUMNS})
    return g


def _aliases(g: GraphArrays, aliases: list[tuple[str, int]], entities: EntityTable, norms: dict[int, str]) -> None:
    """name -> entities: the store's aliases, then each entity's name and its name without a disambiguator, in
    the order `KnowledgeGraph.from_parts` adds them. `norms`: each entity's stored `norm`, `normalize` of its name
    as resolution and an update's recount write it (175k names at 100k passages), else empty (normalised here)."""
    keys: list[str] = [a for a, _ in aliases]
    ids: list[int] = [e for _, e in aliases]
    for eid in entities:
        name = entities.name(eid)
        keys.append(norms.get(eid) or normalize(name))
        ids.append(eid)
        base = strip_disambiguator(name)
        if base != name:  # "Dan Quillet (director)" is also found as "Dan Quillet"
            keys.append(normalize(base))
            ids.append(eid)
    key_code, names = codes_of(keys)
    members = np.array(ids, dtype=np.int64)
    keep = first_pairs(key_code.astype(np.int64), members)
    key_code, members = key_code[keep], members[keep]
    order = np.argsort(key_code, kind="stable")  # codes are ranks of first appearance: the dict's key order
    _, ptr = grouped(key_code[order])
    g.arrays.update(alias_ptr=ptr, alias_values=members[order])
    g.strings["alias_keys"] = list(names)


def _home(g: GraphArrays, titles: dict[str, str], code_of: dict[str, int], lead_e: np.ndarray,
          lead_c: np.ndarray, norms: dict[str, str]) -> None:
    """The chunks about each entity: those titled by its name (in title order, each title's entities in the
    order their set gives them), then the chunks it opens; and the share of titled chunks titled so."""
    a = g.arrays
    n_chunks = len(code_of)
    sizes = np.diff(a["entity_chunks_ptr"])
    mentioned = np.sort(np.repeat(a["entity_chunks_keys"], sizes) * n_chunks + a["entity_chunks_values"])
    cand_e, cand_c = _title_candidates(g, titles, code_of, norms)
    hit = sorted_contains(mentioned, cand_e * n_chunks + cand_c)
    hit_e, hit_c = cand_e[hit], cand_c[hit]
    titled = sum(1 for title in titles.values() if title)
    paged = np.zeros(n_chunks, dtype=bool)
    paged[hit_c] = True
    e, c = np.concatenate([hit_e, lead_e]), np.concatenate([hit_c, lead_c])
    keep = first_pairs(e, c)  # each entity's chunks once, entities by first appearance: the old dict of dicts
    keys, ptr, values = by_first_seen(e[keep], c[keep])
    a.update(home_keys=keys.astype(np.int64), home_ptr=ptr, home_values=values.astype(np.int64))
    g.meta["titled_share"] = int(paged.sum()) / titled if titled else 0.0


def _title_candidates(g: GraphArrays, titles: dict[str, str], code_of: dict[str, int], norms: dict[str, str]
                      ) -> tuple[np.ndarray, np.ndarray]:
    """(entity, chunk code) of each title's entities (its normalised title's members in the name index), in
    title order, each title's entities in the order their set gives them. `norms`: entity name -> its stored
    norm (a title that is an entity's name is not normalised again)."""
    position = dict(zip(g.strings["alias_keys"], range(len(g.strings["alias_keys"]))))
    ptr, values = g.arrays["alias_ptr"].tolist(), g.arrays["alias_values"].tolist()
    cand_e: list[int] = []
    cand_c: list[int] = []
    for cid, title in titles.items():
        k = position.get(norms.get(title) or normalize(title)) if title else None
        if k is None:
            continue
        found = values[ptr[k]:ptr[k + 1]]
        if len(found) > 1:
            found = list(set(found))  # in the order the name's set gives them
        cand_e.extend(found)
        cand_c.extend([code_of[cid]] * len(found))
    return np.array(cand_e, dtype=np.int64), np.array(cand_c, dtype=np.int64)


def sorted_contains(ordered: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Mask of `values` found in the ascending array `ordered` (pure): `np.isin` without its hashing of both
    arrays (about 0.7 CPU s for a million mention pairs)."""
    if not len(ordered):
        return np.zeros(len(values), dtype=bool)
    at = np.minimum(np.searchsorted(ordered, values), len(ordered) - 1)
    return ordered[at] == values
