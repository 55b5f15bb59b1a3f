"""Corpus-wide merges kept per document (indexing/delta_merges.py): an update's neighbourhood S is unioned as the
whole corpus is, in an invented world."""

from __future__ import annotations

import sqlite3

from hopgraph.indexing import delta_merges
from hopgraph.indexing.delta_merges import CorpusMerges, corpus_groups, doc_order
from hopgraph.indexing.name_votes import count, write_all
from hopgraph.indexing.resolve import resolve
from hopgraph.models import Chunk, ChunkExtraction, Mention, Triple


def chunk(cid: str, doc: str) -> Chunk:
    return Chunk(chunk_id=cid, doc_id=doc, title="", text="x", start=0, end=1, content_hash="h")


def ext(cid: str, names: list[tuple[str, str]], aliases: list[tuple[str, str]] = ()) -> ChunkExtraction:
    e = ChunkExtraction(chunk_id=cid, mentions=[
        Mention(text=n, label=lab, chunk_id=cid, start=i + 1, end=i + 1 + len(n)) for i, (n, lab) in enumerate(names)])
    e.triples = [Triple(subject=s, predicate="also know as", object=o, chunk_id=cid, sentence="s") for s, o in aliases]
    return e


CORPUS = {  # "VR" spelled out as the republic by two articles and as a film by one; Tor Vell also known as Torin
    "d1": [("Vellmar Republic", "GPE"), ("VR", "GPE")],
    "d2": [("Vellmar Republic", "GPE"), ("VR", "GPE"), ("Tor Vell", "PERSON"), ("Torin", "PERSON")],
    "d3": [("Violet Rain", "WORK_OF_ART"), ("VR", "ORG")],
    "d4": [("VR", "GPE"), ("Osk Tarrow", "PERSON")],
    "d5": [("Tor Vell", "PERSON"), ("Torin", "PERSON"), ("Osk Tarrow", "PERSON")],
}
ALIASES = {"d2": [("Tor Vell", "Torin")]}


def world() -> tuple[list[Chunk], list[ChunkExtraction]]:
    chunks = [chunk(f"c{d[1:]}", d) for d in CORPUS]
    return chunks, [ext(c.chunk_id, CORPUS[c.doc_id], ALIASES.get(c.doc_id, [])) for c in chunks]


def store_of(chunks: list[Chunk], exts: list[ChunkExtraction], record: dict) -> sqlite3.Connection:
    """The tables `CorpusMerges` reads: chunks (document order), the merge rows, the names' votes."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE chunks (chunk_id TEXT, doc_id TEXT, row INTEGER)")
    conn.executemany("INSERT INTO chunks VALUES (?, ?, ?)", ((c.chunk_id, c.doc_id, i) for i, c in enumerate(chunks)))
    delta_merges.write(conn, record)
    write_all(conn, count(chunks, {e.chunk_id: e for e in exts}))
    return conn


def groups_of(graph) -> set[frozenset[str]]:
    """Each entity's mentions as (chunk, text) pairs."""
    out: dict[int, set] = {}
    for m in graph.mentions:
        out.setdefault(m["entity_id"], set()).add((m["chunk_id"], m["text"]))
    return {frozenset(v) for v in out.values()}


def test_a_build_records_what_each_document_gives_the_merge_rules() -> None:
    chunks, exts = world()
    record: dict = {}
    resolve(chunks, exts, record=record)
    assert list(record) == ["d1", "d2", "d3", "d4", "d5"]  # in document order
    assert record["d1"]["r"] == {"vr": "vellmar republic"}  # its own reading of "VR"
    assert record["d4"]["a"] == [["vr", "vr"]] and record["d4"]["r"] == {}  # a bare acronym, keyed as the corpus
    assert record["d2"]["k"] == [["tor vell", "torin"]]
    assert ["vr", "GPE", 1] in record["d4"]["l"]


def test_a_neighbourhood_is_unioned_as_the_whole_corpus_not_as_its_own_documents() -> None:
    """S = {d3, d4, d5}: alone, the one spelling of "VR" it holds (the film) would join d4's bare "VR" to the
    film, and without d2's statement "Torin" would stay apart from "Tor Vell"; with the corpus's rows, d4's "VR"
    is the republic's (two spellings against one: no entity of S beside it) and d5's two names are one."""
    chunks, exts = world()
    record: dict = {}
    full = resolve(chunks, exts, record=record)
    conn = store_of(chunks, exts, record)
    inside = {"d3", "d4", "d5"}
    part_chunks = [c for c in chunks if c.doc_id in inside]
    part_exts = [e for e in exts if e.chunk_id in {c.chunk_id for c in part_chunks}]
    alone = resolve(part_chunks, part_exts)
    assert frozenset({("c3", "VR"), ("c3", "Violet Rain"), ("c4", "VR")}) in groups_of(alone)

    merges = CorpusMerges(conn, gone=set())
    votes = count(chunks, {e.chunk_id: e for e in exts})  # the corpus's votes (an update reads them from the store)
    votes.merges = merges
    part = resolve(part_chunks, part_exts, votes)
    expected = {frozenset(m for m in g if m[0] in {"c3", "c4", "c5"}) for g in groups_of(full)} - {frozenset()}
    assert groups_of(part) == expected
    assert frozenset({("c5", "Tor Vell"), ("c5", "Torin")}) in groups_of(part)
    assert set(merges.inputs) == inside  # S's rows, to replace theirs

    groups = corpus_groups(merges, part)
    vr = next(m["entity_id"] for m in part.mentions if m["chunk_id"] == "c4" and m["text"] == "VR")
    assert groups.keys[vr] == {"vr", "vellmar republic"}  # the republic's group, which S holds only by "VR"
    assert groups.outside_keys(vr) == {"vellmar republic"}
    film = next(m["entity_id"] for m in part.mentions if m["text"] == "Violet Rain")
    assert groups.may_name(film, "violet rain") and not groups.may_name(film, "vr")  # d3 read "VR" as its film


def test_rows_are_replaced_for_the_documents_given() -> None:
    chunks, exts = world()
    record: dict = {}
    resolve(chunks, exts, record=record)
    conn = store_of(chunks, exts, record)
    totals = delta_merges.read_totals(conn)  # a build's: every document's rows summed
    assert totals.spelled["vr"] == {"vellmar republic": 2, "violet rain": 1} and list(totals.aliases) == ["d2"]
    assert totals.label_counts("vr") == {"GPE": 1} and totals.label_counts("vellmar republic") == {"GPE": 4}  # d1, d2
    totals.add("d1", record["d1"], -1)
    delta_merges.write(conn, {"d4": record["d4"]}, docs={"d1", "d4"}, totals=totals)
    assert set(delta_merges.read_rows(conn, ["d1", "d3", "d4", "d5", "d9"])) == {"d3", "d4", "d5"}
    assert delta_merges.read_totals(conn).spelled["vr"] == {"vellmar republic": 1, "violet rain": 1}
    assert doc_order(conn) == ["d1", "d2", "d3", "d4", "d5"]



def test_rows_written_as_stored_are_left_in_place() -> None:
    chunks, exts = world()
    record: dict = {}
    resolve(chunks, exts, record=record)
    conn = store_of(chunks, exts, record)
    conn.execute("UPDATE doc_merges SET data = '{\"marker\": 1}' WHERE doc_id = 'd3'")  # to see it is not rewritten
    delta_merges.write(conn, {"d3": record["d3"], "d4": record["d4"]}, docs={"d3", "d4", "d5"},
                       totals=delta_merges.read_totals(conn), as_stored={"d3"})
    rows = delta_merges.read_rows(conn, ["d3", "d4", "d5"])
    assert rows == {"d3": {"marker": 1}, "d4": record["d4"]}  # d5 is given without a row: deleted


def test_a_neighbourhood_whose_rows_are_as_stored_leaves_the_totals_and_names_them_as_stored() -> None:
    chunks, exts = world()
    record: dict = {}
    resolve(chunks, exts, record=record)
    conn = store_of(chunks, exts, record)
    before = delta_merges.read_totals(conn)
    inside = {"d3", "d4", "d5"}
    part_chunks = [c for c in chunks if c.doc_id in inside]
    part_exts = [e for e in exts if e.chunk_id in {c.chunk_id for c in part_chunks}]
    merges = CorpusMerges(conn, gone=set())
    votes = count(chunks, {e.chunk_id: e for e in exts})
    votes.merges = merges
    resolve(part_chunks, part_exts, votes)
    assert merges.as_stored() == inside  # nothing changed: every row of S is its stored row
    assert merges.totals.dumps() == before.dumps()


def test_a_triple_end_the_corpus_names_elsewhere_is_its_entity_not_a_new_concept() -> None:
    """d2 says Tor Vell "visited ostmark" (lower case, so no new concept by itself) and never names Ostmark; d1
    does. A fresh build links the triple to Ostmark with no vote of d2's; so does S = {d2} with the corpus's rows."""
    chunks = [chunk("c1", "d1"), chunk("c2", "d2")]
    exts = [ext("c1", [("Ostmark", "GPE")]), ext("c2", [("Tor Vell", "PERSON")])]
    exts[1].triples = [Triple(subject="Tor Vell", predicate="visit", object="ostmark", chunk_id="c2", sentence="s")]
    record: dict = {}
    full = resolve(chunks, exts, record=record)
    assert [r.predicate for r in full.relations] == ["visit"]
    alone = resolve(chunks[1:], exts[1:])
    assert not alone.relations  # S alone does not know the name
    votes = count(chunks, {e.chunk_id: e for e in exts})
    votes.merges = CorpusMerges(store_of(chunks, exts, record), gone=set())
    part = resolve(chunks[1:], exts[1:], votes)
    assert [r.predicate for r in part.relations] == ["visit"]
    target = part.relations[0].target_id
    assert [(d, lab) for i, d, lab, _ev in part.votes if i == target] == [("d2", "")]  # no CONCEPT vote


def test_group_keys_read_from_the_joined_keys_are_every_key_of_the_group():
    """A joined group's keys, a lone key's own, and nothing for a key the union-find met only later."""
    from hopgraph.indexing.delta_merges import CorpusMerges
    from hopgraph.indexing.merge import UnionFind

    uf = UnionFind()
    for k in ("ada kell", "kell", "a kell", "velloria", "ostmark"):
        uf.find(k)
    uf.union("kell", "ada kell")
    uf.union("a kell", "kell")
    merges = CorpusMerges(None, set())
    merges.corpus = uf
    got = merges.group_keys({uf.find("kell"), "velloria"})
    uf.find("later")
    assert got == {"a kell": {"ada kell", "kell", "a kell"}, "velloria": {"velloria"}}
    assert merges.group_keys({"later"}) == {"later": set()}


def test_a_neighbourhoods_resolution_leaves_no_reference_cycle_to_the_collector() -> None:
    """The votes hold the merge step, which keeps the round's context: were the context to hold the votes, every
    extraction of S would wait for the cyclic collector (half a second at 100k passages) instead of being freed."""
    import gc

    chunks, exts = world()
    record: dict = {}
    resolve(chunks, exts, record=record)
    conn = store_of(chunks, exts, record)
    inside = {"d3", "d4", "d5"}
    part_chunks = [c for c in chunks if c.doc_id in inside]
    part_exts = [e for e in exts if e.chunk_id in {c.chunk_id for c in part_chunks}]
    gc.collect()
    gc.disable()
    try:
        votes = count(chunks, {e.chunk_id: e for e in exts})
        votes.merges = CorpusMerges(conn, gone=set())
        resolve(part_chunks, part_exts, votes)
        del votes
        assert gc.collect() == 0
    finally:
        gc.enable()
