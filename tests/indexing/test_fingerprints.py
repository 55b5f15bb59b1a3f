"""Fingerprints of a build (indexing/fingerprints.py): what they follow and what they ignore."""

from __future__ import annotations

from pathlib import Path

from hopgraph.config import Settings
from hopgraph.indexing import fingerprints
from hopgraph.indexing.fingerprints import index_config_fingerprint
from store_fixtures import fake_settings


def test_config_fingerprint_tracks_index_settings_only() -> None:
    a, b = fake_settings(), fake_settings()
    b.retrieval.rrf_k = 5
    assert index_config_fingerprint(a) == index_config_fingerprint(b)
    b.index.chunk_words = 99
    assert index_config_fingerprint(a) != index_config_fingerprint(b)


def test_config_fingerprint_follows_the_indexing_code(monkeypatch):
    settings = Settings()
    before = index_config_fingerprint(settings)
    assert fingerprints.indexing_code_hash() == fingerprints.indexing_code_hash()  # cached, stable
    monkeypatch.setattr(fingerprints, "indexing_code_hash", lambda: "another-extractor")
    assert index_config_fingerprint(settings) != before


def test_indexing_code_hash_covers_the_extractor_source(monkeypatch):
    uncached = fingerprints.indexing_code_hash.__wrapped__
    before = uncached()
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes",
                        lambda self: real(self) + (b"# changed" if self.name == "extract.py" else b""))
    assert uncached() != before
