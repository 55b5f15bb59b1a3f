"""Shared dependencies: the one HopGraph every request uses."""

from __future__ import annotations

import importlib.util

from fastapi import Request

from hopgraph.facade import HopGraph


def get_hg(request: Request) -> HopGraph:
    """The HopGraph opened at startup (stored on the app by `create_app`)."""
    return request.app.state.hg


def ask_available() -> bool:
    """Whether the hop loop module is installed (it backs POST /ask)."""
    try:
        return importlib.util.find_spec("hopgraph.hops.loop") is not None
    except ModuleNotFoundError:
        return False
