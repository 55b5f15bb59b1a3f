"""The HopGraph a server answers from, swapped for a fresh one when `hopgraph index` replaces the store.

A rebuild swaps a new store folder into place (hopgraph/swap.py); requests keep being answered from the
old one, whose files stay open. At most every `check_every` seconds a request looks whether the store
at the path is another one (`Store.replaced()`, a stat call); if so, a background thread opens and
warms the new store and then makes it current. If the new store cannot be opened, the old one stays
and the next check tries again.

The current HopGraph is `state.hg` (the app's state), so an update that swaps in a HopGraph itself
(POST /documents) and this reload share one place.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from hopgraph.facade import HopGraph

log = logging.getLogger("hopgraph.server")


class LiveStore:
    def __init__(self, state: Any, warm: Callable[[HopGraph], None], check_every: float = 2.0):
        self.state = state  # holds .hg
        self.warm = warm
        self.check_every = check_every
        self._last_check = time.monotonic()
        self._reloading: threading.Thread | None = None
        self._lock = threading.Lock()

    @property
    def hg(self) -> HopGraph:
        return self.state.hg

    def current(self) -> HopGraph:
        """The HopGraph to answer with; starts a reload when the store on disk has been replaced."""
        now = time.monotonic()
        if now - self._last_check >= self.check_every:
            with self._lock:
                if now - self._last_check >= self.check_every and self._reloading is None:
                    self._last_check = now
                    if self.hg.store.replaced():
                        self._reloading = threading.Thread(target=self._reload, name="hopgraph-reload", daemon=True)
                        self._reloading.start()
        return self.hg

    def reload_now(self) -> bool:
        """Reopen the store at once if it was replaced (waits for a reload already running); True if reopened."""
        with self._lock:
            running = self._reloading
        if running is not None:
            running.join()
            return True
        if not self.hg.store.replaced():
            return False
        with self._lock:
            self._reloading = threading.current_thread()
        return self._reload()

    def _reload(self) -> bool:
        old = self.hg
        try:
            fresh = HopGraph.open(old.store.root, old.settings)
            try:
                self.warm(fresh)
            except BaseException:
                fresh.close()
                raise
        except Exception as e:  # a store being replaced again, or a damaged one: keep answering from the old
            log.warning("store %s was replaced but the new one cannot be loaded yet: %s", old.store.root, e)
            return False
        else:
            if self.state.hg is old:  # unless an update swapped in its own meanwhile
                self.state.hg = fresh  # requests running on `old` finish with it; it closes when they drop it
            log.info("reopened store %s after a rebuild", old.store.root)
            return True
        finally:
            with self._lock:
                self._reloading = None
                self._last_check = time.monotonic()
