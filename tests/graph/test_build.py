"""KnowledgeGraph.from_store (columns, one read per table) equals the graph made from the store's models."""

from pathlib import Path

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.entity_table import EntityTable
from hopgraph.graph.ppr import PPRMatrix
from hopgraph.models import Chunk, Entity, Relation
from hopgraph.store import Store, StoreWriter

ENTITIES = [Entity(entity_id=i, name=n, type=t, aliases=a, doc_freq=d) for i, n, t, a, d in [
    (0, "Mira Tolland", "PERSON", ["M. Tolland"], 3), (1, "Glass Harbour Press", "ORG", [], 2),
    (2, "Kessel", "GPE", [], 5), (3, "Dan Quillet (director)", "PERSON", [], 1)]]
CHUNKS = [Chunk(chunk_id=c, doc_id=c.split("#")[0], title=t, text="...", start=0, end=3, content_hash=c, position=0)
          for c, t in [("mira#0", "Mira Tolland"), ("press#0", "Glass Harbour Press"), ("kessel#0", "")]]
MENTIONS = [(0, "mira#0", 0), (1, "mira#0", 20), (0, "mira#0", 40), (2, "press#0", 0), (1, "press#0", 9),
            (2, "kessel#0", 0), (3, "kessel#0", 30), (0, "press#0", 50), (2, "press#0", 60)]
RELATIONS = [Relation(source_id=s, predicate=p, target_id=t, chunk_id=c, sentence=x, weight=w, kind=k)
             for s, p, t, c, x, w, k in [
                 (0, "founded", 1, "mira#0", "Mira Tolland founded the Glass Harbour Press.", 1.0, "typed"),
                 (1, "", 2, "press#0", "", 0.5, "cooccur"),
                 (0, "founded", 1, "press#0", "The press was founded by Mira Tolland.", 1.0, "typed"),
                 (2, "", 3, "kessel#0", "", 2.0, "cooccur"),
                 (1, "based in", 2, "press#0", "It is based in Kessel.", 1.0, "typed"),
                 (2, "", 2, "kessel#0", "", 1.0, "cooccur")]]


def _store(root: Path) -> Store:
    w = StoreWriter(root)
    w.write_chunks(CHUNKS)
    w.write_graph(ENTITIES, ({"entity_id": e, "chunk_id": c, "start": s, "end": s + 4, "text": "x"} for e, c, s in MENTIONS),
                  RELATIONS, {}, [("tolland", 0)])
    w.write_meta({"embedding_model": "m", "dimension": 8})
    w.commit()
    return Store.open(root)


def _from_models(store: Store) -> KnowledgeGraph:
    """The graph as made from the store's models (the slow route a large store must not take)."""
    kg = KnowledgeGraph.from_parts({e.entity_id: e for e in store.all_entities()}, store.all_relations(),
                                   store.all_mentions(), store.aliases(), store.chunk_titles())
    for eid, cid in store.lead_mentions():
        kg.home_chunks.setdefault(eid, set()).add(cid)
    return kg


def test_from_store_equals_the_graph_of_the_models(tmp_path: Path):
    store = _store(tmp_path / "s")
    kg, ref = KnowledgeGraph.from_store(store), _from_models(store)
    assert isinstance(kg.entities, EntityTable) and dict(kg.entities) == ref.entities
    assert list(kg.relations) == list(ref.relations) == RELATIONS
    assert kg.entity_chunks == ref.entity_chunks and kg.chunk_entities == ref.chunk_entities
    assert [list(s) for s in kg.chunk_entities.values()] == [list(s) for s in ref.chunk_entities.values()]
    assert kg.alias_index == ref.alias_index and "dan quillet" in kg.alias_index
    assert dict(kg.relations_by_chunk) == dict(ref.relations_by_chunk) == {"mira#0": [0], "press#0": [1, 2, 4],
                                                                          "kessel#0": [3, 5]}
    assert kg.home_chunks == ref.home_chunks and kg.home_chunks[2] == {"press#0", "kessel#0"}
    assert kg.titled_share == ref.titled_share
    for eid in kg.entities:
        assert kg.edges_of(eid) == ref.edges_of(eid) and kg.degree(eid) == ref.degree(eid)
    assert [i for i, _, _ in kg.edges_of(2)] == [3, 5, 1, 4, 5]  # out (by target, first seen), then in (by source)
    assert [i for i, _, _ in kg.edges_of(1, kind="typed")] == [4, 0, 2] and kg.degree(2) == 5
    assert list(kg.undirected.edges(data="key")) == list(ref.undirected.edges(data="key"))
    assert kg.undirected.edges[0, 1]["key"] == 0 and kg.undirected.edges[1, 2]["key"] == 4  # typed over co-occurrence
    a, b = PPRMatrix.from_graph(kg).transition, PPRMatrix.from_graph(ref).transition
    assert (a.indptr.tolist(), a.indices.tolist(), a.data.tolist()) == (b.indptr.tolist(), b.indices.tolist(), b.data.tolist())


def test_the_graph_knows_the_words_the_documents_write_in_lower_case(tmp_path: Path):
    import sqlite3

    from hopgraph.indexing import name_keys

    store = _store(tmp_path / "s")
    assert KnowledgeGraph.from_store(store).lower_words == frozenset()  # a store without the table: unknown
    db = store.conn.execute("PRAGMA database_list").fetchone()[2]
    store.close()
    conn = sqlite3.connect(db)
    name_keys.create_tables(conn)
    name_keys.add_doc(conn, 1, set(), {"press", "founded"})
    conn.commit()
    conn.close()
    assert KnowledgeGraph.from_store(Store.open(tmp_path / "s")).lower_words == {"press", "founded"}
