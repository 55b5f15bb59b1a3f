"""Update resolution rounds (indexing/delta_resolve.py): when the neighbourhood becomes the whole corpus, and
that an update equals a fresh build however many partial rounds it takes.

Stores are built from the sample corpus (invented) with real spaCy extraction and the hash embedder.
"""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

import pytest
from hopgraph.indexing import delta_resolve
from hopgraph.indexing.delta_resolve import _whole_next
from hopgraph.indexing.incremental import add_documents, remove_documents
from hopgraph.indexing.pipeline import build_index
from store_fixtures import HashEmbedder
from test_incremental import assert_same_store, corpus_docs, hash_embedder, settings, write_corpus  # noqa: F401

from hopgraph.store import Store


def test_partial_rounds_go_on_while_they_cost_less_than_the_budget() -> None:
    with mock.patch.object(delta_resolve, "ROUND_BUDGET", 0.6), mock.patch.object(delta_resolve, "FULL_FRACTION", 0.5):
        assert not _whole_next([], 4_000, 100_000)
        assert not _whole_next([4_000, 7_000, 14_000], 15_000, 100_000)  # 40,000 resolved in all
        assert _whole_next([4_000, 7_000, 14_000, 15_000, 16_000], 17_000, 100_000)  # 56,000 + 17,000 > 60,000
        assert _whole_next([], 50_001, 100_000)  # more than half the corpus: resolved whole at once


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("fresh")
    docs = corpus_docs()
    out = {}
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: HashEmbedder()):
        for name, part in (("A", docs[:-5]), ("AB", docs)):
            build_index(write_corpus(base / f"{name}.json", part), base / name, settings(), show_progress=False)
            out[name] = base / name
    return out


@pytest.mark.parametrize("budget, fraction", [(0.0, 0.5), (100.0, 1.0)], ids=["whole at once", "partial rounds only"])
def test_update_equals_fresh_build_whether_resolved_whole_or_in_rounds(
        tmp_path: Path, fresh: dict[str, Path], budget: float, fraction: float) -> None:
    docs = corpus_docs()
    store = tmp_path / "store"
    with mock.patch.object(delta_resolve, "ROUND_BUDGET", budget), \
            mock.patch.object(delta_resolve, "FULL_FRACTION", fraction), \
            mock.patch.object(delta_resolve, "GROWTH_LIMIT", 100.0 if budget else 0.25), \
            mock.patch.object(delta_resolve, "MAX_ROUNDS", 20 if budget else 4):
        build_index(write_corpus(tmp_path / "a.json", docs[:-5]), store, settings(), show_progress=False)
        add_documents(store, docs[-5:], settings())
        sizes = json.loads(Store.open(store).meta()["resolve_rounds"])
        if budget == 0.0:
            assert sizes == [len(docs)]  # the first round is already the whole corpus
        else:
            assert sizes[-1] < len(docs)  # closed inside a partial neighbourhood
        assert_same_store(store, fresh["AB"])
        remove_documents(store, [d.doc_id for d in docs[-5:]], settings())
        assert_same_store(store, fresh["A"])


def test_name_votes_read_once_over_rounds_are_those_load_reads(fresh: dict[str, Path]) -> None:
    import sqlite3

    from hopgraph.indexing.name_votes import corpus_names, load

    conn = sqlite3.connect(fresh["AB"] / "hopgraph.db")
    try:
        corpus = corpus_names(conn)
        names = sorted(r[0] for r in conn.execute("SELECT norm FROM name_votes"))
        first, second = set(names[::2]) | {"no such name"}, set(names[::3])  # a later round: some names again
        stored: dict = {}
        for wanted in (first, second):
            got, want = delta_resolve._load(conn, wanted, corpus, stored), load(conn, wanted, corpus)
            assert list(got.labels.items()) == list(want.labels.items())  # same rows, same order
            assert list(got.texts.items()) == list(want.texts.items()) and got.mid == want.mid
        assert stored["no such name"] is None and len(stored) == len(first | second)
        got.labels[names[0]]["PERSON"] += 5  # a round's counts are its own
        assert delta_resolve._load(conn, {names[0]}, corpus, stored).labels == load(conn, {names[0]}, corpus).labels
    finally:
        conn.close()
