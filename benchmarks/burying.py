"""Bury real BEIR corpora in an invented world: one mixed corpus of a given size, and the real sets' questions
with their gold ids mapped into it, so their recall can be compared with the figure on their own corpus.

    .venv/bin/python benchmarks/burying.py --real /work/shared/bench/2wiki,/work/shared/bench/musique \\
        --passages 100000 --out /tmp/me/mixed

Every real document's id becomes `<set>/<id>` (the set is its folder's name), so ids stay unique across sets.
A document whose title and text another set already brought is kept once; its id is then an alias of the kept
one (`aliases`), and gold ids follow it. Invented-world documents (`invented_world.generate`, ids `w-…`) make up
the size (`--passages 0`: the real sets pooled, nothing else); the mixed corpus is shuffled with the seed. The
benchmark folders are read by path, never written: each set's questions go beside the mixed corpus with their gold
ids mapped (`out/<set>/`), so `hopgraph eval out/<set> --store <mixed store>` asks them all. `--own` gives the
figure to compare with: the same questions on each set's own corpus (store built once).
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


def write_bench_folders(dirs: Sequence[Path], out: Path, aliases: dict[str, str]) -> list[Path]:
    """One BEIR folder per real set beside the mixed corpus (out/<set>/: its questions, its dev gold ids mapped
    into the mixed ids, corpus.jsonl a link to ../corpus.jsonl), so `hopgraph eval out/<set> --store <mixed
    store>` asks every dev question of the set on the mixed store. Writes only under `out`."""
    made = []
    for d in dirs:
        folder = out / d.name
        (folder / "qrels").mkdir(parents=True, exist_ok=True)
        (folder / "queries.jsonl").write_bytes((d / "queries.jsonl").read_bytes())
        rows = ["query-id\tcorpus-id\tscore"]
        seen: set[tuple[str, str]] = set()
        for line in (d / "qrels" / "dev.tsv").read_text(encoding="utf-8").splitlines()[1:]:
            qid, doc, score = line.split("\t")[:3]
            [mixed] = buried_gold(d.name, [doc], aliases)
            if (qid, mixed) not in seen:
                seen.add((qid, mixed))
                rows.append(f"{qid}\t{mixed}\t{score}")
        (folder / "qrels" / "dev.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        link = folder / "corpus.jsonl"
        if not link.is_symlink() and not link.exists():
            link.symlink_to(Path("..") / "corpus.jsonl")
        made.append(folder)
    return made


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
    ap.add_argument("--passages", type=int, default=100_000, help="size of the mixed corpus; 0: the real sets pooled, "
                    "no filler")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, required=True, help="folder for corpus.jsonl and aliases.json (with --own: "
                    "for the own-corpus stores)")
    ap.add_argument("--own", action="store_true", help="instead: recall@5 of each set's dev questions on its own corpus")
    ap.add_argument("--limit", type=int, default=0, help="with --own: at most this many questions per set (0: all)")
    args = ap.parse_args()
    dirs = [Path(p) for p in args.real.split(",") if p]
    for needed in ("corpus.jsonl", "queries.jsonl", "qrels/dev.tsv"):  # every set's questions are mapped too
        missing = [str(d) for d in dirs if not (d / needed).is_file()]
        if missing:
            raise SystemExit(f"no {needed} in {', '.join(missing)}")
    if args.own:
        own_recall(dirs, args.out, args.limit, ("hybrid", "hops"))
        return
    corpus = write_mixed(dirs, args.passages, args.out, args.seed)
    print(f"{args.passages} passages -> {corpus}")
    aliases = json.loads((args.out / "aliases.json").read_text(encoding="utf-8"))
    for folder in write_bench_folders(dirs, args.out, aliases):
        print(f"questions of {folder.name} -> {folder} (hopgraph eval {folder} --store STORE)")


if __name__ == "__main__":
    main()
