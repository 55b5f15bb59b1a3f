"""The reliability suite's invented world: two small corpora (old and new) and one document to add.

Small on purpose: every kill -9 run rebuilds a store from one of them, so a build must take about a second
once the models are loaded. The names are made up; nothing here comes from a benchmark.
"""

from __future__ import annotations

import json
from pathlib import Path

OLD = [
    {"_id": "r01", "title": "Marta Velkova",
     "text": "Marta Velkova is a painter born in Dunhollow. She studied at the Orrin Academy in Pellmere. "
             "Her teacher was Anselm Roque."},
    {"_id": "r02", "title": "The Copper Lantern",
     "text": "The Copper Lantern is a novel written by Ivo Daskal. It was published by Brightwell House in 1994. "
             "Ivo Daskal was born in Pellmere."},
    {"_id": "r03", "title": "Orrin Academy",
     "text": "The Orrin Academy is an art school in Pellmere. It was founded by Anselm Roque in 1961."},
    {"_id": "r04", "title": "Brightwell House",
     "text": "Brightwell House is a publisher based in Dunhollow. It was founded by Teodor Brightwell in 1950."},
    {"_id": "r05", "title": "Pellmere",
     "text": "Pellmere is a river town in the province of Askarn. The town hosts a lantern festival every spring."},
]

# The new corpus: one document changed, one removed (r05), one new (r06).
NEW = [
    *OLD[:3],
    {"_id": "r04", "title": "Brightwell House",
     "text": "Brightwell House is a publisher based in Kestrow. It was founded by Teodor Brightwell in 1950 "
             "and bought by Selma Arkwright in 2002."},
    {"_id": "r06", "title": "Selma Arkwright",
     "text": "Selma Arkwright is a businesswoman born in Kestrow. She owns Brightwell House."},
]

# One document for add/remove runs.
EXTRA = {"_id": "r07", "title": "Dunhollow Bridge",
         "text": "The Dunhollow Bridge crosses the river Lune in Dunhollow. It was designed by Anselm Roque in 1970."}

QUERY = "Who founded the publisher of The Copper Lantern?"


def write_jsonl(path: Path, docs: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    return path
