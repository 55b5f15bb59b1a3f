"""Shared dependencies: the one HopGraph every request uses."""

from __future__ import annotations

import importlib.util

from fastapi import Request

from hopgraph.facade import HopGraph


def get_hg(request: Request) -> HopGraph:
    """The HopGraph of the store being served: the one opened at startup, or the store that replaced it
    after a rebuild (`hopgraph.server.reload.LiveStore`, set up by `create_app`)."""
    live = getattr(request.app.state, "live", None)
    return live.current() if live is not None else request.app.state.hg


def ask_available() -> bool:
    """Whether the hop loop module is installed (it backs POST /ask)."""
    try:
        return importlib.util.find_spec("hopgraph.hops.loop") is not None
    except ModuleNotFoundError:
        return False
