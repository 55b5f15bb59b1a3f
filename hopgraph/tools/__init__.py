"""The tool registry: every retrieval source the hop loop can send a sub-query to.

Built-ins (`builtin.py`: dense, bm25, hybrid, graph, metadata) search the store; user tools come from the
`hopgraph.tools` entry point group (`entry_points.py`) or from `[[tools]]` HTTP endpoints in the config
(`http_tool.py`). `registry.py` assembles them, `triggers.py` lets the rule router pick a user tool when a
sub-query names one of its triggers, `dispatch.py` runs a sub-query on its source (user tools with a deadline;
a failing one is skipped with a note), `prompt.py` describes the registry to the LLM router.
"""
