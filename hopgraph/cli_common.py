"""What every command module shares: the consoles, the `--store` option and opening the store's settings or
`HopGraph`. A module of its own so that command modules can import it at the top without importing
`hopgraph.cli`, which imports them to register their commands."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from hopgraph.config import load_settings

console = Console()
err = Console(stderr=True, soft_wrap=True)

StoreOpt = typer.Option(None, "--store", "-s", help="Store folder (default: config `store`, .hopgraph/).")


def settings_for(store: Optional[Path]):
    return load_settings(store=store)


def open_hopgraph(store: Optional[Path]):
    from hopgraph.facade import HopGraph

    settings = settings_for(store)
    return HopGraph.open(settings.store, settings)
