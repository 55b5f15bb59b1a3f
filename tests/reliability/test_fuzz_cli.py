"""Property-based fuzzing of the command line: `hopgraph.cli.main()` with generated argv, in-process.

Every command gets random mixes of its own options, global options, numbers (huge, negative), odd text,
a real store, a missing path, a plain file and the invented corpus. Whatever the arguments, there is no
traceback and no exception escapes `main()`; a non-zero exit prints one error line (click's usage errors
add their two usage lines above it) or the help.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_harness import World, copy_store

from hopgraph.cli import app, main

pytestmark = pytest.mark.slow

FUZZ = settings(database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
PER_COMMAND = 11  # examples per command (21 commands today)
COUNTS: dict[str, int] = {}
ERROR_LINE = re.compile(r"^(error|Error)\b|^interrupted$", re.M)

GROUP = typer.main.get_command(app)
COMMANDS = sorted(GROUP.commands)
NEVER_REAL_STORE = {"serve", "chat"}  # would serve or wait for input: they only see paths that fail


def option_names(command: str) -> list[str]:
    params = GROUP.commands[command].params
    return [o for p in params if p.param_type_name == "option" for o in p.opts] + ["--help", "-h"]


@pytest.fixture(scope="module")
def places(world: World, built_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The paths arguments may name; the working directory is a scratch folder (no .hopgraph, no config)."""
    base = tmp_path_factory.mktemp("cli-fuzz")
    store = copy_store(built_store, base / "store")
    (base / "notes.txt").write_text("not a store\n")
    here = os.getcwd()
    os.chdir(base)
    yield {"STORE": str(store), "MISSING": str(base / "nowhere"), "FILE": str(base / "notes.txt"),
           "CORPUS": str(world.old), "NEW_STORE": str(base / "fresh-store")}
    os.chdir(here)


safe_text = st.text(max_size=30).map(lambda s: s.replace("/", "_").replace("\\", "_"))
value = st.one_of(
    st.sampled_from(["STORE", "MISSING", "FILE", "CORPUS", "NEW_STORE"]),
    st.sampled_from(["r01", "r02#0", "-1", "0", "3", "99999999999999999999", "1e9", "nan", "", "--", "-", "graph",
                     "hybrid", "bm25", "dense", "graph-hybrid", "json", "gexf", "graphml", "neo4j", "PERSON", "ORG",
                     "debug", "LOUD", "date>=2021-01-01", "source=gazette", "a<<b", "=", "Marta Velkova", "Pellmere",
                     "Who founded Brightwell House?", "0.0.0.0", "65536", "dev", "bm25,dense"]),
    safe_text,
    st.integers().map(str),
)


@st.composite
def argv(draw: st.DrawFn, command: str) -> list[str]:
    head = draw(st.lists(st.sampled_from(["--log-level", "-v", "--version", "-h", "debug", "bogus"]), max_size=2))
    options = option_names(command) if command in GROUP.commands else ["--help"]
    rest = draw(st.lists(st.sampled_from(options) | value, max_size=7))
    return [*head, command, *rest]


def run_main(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_argv, old_stdin = sys.argv, sys.stdin
    sys.argv, sys.stdin = ["hopgraph", *args], io.StringIO("")
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv, sys.stdin = old_argv, old_stdin
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("command", COMMANDS)
def test_cli_arguments(places: dict[str, str], command: str) -> None:
    @settings(FUZZ, max_examples=PER_COMMAND)
    @given(args=argv(command))
    def fuzz(args: list[str]) -> None:
        run_checked(places, args)

    fuzz()


@settings(FUZZ, max_examples=20)
@given(args=st.one_of(st.just([]), st.lists(value | st.sampled_from(["--version", "-h", "-v", "--log-level"]), max_size=4)))
def test_cli_without_a_command(places: dict[str, str], args: list[str]) -> None:
    run_checked(places, args)


def run_checked(places: dict[str, str], args: list[str]) -> None:
    command = next((a for a in args if a in GROUP.commands), "")
    real = [places.get(a, a) for a in args]
    if command in NEVER_REAL_STORE:
        real = [places["MISSING"] if a in places and a != "MISSING" else places.get(a, a) for a in args]
        if command == "serve" and "-h" not in args and "--help" not in args:
            real += ["--store", places["MISSING"]]  # the default store is missing too: serve exits at once
    COUNTS[command or "other"] = COUNTS.get(command or "other", 0) + 1
    code, out, err = run_main(real)
    assert "Traceback" not in out + err, f"hopgraph {real}: {err[-1500:]}"
    if code != 0:
        errors = ERROR_LINE.findall(err)
        if command == "check" and "FAIL" in out:
            return  # check prints its findings and exits 1
        if not errors and "Usage:" in out + err:
            return  # the help, e.g. for a bare `hopgraph` (click exits 2 after it)
        assert len(errors) == 1, f"hopgraph {real} exited {code} with stderr {err!r} stdout {out[-300:]!r}"


def test_cli_fuzz_volume() -> None:
    if not COUNTS:
        pytest.skip("run with the fuzz test of this file")
    print(f"\nCLI fuzz inputs: {sum(COUNTS.values())} over {len(COUNTS)} commands {dict(sorted(COUNTS.items()))}")
    assert sum(COUNTS.values()) >= PER_COMMAND * len(COMMANDS)
