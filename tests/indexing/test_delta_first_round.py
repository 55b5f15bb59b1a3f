"""An update's first neighbourhood closes where the previous store already says which documents a change reaches
(indexing/neighbourhood.py `rewritten_docs`, indexing/delta_graph.py): a second round would resolve all of S again.

The end-to-end cases use a scripted extractor (invented documents whose mentions and triples are given), so the
case is exactly the one named; the update is compared with a fresh build of the same documents.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from hopgraph.indexing.incremental import add_documents, remove_documents
from hopgraph.indexing.neighbourhood import rewritten_docs
from hopgraph.indexing.old_graph import OldGraph
from hopgraph.indexing.pipeline import build_index
from store_fixtures import HashEmbedder
from test_incremental import settings, table_rows, write_corpus

from hopgraph.models import Chunk, ChunkExtraction, Document, Mention, Triple
from hopgraph.store import Store

#: doc id -> (text, mentions (text, label), triples (subject, predicate, object))
SCRIPT: dict[str, tuple[str, list[tuple[str, str]], list[tuple[str, str, str]]]] = {
    # the abbey's page states its founding year only as a triple's end; the annals name the year
    "abbey": ("Vell Abbey was founded in 1217 by Ada Brook.", [("Vell Abbey", "ORG"), ("Ada Brook", "PERSON")],
              [("Vell Abbey", "founded on", "1217")]),
    "annals": ("In 1217 Osk Tarrow sailed to Tarnby.", [("1217", "DATE"), ("Osk Tarrow", "PERSON"),
                                                        ("Tarnby", "GPE")], []),
    "letter": ("Ada Brook wrote to Corin Haskett.", [("Ada Brook", "PERSON"), ("Corin Haskett", "PERSON")], []),
}


class ScriptedExtract:
    """`ExtractStage` reading `SCRIPT` instead of running spaCy."""

    parallel = False

    def __init__(self, spacy_model: str, batch_size: int):
        pass

    def __call__(self, chunks: list[Chunk]) -> list[ChunkExtraction]:
        out = []
        for c in chunks:
            _text, names, triples = SCRIPT[c.doc_id]
            mentions = [Mention(text=n, label=lab, chunk_id=c.chunk_id, start=c.text.find(n),
                                end=c.text.find(n) + len(n)) for n, lab in names]
            out.append(ChunkExtraction(chunk_id=c.chunk_id, mentions=mentions, triples=[
                Triple(subject=s, predicate=p, object=o, chunk_id=c.chunk_id, sentence=c.text) for s, p, o in triples]))
        return out


@pytest.fixture(autouse=True)
def scripted() -> Iterator[None]:
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: HashEmbedder()), \
            mock.patch("hopgraph.indexing.pipeline.ExtractStage", ScriptedExtract), \
            mock.patch("hopgraph.indexing.executor.ExtractStage", ScriptedExtract):
        yield


def docs(*ids: str) -> list[Document]:
    return [Document(doc_id=d, title="", text=SCRIPT[d][0]) for d in ids]


def build(path: Path, ids: tuple[str, ...]) -> Path:
    build_index(write_corpus(path.with_suffix(".json"), docs(*ids)), path, settings(), show_progress=False)
    return path


def rounds(store: Path) -> list[int]:
    return json.loads(Store.open(store).meta()["resolve_rounds"])


def test_a_year_met_only_as_a_triples_end_is_the_stored_entity_of_the_documents_naming_it(tmp_path: Path) -> None:
    """Removing the letter re-resolves the abbey (Ada Brook), whose triple ends on 1217, named only in the annals:
    that end is the stored entity 1217, unchanged, so the first round closes without the annals, as a fresh
    build of the abbey and the annals gives."""
    store = build(tmp_path / "store", ("abbey", "annals", "letter"))
    remove_documents(store, ["letter"], settings())
    assert rounds(store) == [1]  # the abbey alone: the annals' 1217 keeps its row
    fresh = build(tmp_path / "fresh", ("abbey", "annals"))
    assert table_rows(store) == table_rows(fresh)
    add_documents(store, docs("letter"), settings())
    assert table_rows(store) == table_rows(build(tmp_path / "all", ("abbey", "annals", "letter")))


def test_a_new_triples_end_named_by_a_hub_outside_s_is_that_entity_recounted(tmp_path: Path) -> None:
    """The abbey comes, its triple ending on 1217, a year 22 other documents name (a hub key, not followed): the
    end is the stored entity 1217, recounted with one more document, as a fresh build gives (an end with no
    name of its own had been written as a new nameless entity)."""
    annals = {f"annals{i}": (f"In 1217 Osk Tarrow{i} sailed.", [("1217", "DATE"), (f"Osk Tarrow{i}", "PERSON")], [])
              for i in range(22)}
    with mock.patch.dict(SCRIPT, annals):
        store = build(tmp_path / "store", tuple(annals))
        add_documents(store, docs("abbey"), settings())
        assert rounds(store) == [1]
        assert table_rows(store) == table_rows(build(tmp_path / "fresh", (*annals, "abbey")))


def test_a_name_read_as_another_documents_name_reaches_that_document(tmp_path: Path) -> None:
    """"Stephen" beside "Geoffrey III" is read as the corpus's one "Stephen III" (a family's first name) once the
    saints make "Stephen" a person's name; only the king's page names "Stephen III" (its short form "stephen" is
    a key of 24 documents, not followed). The annals' entity is keyed "stephen iii" though its mention reads
    "Stephen": it reaches the king's page by that key, which is resolved with it, as a fresh build joins them
    (it had been closed inside S as an entity of its own)."""
    fillers = {f"filler{k}": (f"Stephen {n} farmed at Vellby.", [(f"Stephen {n}", "PERSON"), ("Vellby", "GPE")], [])
               for k, n in enumerate(["Hale", "Ames", "Brook", "Tarrow", "Quell", "Venn", "Marsh", "Kell", "Orme",
                                      "Pike", "Rook", "Sand", "Thorn", "Vane", "Wren", "Yarrow", "Lark", "Moss",
                                      "Nash", "Oake", "Penn", "Reed", "Sloe", "Teal"])}
    world = {**fillers,
             "annals": ("Geoffrey III and his brother Stephen sailed.", [("Geoffrey III", "PERSON"), ("Stephen", "PERSON")],
                        []),
             "king": ("Stephen III ruled the isle.", [("Stephen III", "PERSON")], []),
             **{f"town{k}": (f"Ships left Stephen {k}.", [("Stephen", "GPE")], []) for k in range(3)},
             **{f"saint{k}": (f"Stephen preached {k}.", [("Stephen", "PERSON")], []) for k in range(3)}}
    base = ("annals", "king", "town0", "town1", "town2", *fillers)
    saints = ("saint0", "saint1", "saint2")
    with mock.patch.dict(SCRIPT, world):
        store = build(tmp_path / "store", base)
        add_documents(store, docs(*saints), settings())
        assert len(rounds(store)) == 2  # the king's page joins S
        assert table_rows(store) == table_rows(build(tmp_path / "fresh", (*base, *saints)))


def _old_store() -> sqlite3.Connection:
    """Entity 1 "mornav society" in d1, d2 and the removed d9 (there written otherwise); entity 2 "lincre" in d3;
    entity 3 "beldru lincre", one of whose mentions in d4 was a bare "Lincre", also in d5; entity 4 a hub named
    in d9 and in 25 other documents; entity 5 "osk tarrow" in d6 only, nothing to do with the change; entities
    4 and 6 are both named "ostmark"."""
    conn = sqlite3.connect(":memory:")
    conn.executescript("""
        CREATE TABLE mentions (entity_id INTEGER, chunk_id TEXT, start INTEGER, "end" INTEGER, text TEXT);
        CREATE TABLE relations (id INTEGER PRIMARY KEY, source_id INTEGER, target_id INTEGER, chunk_id TEXT);
        CREATE TABLE aliases (alias TEXT, entity_id INTEGER);
        CREATE TABLE entities (entity_id INTEGER PRIMARY KEY, norm TEXT);
        CREATE TABLE entity_votes (entity_id INTEGER, doc_id TEXT, labels TEXT, evidence TEXT);""")
    conn.executemany('INSERT INTO mentions VALUES (?, ?, 0, 1, "")', [(1, "d9#0"), (4, "d9#0")])
    conn.executemany("INSERT INTO aliases VALUES (?, ?)", [("mornav society", 1), ("lincre", 2), ("lincre", 3),
                                                          ("beldru lincre", 3), ("osk tarrow", 5)])
    conn.executemany("INSERT INTO entities VALUES (?, ?)", [(1, "mornav society"), (2, "lincre"), (3, "beldru lincre"),
                                                           (4, "ostmark"), (5, "osk tarrow"), (6, "ostmark")])
    votes = [(1, "d1"), (1, "d2"), (1, "d9"), (2, "d3"), (3, "d4"), (3, "d5"), (4, "d9"), (5, "d6")]
    votes += [(4, f"h{i}") for i in range(25)]
    conn.executemany("INSERT INTO entity_votes VALUES (?, ?, '', '')", votes)
    return conn


def test_rewritten_documents_are_those_of_the_removed_documents_entities_and_of_a_moved_names_owners() -> None:
    old = OldGraph(_old_store())
    assert old.named({"lincre", "no such name"}) == {2, 3}
    got = rewritten_docs(old, ["d9#0"], {"lincre"}, {"d9"}, hub_docs=20)
    assert got == {"d1", "d2", "d3", "d4", "d5"}  # not the hub's 25, not d6, not the removed d9
    assert rewritten_docs(old, [], set(), {"d9"}, hub_docs=20) == set()


def test_sole_entities_are_the_names_one_stored_entity_holds() -> None:
    assert OldGraph(_old_store()).sole_entities({"lincre", "ostmark", "nothing", ""}) == {"lincre": 2}
