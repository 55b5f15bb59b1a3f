"""Packaging: LICENSE, py.typed shipped, torch not hard-pinned, the Dockerfile runs serve (no Docker needed)."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_license_is_mit() -> None:
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_py_typed_marker_ships_with_the_package() -> None:
    assert (REPO / "hopgraph" / "py.typed").exists()
    assert "py.typed" in _pyproject()["tool"]["setuptools"]["package-data"]["hopgraph"]


def test_torch_is_not_hard_pinned_but_the_makefile_installs_the_cpu_wheel_first() -> None:
    torch = [d for d in _pyproject()["project"]["dependencies"] if re.match(r"torch\b", d)]
    assert torch and "==" not in torch[0]
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert makefile.index("pip install -q torch==2.13.0") < makefile.index("pip install -q -e '.[dev]'")


def test_dockerfile_serves_and_binds_all_interfaces_only_in_its_cmd() -> None:
    text = (REPO / "Dockerfile").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    cmd = [line for line in lines if line.startswith("CMD ")]
    assert len(cmd) == 1 and '"serve"' in cmd[0] and '"--host", "0.0.0.0"' in cmd[0]
    assert [line for line in lines if line.startswith("ENTRYPOINT ")] == ['ENTRYPOINT ["hopgraph"]']
    assert "0.0.0.0" not in "\n".join(line for line in lines if not line.startswith("CMD "))
    # torch (CPU wheel) before the package; every package folder of pyproject is copied into the image
    assert text.index("pip install torch==2.13.0") < text.index("pip install .")
    copied = {shlex.split(line)[1] for line in lines if line.startswith("COPY ")}
    folders = set(_pyproject()["tool"]["setuptools"]["package-dir"].values())
    assert folders <= copied
