"""The graph's entities as the store's rows: an `Entity` model is built on first access and kept.

A store of a hundred thousand passages has about as many entities again; building every model (and
parsing every alias list) at load time cost more than reading them, while a query looks at a few dozen.
"""

from __future__ import annotations

from hopgraph.made_on_access import MadeOnAccessMapping
from hopgraph.models import Entity
from hopgraph.store_rows import EntityRow, entity_of_row


class EntityTable(MadeOnAccessMapping[int, Entity]):
    """entity id -> Entity, in the store's order (by id)."""

    def __init__(self, rows: list[EntityRow]):
        self._source = {r[0]: r for r in rows}
        self._made: dict[int, Entity] = {}

    def name(self, eid: int) -> str:
        """The entity's name, without building its model."""
        return self._source[eid][1]

    def _make(self, eid: int) -> Entity:
        return entity_of_row(self._source[eid])
