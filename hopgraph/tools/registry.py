"""The registry of retrieval tools: the built-ins, then entry-point tools, then `[[tools]]` HTTP tools.

Names are unique: a configured tool that reuses a built-in's or another tool's name, or has a trigger that
is no valid regular expression, is a configuration error (one line); an entry-point tool with such a
problem is left out and listed in `problems`.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING, Any

from hopgraph.errors import UserError
from hopgraph.models import BUILTIN_SOURCES, ToolSpec
from hopgraph.tools.builtin import BuiltinTool, builtin_tools
from hopgraph.tools.triggers import compile_trigger

if TYPE_CHECKING:
    from hopgraph.config import Settings


class ToolRegistry:
    def __init__(self, builtins: dict[str, BuiltinTool] | None = None, user: dict[str, Any] | None = None,
                 problems: list[str] | None = None):
        self.builtins = builtin_tools() if builtins is None else builtins
        self.user: dict[str, Any] = user or {}
        self.problems = problems or []

    @property
    def names(self) -> list[str]:
        return [*self.builtins, *self.user]

    def specs(self) -> list[ToolSpec]:
        return [t.spec for t in self.builtins.values()] + [t.spec for t in self.user.values()]

    def user_specs(self) -> list[ToolSpec]:
        return [t.spec for t in self.user.values()]

    def is_user(self, name: str) -> bool:
        return name in self.user

    def signature(self) -> str:
        """A digest of the user tools and their triggers: route decisions cached under one registry are not
        served under another."""
        data = [(s.name, s.triggers) for s in self.user_specs()]
        return hashlib.sha256(json.dumps(data).encode("utf-8")).hexdigest()[:12] if data else "-"

    def add(self, tool: Any) -> None:
        """Register a user tool (an object with `spec` and `search`); ValueError for a clash or bad trigger."""
        name = tool.spec.name
        if name in self.builtins or name in BUILTIN_SOURCES:
            raise ValueError(f"{name!r} is the name of a built-in source")
        if name in self.user:
            raise ValueError(f"a tool named {name!r} is already registered")
        for trigger in tool.spec.triggers:
            try:
                compile_trigger(trigger)
            except re.error as e:
                raise ValueError(f"trigger {trigger!r} of {name!r} is not a valid pattern ({e})") from None
        self.user[name] = tool


def load_registry(settings: Settings, entry_points: bool = True) -> ToolRegistry:
    """Every tool this configuration registers."""
    from hopgraph.tools.http_tool import HttpTool

    registry = ToolRegistry()
    if entry_points:
        from hopgraph.tools.entry_points import load_entry_point_tools

        tools, registry.problems = load_entry_point_tools(settings)
        for tool in tools:
            try:
                registry.add(tool)
            except ValueError as e:
                registry.problems.append(f"entry point tool left out: {e}")
    for i, cfg in enumerate(settings.tools):
        try:
            registry.add(HttpTool(cfg))
        except ValueError as e:
            raise UserError(f"invalid configuration: tools.{i}: {e}") from None
    return registry
