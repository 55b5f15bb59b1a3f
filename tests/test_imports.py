"""Every hopgraph module imports on its own, as the first hopgraph module of an interpreter (no import cycle).

A cycle between two modules stays hidden while some third module happens to import them in the working order;
importing one of them first fails ("cannot import name ... from partially initialized module"). A subprocess
imports each module in turn after removing every hopgraph module from `sys.modules`, so each import starts from
no hopgraph module at all while the heavy third-party libraries stay loaded (two such subprocesses share the list).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: Modules allowed to fail alone (none: the command modules import what they share from `hopgraph.cli_common`,
#: not from `hopgraph.cli`, which imports them to register their commands).
KNOWN_CYCLES: frozenset[str] = frozenset()

_IMPORT_EACH = """
import importlib, json, sys, traceback
failures = {}
for name in json.loads(sys.argv[1]):
    for loaded in [m for m in sys.modules if m == "hopgraph" or m.startswith("hopgraph.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as exc:  # report every failure, not only the first
        failures[name] = traceback.format_exception_only(exc)[-1].strip()
print(json.dumps(failures))
"""


def package_modules() -> list[str]:
    """Every module of the packages pyproject ships, found from their folders (not from an import)."""
    tool = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = tool.get("package-dir", {})
    names = []
    for package in tool["packages"]:
        folder = REPO / folders.get(package, package.replace(".", "/"))
        names.append(package)
        names.extend(f"{package}.{path.stem}" for path in sorted(folder.glob("*.py")) if path.stem != "__init__")
    return names


def test_the_module_list_covers_the_patterns_and_the_server() -> None:
    names = package_modules()
    assert {"hopgraph.indexing.noun_patterns", "hopgraph.indexing.patterns", "hopgraph.server.app"} <= set(names)
    assert len(names) == len(set(names))


def test_every_module_imports_first_in_a_fresh_interpreter() -> None:
    names = package_modules()
    # two interpreters, each importing every other module (about 0.1 CPU s a module, mostly pydantic models)
    runs = [subprocess.Popen([sys.executable, "-c", _IMPORT_EACH, json.dumps(names[part::2])], cwd=REPO, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "HF_HUB_OFFLINE": "1"})
            for part in range(2)]
    failures: dict[str, str] = {}
    for run in runs:
        out, err = run.communicate(timeout=600)
        assert run.returncode == 0, err[-2000:]
        failures.update(json.loads(out.strip().splitlines()[-1]))
    unexpected = {name: error for name, error in failures.items() if name not in KNOWN_CYCLES}
    assert unexpected == {}
