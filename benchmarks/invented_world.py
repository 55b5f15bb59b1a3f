"""Generate an invented-world corpus (BEIR corpus.jsonl) of any size, for scaling benchmarks.

    .venv/bin/python benchmarks/invented_world.py --passages 100000 --seed 7 --out /tmp/world

Documents describe generated people, organisations, places and works; each states a few relations
(born in, founded, works for, wrote, directed, located in, married to, ...) in varied sentence forms, and
names other generated entities, so the graph has multi-hop paths. Names are built from syllables, so
they collide with nothing real. The same seed gives the same corpus, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

SYLLABLES = ("ar bel cor dan el fen gar hol is jor kal lin mor nav ol per quin ros sel tam ur val wen "
             "xan yor zel bra cre dru fla gri ske tor vin").split()
KINDS = ("person", "organisation", "place", "work")
ORG_WORDS = ("Works", "Company", "Institute", "Guild", "Press", "Foundry", "Society", "Bank")
PLACE_WORDS = ("", "", " Falls", " Harbour", " Ridge", " Vale")
WORK_KINDS = ("novel", "film", "opera", "symphony", "play", "poem")
JOBS = ("engineer", "painter", "composer", "chemist", "architect", "writer", "director", "merchant")

PERSON_SENTENCES = (
    "{name} was born in {place} in {year}.",
    "Born in {place} in {year}, {name} grew up near the river.",
    "{name} ({year}–{death}) was a {job} from {place}.",
    "{name} founded {org} in {year2}.",
    "In {year2}, {name} established {org}.",
    "{name} worked for {org} as a {job}.",
    "{name} was employed by {org} for many years.",
    "{name} married {other} in {year2}.",
    "{name}'s spouse was {other}.",
    "{name} wrote the {wkind} {work}.",
    "The {wkind} {work} was written by {name}.",
    "{name} died in {place2} in {death}.",
)
ORG_SENTENCES = (
    "{name} is a {kind} based in {place}.",
    "{name} was founded by {person} in {year}.",
    "Its headquarters are in {place}.",
    "{name} published the {wkind} {work}.",
    "{person} led {name} from {year} to {death}.",
)
PLACE_SENTENCES = (
    "{name} is a town in the region of {region}.",
    "{name} lies on the coast, south of {region}.",
    "The town is home to {org}.",
    "{person} was the mayor of {name} from {year} to {death}.",
)
WORK_SENTENCES = (
    "{name} is a {year} {wkind} by {person}.",
    "The {wkind} {name} was first performed in {place}.",
    "{name} was produced by {org}.",
    "It was directed by {person}.",
)


class World:
    def __init__(self, n: int, rng: random.Random):
        self.rng = rng
        self.names: dict[str, list[str]] = {k: [] for k in KINDS}
        seen: set[str] = set()
        for i in range(n):
            kind = KINDS[i % len(KINDS)]
            while True:
                name = self._name(kind)
                if name not in seen:
                    seen.add(name)
                    break
            self.names[kind].append(name)

    def _word(self) -> str:
        return "".join(self.rng.choice(SYLLABLES) for _ in range(self.rng.randint(2, 3))).capitalize()

    def _name(self, kind: str) -> str:
        if kind == "person":
            return f"{self._word()} {self._word()}"
        if kind == "organisation":
            return f"{self._word()} {self.rng.choice(ORG_WORDS)}"
        if kind == "place":
            return f"{self._word()}{self.rng.choice(PLACE_WORDS)}"
        return f"The {self._word()} {self._word()}"

    def pick(self, kind: str) -> str:
        return self.rng.choice(self.names[kind])

    def fields(self, name: str) -> dict[str, object]:
        year = self.rng.randint(1780, 1960)
        return {"name": name, "place": self.pick("place"), "place2": self.pick("place"), "org": self.pick("organisation"),
                "person": self.pick("person"), "other": self.pick("person"), "work": self.pick("work"),
                "region": self.pick("place"), "year": year, "year2": year + self.rng.randint(18, 40),
                "death": year + self.rng.randint(45, 90), "job": self.rng.choice(JOBS),
                "wkind": self.rng.choice(WORK_KINDS), "kind": self.rng.choice(("company", "society", "publisher"))}

    def passage(self, kind: str, name: str) -> str:
        templates = {"person": PERSON_SENTENCES, "organisation": ORG_SENTENCES, "place": PLACE_SENTENCES,
                     "work": WORK_SENTENCES}[kind]
        f = self.fields(name)
        chosen = [templates[0]] + self.rng.sample(templates[1:], k=min(len(templates) - 1, self.rng.randint(2, 4)))
        return " ".join(t.format(**f) for t in chosen)


def generate(passages: int, seed: int) -> list[dict[str, str]]:
    rng = random.Random(seed)
    world = World(passages, rng)
    out = []
    for kind in KINDS:
        for i, name in enumerate(world.names[kind]):
            out.append({"_id": f"w-{kind[:2]}{i}", "title": name, "text": world.passage(kind, name)})
    rng.shuffle(out)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passages", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, required=True, help="folder for corpus.jsonl")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "corpus.jsonl").open("w", encoding="utf-8") as f:
        for doc in generate(args.passages, args.seed):
            f.write(json.dumps(doc, ensure_ascii=False) + "\n")
    print(f"{args.passages} passages -> {args.out / 'corpus.jsonl'} (seed {args.seed})")


if __name__ == "__main__":
    main()
