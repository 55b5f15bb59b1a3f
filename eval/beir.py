"""Read a BEIR-layout benchmark folder: corpus.jsonl, queries.jsonl, qrels/<split>.tsv.

A split's questions are the queries named in its qrels file (rows with score > 0
are gold). Queries that have no gold row in the split are skipped and counted.
Every problem (missing file or split, malformed line, a qrels row naming an
unknown query or corpus id) is a one-line `UserError` naming file and line.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, Field

from hopgraph.errors import UserError
from hopgraph.indexing.load import jsonl_records


class EvalQuery(BaseModel):
    """One benchmark question with its gold documents."""

    query_id: str
    text: str
    type: str = "unknown"  # metadata.type
    style: str = ""  # metadata.style (reworded sets: a natural, b terse, c synonym, d conversational), "" if none
    gold: list[str] = Field(default_factory=list)  # gold corpus ids, qrels order
    answer: str | None = None  # metadata.answer, when the set has one
    answer_aliases: list[str] = Field(default_factory=list)  # metadata.answer_aliases
    evidence: list[list[str]] = Field(default_factory=list)  # metadata.evidence: gold [subject, relation, object]


class Benchmark(BaseModel):
    """The questions of one split, ready to run."""

    name: str
    split: str
    corpus_path: Path
    queries: list[EvalQuery]
    skipped_no_gold: int = 0  # queries in queries.jsonl without a gold row in this split


def load_benchmark(bench_dir: Path | str, split: str, limit: int | None = None) -> Benchmark:
    """Questions of `split` with gold ids, in queries.jsonl order, optionally the first `limit`."""
    root = Path(bench_dir)
    if not root.is_dir():
        raise UserError(f"benchmark folder not found: {root}")
    corpus = root / "corpus.jsonl"
    queries_path = root / "queries.jsonl"
    qrels_path = root / "qrels" / f"{split}.tsv"
    for path in (corpus, queries_path):
        if not path.is_file():
            raise UserError(f"{path} not found (expected a BEIR folder with corpus.jsonl, queries.jsonl, qrels/)")
    if not qrels_path.is_file():
        available = sorted(p.stem for p in (root / "qrels").glob("*.tsv")) if (root / "qrels").is_dir() else []
        raise UserError(f"split {split!r} not found: no {qrels_path} (available: {', '.join(available) or 'none'})")

    questions = read_queries(queries_path)
    gold = read_qrels(qrels_path, set(questions), read_corpus_ids(corpus))
    selected: list[EvalQuery] = []
    skipped = 0
    for q in questions.values():
        if gold.get(q.query_id):
            selected.append(q.model_copy(update={"gold": gold[q.query_id]}))
        else:
            skipped += 1
    if limit is not None:
        selected = selected[:limit]
    return Benchmark(name=root.resolve().name, split=split, corpus_path=corpus, queries=selected, skipped_no_gold=skipped)


def read_queries(path: Path) -> dict[str, EvalQuery]:
    """queries.jsonl -> {query_id: EvalQuery} in file order (gold still empty)."""
    out: dict[str, EvalQuery] = {}
    for where, record in _jsonl(path):
        qid = record.get("_id", record.get("id"))
        text = record.get("text")
        if qid is None or str(qid).strip() == "" or not isinstance(text, str):
            raise UserError(f"{where}: a query needs '_id' and a string 'text'")
        if str(qid) in out:
            raise UserError(f"{where}: duplicate query id {qid!r}")
        meta = record.get("metadata") or {}
        out[str(qid)] = EvalQuery(query_id=str(qid), text=text, **_from_metadata(meta if isinstance(meta, dict) else {}))
    return out


def _from_metadata(meta: dict) -> dict:
    """The EvalQuery fields a query's metadata carries; malformed optional fields are ignored."""
    answer = meta.get("answer")
    aliases = meta.get("answer_aliases")
    evidence = meta.get("evidence")
    return {
        "type": str(meta.get("type") or "unknown"),
        "style": str(meta.get("style") or ""),
        "answer": str(answer) if isinstance(answer, (str, int, float)) and str(answer).strip() else None,
        "answer_aliases": [str(a) for a in aliases if isinstance(a, (str, int, float))] if isinstance(aliases, list) else [],
        "evidence": [[str(x) for x in t] for t in evidence if isinstance(t, list) and len(t) == 3]
        if isinstance(evidence, list) else [],
    }


def read_corpus_ids(path: Path) -> set[str]:
    """Every document id in corpus.jsonl (full validation is the indexer's job)."""
    ids: set[str] = set()
    for where, record in _jsonl(path):
        doc_id = record.get("_id", record.get("id"))
        if doc_id is None:
            raise UserError(f"{where}: missing document id ('_id' or 'id')")
        ids.add(str(doc_id))
    return ids


def read_qrels(path: Path, query_ids: set[str], corpus_ids: set[str]) -> dict[str, list[str]]:
    """qrels TSV (optional header) -> {query_id: [gold corpus ids]}, rows with score <= 0 dropped."""
    gold: dict[str, list[str]] = {}
    with path.open(encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            if lineno == 1 and parts[0].strip().lower() in ("query-id", "query_id", "qid"):
                continue
            where = f"{path}:{lineno}"
            if len(parts) != 3:
                raise UserError(f"{where}: expected 3 tab-separated fields (query-id, corpus-id, score), got {len(parts)}")
            qid, doc_id, score_text = (p.strip() for p in parts)
            try:
                score = float(score_text)
            except ValueError:
                raise UserError(f"{where}: score {score_text!r} is not a number") from None
            if qid not in query_ids:
                raise UserError(f"{where}: unknown query id {qid!r} (not in queries.jsonl)")
            if doc_id not in corpus_ids:
                raise UserError(f"{where}: unknown corpus id {doc_id!r} (not in corpus.jsonl)")
            if score > 0 and doc_id not in gold.setdefault(qid, []):
                gold[qid].append(doc_id)
    return gold


def _jsonl(path: Path) -> Iterator[tuple[str, dict]]:
    for where, record in jsonl_records(path):
        if not isinstance(record, dict):
            raise UserError(f"{where}: expected a JSON object")
        yield where, record
