"""`hopgraph serve`: the HTTP API and the web graph explorer on uvicorn."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Optional

import typer

from hopgraph.cli_common import StoreOpt, err, open_hopgraph


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(
    store: Optional[Path] = StoreOpt,
    host: Optional[str] = typer.Option(None, "--host", help="Bind address (default: config server.host, 127.0.0.1). Anything but loopback exposes the store to the network."),
    port: Optional[int] = typer.Option(None, "--port", "-p", min=1, max=65535, help="Port (default: config server.port, 8000)."),
) -> None:
    """Serve the JSON API (/docs) and the graph explorer (/) for one store."""
    import uvicorn

    from hopgraph.server.app import create_app, warm

    hg = open_hopgraph(store)
    warm(hg)  # before uvicorn: a damaged store stops `serve` with one line and exit 1
    host = host or hg.settings.server.host
    port = port or hg.settings.server.port
    if not _is_loopback(host):
        err.print(f"[yellow]warning:[/yellow] binding {host}: the API has no authentication", highlight=False)
    err.print(f"hopgraph: serving {hg.store.root} on http://{host}:{port}/  (API docs: /docs)", highlight=False)
    uvicorn.run(create_app(hg), host=host, port=port, log_level="info", server_header=False)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
