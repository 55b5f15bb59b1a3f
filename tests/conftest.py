"""Shared fixtures. This folder is on sys.path, so tests can `import fake_openai_server`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fake_openai_server import FakeOpenAI


@pytest.fixture
def fake_llm() -> Iterator[FakeOpenAI]:
    """A started OpenAI-compatible server on 127.0.0.1 with an empty reply script."""
    server = FakeOpenAI().start()
    yield server
    server.stop()
