"""Document metadata as a retrieval source: a `doc_meta` table written at index time, queried with SQL.

Every metadata key of a document (BEIR `metadata`, Markdown front matter, HTML `<meta>`, reST docinfo, a
sidecar file) becomes rows `(doc_id, key, value, norm)`: `norm` is the value folded to lower case, or, for a
date key (`date`, `published`, `created`, `updated`, `issued`, `*_date`), the ISO date `YYYY-MM-DD` (a year
alone is its 1 January, a month its first day). Filters (`MetaFilter`: key, op, value) select documents:

* `key=value`   the value equals the stored one, or is a run of its words (`source=gazette` matches
                "Kestrel Bay Gazette"), case-insensitive; `key!=value` the opposite;
* `key>=v`, `key<=v`, `key>v`, `key<v`   ISO comparison for dates (v normalised the same way), else text;
* `date=latest` / `date=earliest`   only the newest / oldest dated documents of those the other filters keep.

Filters on one key are joined with AND (a range), so are filters on different keys.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from collections.abc import Iterable
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from hopgraph.errors import UserError
from hopgraph.models import Document, MetaFilter

if TYPE_CHECKING:
    from hopgraph.store import Store

TABLE = "doc_meta"
SCHEMA = f"""
CREATE TABLE IF NOT EXISTS {TABLE} (doc_id TEXT, key TEXT, value TEXT, norm TEXT);
CREATE INDEX IF NOT EXISTS idx_doc_meta_key ON {TABLE}(key, norm);
CREATE INDEX IF NOT EXISTS idx_doc_meta_doc ON {TABLE}(doc_id);
"""
DATE_KEYS = frozenset({"date", "published", "created", "updated", "modified", "issued", "dated"})
#: Keys that name what kind of document it is (the recogniser's "reports", "minutes", "articles").
TYPE_KEYS = ("type", "kind", "genre", "doctype")
OPS = (">=", "<=", "!=", ">", "<", "=")
_WHERE = re.compile(r"^\s*([A-Za-z_][\w.-]*)\s*(>=|<=|!=|>|<|=)\s*(.+?)\s*$")
_ISO = re.compile(r"^(-?\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$")
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}


# ---------------------------------------------------------------- normalising (index time)


def is_date_key(key: str) -> bool:
    k = key.lower()
    return k in DATE_KEYS or k.endswith("_date") or k.endswith("_at")


def fold(text: str) -> str:
    """Lower case, no diacritics, single spaces."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.lower().split())


def normalise_date(value: Any) -> str | None:
    """An ISO date `YYYY-MM-DD` for a date value ("2021", "2021-03", "March 2023", "12 May 1998",
    "2023-05-02T10:00:00Z", a date object); None when it is not a date."""
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    text = str(value).strip()
    m = _ISO.match(text)
    if m:
        y, mo, d = int(m.group(1)), int(m.group(2) or 1), int(m.group(3) or 1)
        return _iso(y, mo, d)
    words = re.findall(r"[A-Za-z]+|\d+", text)
    months = [_MONTHS[w.lower()] for w in words if w.lower() in _MONTHS]
    if months and len(words) <= 4:  # "March 2023", "12 May 1998", "May 12, 1998"
        years = [int(w) for w in words if w.isdigit() and len(w) == 4]
        days = [int(w) for w in words if w.isdigit() and len(w) <= 2]
        if years:
            return _iso(years[0], months[0], days[0] if days else 1)
    try:
        from dateutil import parser

        return parser.isoparse(text).date().isoformat()
    except (ValueError, OverflowError, ImportError):
        return None


def _iso(y: int, m: int, d: int) -> str | None:
    try:
        return date(y, m, d).isoformat()
    except ValueError:
        return None


def meta_rows(doc: Document) -> list[dict[str, str]]:
    """The `doc_meta` rows of one document: one per key and (list) value."""
    rows = []
    for key, value in doc.metadata.items():
        values = value if isinstance(value, list) else [value]
        for v in values:
            if v is None or isinstance(v, dict):
                continue
            norm = normalise_date(v) if is_date_key(key) else None
            rows.append({"doc_id": doc.doc_id, "key": key.lower(), "value": str(v), "norm": norm or fold(str(v))})
    return rows


def write_doc_meta(conn: sqlite3.Connection, docs: Iterable[Document]) -> int:
    """Create the table and write every document's rows (at index time); returns the row count."""
    conn.executescript(SCHEMA)
    rows = [r for d in docs for r in meta_rows(d)]
    conn.executemany(f"INSERT INTO {TABLE} (doc_id, key, value, norm) VALUES (:doc_id, :key, :value, :norm)", rows)
    conn.commit()
    return len(rows)


def ensure_doc_meta(store: Store) -> None:
    """A store indexed before the table existed gets it as a temporary table (this connection only, nothing is
    written to the store) from the documents' stored metadata."""
    import json

    if store.__dict__.get("_doc_meta_ready"):
        return
    with store._lock:
        have = store.conn.execute("SELECT name FROM sqlite_master WHERE type='table' AND name=?", (TABLE,)).fetchone()
        if not have:
            rows = [r for doc_id, meta in store.conn.execute("SELECT doc_id, metadata FROM documents")
                    if meta and meta not in ("{}", "null")
                    for r in meta_rows(Document(doc_id=doc_id, text="", metadata=json.loads(meta)))]
            store.conn.executescript(SCHEMA.replace("CREATE TABLE IF NOT EXISTS", "CREATE TEMP TABLE IF NOT EXISTS")
                                     .replace("CREATE INDEX IF NOT EXISTS idx", "CREATE INDEX IF NOT EXISTS temp.idx"))
            store.conn.executemany(f"INSERT INTO temp.{TABLE} (doc_id, key, value, norm) VALUES (:doc_id, :key, :value, :norm)", rows)
        store.__dict__["_doc_meta_ready"] = True


# ---------------------------------------------------------------- filters


def parse_where(text: str) -> MetaFilter:
    """`date>=2021-01-01`, `source=gazette`, `author!=Ilse Maren` -> MetaFilter; a UserError when malformed."""
    m = _WHERE.match(text or "")
    if not m:
        raise UserError(f"--where {text!r}: expected KEY OP VALUE with OP one of {' '.join(OPS)} (e.g. date>=2021-01-01)")
    key, op, value = m.group(1).lower(), m.group(2), m.group(3).strip().strip("'\"")
    if is_date_key(key) and value.lower() not in ("latest", "earliest") and normalise_date(value) is None:
        raise UserError(f"--where {text!r}: {value!r} is not a date (use YYYY, YYYY-MM or YYYY-MM-DD)")
    if value.lower() in ("latest", "earliest") and op != "=":
        raise UserError(f"--where {text!r}: {value} only goes with '='")
    return MetaFilter(key=key, op=op, value=value)


def parse_wheres(texts: Iterable[str] | None) -> list[MetaFilter]:
    return [parse_where(t) for t in texts or () if t.strip()]


def describe(filters: list[MetaFilter]) -> str:
    return " AND ".join(f"{f.key}{f.op}{f.value}" for f in filters)


def _key_clause(f: MetaFilter) -> tuple[str, list[str]]:
    """SQL (doc ids kept by one filter) and its parameters."""
    keys = TYPE_KEYS if f.key in TYPE_KEYS else (f.key,)
    marks = ",".join("?" * len(keys))
    if is_date_key(f.key):
        value = normalise_date(f.value) or f.value
    else:
        value = fold(f.value)
    if f.op in ("=", "!="):
        inner = (f"SELECT doc_id FROM {TABLE} WHERE key IN ({marks}) AND "
                 f"(norm = ? OR (' ' || norm || ' ') LIKE ('% ' || ? || ' %'))")
        params = [*keys, value, value]
        if f.op == "!=":
            return f"SELECT doc_id FROM documents WHERE doc_id NOT IN ({inner})", params
        return inner, params
    return f"SELECT doc_id FROM {TABLE} WHERE key IN ({marks}) AND norm {f.op} ?", [*keys, value]


def matching_docs(store: Store, filters: list[MetaFilter]) -> set[str] | None:
    """Doc ids every filter keeps (None without filters: everything)."""
    if not filters:
        return None
    ensure_doc_meta(store)
    plain = [f for f in filters if f.value.lower() not in ("latest", "earliest")]
    order = [f for f in filters if f.value.lower() in ("latest", "earliest")]
    sql, params = "SELECT doc_id FROM documents", []
    for f in plain:
        clause, p = _key_clause(f)
        sql += f" INTERSECT {clause}"
        params += p
    with store._lock:
        ids = {r[0] for r in store.conn.execute(sql, params)}
    for f in order:
        dates = doc_dates(store, ids, f.key)
        if dates:
            pick = max(dates.values()) if f.value.lower() == "latest" else min(dates.values())
            ids = {d for d, v in dates.items() if v == pick}
        else:
            ids = set()
    return ids


def doc_dates(store: Store, doc_ids: Iterable[str] | None = None, key: str = "date") -> dict[str, str]:
    """doc id -> ISO date of `key` (documents without one are left out)."""
    ensure_doc_meta(store)
    with store._lock:
        rows = store.conn.execute(f"SELECT doc_id, norm FROM {TABLE} WHERE key = ?", (key,)).fetchall()
    wanted = set(doc_ids) if doc_ids is not None else None
    return {r[0]: r[1] for r in rows if (wanted is None or r[0] in wanted) and _ISO.match(r[1] or "")}


def doc_values(store: Store, doc_ids: Iterable[str], key: str) -> dict[str, str]:
    """doc id -> the (first) value of `key`, as written."""
    ensure_doc_meta(store)
    ids = list(doc_ids)
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    with store._lock:
        rows = store.conn.execute(f"SELECT doc_id, value FROM {TABLE} WHERE key = ? AND doc_id IN ({marks})",
                                  (key, *ids)).fetchall()
    out: dict[str, str] = {}
    for r in rows:
        out.setdefault(r[0], r[1])
    return out


def known_values(store: Store, keys: Iterable[str] | None = None) -> dict[str, set[str]]:
    """key -> the folded text values the store's documents carry (what the recogniser can match); only `keys`
    when given."""
    ensure_doc_meta(store)
    wanted = sorted(set(keys)) if keys is not None else None
    where = f" WHERE key IN ({','.join('?' * len(wanted))})" if wanted else ""
    with store._lock:
        rows = store.conn.execute(f"SELECT DISTINCT key, norm FROM {TABLE}{where}", wanted or ()).fetchall()
    out: dict[str, set[str]] = {}
    for key, norm in rows:
        if not is_date_key(key):
            out.setdefault(key, set()).add(norm)
    return out


def has_dates(store: Store) -> bool:
    ensure_doc_meta(store)
    with store._lock:
        return store.conn.execute(f"SELECT 1 FROM {TABLE} WHERE key = 'date' LIMIT 1").fetchone() is not None


def as_filters(where: Iterable[str | MetaFilter] | None) -> list[MetaFilter]:
    """`--where` texts or MetaFilters -> MetaFilters (a UserError for a malformed text)."""
    return [w if isinstance(w, MetaFilter) else parse_where(w) for w in where or () if not isinstance(w, str) or w.strip()]
