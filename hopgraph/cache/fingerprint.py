"""The store fingerprint cache keys hold: a digest of the store's whole meta table (pure but for the read).

Every build and every update writes the meta table anew (created_at, corpus and config fingerprints, counts),
so any change to the store gives another fingerprint and no cached entry of the old one is served again.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hopgraph.store import Store


def meta_fingerprint(meta: dict[str, str]) -> str:
    """16 hex digits of the sorted meta items (pure)."""
    return hashlib.sha256(json.dumps(sorted(meta.items())).encode("utf-8")).hexdigest()[:16]


def store_fingerprint(store: Store) -> str:
    return meta_fingerprint(store.meta())
