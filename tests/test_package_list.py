"""pyproject's package list ships every package folder, and its package data every data file (file inspection only).

setuptools is given an explicit `packages` list and `package-dir` map (the stages live in top-level folders:
`indexing/` is `hopgraph.indexing`), so a new sub-package or folder of static files is silently left out of the
wheel unless it is listed. (The name is not test_packaging.py: tests/core has one, and the test folders have no
`__init__.py`, so two test files may not share a name.)
"""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _setuptools() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _roots(tool: dict) -> dict[str, Path]:
    """Packaged top folders: package name -> folder (every folder `package-dir` maps, and `hopgraph`)."""
    roots = {name: REPO / folder for name, folder in tool.get("package-dir", {}).items()}
    return roots if "hopgraph" in roots else {"hopgraph": REPO / "hopgraph", **roots}


def _walk(folder: Path, into_packages: bool = True):
    """`folder` and its sub-folders, skipping caches and hidden folders (and sub-packages unless `into_packages`)."""
    yield folder
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
        if sub.name == "__pycache__" or sub.name.startswith("."):
            continue
        if into_packages or not (sub / "__init__.py").exists():
            yield from _walk(sub, into_packages)


def _packages_on_disk(tool: dict) -> dict[str, Path]:
    found = {}
    for name, root in _roots(tool).items():
        for folder in _walk(root):
            if (folder / "__init__.py").exists():
                found[".".join([name, *folder.relative_to(root).parts])] = folder
    return found


def _folder_of(tool: dict, package: str) -> Path:
    folders = tool.get("package-dir", {})
    owner = max((p for p in folders if package == p or package.startswith(f"{p}.")), key=len, default=None)
    if owner is None:
        return REPO / package.replace(".", "/")
    return REPO / folders[owner] / Path(*package[len(owner):].split(".")[1:])


def test_every_folder_with_an_init_is_a_listed_package() -> None:
    tool = _setuptools()
    assert set(_packages_on_disk(tool)) == set(tool["packages"])


def test_every_listed_package_maps_to_a_folder_with_an_init() -> None:
    tool = _setuptools()
    for package in tool["packages"]:
        assert (_folder_of(tool, package) / "__init__.py").exists(), package


def test_no_python_file_sits_in_a_folder_without_an_init() -> None:
    tool = _setuptools()
    for root in _roots(tool).values():
        stray = [p for folder in _walk(root) if not (folder / "__init__.py").exists() for p in folder.glob("*.py")]
        assert stray == [], f"{stray} would not be in the wheel (namespace folder)"


def test_every_data_file_is_matched_by_package_data() -> None:
    tool = _setuptools()
    data = tool.get("package-data", {})
    for package, folder in _packages_on_disk(tool).items():
        patterns = data.get(package, [])
        shipped = {p for pattern in patterns for p in folder.glob(pattern) if p.is_file()}
        files = [p for sub in _walk(folder, into_packages=False) for p in sub.iterdir() if p.is_file()]
        missing = [p for p in files if p.suffix not in (".py", ".pyc") and p not in shipped]
        assert missing == [], f"not in {package}'s package-data: {missing}"


def test_the_server_ships_its_static_files_and_tests_and_benchmarks_are_not_packaged() -> None:
    tool = _setuptools()
    static = REPO / "hopgraph" / "server" / "static"
    assert (static / "index.html").exists() and any((static / "vendor").iterdir())
    assert "hopgraph.server" in tool["packages"]
    folders = {Path(f).parts[0] for f in tool.get("package-dir", {}).values()} | {"hopgraph"}
    assert not folders & {"tests", "benchmarks", "scripts"}
    assert not [p for p in tool["packages"] if {"tests", "benchmarks"} & set(p.split("."))]
