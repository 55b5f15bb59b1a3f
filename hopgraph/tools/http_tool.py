"""A user tool behind an HTTP endpoint (`[[tools]]` in the config).

Protocol: POST the JSON `{"query": "...", "k": 5}` to the tool's url; the reply is JSON, either a list of
passages or an object with a `passages` list; a passage is `{"text", "title", "id", "url", "score"}` with
only `text` required. Any other status, a reply that is no such JSON, or no reply within the timeout is a
`ToolError` (one line), which the dispatcher turns into a note in the trace.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import TYPE_CHECKING

from pydantic import TypeAdapter, ValidationError

from hopgraph.models import ToolPassage, ToolSpec

if TYPE_CHECKING:
    from hopgraph.config_sections import HttpToolSettings

MAX_REPLY_BYTES = 4_000_000
_PASSAGES = TypeAdapter(list[ToolPassage])


class ToolError(Exception):
    """A user tool failed to answer; the message is one line."""


def parse_reply(raw: bytes) -> list[ToolPassage]:
    """The passages of a tool's reply body (pure); ToolError when it is not the protocol's JSON."""
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ToolError(f"reply is not JSON ({e})") from None
    if isinstance(data, dict):
        data = data.get("passages")
    if not isinstance(data, list):
        raise ToolError("reply holds no list of passages")
    try:
        return _PASSAGES.validate_python(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ToolError(f"bad passage in reply: {where}: {first['msg']}") from None


class HttpTool:
    def __init__(self, settings: HttpToolSettings):
        self.settings = settings
        self.spec = ToolSpec(
            name=settings.name, kind="http", description=settings.description or f"HTTP search at {settings.url}",
            when_to_use=settings.when_to_use, when_not_to_use=settings.when_not_to_use, triggers=settings.triggers,
            timeout_s=settings.timeout_s,
        )

    def search(self, query: str, k: int) -> list[ToolPassage]:
        body = json.dumps({"query": query, "k": k}).encode("utf-8")
        request = urllib.request.Request(self.settings.url, data=body, method="POST", headers={
            "Content-Type": "application/json", "Accept": "application/json", "User-Agent": "hopgraph"})
        try:
            with urllib.request.urlopen(request, timeout=self.settings.timeout_s) as reply:
                raw = reply.read(MAX_REPLY_BYTES + 1)
        except urllib.error.HTTPError as e:
            raise ToolError(f"HTTP {e.code} from {self.settings.url}") from None
        except (urllib.error.URLError, OSError) as e:
            reason = getattr(e, "reason", e)
            raise ToolError(f"no reply from {self.settings.url} ({reason})") from None
        if len(raw) > MAX_REPLY_BYTES:
            raise ToolError(f"reply larger than {MAX_REPLY_BYTES} bytes")
        return parse_reply(raw)[: self.settings.max_passages]
