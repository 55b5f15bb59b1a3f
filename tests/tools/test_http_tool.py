"""HttpTool against a real server on 127.0.0.1: the protocol, and one-line errors for every failure."""

from __future__ import annotations

import pytest

from hopgraph.config_sections import HttpToolSettings
from hopgraph.tools.http_tool import HttpTool, ToolError, parse_reply
from tool_server import ToolServer

PASSAGES = [{"id": "a1", "title": "Lorn ferry", "text": "The Lorn ferry runs hourly.", "url": "http://x/a1", "score": 3.5},
            {"text": "A passage with text only."}]


@pytest.fixture
def server():
    s = ToolServer(PASSAGES).start()
    yield s
    s.stop()


def tool(url: str, timeout: float = 2.0) -> HttpTool:
    return HttpTool(HttpToolSettings(name="web", url=url, description="d", triggers=["on the web"], timeout_s=timeout))


def test_posts_query_and_k_and_reads_passages(server: ToolServer) -> None:
    out = tool(server.url).search("Lorn ferry timetable", 1)
    assert server.requests == [{"query": "Lorn ferry timetable", "k": 1}]
    assert [(p.id, p.title, p.url, p.score) for p in out] == [("a1", "Lorn ferry", "http://x/a1", 3.5)]
    assert tool(server.url).spec.kind == "http" and tool(server.url).spec.triggers == ["on the web"]


@pytest.mark.parametrize("mode, message", [("error", "HTTP 500"), ("garbage", "not JSON")])
def test_failures_are_one_line_tool_errors(server: ToolServer, mode: str, message: str) -> None:
    server.mode = mode
    with pytest.raises(ToolError, match=message) as e:
        tool(server.url).search("q", 3)
    assert "\n" not in str(e.value)


def test_slow_server_times_out(server: ToolServer) -> None:
    server.mode, server.delay = "slow", 1.5
    with pytest.raises(ToolError, match="no reply"):
        tool(server.url, timeout=0.2).search("q", 3)


def test_nothing_listening() -> None:
    with pytest.raises(ToolError, match="no reply"):
        tool("http://127.0.0.1:9/search", timeout=0.5).search("q", 3)


@pytest.mark.parametrize("raw, message", [(b'{"passages": 3}', "no list"), (b'[{"title": "no text"}]', "text")])
def test_parse_reply_rejects_other_shapes(raw: bytes, message: str) -> None:
    with pytest.raises(ToolError, match=message):
        parse_reply(raw)


def test_parse_reply_accepts_a_bare_list() -> None:
    assert [p.text for p in parse_reply(b'[{"text": "x"}]')] == ["x"]
