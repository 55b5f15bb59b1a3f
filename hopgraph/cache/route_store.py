"""LLM route decisions kept in the store (its `llm_cache` table), so they outlive the process.

Keys hold the store fingerprint, the router (model and tool registry) and the normalised question; a store
update changes the fingerprint, so decisions made against the old store are never read again.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from pydantic import ValidationError

from hopgraph.models import RouteDecision

if TYPE_CHECKING:
    from hopgraph.store import Store

MODEL_TAG = "route-cache"


def route_key(fingerprint: str, router_key: str, question: str) -> str:
    digest = hashlib.sha256(f"{fingerprint}\n{router_key}\n{question}".encode("utf-8")).hexdigest()
    return f"route:{digest}"


def load_route(store: Store, key: str) -> RouteDecision | None:
    text = store.cache_get(key)
    if text is None:
        return None
    try:
        return RouteDecision.model_validate_json(text)
    except ValidationError:  # written by another version: ask again
        return None


def save_route(store: Store, key: str, decision: RouteDecision) -> None:
    try:
        store.cache_put(key, MODEL_TAG, decision.model_dump_json())
    except Exception:  # noqa: BLE001 - a read-only store just keeps the decision in memory
        pass
