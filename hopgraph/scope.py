"""What one question's run shares across its stages: counters, trace notes, failed tools, the query cache.

The hop loop opens a `question_scope` around each question; code deep in retrieval (the tool dispatcher,
the entity linker, the route cache) reaches it with `current()` instead of having it passed through every
call. A context variable keeps concurrent questions (server threads, `eval --workers`) apart. Outside a
question `current()` is None and every user of it behaves as before (no cache, no notes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hopgraph.cache.query_cache import QueryCache


@dataclass
class QuestionScope:
    cache: QueryCache | None = None
    fingerprint: str = ""  # the store's fingerprint when the question started (cache keys hold it)
    counts: Counter = field(default_factory=Counter)  # merged into the result's stage_calls
    notes: list[str] = field(default_factory=list)  # waiting to be written into the next hop trace
    failed_tools: dict[str, str] = field(default_factory=dict)  # tool name -> why it failed in this question
    # what else a retrieval's result depends on in this question (e.g. its metadata filters, as a hashable
    # tuple): part of every cached sub-query result's key
    retrieval_context: tuple = ()

    def note(self, text: str) -> None:
        self.notes.append(text)

    def take_notes(self) -> list[str]:
        out, self.notes = self.notes, []
        return out


_CURRENT: ContextVar[QuestionScope | None] = ContextVar("hopgraph_question_scope", default=None)


def current() -> QuestionScope | None:
    return _CURRENT.get()


@contextmanager
def question_scope(cache: QueryCache | None = None, fingerprint: str | None = None) -> Iterator[QuestionScope]:
    """A fresh scope for one question; the cache (if any) checks the store fingerprint once, here (`fingerprint`:
    one the same question just read, for a second scope after the loop)."""
    if cache is not None and fingerprint is None:
        fingerprint = cache.sync()
    scope = QuestionScope(cache=cache, fingerprint=fingerprint or "")
    token = _CURRENT.set(scope)
    try:
        yield scope
    finally:
        _CURRENT.reset(token)


def take_notes() -> list[str]:
    """Notes the current question's stages left for the trace (none outside a question)."""
    scope = current()
    return scope.take_notes() if scope is not None else []
