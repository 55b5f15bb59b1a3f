"""Load a corpus into Documents: a folder of text files, a JSONL file (BEIR corpus.jsonl) or a JSON list.

A folder yields one document per .txt, .md/.markdown, .rst and .html/.htm file (suffixes in any case; see
`formats`): plain text is kept as read, the structured formats are parsed into plain text with their title and
metadata. Hidden files and folders (.git/) are not read, symbolic links are read only when they point to a file
inside the corpus, and files that are binary or not UTF-8 are skipped and reported (`LoadedCorpus.unreadable`);
other files are listed in `LoadedCorpus.ignored`. Errors in record files (bad JSON, duplicate ids) name the file
and line or record and are raised before anything is written.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hopgraph.errors import UserError
from hopgraph.indexing.formats import FORMATS, parse_document
from hopgraph.models import Document

TEXT_SUFFIXES = tuple(FORMATS)
_SNIFF_BYTES = 8192  # a NUL byte in the first 8 KB marks a binary file


@dataclass
class LoadedCorpus:
    documents: list[Document]
    skipped_empty: int
    fingerprint: str
    unreadable: list[str] = field(default_factory=list)  # "path: reason" of files skipped as binary or not UTF-8
    ignored: list[str] = field(default_factory=list)  # "path: reason" of files and folders not read


class _Skips:
    def __init__(self) -> None:
        self.unreadable: list[str] = []
        self.ignored: list[str] = []


def load_corpus(path: Path | str) -> LoadedCorpus:
    """Read every document under `path`; refuse duplicates and malformed records; skip empty texts."""
    path = Path(path)
    if not path.exists():
        raise UserError(f"corpus not found: {path}")
    skips = _Skips()
    suffix = path.suffix.lower()
    if path.is_dir():
        beir = path / "corpus.jsonl"
        raw = _read_jsonl(beir) if beir.exists() else _read_text_folder(path, skips)
    elif suffix == ".jsonl":
        raw = _read_jsonl(path)
    elif suffix == ".json":
        raw = _read_json_list(path)
    elif suffix in TEXT_SUFFIXES:
        raw = _read_files([(path, path.name)], skips)
    else:
        raise UserError(f"{path}: unsupported corpus file (expected a folder, .jsonl, .json or {_suffix_list()})")

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
        raise UserError(f"{path}: {_why_empty(skipped, skips)}")
    return LoadedCorpus(documents, skipped, corpus_fingerprint(documents), skips.unreadable, skips.ignored)


def _suffix_list() -> str:
    return ", ".join(TEXT_SUFFIXES)


def _why_empty(empty: int, skips: _Skips) -> str:
    parts = [f"{empty} empty"] if empty else []
    if skips.unreadable:
        parts.append(f"{len(skips.unreadable)} unreadable ({skips.unreadable[0]}{', …' if len(skips.unreadable) > 1 else ''})")
    if skips.ignored:
        parts.append(f"{len(skips.ignored)} ignored")
    found = f" ({'; '.join(parts)})" if parts else ""
    return f"corpus has no non-empty documents{found}; documents are {_suffix_list()} files, a corpus.jsonl or a .json list"


def corpus_fingerprint(documents: list[Document]) -> str:
    """A stable hash of ids, titles and texts: same corpus, same fingerprint."""
    h = hashlib.sha256()
    for d in documents:
        for part in (d.doc_id, d.title, d.text):
            h.update(part.encode("utf-8"))
            h.update(b"\x00")
    return h.hexdigest()[:16]


def stored_fingerprint(conn: sqlite3.Connection) -> str:
    """`corpus_fingerprint` of a store's documents (table `documents`, in rowid order), hashed from the UTF-8
    bytes SQLite holds: no Python string is made and encoded again (an update at 100k passages hashes ~100k texts)."""
    h = hashlib.sha256()
    cur = conn.cursor()
    cur.row_factory = None
    for row in cur.execute("SELECT CAST(doc_id AS BLOB), CAST(COALESCE(title, '') AS BLOB), "
                           "CAST(COALESCE(text, '') AS BLOB) FROM documents ORDER BY rowid"):
        for part in row:
            h.update(part)
            h.update(b"\x00")
    return h.hexdigest()[:16]


def jsonl_records(path: Path) -> Iterator[tuple[str, Any]]:
    """("file:line", parsed value) for every non-blank line; a malformed line is a UserError naming it."""
    with path.open("rb") as f:
        for lineno, raw in enumerate(f, 1):
            where = f"{path}:{lineno}"
            try:
                line = raw.decode("utf-8-sig" if lineno == 1 else "utf-8")
            except UnicodeDecodeError:
                raise UserError(f"{where}: not UTF-8 text") from None
            if not line.strip():
                continue
            try:
                yield where, json.loads(line)
            except json.JSONDecodeError as e:
                raise UserError(f"{where}: invalid JSON ({e.msg})") from None


def _read_jsonl(path: Path) -> Iterator[tuple[str, Document]]:
    for where, record in jsonl_records(path):
        yield where, _record_document(record, where)


def _read_json_list(path: Path) -> Iterator[tuple[str, Document]]:
    try:
        records = json.loads(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError:
        raise UserError(f"{path}: not UTF-8 text") from None
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


def _read_text_folder(root: Path, skips: _Skips) -> Iterator[tuple[str, Document]]:
    return _read_files(_corpus_files(root, skips), skips)


def _corpus_files(root: Path, skips: _Skips) -> list[tuple[Path, str]]:
    """(path, doc id) of the document files under `root`, sorted by id; what is passed over goes to `skips`."""
    inside = root.resolve()
    found: list[tuple[Path, str]] = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        here = Path(folder)
        for d in sorted(dirs):
            p = here / d
            if d.startswith("."):
                skips.ignored.append(f"{p}/: hidden folder")
            elif p.is_symlink():
                skips.ignored.append(f"{p}/: symbolic link to a folder (not followed)")
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not (here / d).is_symlink())
        for name in files:
            p = here / name
            if name.startswith("."):
                skips.ignored.append(f"{p}: hidden file")
            elif is_sidecar(name):
                continue  # read with its document (`sidecar_metadata`)
            elif p.suffix.lower() not in TEXT_SUFFIXES:
                skips.ignored.append(f"{p}: not a document type ({_suffix_list()})")
            elif p.is_symlink() and not _within(p, inside):
                skips.ignored.append(f"{p}: symbolic link leaving the corpus (not followed)")
            elif not p.is_file():
                skips.ignored.append(f"{p}: not a regular file")
            else:
                found.append((p, p.relative_to(root).as_posix()))
    skips.ignored.sort()
    return sorted(found, key=lambda t: t[1])


def _within(link: Path, root: Path) -> bool:
    try:
        return link.resolve().is_relative_to(root)
    except (OSError, RuntimeError):  # a broken or looping link
        return False


def _read_files(files: list[tuple[Path, str]], skips: _Skips) -> Iterator[tuple[str, Document]]:
    for p, doc_id in files:
        text = _read_text(p, skips)
        if text is not None:
            yield str(p), _text_document(p, doc_id, text)


def _read_text(path: Path, skips: _Skips) -> str | None:
    """The file as text; None (and a note in `skips`) for binary, undecodable or unreadable files."""
    try:
        data = path.read_bytes()
    except OSError as e:
        skips.unreadable.append(f"{path}: cannot be read ({e.strerror or e})")
        return None
    if b"\x00" in data[:_SNIFF_BYTES]:
        skips.unreadable.append(f"{path}: binary file")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        skips.unreadable.append(f"{path}: not UTF-8 text (byte {e.start})")
        return None


def _text_document(path: Path, doc_id: str, source: str) -> Document:
    """A document from a file's text: structured formats parsed (see `formats`), the title falling back to the
    file name; a plain-text file whose first line is a '#' heading takes its title from it."""
    parsed = parse_document(path.suffix, source)
    title = parsed.title
    if not title and FORMATS.get(path.suffix.lower()) == "text":
        first = next((line.strip() for line in source.splitlines() if line.strip()), "")
        if first.startswith("#"):
            title = first.lstrip("#").strip()
    metadata = {**parsed.metadata, **sidecar_metadata(path)}
    return Document(doc_id=doc_id, title=title or path.stem, text=parsed.text, metadata=metadata)


SIDECAR_SUFFIXES = (".meta.json", ".meta.yaml", ".meta.yml")


def is_sidecar(name: str) -> bool:
    return name.lower().endswith(SIDECAR_SUFFIXES)


def sidecar_metadata(path: Path) -> dict[str, Any]:
    """Metadata of a document file from its sidecar `<file>.meta.json` or `<file>.meta.yaml` (an object of keys:
    date, source, author, …; it overrides front matter keys); a malformed sidecar is a UserError naming it."""
    for suffix in SIDECAR_SUFFIXES:
        side = path.with_name(path.name + suffix)
        if not side.is_file():
            continue
        try:
            text = side.read_text(encoding="utf-8-sig")
            if suffix == ".meta.json":
                data = json.loads(text)
            else:
                import yaml

                data = yaml.safe_load(text)
        except (UnicodeDecodeError, ValueError) as e:
            raise UserError(f"{side}: unreadable metadata sidecar ({str(e).splitlines()[0]})") from None
        except Exception as e:  # noqa: BLE001 - yaml.YAMLError and friends: one line, never a traceback
            raise UserError(f"{side}: unreadable metadata sidecar ({str(e).splitlines()[0]})") from None
        if not isinstance(data, dict):
            raise UserError(f"{side}: a metadata sidecar must hold an object of keys and values")
        from hopgraph.indexing.formats import json_safe

        return json_safe(data)
    return {}
