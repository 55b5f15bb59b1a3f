"""User tools registered by installed packages under the `hopgraph.tools` entry point group.

In the tool package's pyproject.toml::

    [project.entry-points."hopgraph.tools"]
    intranet = "my_package.search:make_tool"

The entry point names either a tool (an object with a `spec: ToolSpec` and `search(query, k)` returning
`ToolPassage`s or dicts of their fields) or a factory called with the `Settings` that returns one. A tool
whose `spec.kind` is left "builtin" is listed as "entry_point". An entry point that fails to load is left
out and reported (`hopgraph tools` prints the problems); it never stops hopgraph.
"""

from __future__ import annotations

import inspect
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from hopgraph.models import ToolSpec

if TYPE_CHECKING:
    from hopgraph.config import Settings

GROUP = "hopgraph.tools"


def as_tool(obj: Any, settings: Settings) -> Any:
    """The tool an entry point's object stands for: itself, or what its factory returns."""
    if inspect.isclass(obj) or not hasattr(obj, "search"):
        if not callable(obj):
            raise TypeError("neither a tool (spec and search) nor a factory")
        obj = obj(settings)
    spec = getattr(obj, "spec", None)
    if isinstance(spec, dict):
        spec = ToolSpec.model_validate(spec)
    if not isinstance(spec, ToolSpec) or not callable(getattr(obj, "search", None)):
        raise TypeError("the tool has no ToolSpec `spec` or no `search(query, k)`")
    if spec.kind == "builtin":
        spec = spec.model_copy(update={"kind": "entry_point"})
    obj.spec = spec
    return obj


def load_entry_point_tools(settings: Settings) -> tuple[list[Any], list[str]]:
    """(tools, problems): every loadable tool of the group, and one line per entry point that failed."""
    tools, problems = [], []
    for ep in entry_points(group=GROUP):
        try:
            tools.append(as_tool(ep.load(), settings))
        except Exception as e:  # noqa: BLE001 - a broken plug-in is reported, never fatal
            problems.append(f"entry point {ep.name} ({ep.value}): {type(e).__name__}: {e}")
    return tools, problems
