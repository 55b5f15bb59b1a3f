"""The registry as the LLM router reads it: one block per tool with its examples (pure string building)."""

from __future__ import annotations

from collections.abc import Sequence

from hopgraph.models import ToolSpec


def registry_prompt(specs: Sequence[ToolSpec]) -> str:
    """"Sources you can search" with each tool's description, use and do-not-use examples."""
    blocks = []
    for s in specs:
        lines = [f'- "{s.name}" ({s.kind}): {s.description}']
        if s.when_to_use:
            lines.append("  use for: " + "; ".join(f'"{x}"' for x in s.when_to_use))
        if s.when_not_to_use:
            lines.append("  not for: " + "; ".join(f'"{x}"' for x in s.when_not_to_use))
        blocks.append("\n".join(lines))
    return ("Sources a query can use (the \"source\" of a plan step; the default is \"hybrid\"). Send a query to "
            "a tool other than the built-ins only when the question asks for what it searches:\n" + "\n".join(blocks))
