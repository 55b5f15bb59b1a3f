"""HopGraph as a context manager with entity(), neighbors(), path() (a hand-built graph behind a real store)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hopgraph.errors import UserError
from hopgraph.facade import HopGraph
from kg_fixtures import small_kg, write_small_corpus
from store_fixtures import build_fake_store, fake_settings


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("facade-graph")
    build_fake_store(write_small_corpus(base / "docs.json"), base / "store")
    return base / "store"


def _with_graph(hg: HopGraph) -> HopGraph:
    hg.__dict__["graph"] = small_kg()  # the extraction-free store gets the hand-built graph
    hg.__dict__["has_graph"] = True
    return hg


def test_context_manager_closes_the_store(store: Path) -> None:
    with HopGraph.open(store, fake_settings()) as hg:
        assert hg.stats()["documents"] == 6
    with pytest.raises(Exception):
        hg.store.conn.execute("SELECT 1")


def test_entity_neighbors_and_path_by_name(store: Path) -> None:
    with HopGraph.open(store, fake_settings()) as hg:
        _with_graph(hg)
        oskar = hg.entity("Oskar Brandt")
        assert oskar.id == 0 and oskar.type == "PERSON" and "Brandt" in oskar.aliases
        assert oskar.relations[0].kind == "typed"
        assert any(r.predicate == "born in" and r.target_name == "Tamsel" for r in oskar.relations)
        assert hg.entity(0).name == "Oskar Brandt" and hg.entity("0").name == "Oskar Brandt"
        hood = hg.neighbors("The Glass Harbor", hops=2)
        assert hood.center == 1 and {"Oskar Brandt", "Saltmoor Studios", "Tamsel"} <= {n.name for n in hood.nodes}
        [first, *_] = hg.path("Saltmoor Studios", "Tamsel")
        assert first.entities == ["Saltmoor Studios", "The Glass Harbor", "Oskar Brandt", "Tamsel"]
        assert first.edges[-1].sentence == "Oskar Brandt was born in Tamsel."
        with pytest.raises(UserError, match="no entity named 'Oskar Brandx'; closest: .*Oskar Brandt"):
            hg.entity("Oskar Brandx")
        with pytest.raises(UserError, match="hops must be between 1 and 3"):
            hg.neighbors("Tamsel", hops=4)
        with pytest.raises(UserError, match="no entity with id 99"):
            hg.path(99, "Tamsel")


def test_graph_methods_on_a_store_without_graph_say_so(store: Path) -> None:
    with HopGraph.open(store, fake_settings()) as hg:
        with pytest.raises(UserError, match="has no knowledge graph: it was indexed with --no-graph"):
            hg.entity("Oskar Brandt")
        with pytest.raises(UserError, match="has no knowledge graph"):
            hg.search("Tamsel", profile="graph")
