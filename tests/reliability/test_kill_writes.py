"""kill -9 at random moments of `hopgraph index`, `add` and `remove`: afterwards the store opens, passes
`hopgraph check` and equals either the state before the command or the state the command completes to.

The commands run in forked children of a warm process (forkserver_main.py), so the seeded random delay
(uniform over 0 .. 1.15 x the command's measured duration) falls into the command's own work; the last
stage log line each killed run printed shows where it was. `test_kill_fresh_process` kills two ordinary
`hopgraph index` processes (fresh interpreter) while they write.
"""

from __future__ import annotations

import random
import re
import subprocess
import time
from pathlib import Path

import pytest
from reliability_harness import HOPGRAPH, ForkServer, Run, World, child_env, copy_store
from reliability_state import check, store_state, summary

pytestmark = pytest.mark.slow

SEED = 1305
INDEX_RUNS = 20
UPDATE_RUNS = 12  # add and remove, alternating with the store's state
STAGE = re.compile(r"hopgraph\.index: (\w+): done")


def last_stage(run: Run) -> str:
    stages = STAGE.findall(run.output)
    return f"after {stages[-1]}" if stages else "before the first stage"


def complete(forkserver: ForkServer, argv: list[str]) -> Run:
    run = forkserver.run(argv)
    assert run.exit == 0 and "Traceback" not in run.output, run.output
    return run


def assert_sound(store: Path, run: Run, allowed: dict[str, dict]) -> str:
    """The store passes `hopgraph check` and equals one of `allowed`; returns that one's name."""
    assert "Traceback" not in run.output, run.output
    if not run.killed:
        assert run.exit == 0, run.output
    ok, why = check(store)
    assert ok, f"check failed after {'kill' if run.killed else 'run'}: {why}"
    state = store_state(store)
    names = [name for name, s in allowed.items() if s == state]
    assert names, f"store is neither {' nor '.join(allowed)}: {summary(state)}"
    return names[0]


def no_leftovers(store: Path) -> list[str]:
    return sorted(p.name for p in store.parent.iterdir() if p.name.startswith(f".{store.name}."))


def report(title: str, rows: list[str]) -> None:
    print(f"\n{title}")
    for row in rows:
        print("  " + row)


def test_kill_index(world: World, forkserver: ForkServer, tmp_path: Path) -> None:
    store = tmp_path / "store"
    argv = {"old": ["index", str(world.old), "--store", str(store)],
            "new": ["index", str(world.new), "--store", str(store)]}
    complete(forkserver, argv["old"])
    states = {"old": store_state(store)}
    seconds = {"new": complete(forkserver, argv["new"]).seconds}
    states["new"] = store_state(store)
    seconds["old"] = complete(forkserver, argv["old"]).seconds
    assert store_state(store) == states["old"]
    assert states["old"] != states["new"]

    rng = random.Random(SEED)
    current, rows, kills = "old", [], 0
    for i in range(INDEX_RUNS):
        target = "new" if current == "old" else "old"
        delay = rng.uniform(0, 1.15 * seconds[target])
        run = forkserver.run(argv[target], kill_after=delay)
        kills += run.killed
        now = assert_sound(store, run, {current: states[current], target: states[target]})
        rows.append(f"{i + 1:>2}. index {current}->{target} kill at {delay:.2f} s "
                    f"{last_stage(run) if run.killed else '(finished first)'}: store is {now}")
        current = now
    report(f"kill -9 of `hopgraph index` ({kills} killed of {INDEX_RUNS}):", rows)
    assert kills >= INDEX_RUNS // 2

    complete(forkserver, argv["new"])  # the next writer clears what killed ones left
    assert no_leftovers(store) == []


def test_kill_add_remove(world: World, forkserver: ForkServer, tmp_path: Path) -> None:
    store = tmp_path / "store"
    complete(forkserver, ["index", str(world.old), "--store", str(store)])
    states = {"without": store_state(store)}
    argv = {"with": ["add", str(world.extra), "--store", str(store)],
            "without": ["remove", "r07", "--store", str(store)]}
    seconds = {"with": complete(forkserver, argv["with"]).seconds}
    states["with"] = store_state(store)
    seconds["without"] = complete(forkserver, argv["without"]).seconds
    # removing what was added gives back the store a fresh index built
    assert store_state(store) == states["without"], summary(store_state(store))

    rng = random.Random(SEED + 1)
    current, rows, kills = "without", [], 0
    for i in range(UPDATE_RUNS):
        target = "with" if i % 2 == 0 else "without"  # add, remove, add, …
        if current == target:  # the last kill left the store as it was: bring it to where the command starts
            complete(forkserver, argv["without" if target == "with" else "with"])
            current = "without" if target == "with" else "with"
        delay = rng.uniform(0, 1.15 * seconds[target])
        run = forkserver.run(argv[target], kill_after=delay)
        kills += run.killed
        now = assert_sound(store, run, {current: states[current], target: states[target]})
        rows.append(f"{i + 1:>2}. {argv[target][0]} r07 kill at {delay:.2f} s "
                    f"{last_stage(run) if run.killed else '(finished first)'}: store is {now} r07")
        current = now
    report(f"kill -9 of `hopgraph add` / `remove` ({kills} killed of {UPDATE_RUNS}):", rows)
    assert kills >= UPDATE_RUNS // 2
    complete(forkserver, argv["without"] if current == "with" else argv["with"])
    assert no_leftovers(store) == []


def test_kill_first_build(world: World, forkserver: ForkServer, tmp_path: Path) -> None:
    """Killed while building a store where there was none: no half store at the path, and the next
    build succeeds."""
    store = tmp_path / "fresh"
    rng = random.Random(SEED + 2)
    for _ in range(3):
        run = forkserver.run(["index", str(world.old), "--store", str(store)], kill_after=rng.uniform(0.2, 3.0))
        assert "Traceback" not in run.output
        if store.exists():  # finished, or killed after the swap
            assert check(store)[0]
            break
    complete(forkserver, ["index", str(world.old), "--store", str(store)])
    assert check(store)[0] and no_leftovers(store) == []


def test_kill_fresh_process(world: World, built_store: Path, forkserver: ForkServer, tmp_path: Path) -> None:
    """Two ordinary `hopgraph index` processes, killed once their temporary store folder exists (they
    are writing), at a random moment of the next half second."""
    store, reference = copy_store(built_store, tmp_path / "store"), copy_store(built_store, tmp_path / "reference")
    old = store_state(store)
    complete(forkserver, ["index", str(world.new), "--store", str(reference)])
    new = store_state(reference)
    rng = random.Random(SEED + 3)
    outcomes = []
    for _ in range(2):
        proc = subprocess.Popen([*HOPGRAPH, "index", str(world.new), "--store", str(store)], cwd=tmp_path,
                                env=child_env(tmp_path / "cache"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 240
        while proc.poll() is None and time.monotonic() < deadline:
            if any(p.name.startswith(f".{store.name}.building") for p in tmp_path.iterdir()):
                time.sleep(rng.uniform(0, 0.5))
                break
            time.sleep(0.005)
        proc.kill()
        _, err = proc.communicate()
        assert "Traceback" not in err, err
        ok, why = check(store)
        assert ok, why
        state = store_state(store)
        assert state in (old, new), summary(state)
        outcomes.append("old" if state == old else "new")
    print(f"\nkill -9 of a fresh `hopgraph index` process while writing: store afterwards {outcomes}")
