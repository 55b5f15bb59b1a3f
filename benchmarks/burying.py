"""Bury real BEIR corpora in an invented world: one mixed corpus of a given size, and the real sets' questions
with their gold ids mapped into it, so their recall can be compared with the figure on their own corpus.

    .venv/bin/python benchmarks/burying.py --real /work/shared/bench/2wiki,/work/shared/bench/musique \\
        --passages 100000 --out /tmp/me/mixed

Every real document's id becomes `<set>/<id>` (the set is its folder's name), so ids stay unique across sets.
A document whose title and text another set already brought is kept once; its id is then an alias of the kept
one (`aliases`), and gold ids follow it. Invented-world documents (`invented_world.generate`, ids `w-…`) make up
the size; the mixed corpus is shuffled with the seed. The benchmark folders are read by path, never copied.
`--own` gives the figure to compare with: the same questions on each set's own corpus (store built once).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEP = "/"


def mixed_id(name: str, doc_id: str) -> str:
    """The id of a real set's document in the mixed corpus (pure)."""
    return f"{name}{SEP}{doc_id}"


def original_id(mixed: str) -> tuple[str, str]:
    """(set name, id in that set) of a mixed id; ("", id) for a filler document (pure)."""
    name, sep, doc_id = mixed.partition(SEP)
    return (name, doc_id) if sep else ("", mixed)


def mix(real: dict[str, Sequence[dict]], filler: Callable[[int], list[dict]], total: int,
        seed: int = 7) -> tuple[list[dict], dict[str, str]]:
    """Real documents (ids prefixed, repeated title+text kept once) plus `filler(n)` documents up to `total`,
    shuffled; and the aliases: mixed id of each dropped repeat -> mixed id of the kept document (pure)."""
    docs: list[dict] = []
    kept: dict[tuple[str, str], str] = {}
    aliases: dict[str, str] = {}
    for name, records in real.items():
        for r in records:
            new_id = mixed_id(name, r["_id"])
            key = (r.get("title", ""), r["text"])
            if key in kept:
                aliases[new_id] = kept[key]
                continue
            kept[key] = new_id
            docs.append({**r, "_id": new_id})
    if len(docs) < total:
        docs.extend(filler(total - len(docs)))
    random.Random(seed).shuffle(docs)
    return docs, aliases


def buried_gold(name: str, gold: Iterable[str], aliases: dict[str, str]) -> list[str]:
    """Gold ids of a real set's question, as ids of the mixed corpus (pure)."""
    out: list[str] = []
    for g in gold:
        m = mixed_id(name, g)
        m = aliases.get(m, m)
        if m not in out:
            out.append(m)
    return out


def recall_at_5(engine: object, bench: Path, systems: Sequence[str], limit: int = 0,
                aliases: dict[str, str] | None = None) -> dict[str, dict[str, float]]:
    """Mean recall@5 (and complete@5) of the dev questions of `bench` with each system on `engine` (an open
    HopGraph). With `aliases` the store is the mixed one: gold ids are mapped into it (`buried_gold`)."""
    from hopgraph.eval.beir import load_benchmark
    from hopgraph.eval.run import run_question

    queries = load_benchmark(bench, "dev", limit or None).queries
    if aliases is not None:
        queries = [q.model_copy(update={"gold": buried_gold(bench.name, q.gold, aliases)}) for q in queries]
    out: dict[str, dict[str, float]] = {}
    for system in systems:
        records = [run_question(engine, system, q) for q in queries]  # type: ignore[arg-type]
        out[system] = {"questions": len(records),
                       "recall@5": round(100 * sum(r.metrics["recall@5"] for r in records) / len(records), 1),
                       "complete@5": round(100 * sum(r.metrics["complete@5"] for r in records) / len(records), 1)}
    return out


def read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def real_sets(dirs: Iterable[Path]) -> dict[str, list[dict]]:
    """Folder name -> corpus records of each benchmark folder."""
    return {d.name: read_jsonl(d / "corpus.jsonl") for d in dirs}


def write_mixed(dirs: Sequence[Path], total: int, out: Path, seed: int = 7) -> Path:
    """Write out/corpus.jsonl and out/aliases.json; returns the corpus path."""
    sys.path.insert(0, str(HERE))
    from invented_world import generate

    docs, aliases = mix(real_sets(dirs), lambda n: generate(n, seed), total, seed)
    out.mkdir(parents=True, exist_ok=True)
    corpus = out / "corpus.jsonl"
    with corpus.open("w", encoding="utf-8") as f:
        for d in docs:
            f.write(json.dumps(d, ensure_ascii=False) + "\n")
    (out / "aliases.json").write_text(json.dumps(aliases, indent=1), encoding="utf-8")
    return corpus


def own_recall(dirs: Sequence[Path], work: Path, limit: int, systems: Sequence[str]) -> dict[str, dict]:
    """Each set's recall@5 on its own corpus (store built once in work/own-<set> with the environment's settings)."""
    from hopgraph.config import load_settings
    from hopgraph.facade import HopGraph

    out = {}
    for d in dirs:
        store = work / f"own-{d.name}"
        if not (store / "hopgraph.db").exists():
            HopGraph.build(d / "corpus.jsonl", store, load_settings(store=store))
        out[d.name] = recall_at_5(HopGraph.open(store, load_settings(store=store)), d, systems, limit)
        print(json.dumps({d.name: out[d.name]}), flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--real", required=True, help="BEIR folders, comma-separated")
    ap.add_argument("--passages", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, required=True, help="folder for corpus.jsonl and aliases.json (with --own: "
                    "for the own-corpus stores)")
    ap.add_argument("--own", action="store_true", help="instead: recall@5 of each set's dev questions on its own corpus")
    ap.add_argument("--limit", type=int, default=0, help="with --own: at most this many questions per set (0: all)")
    args = ap.parse_args()
    dirs = [Path(p) for p in args.real.split(",") if p]
    missing = [str(d) for d in dirs if not (d / "corpus.jsonl").is_file()]
    if missing:
        raise SystemExit(f"no corpus.jsonl in {', '.join(missing)}")
    if args.own:
        own_recall(dirs, args.out, args.limit, ("hybrid", "hops"))
        return
    corpus = write_mixed(dirs, args.passages, args.out, args.seed)
    print(f"{args.passages} passages -> {corpus}")


if __name__ == "__main__":
    main()
