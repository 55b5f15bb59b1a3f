"""Load a corpus into Documents: a folder of .txt/.md files, a JSONL file (BEIR corpus.jsonl) or a JSON list.

Every error names the file (and line or record) and is raised before anything is written.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hopgraph.errors import UserError
from hopgraph.models import Document

TEXT_SUFFIXES = (".txt", ".md")


@dataclass
class LoadedCorpus:
    documents: list[Document]
    skipped_empty: int
    fingerprint: str


def load_corpus(path: Path | str) -> LoadedCorpus:
    """Read every document under `path`; refuse duplicates and malformed records; skip empty texts."""
    path = Path(path)
    if not path.exists():
        raise UserError(f"corpus not found: {path}")
    if path.is_dir():
        beir = path / "corpus.jsonl"
        raw = _read_jsonl(beir) if beir.exists() else _read_text_folder(path)
    elif path.suffix == ".jsonl":
        raw = _read_jsonl(path)
    elif path.suffix == ".json":
        raw = _read_json_list(path)
    elif path.suffix in TEXT_SUFFIXES:
        raw = iter([_text_document(path, path.name)])
    else:
        raise UserError(f"{path}: unsupported corpus file (expected a folder, .jsonl, .json, .txt or .md)")

    documents: list[Document] = []
    seen: dict[str, str] = {}
    skipped = 0
    for where, doc in raw:
        if doc.doc_id in seen:
            raise UserError(f"{where}: duplicate document id {doc.doc_id!r} (first seen at {seen[doc.doc_id]})")
        seen[doc.doc_id] = where
        if not doc.text.strip():
            skipped += 1
            continue
        documents.append(doc)
    if not documents:
        raise UserError(f"{path}: corpus has no non-empty documents")
    return LoadedCorpus(documents, skipped, corpus_fingerprint(documents))


def corpus_fingerprint(documents: list[Document]) -> str:
    """A stable hash of ids, titles and texts: same corpus, same fingerprint."""
    h = hashlib.sha256()
    for d in documents:
        for part in (d.doc_id, d.title, d.text):
            h.update(part.encode("utf-8"))
            h.update(b"\x00")
    return h.hexdigest()[:16]


def jsonl_records(path: Path) -> Iterator[tuple[str, Any]]:
    """("file:line", parsed value) for every non-blank line; a malformed line is a UserError naming it."""
    with path.open(encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            where = f"{path}:{lineno}"
            try:
                yield where, json.loads(line)
            except json.JSONDecodeError as e:
                raise UserError(f"{where}: invalid JSON ({e.msg})") from None


def _read_jsonl(path: Path) -> Iterator[tuple[str, Document]]:
    for where, record in jsonl_records(path):
        yield where, _record_document(record, where)


def _read_json_list(path: Path) -> Iterator[tuple[str, Document]]:
    try:
        records = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise UserError(f"{path}:{e.lineno}: invalid JSON ({e.msg})") from None
    if not isinstance(records, list):
        raise UserError(f"{path}: expected a JSON list of {{id, title, text}} records")
    for i, record in enumerate(records):
        where = f"{path}: record {i}"
        yield where, _record_document(record, where)


def _record_document(record: Any, where: str) -> Document:
    if not isinstance(record, dict):
        raise UserError(f"{where}: expected an object with id and text")
    doc_id = record.get("_id", record.get("id"))
    if doc_id is None or str(doc_id).strip() == "":
        raise UserError(f"{where}: missing document id ('_id' or 'id')")
    text = record.get("text")
    if not isinstance(text, str):
        raise UserError(f"{where}: missing or non-string 'text'")
    title = record.get("title") or ""
    if not isinstance(title, str):
        raise UserError(f"{where}: 'title' must be a string")
    metadata = record.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise UserError(f"{where}: 'metadata' must be an object")
    return Document(doc_id=str(doc_id), title=title.strip(), text=text, metadata=metadata)


def _read_text_folder(root: Path) -> Iterator[tuple[str, Document]]:
    files = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES)
    for p in files:
        yield str(p), _text_document(p, p.relative_to(root).as_posix())[1]


def _text_document(path: Path, doc_id: str) -> tuple[str, Document]:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{path}: not UTF-8 text") from None
    title = path.stem
    for line in text.splitlines():
        if line.strip():
            if line.lstrip().startswith("#"):
                title = line.strip().lstrip("#").strip() or title
            break
    return str(path), Document(doc_id=doc_id, title=title, text=text)
