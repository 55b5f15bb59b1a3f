"""Fingerprints of a build: what decides a store's contents, so that a store (or its extractions) is reused only by
a build that would make the same (`hopgraph.indexing.pipeline`, `delta_update`, `hopgraph.eval.store_cache`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from hopgraph.config import Settings


def extraction_fingerprint(settings: Settings) -> str:
    """Hash of what decides a document's chunks and extraction: chunking settings, the spaCy model and its
    version, the store schema and the indexing code (`indexing_code_hash`). Extractions are reused only
    from a store with the same fingerprint."""
    import hashlib

    import spacy

    from hopgraph import __version__
    from hopgraph.store import SCHEMA_VERSION

    ix = settings.index
    model_version = spacy.util.get_package_version(ix.spacy_model) or ""
    key = (f"{ix.chunk_words}|{ix.chunk_overlap_words}|{ix.spacy_model}|{model_version}|{spacy.__version__}|"
           f"{__version__}|{SCHEMA_VERSION}|{indexing_code_hash()}")
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def index_config_fingerprint(settings: Settings) -> str:
    """Hash of what decides an index's contents: the index settings, the hopgraph version, the store
    schema and the indexing code itself (`indexing_code_hash`), so a changed extractor never reuses a
    store built by the old one."""
    import hashlib

    from hopgraph import __version__
    from hopgraph.store import SCHEMA_VERSION

    content = settings.index.model_dump(exclude={"embed_batch_size", "embed_threads", "extract_batch_size",
                                                 "executor", "ray_address", "extract_processes"})
    key = f"{sorted(content.items())}|{__version__}|{SCHEMA_VERSION}|{indexing_code_hash()}"
    return hashlib.sha256(key.encode()).hexdigest()[:16]


@functools.cache
def indexing_code_hash() -> str:
    """sha256 over the bytes of the indexing package's .py files and graph/build.py (name-sorted);
    computed once per process."""
    import hashlib

    import hopgraph.graph.build as graph_build
    import hopgraph.indexing as indexing

    files = sorted(Path(indexing.__file__).parent.glob("*.py")) + [Path(graph_build.__file__)]
    digest = hashlib.sha256()
    for path in files:
        digest.update(f"{path.parent.name}/{path.name}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
