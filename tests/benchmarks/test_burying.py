"""benchmarks/burying.py: real sets mixed into filler with unique ids, repeats kept once, gold ids mapped in."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import SimpleNamespace

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("burying", REPO / "benchmarks" / "burying.py")
burying = importlib.util.module_from_spec(spec)
sys.modules["burying"] = burying
spec.loader.exec_module(burying)

ALPHA = [{"_id": "d1", "title": "Miravel Lighthouse", "text": "The lighthouse stands on Miravel point."},
         {"_id": "d2", "title": "Orsk Ferry", "text": "The ferry crosses the Orsk strait daily."}]
BETA = [{"_id": "d1", "title": "Talun Mill", "text": "Talun Mill grinds barley."},  # same id as alpha's d1
        {"_id": "d9", "title": "Orsk Ferry", "text": "The ferry crosses the Orsk strait daily."}]  # repeat of alpha d2


def filler(n: int) -> list[dict]:
    return [{"_id": f"w-pe{i}", "title": f"Person {i}", "text": f"Person {i} was born in a town."} for i in range(n)]


def test_ids_are_prefixed_unique_and_the_size_is_made_up_with_filler():
    docs, _ = burying.mix({"alpha": ALPHA, "beta": BETA}, filler, total=10)
    ids = [d["_id"] for d in docs]
    assert len(ids) == 10 == len(set(ids))
    assert {"alpha/d1", "beta/d1", "alpha/d2"} <= set(ids)
    assert sum(i.startswith("w-") for i in ids) == 7  # 3 real documents kept


def test_a_repeated_passage_is_kept_once_and_its_id_becomes_an_alias():
    docs, aliases = burying.mix({"alpha": ALPHA, "beta": BETA}, filler, total=3)
    assert "beta/d9" not in {d["_id"] for d in docs}
    assert aliases == {"beta/d9": "alpha/d2"}
    assert burying.buried_gold("beta", ["d9", "d1"], aliases) == ["alpha/d2", "beta/d1"]


def test_the_same_seed_gives_the_same_order_and_real_texts_are_unchanged():
    a, _ = burying.mix({"alpha": ALPHA}, filler, total=6, seed=3)
    b, _ = burying.mix({"alpha": ALPHA}, filler, total=6, seed=3)
    assert a == b
    by_id = {d["_id"]: d for d in a}
    assert by_id["alpha/d2"]["text"] == ALPHA[1]["text"]


def test_original_id_maps_a_mixed_id_back():
    assert burying.original_id(burying.mixed_id("beta", "d1")) == ("beta", "d1")
    assert burying.original_id("w-pe3") == ("", "w-pe3")


def _bench(root: Path) -> Path:
    root.mkdir()
    (root / "qrels").mkdir()
    (root / "corpus.jsonl").write_text("".join(json.dumps(d) + "\n" for d in BETA))
    (root / "queries.jsonl").write_text(json.dumps({"_id": "q1", "text": "Which mill grinds barley?"}) + "\n")
    (root / "qrels" / "dev.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td9\t1\n")
    return root


class _Engine:
    def __init__(self, ranked: list[str]):
        self.ranked = ranked

    def search(self, question: str, k: int = 10, profile: str | None = None) -> list[SimpleNamespace]:
        return [SimpleNamespace(doc_id=d) for d in self.ranked[:k]]


def test_recall_of_buried_questions_is_scored_against_the_mixed_ids(tmp_path):
    bench = _bench(tmp_path / "beta")
    aliases = {"beta/d9": "alpha/d2"}
    found_one = _Engine(["w-pe1", "beta/d1", "beta/d9"])  # the repeat's own id is not in the mixed store
    both = _Engine(["alpha/d2", "w-pe1", "beta/d1"])
    assert burying.recall_at_5(found_one, bench, ["hybrid"], aliases=aliases)["hybrid"]["recall@5"] == 50.0
    assert burying.recall_at_5(both, bench, ["hybrid"], aliases=aliases)["hybrid"]["recall@5"] == 100.0
    own = _Engine(["d9", "d1"])  # on its own corpus the original ids count
    assert burying.recall_at_5(own, bench, ["hybrid"])["hybrid"]["complete@5"] == 100.0


def test_each_sets_questions_go_beside_the_mixed_corpus_with_their_gold_ids_mapped(tmp_path):
    bench = _bench(tmp_path / "beta")
    out = tmp_path / "mixed"
    out.mkdir()
    (out / "corpus.jsonl").write_text("")
    [folder] = burying.write_bench_folders([bench], out, {"beta/d9": "alpha/d2"})
    assert folder == out / "beta"
    assert (folder / "qrels" / "dev.tsv").read_text().splitlines() == [
        "query-id\tcorpus-id\tscore", "q1\tbeta/d1\t1", "q1\talpha/d2\t1"]
    assert (folder / "queries.jsonl").read_text() == (bench / "queries.jsonl").read_text()
    assert (folder / "corpus.jsonl").resolve() == (out / "corpus.jsonl").resolve()
    assert (bench / "qrels" / "dev.tsv").read_text().splitlines()[1] == "q1\td1\t1"  # the benchmark is unchanged
    burying.write_bench_folders([bench], out, {"beta/d9": "alpha/d2"})  # a second run writes the same
    assert len((folder / "qrels" / "dev.tsv").read_text().splitlines()) == 3
