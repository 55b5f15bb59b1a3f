"""Putting a re-resolved neighbourhood back into the graph tables: which entities it may replace, their ids.

`resolve` over the neighbourhood S (`neighbourhood.related_docs`) gives entities, mentions and relations for
S's chunks. An entity of that graph is *complete* when every document naming it (by any of its names or of the
keys its mentions were read as, which a document's own reading may take from another document's name: now or
in the previous store) is in S: its row is then exact. An incomplete entity may only be one the change does
not touch: it names none of the changed documents' names, it is exactly one previous entity with the same
mentions in S and the same type votes there, document by document (`votes.same_part`: so its corpus-wide
votes, type and document count are unchanged, whatever S's partial votes say), and that entity had no mention
in a removed document; its row stays as it was. Anything else is a *gap*: the documents it reaches are added to S and S is resolved again
(`closure_gaps`).

Ids: an entity keeps the id of the previous entity its mentions belonged to (the smallest, when several
merged; a split gives the other part a new id); an entity without mentions (a relation endpoint) keeps the
id of a previous one of the same normalised name (an end S names nowhere, but the corpus does, is matched by
its key, among S's previous entities or else the one stored entity of that name: it is that entity, kept or
recounted as any other); new entities take ids after the largest. Previous entities
of S or of removed documents that no entity claims are deleted with their aliases (`delta_write.apply_graph`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from hopgraph.indexing.normalize import normalize
from hopgraph.indexing.old_graph import MentionKey, OldGraph
from hopgraph.indexing.votes import graph_parts, same_part, stored_parts
from hopgraph.models import ResolvedGraph

#: An entity touched by a change whose other documents number more than this is recounted (`delta_write._recount`)
#: rather than re-resolved with all its documents.
HUB_DOCS = 20
#: keys -> the new corpus's documents (rowids) holding each (`name_keys.KeyHolders`, `name_keys.docs_by_key`).
Holders = Callable[[set[str]], dict[str, set[int]]]


@dataclass
class Scope:
    """The neighbourhood being resolved: documents by id, which of them are unchanged, what left the corpus."""

    docs: set[str]  # documents of the new corpus in S
    unchanged_chunks: list[str]  # chunks of S's unchanged documents (same ids before and after)
    old_chunks: list[str]  # previous chunks of S's documents and of removed or replaced documents
    removed: set[str]  # ids of documents whose previous version is gone (removed or replaced)
    changed_norms: set[str]  # names in the changed documents (before and after)
    doc_id_of: dict[int, str]  # rowid -> doc_id of the new corpus's documents (filled as needed)
    is_place: Callable[[str], bool] | None = None  # a one-word name of the new corpus is a place (`hub_type`)
    hub_inputs: tuple | None = None  # S's graph vote rows and mention texts per entity (`_hub_type`, made once)
    groups: object | None = None  # the corpus's groups of S's entities (`delta_merges.CorpusGroups`), if known
    fresh_docs: set[str] = field(default_factory=set)  # S's added and replaced documents
    fresh_titles: set[int] | None = None  # entities titled in them (`_titled_by_change`, made once)


@dataclass
class Placement:
    ids: dict[int, int]  # graph entity -> store id
    keep_row: set[int]  # graph entities whose previous row stays (incomplete, untouched)
    deleted: set[int]  # previous entities to delete
    recount: dict[int, tuple[int, int]] = field(default_factory=dict)  # hub -> (its id, its previous docs in S)


def _analyse(graph: ResolvedGraph, scope: Scope, old: OldGraph, whole: bool = False):
    mentions: dict[int, set[MentionKey]] = defaultdict(set)
    norms: dict[int, set[str]] = defaultdict(set)
    for m in graph.mentions:
        mentions[m["entity_id"]].add((m["chunk_id"], m["start"], m["end"]))
    if not whole:  # the whole corpus is closed: only the previous ids matter
        for m in graph.mentions:
            norms[m["entity_id"]].add(normalize(m["text"]))
        for e in graph.entities:
            norms[e.entity_id].add(graph.norm_of.get(e.entity_id, ""))
    # the whole corpus: S's previous chunks are every chunk of the previous store
    owner = old.owners_all(set(scope.unchanged_chunks)) if whole else old.owners(scope.unchanged_chunks)
    old_ids = {e.entity_id: {owner[k] for k in mentions[e.entity_id] if k in owner} for e in graph.entities}
    involved = old.involved_all() if whole else old.involved(scope.old_chunks)
    by_norm: dict[str, list[int]] = defaultdict(list)
    rows = old.rows(involved)
    for o in sorted(involved):
        by_norm[rows.get(o, ("", ""))[0]].append(o)
    for e in graph.entities:  # relation ends without mentions: the previous entity of the same name
        if not mentions[e.entity_id] and not old_ids[e.entity_id]:
            old_ids[e.entity_id] = set(by_norm.get(graph.norm_of.get(e.entity_id, ""), [])[:1])
    # a triple's end named only outside S (`resolved_graph`: its norm is its key) whose entity S's previous
    # chunks do not involve (the end is new, as in an added document): the one stored entity of that name
    unnamed = {e.entity_id: graph.norm_of.get(e.entity_id, "") for e in graph.entities
               if not e.name and not mentions[e.entity_id] and not old_ids[e.entity_id]}
    sole = old.sole_entities(set(unnamed.values())) if unnamed else {}
    for i, norm in unnamed.items():
        if norm in sole:
            old_ids[i] = {sole[norm]}
    return mentions, norms, owner, old_ids, involved


def closure_gaps(graph: ResolvedGraph, scope: Scope, old: OldGraph, holders: Holders,
                 doc_ids, whole: bool = False, any_gap: bool = False) -> tuple[set[str], Placement | None]:
    """Documents to add to S before its graph may replace the store's, or (empty, placement) when closed.

    `holders(keys)`: the new corpus's documents (rowids) holding each name key; `doc_ids(rowids)` maps rowids of
    the new corpus's documents to their document ids; `whole`: S is the whole
    corpus (closed: every entity is rewritten); `any_gap`: stop at the first gap found (the caller only asks
    whether S is closed, as when an unclosed S is followed by the whole corpus)."""
    mentions, norms, owner, old_ids, involved = _analyse(graph, scope, old, whole)
    if whole:
        return set(), _place(graph, old_ids, set(), involved, old.max_id())
    inside = scope.docs | scope.removed
    old_docs = old.docs(set(involved) | {o for ids in old_ids.values() for o in ids})
    claims = Counter(o for ids in old_ids.values() for o in ids)
    old_type = {o: t for o, (_n, t) in old.rows(claims).items()}
    owned_by: dict[int, set[MentionKey]] = defaultdict(set)
    for k, o in owner.items():
        owned_by[o].add(k)
    gaps: set[str] = set()
    keep_row: set[int] = set()
    recount: dict[int, tuple[int, int]] = {}
    unchanged = set(scope.unchanged_chunks)
    reach = norms
    if (groups := scope.groups) is not None:  # names S read by a document's own reading reach no other document
        reach = {e.entity_id: {n for n in norms[e.entity_id] if n and groups.may_name(e.entity_id, n)}  # by text;
                 | groups.keys.get(e.entity_id, set()) for e in graph.entities}  # every key of its group does,
    # its own too: "Stephen" read as the corpus's one "Stephen III" (a family's first name) reaches that page
    reaching = reaching_outside(graph, reach, holders, doc_ids, old_docs, old_ids, inside)
    untouched = {i: next(iter(old_ids[i])) for i in reaching if len(old_ids[i]) == 1 and _untouched(
        i, next(iter(old_ids[i])), claims, norms, mentions, owned_by, old_docs, scope)}
    new_part = graph_parts(graph.votes, set(untouched))
    old_part = stored_parts(old.conn, untouched.values(), inside)
    for e in graph.entities:
        i = e.entity_id
        if i not in reaching:
            continue  # complete
        reached = reaching[i]
        if i in untouched and same_part(new_part.get(i), old_part.get(untouched[i])):
            keep_row.add(i)  # its votes inside S are as before, so are its corpus-wide votes: the row stays
            continue
        if len(old_ids[i]) == 1:
            (o,) = old_ids[i]
            if claims[o] == 1 and (len(reached - inside) > HUB_DOCS or not _titled_by_change(i, o, graph, scope, old)) \
                    and owned_by[o] == {k for k in mentions[i] if k[0] in unchanged} \
                    and _hub_type(i, o, graph, scope, old, inside) == old_type.get(o):
                recount[i] = (o, len(old_docs[o] & inside))  # recounted, not re-resolved with all its documents
                continue
        gaps |= reached - inside
        if any_gap:
            return gaps, None
    claimed = set(claims)
    for o in involved - claimed:  # previous entities nothing in S stands for any more
        gaps |= old_docs.get(o, set()) - inside
    if gaps:
        return gaps, None
    placement = _place(graph, old_ids, keep_row, involved, old.max_id())
    placement.recount = recount
    return set(), placement


def reaching_outside(graph: ResolvedGraph, reach: dict[int, set[str]], holders: Holders, doc_ids,
                     old_docs: dict[int, set[str]], old_ids: dict[int, set[int]], inside: set[str]) -> dict[int, set[str]]:
    """Entity id -> the documents it reaches, for the entities of S's graph that reach a document outside
    `inside`: the new corpus's documents holding one of its names (`reach`, by name key) and the documents of
    the stored entities it continues (`old_ids`, `old_docs`)."""
    holding = holders({f"n:{n}" for e in graph.entities for n in reach[e.entity_id] if n})
    holder_ids = doc_ids(set().union(*holding.values()))
    out: dict[int, set[str]] = {}
    for e in graph.entities:
        i = e.entity_id
        named_in = {holder_ids[r] for n in reach[i] if n for r in holding.get(f"n:{n}", ())}
        reached = named_in.union(*(old_docs.get(o, set()) for o in old_ids[i]))
        if not reached <= inside:
            out[i] = reached
    return out


def _titled_by_change(i: int, o: int, graph: ResolvedGraph, scope: Scope, old: OldGraph) -> bool:
    """Is graph entity `i` (previous entity `o`) a title in a changed document, or was it one in a document
    that left? Then its name may be another title than the stored one, which a recount (`delta_write._recount`) cannot tell:
    an entity of few documents outside S is recounted only when neither holds (a hub, as before, always)."""
    if scope.fresh_titles is None:  # S's entities with a TITLE mention in an added or replaced document
        scope.fresh_titles = {e for e, d, lab, _ev in graph.votes if d in scope.fresh_docs and '"TITLE"' in lab}
    if i in scope.fresh_titles:
        return True
    return old.titled_in(o, scope.removed)


def _hub_type(i: int, o: int, graph: ResolvedGraph, scope: Scope, old: OldGraph, inside: set[str]) -> str | None:
    """The type the whole corpus votes graph entity `i`, previous entity `o` recounted (`hub_type`): its stored
    votes and mention texts outside S and S's; None when they leave it open (then it is re-resolved)."""
    from hopgraph.indexing.hub_type import corpus_type, graph_votes, place_keys
    from hopgraph.indexing.resolved_graph import make_entity

    if scope.is_place is None:
        return None
    if scope.hub_inputs is None:  # S's vote rows and mention texts per entity, gathered once (rows parsed when asked)
        texts: dict[int, list[str]] = defaultdict(list)
        for m in graph.mentions:
            texts[m["entity_id"]].append(m["text"])
        rows: dict[int, list] = defaultdict(list)
        for r in graph.votes:
            rows[r[0]].append(r)
        scope.hub_inputs = (rows, texts)
    rows_in, texts_in = scope.hub_inputs
    (votes_in,) = graph_votes(rows_in.get(i, ()), {i}).values()  # summed in S's row order, as over all rows
    labels, evidence, surfaces = old.outside(o, inside, old.chunk_set(scope.old_chunks))
    labels, evidence = labels + votes_in[0], evidence + votes_in[1]
    surfaces.update(texts_in.get(i, ()))
    (stored_name,) = old.conn.execute("SELECT name FROM entities WHERE entity_id = ?", (o,)).fetchone()
    names = {stored_name, make_entity(i, surfaces, Counter(), 0, None).name}
    if scope.groups is not None and i in scope.groups.keys:  # its keys are known: as many place bonuses as places
        places = sum(1 for k in scope.groups.keys[i] if scope.is_place(k))
        return corpus_type(labels, evidence, surfaces, names, places, least=places)
    return corpus_type(labels, evidence, surfaces, names, place_keys(surfaces, scope.is_place))


def _untouched(i: int, o: int, claims: Counter, norms, mentions, owned_by, old_docs, scope: Scope) -> bool:
    """Graph entity `i` is exactly previous entity `o` inside S: same mentions, no changed name, nothing removed."""
    return claims[o] == 1 and not norms[i] & scope.changed_norms and not old_docs[o] & scope.removed \
        and owned_by[o] == mentions[i]


def _place(graph: ResolvedGraph, old_ids: dict[int, set[int]], keep_row: set[int], involved: set[int],
           max_id: int) -> Placement:
    taken: set[int] = set()
    ids: dict[int, int] = {}
    next_id = max_id + 1
    for e in graph.entities:
        free = sorted(old_ids[e.entity_id] - taken)
        if free:
            ids[e.entity_id] = free[0]
            taken.add(free[0])
        else:
            ids[e.entity_id], next_id = next_id, next_id + 1
    return Placement(ids=ids, keep_row=keep_row, deleted=(involved | {o for s in old_ids.values() for o in s}) - taken)
