"""`hopgraph check`: verify a store and say what to do about each problem.

Checks, in order (a failed database check stops the ones that need it):

    store       the path holds a store folder (not missing, not a file, not a folder of other files)
    database    SQLite `PRAGMA integrity_check` of hopgraph.db
    schema      the meta table's schema version is the one this hopgraph reads
    tables      document/chunk/entity/relation counts equal the counts recorded at build time
    dense       dense.faiss loads, holds one vector per chunk, of the recorded dimension
    bm25        the BM25 files are present, load, and cover every chunk
    models      the embedding model (and spaCy model) the store was built with against the config

`missing_files` and `index_problem` are the cheap and the thorough file checks that `HopGraph.open`
and `HopGraph.retriever` use to turn a damaged store into one line instead of a traceback.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from hopgraph.config import Settings
from hopgraph.guard import inspect_destination
from hopgraph.store import BM25_DIR, DB_NAME, FAISS_NAME, SCHEMA_VERSION, Store

# What bm25s (and LexicalIndex, n_docs.txt) write into bm25/.
BM25_FILES = ("params.index.json", "vocab.index.json", "data.csc.index.npy", "indices.csc.index.npy",
              "indptr.csc.index.npy", "n_docs.txt")
COUNTED = ("documents", "chunks", "entities", "relations")


@dataclass
class Finding:
    name: str
    status: str  # "ok", "warn" or "fail"
    detail: str
    advice: str = ""


def rebuild(root: Path, meta: dict[str, str] | None = None, force: bool = False) -> str:
    corpus = (meta or {}).get("corpus_path") or "CORPUS"
    return f"rebuild it: hopgraph index {corpus} --store {root}{' --force' if force else ''}"


def missing_files(root: Path) -> list[str]:
    """Index files a built store must have that are not there (relative names)."""
    wanted = [FAISS_NAME] + [f"{BM25_DIR}/{name}" for name in BM25_FILES]
    return [name for name in wanted if not (root / name).is_file()]


def dense_problem(root: Path, chunks: int, dimension: str | None) -> str | None:
    from hopgraph.indexing.dense import load_dense_index

    try:
        index = load_dense_index(root / FAISS_NAME)
    except (RuntimeError, OSError, ValueError) as e:
        return f"{FAISS_NAME} cannot be read ({_first_line(e)})"
    if index.ntotal != chunks:
        return f"{FAISS_NAME} holds {index.ntotal} vectors for {chunks} chunks"
    if dimension and str(index.d) != str(dimension):
        return f"{FAISS_NAME} has dimension {index.d}, the store records {dimension}"
    return None


def bm25_problem(root: Path, chunks: int) -> str | None:
    from hopgraph.indexing.lexical import LexicalIndex

    try:
        lexical = LexicalIndex.load(root / BM25_DIR)
    except Exception as e:  # bm25s raises whatever json/numpy raise on a bad file
        return f"the BM25 index cannot be read ({_first_line(e)})"
    if lexical.n_docs != chunks:
        return f"the BM25 index covers {lexical.n_docs} chunks of {chunks}"
    return None


def index_problem(store: Store) -> str | None:
    """What is wrong with the store's index files, or None when they load and match the chunks."""
    missing = missing_files(store.root)
    if missing:
        return f"{_listed(missing)} missing"
    chunks = store.chunk_count()
    return dense_problem(store.root, chunks, store.meta().get("dimension")) or bm25_problem(store.root, chunks)


def check_store(root: Path, settings: Settings | None = None) -> list[Finding]:
    """Every check of the module doc, as findings (stops early where later checks cannot run)."""
    root = Path(root)
    dest = inspect_destination(root)
    if dest.kind in ("missing", "empty"):
        return [Finding("store", "fail", f"no store at {root}", f"build one: hopgraph index CORPUS --store {root}")]
    if dest.kind == "file":
        return [Finding("store", "fail", f"{root} is a file, not a store folder", "give --store the folder hopgraph index built")]
    if dest.kind == "unreadable" and not (root / DB_NAME).exists():
        return [Finding("store", "fail", f"{root} holds index files but its {DB_NAME} is missing", rebuild(root, force=True))]
    if not (root / DB_NAME).is_file():
        return [Finding("store", "fail", f"{root} is not a hopgraph store (no {DB_NAME}; it holds {dest.detail})",
                        "give --store the folder hopgraph index built")]
    findings = [Finding("store", "ok", f"{root}")]
    if dest.kind == "mixed":
        findings[0] = Finding("store", "warn", f"{root} also holds files that are not part of a store ({dest.detail})",
                              "move them away: hopgraph index refuses to replace this folder while they are there")
    meta, counts = _check_database(root, findings)
    if meta is None:
        return findings
    findings.append(_check_schema(root, meta))
    findings.append(_check_tables(root, meta, counts))
    chunks = counts.get("chunks", 0)
    missing = missing_files(root)
    dense_missing = FAISS_NAME in missing
    bm25_missing = [m for m in missing if m != FAISS_NAME]
    problem = f"{FAISS_NAME} is missing" if dense_missing else dense_problem(root, chunks, meta.get("dimension"))
    findings.append(_finding("dense", problem, f"{FAISS_NAME}: {chunks} vectors of dimension {meta.get('dimension', '?')}",
                             root, meta))
    problem = f"{_listed(bm25_missing)} missing" if bm25_missing else bm25_problem(root, chunks)
    findings.append(_finding("bm25", problem, f"{BM25_DIR}/: {chunks} chunks", root, meta))
    findings.extend(_check_models(root, meta, settings))
    return findings


def _check_database(root: Path, findings: list[Finding]) -> tuple[dict[str, str] | None, dict[str, int]]:
    db = root / DB_NAME
    try:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
        try:
            result = [r[0] for r in conn.execute("PRAGMA integrity_check")]
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall()) if "meta" in tables else None
            counts = {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in COUNTED if t in tables}
        finally:
            conn.close()
    except sqlite3.DatabaseError as e:
        findings.append(Finding("database", "fail", f"{DB_NAME} cannot be read ({e})", rebuild(root, force=True)))
        return None, {}
    if result != ["ok"]:
        findings.append(Finding("database", "fail", f"integrity check: {'; '.join(result[:3])}", rebuild(root, meta, force=True)))
        return None, {}
    if meta is None:
        findings.append(Finding("database", "fail", f"{DB_NAME} has no meta table: not a hopgraph store",
                                "give --store the folder hopgraph index built"))
        return None, {}
    size = db.stat().st_size
    findings.append(Finding("database", "ok", f"{DB_NAME}: integrity check ok ({size / 1e6:.1f} MB)"))
    return meta, counts


def _check_schema(root: Path, meta: dict[str, str]) -> Finding:
    version = meta.get("schema_version", "?")
    built = f"built {meta.get('created_at', '?')} by hopgraph {meta.get('hopgraph_version', '(unrecorded)')}"
    if version != str(SCHEMA_VERSION):
        return Finding("schema", "fail", f"schema version {version}, this hopgraph reads {SCHEMA_VERSION} ({built})",
                       rebuild(root, meta, force=True))
    return Finding("schema", "ok", f"schema version {version}, {built}")


def _check_tables(root: Path, meta: dict[str, str], counts: dict[str, int]) -> Finding:
    wrong = [f"{t} {counts.get(t, 'missing')} (recorded {meta[t]})" for t in COUNTED
             if t in meta and str(counts.get(t)) != meta[t]]
    if wrong:
        return Finding("tables", "fail", "counts differ from the build's: " + ", ".join(wrong), rebuild(root, meta))
    return Finding("tables", "ok", ", ".join(f"{counts.get(t, 0)} {t}" for t in COUNTED))


def _check_models(root: Path, meta: dict[str, str], settings: Settings | None) -> list[Finding]:
    built_with = meta.get("embedding_model", "")
    out: list[Finding] = []
    if settings is not None and "embedding_model" in settings.index.model_fields_set \
            and built_with and settings.index.embedding_model != built_with:
        out.append(Finding("models", "fail", f"built with embedding model {built_with!r}, the config asks for "
                           f"{settings.index.embedding_model!r}",
                           f"set index.embedding_model={built_with!r}, or {rebuild(root, meta)}"))
    else:
        out.append(Finding("models", "ok", f"embedding model {built_with or '(unrecorded)'}"))
    spacy_model = meta.get("spacy_model", "")
    if settings is not None and spacy_model and settings.index.spacy_model != spacy_model:
        out.append(Finding("models", "warn", f"graph extracted with spaCy model {spacy_model!r}, the config names "
                           f"{settings.index.spacy_model!r}", f"to use it, {rebuild(root, meta)}"))
    return out


def _finding(name: str, problem: str | None, ok_detail: str, root: Path, meta: dict[str, str]) -> Finding:
    if problem:
        return Finding(name, "fail", problem, rebuild(root, meta))
    return Finding(name, "ok", ok_detail)


def _listed(names: list[str]) -> str:
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "") + \
        (" is" if len(names) == 1 else " are")


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return (text[0] if text else type(e).__name__)[:160]
